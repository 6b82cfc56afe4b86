import { sql } from 'drizzle-orm';
import type { FuenteBusqueda } from '../../core/area.ts';
import { empresas, servidoresCliente } from '../../db/schema.ts';
import { busqueda as empresasBuscadas } from './queries.ts';

/** An IPv4 address typed whole ("192.168.11.10"): the client whose server has it. */
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/**
 * Clients by razón social, nombre de fantasía or CUIT (whole, its start or a part, with or without dashes), as the
 * list searches; by their town ("Rosario", its start, any case); and, for an IP address typed whole, by the server
 * that has it. Each through an index: the trigram of the names, the CUIT's, the town's lower case, the servers' IP.
 */
export const busquedaClientes: FuenteBusqueda = {
  tipo: 'clientes',
  permiso: 'CLIENTES#VER',
  consulta: ({ texto, empieza }) => {
    const cuit = sql`'CUIT ' || substr(${empresas.cuit}, 1, 2) || '-' || substr(${empresas.cuit}, 3, 8) || '-' || substr(${empresas.cuit}, 11)`;
    const porNombre = sql`
      select ${empresas.id}::text as id, ${empresas.razonSocial} as titulo, ${cuit} as detalle, '/clientes/' || ${empresas.id} as enlace
      from ${empresas}
      where ${empresasBuscadas(texto)}`;
    const porLocalidad = sql`
      select ${empresas.id}::text as id, ${empresas.razonSocial} as titulo,
        concat_ws(', ', ${empresas.localidad}, ${empresas.provincia}) || ' · ' || ${cuit} as detalle, '/clientes/' || ${empresas.id} as enlace
      from ${empresas}
      where lower(coalesce(${empresas.localidad}, '')) like lower(${empieza}) and not (${empresasBuscadas(texto)})`;
    if (!IPV4.test(texto.trim())) return sql`${porNombre} union all ${porLocalidad}`;
    const porIp = sql`
      select ${empresas.id}::text as id, ${empresas.razonSocial} as titulo,
        'Servidor ' || ${servidoresCliente.nombre} || ' · ' || ${servidoresCliente.ip} as detalle, '/clientes/' || ${empresas.id} || '?tab=servidores' as enlace
      from ${servidoresCliente} join ${empresas} on ${empresas.id} = ${servidoresCliente.empresaId}
      where ${servidoresCliente.ip} = ${texto.trim()}`;
    return sql`${porNombre} union all ${porLocalidad} union all ${porIp}`;
  },
};
