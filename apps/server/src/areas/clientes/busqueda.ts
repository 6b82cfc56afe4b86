import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../core/area.ts';
import { empresas } from '../../db/schema.ts';
import { busqueda as empresasBuscadas } from './queries.ts';

/** Clients by razón social, nombre de fantasía or CUIT (whole, its start or a part), as the list searches. */
export const busquedaClientes: FuenteBusqueda = {
  tipo: 'clientes',
  permiso: 'CLIENTES#VER',
  consulta: ({ texto }) => sql`
    select ${empresas.id}::text as id, ${empresas.razonSocial} as titulo,
      'CUIT ' || substr(${empresas.cuit}, 1, 2) || '-' || substr(${empresas.cuit}, 3, 8) || '-' || substr(${empresas.cuit}, 11) as detalle,
      '/clientes/' || ${empresas.id} as enlace
    from ${empresas}
    where ${empresasBuscadas(texto)}`,
};
