import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, instante } from './columns.ts';
import { roles, usuarios } from './cuentas.ts';

// ---- Alertas: the runs of the scheduled jobs, the notifications and what was already sent ----

/**
 * One run of a scheduled job, written by the scheduler around the job (jobs/programador.ts). The queue itself
 * (pg-boss, schema `pgboss`) keeps the jobs; this keeps what people read on Alertas → Tareas.
 */
export const tareasEjecuciones = pgTable(
  'tareas_ejecuciones',
  {
    id: id(),
    tarea: text('tarea').notNull(),
    /** The queue's job id: retries of one job share it. */
    trabajo: text('trabajo').notNull(),
    intento: integer('intento').notNull().default(1),
    definitivo: boolean('definitivo').notNull().default(false),
    manual: boolean('manual').notNull().default(false),
    inicio: instante('inicio').notNull().defaultNow(),
    fin: instante('fin'),
    /** 'en_curso' until it ends; a run left 'en_curso' past its time limit was cut off by a restart. */
    estado: text('estado').notNull().default('en_curso'),
    resultado: text('resultado'),
    error: text('error'),
  },
  (t) => [
    check('tareas_ejecuciones_estado_ck', sql`${t.estado} in ('en_curso', 'ok', 'error')`),
    index('tareas_ejecuciones_tarea_idx').on(t.tarea, t.inicio.desc()),
  ],
);

/** One expiry scan that announced something: its notifications and e-mails read their items by it. */
export const alertasCorridas = pgTable('alertas_corridas', {
  id: id(),
  creada: instante('creada').notNull().defaultNow(),
});

/**
 * An item that reached an alert threshold, announced once: the key names the item, its due date and the
 * threshold ("certificado:12:2027-01-31:30"), so whatever the processes or restarts each (item, threshold) is
 * announced by one scan, and the notifications and e-mails of that scan are written in the same transaction.
 * A renewal changes the due date, so the old keys never come round again.
 */
export const alertasAvisos = pgTable(
  'alertas_avisos',
  {
    id: id(),
    clave: text('clave').notNull(),
    corridaId: integer('corrida_id')
      .notNull()
      .references(() => alertasCorridas.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    itemId: integer('item_id').notNull(),
    clienteId: integer('empresa_id'),
    /** The monitor project the item belongs to, or null: people who follow projects are told of theirs only. */
    proyectoId: integer('proyecto_id'),
    titulo: text('titulo').notNull(),
    /** The due date of an expiry; null for an event (a new error, a site that stopped answering). */
    vence: date('vence', { mode: 'string' }),
    /** Days before the due date (90, 30, 7, 0), or after it once overdue (-7, -14…: once a week); 0 for an event. */
    umbral: integer('umbral').notNull(),
    enlace: text('enlace').notNull(),
    /** The code that reads the item: only people holding it are told, when sent and when shown. */
    permiso: text('permiso').notNull(),
  },
  (t) => [
    uniqueIndex('alertas_avisos_clave_uq').on(t.clave),
    index('alertas_avisos_corrida_idx').on(t.corridaId, t.tipo),
  ],
);

/**
 * What the bell shows: one notification of one person, read or not. An expiry scan leaves one per person
 * (its items are the scan's, of the kinds listed, that the person may read); a failed job leaves one per admin.
 */
export const notificaciones = pgTable(
  'notificaciones',
  {
    id: id(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    titulo: text('titulo').notNull(),
    detalle: text('detalle').notNull().default(''),
    /** Where opening it goes: the one item, or the notification's own list of items. */
    enlace: text('enlace').notNull(),
    corridaId: integer('corrida_id').references(() => alertasCorridas.id, { onDelete: 'cascade' }),
    /** The kinds of the scan's items it covers (the person's choice for the portal). */
    tipos: text('tipos').array().notNull().default(sql`'{}'::text[]`),
    creada: instante('creada').notNull().defaultNow(),
    leida: instante('leida'),
  },
  (t) => [
    index('notificaciones_usuario_idx').on(t.usuarioId, t.id.desc()),
    index('notificaciones_no_leidas_idx').on(t.usuarioId).where(sql`${t.leida} is null`),
  ],
);

/** "Mis alertas": a person's choice of channels for one kind of alert. No row: the defaults of their roles. */
export const alertasPreferencias = pgTable(
  'alertas_preferencias',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    email: boolean('email').notNull(),
    portal: boolean('portal').notNull(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.tipo] })],
);

