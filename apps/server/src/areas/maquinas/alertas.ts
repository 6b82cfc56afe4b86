import { sql } from 'drizzle-orm';
import type { FuenteVencimientos } from '../../area.ts';

/** Machines' warranties (not of retired machines), for the alerts' expiry scan. */
export const maquinasAlertas: readonly FuenteVencimientos[] = [
  {
    tipo: 'garantia',
    permiso: 'PHY-MAQ#TODO',
    consulta: sql`
      select m.id as item_id, null::integer as empresa_id,
             'Garantía de ' || m.nombre || coalesce(' (inventario ' || m.nro_inventario || ')', '') as titulo,
             m.garantia_hasta as vence, '/maquinas/' || m.id as enlace
        from maquinas m
       where m.garantia_hasta is not null and m.estado <> 'baja'`,
  },
];
