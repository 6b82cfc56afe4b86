import { AFIP_AMBIENTES, LICENCIA_TIPOS, PUNTO_MODALIDADES, VENCIMIENTO_TIPOS } from '@intranet/contract/clientes/vencimientos';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, pgView, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { empresas, personas } from './directorio.ts';
import { actualizado, creado, id, instante } from './columns.ts';
import { usuarios } from './cuentas.ts';
import { productos } from './productos.ts';

// ---- Vencimientos AFIP y Physis (AREAS.md "Clientes"; issue 7) ----

/** An AFIP certificate of a client, read from its X.509 file (areas/clientes/vencimientos/certificado.ts). */
export const afipCertificados = pgTable(
  'afip_certificados',
  {
    id: id(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
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
    /** The certificate file itself, PEM (imported from issue 23 on): what the key download packs with the key. */
    pem: text('pem'),
    /** The private key of a certificate paired with a request generated here: PKCS#8 PEM, sealed with SECRETS_KEY (core/secretos.ts). */
    claveCifrada: text('clave_cifrada'),
    /** The certificate that took this one's place once paired (issue 23): it leaves the grid and the expiry alerts. */
    reemplazadoPor: integer('reemplazado_por').references((): AnyPgColumn => afipCertificados.id, { onDelete: 'set null' }),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    check('afip_certificados_ambiente_ck', sql`${t.ambiente} in ('homologacion', 'produccion')`),
    check('afip_certificados_cuit_ck', sql`${t.cuit} ~ '^[0-9]{11}$'`),
    uniqueIndex('afip_certificados_huella_uq').on(t.empresaId, t.huella),
    index('afip_certificados_empresa_idx').on(t.empresaId),
    // The grid's order (vence, then its row key id * 4 + 1): the first page reads the index, no sort.
    index('afip_certificados_vence_idx').on(t.vence, sql`(${t.id} * 4 + 1)`).where(sql`${t.reemplazadoPor} is null`),
  ],
);

/**
 * A certificate request generated in the portal (issue 23): an RSA 2048 key and its PKCS#10 CSR for AFIP. It waits
 * here until the certificate AFIP signs for it is imported; then the key moves to that certificate and the row goes.
 */
export const afipSolicitudes = pgTable(
  'afip_solicitudes',
  {
    id: id(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
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
    index('afip_solicitudes_empresa_idx').on(t.empresaId),
    index('afip_solicitudes_renueva_idx').on(t.renuevaId),
  ],
);

/** A point of sale; a CAI one has the CAI's expiry, which the AFIP grid lists. */
export const afipPuntosVenta = pgTable(
  'afip_puntos_venta',
  {
    id: id(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
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
    uniqueIndex('afip_puntos_venta_numero_uq').on(t.empresaId, t.numero),
    index('afip_puntos_venta_vence_idx').on(t.caiVence, sql`(${t.id} * 4 + 2)`).where(sql`${t.caiVence} is not null`),
  ],
);

/** A Physis licence of a client. Perpetual ones have no expiry; those given `baja` leave the grid. */
export const physisLicencias = pgTable(
  'physis_licencias',
  {
    id: id(),
    empresaId: integer('empresa_id')
      .notNull()
      .references(() => empresas.id, { onDelete: 'cascade' }),
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
    index('physis_licencias_empresa_idx').on(t.empresaId),
    index('physis_licencias_producto_idx').on(t.productoId),
    index('physis_licencias_vence_idx').on(t.vence, sql`(${t.id} * 4 + 3)`).where(sql`${t.vence} is not null and ${t.baja} is null`),
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

/**
 * Every dated item of both expiry grids, one row each: certificates, CAI points of sale, live licences.
 * `id` is the grid's key (item id * 4 + kind), `grupo` the grid. Each branch reads one table without a WHERE
 * (the product name is a scalar subquery, the conditions sit outside the union), so PostgreSQL flattens the union
 * into an append of the three tables and reads a grid's first page in (vence, id) order from their `…_vence_idx`
 * indexes (partial on exactly those conditions), without sorting.
 */
export const vencimientos = pgView('vencimientos', {
  id: integer('id').notNull(),
  tipo: text('tipo', { enum: VENCIMIENTO_TIPOS }).notNull(),
  grupo: text('grupo', { enum: ['afip', 'physis'] }).notNull(),
  itemId: integer('item_id').notNull(),
  empresaId: integer('empresa_id').notNull(),
  item: text('item').notNull(),
  detalle: text('detalle'),
  vence: date('vence', { mode: 'string' }).notNull(),
}).as(sql`
  select u.id, u.tipo, u.grupo, u.item_id, u.empresa_id, u.item, u.detalle, u.vence
    from (
      select c.id * 4 + 1 as id, 'certificado'::text as tipo, 'afip'::text as grupo, c.id as item_id, c.empresa_id,
             coalesce(c.alias, c.cn) as item,
             (case c.ambiente when 'produccion' then 'Producción' else 'Homologación' end)
               || case when cardinality(c.servicios) > 0 then ' · ' || array_to_string(c.servicios, ', ') else '' end as detalle,
             c.vence, c.reemplazado_por is null as vigente
        from afip_certificados c
      union all
      select p.id * 4 + 2, 'punto_venta'::text, 'afip'::text, p.id, p.empresa_id,
             'PV ' || lpad(p.numero::text, 5, '0'), 'CAI' || coalesce(' · ' || p.descripcion, ''), p.cai_vence, true
        from afip_puntos_venta p
      union all
      select l.id * 4 + 3, 'licencia'::text, 'physis'::text, l.id, l.empresa_id,
             (select pr.nombre from productos pr where pr.id = l.producto_id) || coalesce(' · ' || l.modulo, ''),
             (case l.tipo when 'anual' then 'Anual' when 'mensual' then 'Mensual' else 'Perpetua' end) || ' · ' || l.usuarios
               || case when l.usuarios = 1 then ' usuario' else ' usuarios' end,
             l.vence, l.baja is null
        from physis_licencias l
    ) u
   where u.vence is not null and u.vigente
`);

/**
 * The next expiry of each client across both grids (the earliest date, expired ones included, so an expired
 * item shows red) and the days to it from today in Buenos Aires. The client list joins it for its badge.
 */
export const vencimientosProximo = pgView('vencimientos_proximo', {
  empresaId: integer('empresa_id').notNull(),
  vence: date('vence', { mode: 'string' }).notNull(),
  dias: integer('dias').notNull(),
}).as(sql`
  select v.empresa_id, min(v.vence) as vence,
         (min(v.vence) - (now() at time zone 'America/Argentina/Buenos_Aires')::date)::int as dias
    from vencimientos v
   group by v.empresa_id
`);