/**
 * A client or monitor project a person follows ("Mis alertas"). Someone who follows clients is told of the
 * items of clients' kinds about those clients only (and likewise for projects); someone who follows none, of all.
 */
export const alertasSeguidos = pgTable(
  'alertas_seguidos',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    clase: text('clase').notNull(),
    /** The client's (empresas) or the project's (insights_proyectos) id; one that no longer exists is ignored. */
    refId: integer('ref_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.clase, t.refId] }),
    check('alertas_seguidos_clase_ck', sql`${t.clase} in ('cliente', 'proyecto')`),
  ],
);

/** The channels a role's members get for one kind of alert until they choose their own. No row: both. */
export const alertasRolDefaults = pgTable(
  'alertas_rol_defaults',
  {
    rolId: integer('rol_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    tipo: text('tipo').notNull(),
    email: boolean('email').notNull(),
    portal: boolean('portal').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rolId, t.tipo] })],
);

/**
 * The e-mails alerts send, written in the transaction that decides them (an outbox): the sender takes each
 * pending one, marks it taken, sends it over SMTP and marks it sent, so a restart loses none; one taken and not
 * marked sent within ten minutes is taken again.
 */
export const alertasCorreos = pgTable(
  'alertas_correos',
  {
    id: id(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** A scan's digest: its items of these kinds that the person may read. */
    corridaId: integer('corrida_id').references(() => alertasCorridas.id, { onDelete: 'cascade' }),
    tipos: text('tipos').array().notNull().default(sql`'{}'::text[]`),
    /** Any other alert (a failed job): its subject and text as they are. */
    asunto: text('asunto').notNull(),
    texto: text('texto').notNull().default(''),
    enlace: text('enlace').notNull().default(''),
    estado: text('estado').notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    error: text('error'),
    creado: instante('creado').notNull().defaultNow(),
    tomado: instante('tomado'),
    enviado: instante('enviado'),
  },
  (t) => [
    check('alertas_correos_estado_ck', sql`${t.estado} in ('pendiente', 'enviado', 'error')`),
    index('alertas_correos_pendientes_idx').on(t.id).where(sql`${t.estado} = 'pendiente'`),
  ],
);

/**
 * A webhook: a URL told of the alerts of the kinds it wants, each delivery signed per Standard Webhooks with
 * its secret.
 */
export const webhooks = pgTable('webhooks', {
  id: id(),
  nombre: text('nombre').notNull(),
  url: text('url').notNull(),
  /** 'json' (the portal's own body) or 'slack' (`{ text }`, which Teams and Mattermost accept too). */
  formato: text('formato').notNull().default('json'),
  eventos: text('eventos').array().notNull().default(sql`'{}'::text[]`),
  secreto: text('secreto').notNull(),
  activo: boolean('activo').notNull().default(true),
  creado: instante('creado').notNull().defaultNow(),
  actualizado: instante('actualizado').notNull().defaultNow(),
});

/**
 * One delivery to a webhook (an outbox, like the e-mails): written with what it announces, sent after, retried
 * with back-off (30 s, doubling) up to 5 attempts; each attempt's answer code and time are kept.
 */
export const webhookEntregas = pgTable(
  'webhook_entregas',
  {
    id: id(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    evento: text('evento').notNull(),
    /** The Standard Webhooks `webhook-id`: a redelivery ("Reenviar") keeps the one of the delivery it repeats. */
    mensaje: text('mensaje').notNull().default(sql`('msg_' || replace(gen_random_uuid()::text, '-', ''))`),
    cuerpo: text('cuerpo').notNull(),
    estado: text('estado').notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    codigo: integer('codigo'),
    /**
     * How the attempt went, in the portal's words ('Entregado (200)', 'No se pudo conectar'): never the
     * receiver's body.
     */
    respuesta: text('respuesta'),
    duracionMs: integer('duracion_ms'),
    creada: instante('creada').notNull().defaultNow(),
    ultima: instante('ultima'),
    proxima: instante('proxima').notNull().defaultNow(),
  },
  (t) => [
    check('webhook_entregas_estado_ck', sql`${t.estado} in ('pendiente', 'enviada', 'error')`),
    index('webhook_entregas_webhook_idx').on(t.webhookId, t.id.desc()),
    index('webhook_entregas_pendientes_idx').on(t.proxima).where(sql`${t.estado} = 'pendiente'`),
  ],
);
