import {
  AFIP_AMBIENTES,
  LICENCIA_TIPOS,
  PUNTO_MODALIDADES,
  VENCIMIENTO_TIPOS,
} from '@intranet/contract/areas/clientes/vencimientos';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  pgView,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clientes, personas } from './directorio.ts';
import { actualizado, creado, id, instante } from './columns.ts';
import { usuarios } from './cuentas.ts';
import { productos } from './productos.ts';

// ---- Vencimientos AFIP y Physis ----

/** An AFIP certificate of a client, read from its X.509 file (areas/clientes/vencimientos/certificado.ts). */
export const afipCertificados = pgTable(
  'afip_certificados',
  {
    id: id(),
    clienteId: integer('empresa_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    cuit: text('cuit').notNull(),
    alias: text('alias'),
    cn: text('cn').notNull(),
    ambiente: text('ambiente', { enum: AFIP_AMBIENTES }).notNull(),
    servicios: text('servicios').array().notNull().default(sql`'{}'::text[]`),
    emitido: date('emitido', { mode: 'string' }).notNull(),
    vence: date('vence', { mode: 'string' }).notNull(),
    serial: text('serial').notNull(),
    /** SHA-256 of the DER, as AA:BB:… */
    huella: text('huella').notNull(),
    /**
     * The certificate file itself, PEM (null if imported before it was kept): what the key download packs with the key.
     */
    pem: text('pem'),
    /**
     * The private key of a certificate paired with a request generated here: PKCS#8 PEM, sealed with
     * SECRETS_KEY (core/secretos.ts).
     */
    claveCifrada: text('clave_cifrada'),
    /** The certificate that took this one's place once paired: it leaves the grid and the expiry alerts. */
    reemplazadoPor: integer('reemplazado_por').references((): AnyPgColumn => afipCertificados.id, {
      onDelete: 'set null',
    }),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('afip_certificados_ambiente_ck', sql`${t.ambiente} in ('homologacion', 'produccion')`),
    check('afip_certificados_cuit_ck', sql`${t.cuit} ~ '^[0-9]{11}$'`),
    uniqueIndex('afip_certificados_huella_uq').on(t.clienteId, t.huella),
    index('afip_certificados_empresa_idx').on(t.clienteId),
    // The grid's order (vence, then its row key id * 4 + 1): the first page reads the index, no sort.
    index('afip_certificados_vence_idx').on(t.vence, sql`(${t.id} * 4 + 1)`).where(sql`${t.reemplazadoPor} is null`),
    // A deleted certificate sets reemplazado_por to null where it was named (the foreign key's ON DELETE): without
    // an index that is a scan of the table per deleted row (100,000 deleted in one statement: over 5 minutes).
    // Only replaced certificates name one, so the index holds only them.
    index('afip_certificados_reemplazado_idx').on(t.reemplazadoPor).where(sql`${t.reemplazadoPor} is not null`),
  ],
);

/**
 * A certificate request generated in the portal: an RSA 2048 key and its PKCS#10 CSR for AFIP. It waits
 * here until the certificate AFIP signs for it is imported; then the key moves to that certificate and the row goes.
 */
export const afipSolicitudes = pgTable(
  'afip_solicitudes',
  {
    id: id(),
    clienteId: integer('empresa_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    /** The certificate this request renews, if any: replaced once the new one is paired. */
    renuevaId: integer('renueva_id').references(() => afipCertificados.id, { onDelete: 'set null' }),
    cuit: text('cuit').notNull(),
    razonSocial: text('razon_social').notNull(),
    alias: text('alias').notNull(),
    ambiente: text('ambiente', { enum: AFIP_AMBIENTES }).notNull(),
    servicios: text('servicios').array().notNull().default(sql`'{}'::text[]`),
    /** The PKCS#10 request, PEM (public: it is what AFIP receives). */
    csr: text('csr').notNull(),
    /** SHA-256 of the key's SubjectPublicKeyInfo (DER), hex: what pairs the signed certificate with this request. */
    clavePublica: text('clave_publica').notNull(),
    /** The private key, PKCS#8 PEM sealed with SECRETS_KEY; never answered but by the key download. */
    claveCifrada: text('clave_cifrada').notNull(),
    usuarioNombre: text('usuario_nombre'),
    creado: creado(),
  },
  (t) => [
    check('afip_solicitudes_ambiente_ck', sql`${t.ambiente} in ('homologacion', 'produccion')`),
    check('afip_solicitudes_cuit_ck', sql`${t.cuit} ~ '^[0-9]{11}$'`),
    uniqueIndex('afip_solicitudes_clave_uq').on(t.clavePublica),
    index('afip_solicitudes_empresa_idx').on(t.clienteId),
    index('afip_solicitudes_renueva_idx').on(t.renuevaId),
  ],
);

/** A point of sale; a CAI one has the CAI's expiry, which the AFIP grid lists. */
export const afipPuntosVenta = pgTable(
  'afip_puntos_venta',
  {
    id: id(),
    clienteId: integer('empresa_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    modalidad: text('modalidad', { enum: PUNTO_MODALIDADES }).notNull(),
    caiVence: date('cai_vence', { mode: 'string' }),
    descripcion: text('descripcion'),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('afip_puntos_venta_modalidad_ck', sql`${t.modalidad} in ('cae', 'caea', 'cai', 'controlador_fiscal')`),
    check('afip_puntos_venta_numero_ck', sql`${t.numero} between 1 and 99999`),
    check('afip_puntos_venta_cai_ck', sql`${t.modalidad} <> 'cai' or ${t.caiVence} is not null`),
    uniqueIndex('afip_puntos_venta_numero_uq').on(t.clienteId, t.numero),
    index('afip_puntos_venta_vence_idx').on(t.caiVence, sql`(${t.id} * 4 + 2)`).where(sql`${t.caiVence} is not null`),
  ],
);

/** A Physis licence of a client. Perpetual ones have no expiry; those given `baja` leave the grid. */
export const physisLicencias = pgTable(
  'physis_licencias',
  {
    id: id(),
    clienteId: integer('empresa_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'restrict' }),
    modulo: text('modulo'),
    tipo: text('tipo', { enum: LICENCIA_TIPOS }).notNull(),
    usuarios: integer('usuarios').notNull().default(1),
    serial: text('serial'),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    vence: date('vence', { mode: 'string' }),
    baja: date('baja', { mode: 'string' }),
    renovacionAuto: boolean('renovacion_auto').notNull().default(false),
    contactoId: integer('contacto_id').references(() => personas.id, { onDelete: 'set null' }),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('physis_licencias_tipo_ck', sql`${t.tipo} in ('anual', 'mensual', 'perpetua')`),
    check('physis_licencias_vence_ck', sql`${t.tipo} = 'perpetua' or ${t.vence} is not null`),
    check('physis_licencias_usuarios_ck', sql`${t.usuarios} > 0`),
    index('physis_licencias_empresa_idx').on(t.clienteId),
    index('physis_licencias_producto_idx').on(t.productoId),
    index('physis_licencias_vence_idx')
      .on(t.vence, sql`(${t.id} * 4 + 3)`)
      .where(sql`${t.vence} is not null and ${t.baja} is null`),
  ],
);

/** Every "Renovar": the date it had and the one it got, so the old expiry stays on record. */
export const vencimientoRenovaciones = pgTable(
  'vencimiento_renovaciones',
  {
    id: id(),
    tipo: text('tipo', { enum: VENCIMIENTO_TIPOS }).notNull(),
    itemId: integer('item_id').notNull(),
    venceAnterior: date('vence_anterior', { mode: 'string' }).notNull(),
    venceNuevo: date('vence_nuevo', { mode: 'string' }).notNull(),
    nota: text('nota'),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    usuarioNombre: text('usuario_nombre'),
    fecha: instante('fecha').notNull().defaultNow(),
  },
  (t) => [
    check('vencimiento_renovaciones_tipo_ck', sql`${t.tipo} in ('certificado', 'punto_venta', 'licencia')`),
    index('vencimiento_renovaciones_item_idx').on(t.tipo, t.itemId, t.fecha),
  ],
);

/** What heads a grid's searched text: a sign that makes no trigram, so the index holds only the words after it. */
export const MARCA_DE_GRILLA = { afip: '<', physis: '>' } as const;

/**
 * The text a grid's free search looks in: its grid's sign (MARCA_DE_GRILLA), then client, fantasy name, CUIT and
 * item. A search is `ilike '> %texto%'` (grid.ts), so the planner estimates it on the grid's own rows, from the
 * statistics it keeps of this text (migration 0045), and each grid's trigram index holds only its rows. On the
 * bare text beside the grid's filter, a word of the other grid's items ('facturación' in the Physis grid) was
 * estimated at 500,000 rows of the 1M-row grid when it matched none: the list said "≈ 500 mil resultados" and
 * walked the whole grid for an empty page (1.4 s).
 */
export function vencimientoBusqueda(t: {
  grupo: AnyPgColumn;
  cliente: AnyPgColumn;
  nombreFantasia: AnyPgColumn;
  cuit: AnyPgColumn;
  item: AnyPgColumn;
}) {
  return sql`(case ${t.grupo} when 'afip' then ${sql.raw(`'${MARCA_DE_GRILLA.afip}'`)} else ${sql.raw(`'${MARCA_DE_GRILLA.physis}'`)} end || ' ' || ${t.cliente} || ' ' || coalesce(${t.nombreFantasia}, '') || ' ' || ${t.cuit} || ' ' || ${t.item})`;
}

/**
 * Every dated item of both expiry grids, one row each: certificates not replaced, CAI points of sale, live
 * licences, with their client's name and CUIT. A table kept by triggers on the three item tables, the clients and
 * the products (migration 0040; it was a view over their union joined to the clients, which sorted and searched
 * the whole union at 1M rows): never written by the application. `id` is the grid's key (item id * 4 + kind),
 * `grupo` the grid; every sort of a grid, with or without its type, reads an index of its own, whose entries carry
 * the due date (a period's page walks index entries only).
 */
export const vencimientos = pgTable(
  'vencimientos',
  {
    id: integer('id').primaryKey(),
    tipo: text('tipo', { enum: VENCIMIENTO_TIPOS }).notNull(),
    grupo: text('grupo', { enum: ['afip', 'physis'] }).notNull(),
    itemId: integer('item_id').notNull(),
    clienteId: integer('empresa_id').notNull(),
    item: text('item').notNull(),
    detalle: text('detalle'),
    vence: date('vence', { mode: 'string' }).notNull(),
    /** The client's razón social, fantasy name and CUIT, carried here when they change. */
    cliente: text('cliente').notNull(),
    nombreFantasia: text('nombre_fantasia'),
    cuit: text('cuit').notNull(),
  },
  (t) => [
    index('vencimientos_empresa_idx').on(t.clienteId, t.vence, t.id),
    // The default sort's index also carries every column the CSV writes and the search reads: a grid's export is an
    // index-only scan in its order (6.6 s for the AFIP grid's 1.6M rows read from the heap).
    index('vencimientos_vence_idx').on(
      t.grupo,
      t.vence,
      t.id,
      t.tipo,
      t.cliente,
      t.nombreFantasia,
      t.cuit,
      t.item,
      t.detalle,
    ),
    index('vencimientos_cliente_idx').on(t.grupo, t.cliente, t.id, t.vence),
    index('vencimientos_cuit_idx').on(t.grupo, t.cuit, t.id, t.vence),
    index('vencimientos_item_idx').on(t.grupo, t.item, t.id, t.vence),
    index('vencimientos_tipo_idx').on(t.grupo, t.tipo, t.id, t.vence),
    index('vencimientos_tipo_vence_idx').on(t.grupo, t.tipo, t.vence, t.id),
    index('vencimientos_tipo_cliente_idx').on(t.grupo, t.tipo, t.cliente, t.id, t.vence),
    index('vencimientos_tipo_cuit_idx').on(t.grupo, t.tipo, t.cuit, t.id, t.vence),
    index('vencimientos_tipo_item_idx').on(t.grupo, t.tipo, t.item, t.id, t.vence),
    index('vencimientos_busqueda_afip_trgm')
      .using('gin', sql`${vencimientoBusqueda(t)} gin_trgm_ops`)
      .where(sql`${t.grupo} = 'afip'`),
    index('vencimientos_busqueda_physis_trgm')
      .using('gin', sql`${vencimientoBusqueda(t)} gin_trgm_ops`)
      .where(sql`${t.grupo} = 'physis'`),
  ],
);

/**
 * The next expiry of each client across both grids (the earliest date, expired ones included, so an expired
 * item shows red) and the days to it from today in Buenos Aires: the date kept on the client (migration 0040).
 */
export const vencimientosProximo = pgView('vencimientos_proximo', {
  clienteId: integer('empresa_id').notNull(),
  vence: date('vence', { mode: 'string' }).notNull(),
  dias: integer('dias').notNull(),
}).as(sql`
  select e.id as empresa_id, e.proximo_vencimiento as vence,
         (e.proximo_vencimiento - (now() at time zone 'America/Argentina/Buenos_Aires')::date)::int as dias
    from empresas e
   where e.proximo_vencimiento is not null
`);
