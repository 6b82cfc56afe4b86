import { PARAMETRO_TIPOS } from '@intranet/contract/areas/clientes';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, creado, actualizado } from './columns.ts';
import { clientes } from './directorio.ts';

// ---- Clientes: the client companies' servers and installation parameters ----
// The companies themselves are in directorio.ts, beside the people they refer to.

/** A client's server; `GET /api/empresas/:id/servidores` answers the spec's shape. */
export const servidoresCliente = pgTable(
  'servidores_cliente',
  {
    id: id(),
    clienteId: integer('empresa_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    hostname: text('hostname'),
    ip: text('ip'),
    puerto: integer('puerto'),
    so: text('so'),
    motorBd: text('motor_bd'),
    instanciaBd: text('instancia_bd'),
    /** The Physis version installed, as `n.n.n`; the client list shows the highest of its servers. */
    versionPhysis: text('version_physis'),
    notas: text('notas'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('servidores_cliente_nombre_uq').on(t.clienteId, sql`lower(${t.nombre})`),
    index('servidores_cliente_empresa_idx').on(t.clienteId),
    // The palette finds a client by an IP address of one of its servers (areas/clientes/busqueda.ts).
    index('servidores_cliente_ip_idx').on(t.ip),
    check('servidores_cliente_puerto_ck', sql`${t.puerto} is null or ${t.puerto} between 1 and 65535`),
  ],
);

/** The DNS names of a client's server: the spec's `dnss` entries `{id, host}`. */
export const servidoresClienteDns = pgTable(
  'servidores_cliente_dns',
  {
    id: id(),
    servidorId: integer('servidor_id')
      .notNull()
      .references(() => servidoresCliente.id, { onDelete: 'cascade' }),
    host: text('host').notNull(),
  },
  (t) => [
    uniqueIndex('servidores_cliente_dns_host_uq').on(t.servidorId, sql`lower(${t.host})`),
    index('servidores_cliente_dns_servidor_idx').on(t.servidorId),
  ],
);

/**
 * Installation parameters (the Instalaciones screen): per client, optionally per one of its servers, grouped by
 * `grupo`. A secret keeps only `valor_cifrado` (AES-256-GCM, see areas/clientes/secretos.ts); never `valor`.
 */
export const parametros = pgTable(
  'parametros',
  {
    id: id(),
    clienteId: integer('empresa_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    servidorId: integer('servidor_id').references(() => servidoresCliente.id, { onDelete: 'cascade' }),
    grupo: text('grupo').notNull(),
    clave: text('clave').notNull(),
    tipo: text('tipo', { enum: PARAMETRO_TIPOS }).notNull(),
    valor: text('valor'),
    valorCifrado: text('valor_cifrado'),
    descripcion: text('descripcion'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('parametros_tipo_ck', sql`${t.tipo} in ('texto', 'numero', 'booleano', 'ruta', 'url', 'secreto')`),
    check(
      'parametros_secreto_ck',
      sql`(${t.tipo} = 'secreto' and ${t.valor} is null) or (${t.tipo} <> 'secreto' and ${t.valorCifrado} is null)`,
    ),
    // One key per group in each scope (the client itself, or one of its servers).
    uniqueIndex('parametros_clave_uq').on(t.clienteId, sql`coalesce(${t.servidorId}, 0)`, t.grupo, t.clave),
    index('parametros_servidor_idx').on(t.servidorId),
  ],
);
