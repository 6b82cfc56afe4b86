import { ACTUALIZACION_RESULTADOS } from '@intranet/contract/areas/clientes/actualizaciones';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { servidoresCliente } from './clientes.ts';
import { clientes, personas } from './directorio.ts';
import { creado, id, instante } from './columns.ts';
import { paquetes } from './paquetes.ts';
import { productos } from './productos.ts';
import { versiones } from './versiones.ts';

// ---- Actualizaciones de clientes ----

/** An update applied on a client's server: from one version of a product to another. */
export const actualizaciones = pgTable(
  'actualizaciones',
  {
    id: id(),
    clienteId: integer('empresa_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    servidorId: integer('servidor_id')
      .notNull()
      .references(() => servidoresCliente.id, { onDelete: 'cascade' }),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'restrict' }),
    versionDesdeId: integer('version_desde_id').references(() => versiones.id, { onDelete: 'restrict' }),
    versionHastaId: integer('version_hasta_id')
      .notNull()
      .references(() => versiones.id, { onDelete: 'restrict' }),
    paqueteId: integer('paquete_id').references(() => paquetes.id, { onDelete: 'set null' }),
    fecha: instante('fecha').notNull(),
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'set null' }),
    resultado: text('resultado', { enum: ACTUALIZACION_RESULTADOS }).notNull(),
    log: text('log'),
    creado: creado(),
  },
  (t) => [
    check('actualizaciones_resultado_ck', sql`${t.resultado} in ('ok', 'error', 'parcial')`),
    index('actualizaciones_fecha_idx').on(t.fecha, t.id),
    index('actualizaciones_empresa_idx').on(t.clienteId, t.fecha),
    index('actualizaciones_servidor_producto_idx').on(t.servidorId, t.productoId, t.fecha),
    index('actualizaciones_version_hasta_idx').on(t.versionHastaId),
  ],
);
