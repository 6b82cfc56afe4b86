import { ISSUE_ESTADOS, NIVELES, PLATAFORMAS, RECIBIDO_RESULTADOS } from '@intranet/contract/areas/insights';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { actualizado, creado, id, instante } from './columns.ts';
import { archivos } from './archivos.ts';
import { roles, usuarios } from './cuentas.ts';
import { personas } from './directorio.ts';

// ---- Monitor de errores ----

export const insightsProyectos = pgTable(
  'insights_proyectos',
  {
    id: id(),
    nombre: text('nombre').notNull(),
    slug: text('slug').notNull(),
    plataforma: text('plataforma', { enum: PLATAFORMAS }).notNull(),
    /** The DSN's key: 32 hex characters, rotatable. */
    publicKey: text('public_key').notNull(),
    activo: boolean('activo').notNull().default(true),
    limitePorMinuto: integer('limite_por_minuto').notNull().default(6000),
    /** A spike, for the alerts: more than this many events of one issue within `alertaPicoMinutos`. */
    alertaPicoEventos: integer('alerta_pico_eventos').notNull().default(100),
    alertaPicoMinutos: integer('alerta_pico_minutos').notNull().default(5),
    /** The project the portal reports its own errors into (created by the seed). */
    propio: boolean('propio').notNull().default(false),
    /** Keys whose values are scrubbed from frames' local variables, besides the defaults (intake/depurar.ts). */
    camposSensibles: text('campos_sensibles').array().notNull().default(sql`'{}'::text[]`),
    creado: creado(),
    actualizado: actualizado(),
  },
  (t) => [
    uniqueIndex('insights_proyectos_slug_uq').on(t.slug),
    uniqueIndex('insights_proyectos_public_key_uq').on(t.publicKey),
    check('insights_proyectos_limite_ck', sql`${t.limitePorMinuto} > 0`),
  ],
);

/** The levels by severity (fatal first when descending): the issue list's 'nivel' sort, and its index. */
export const nivelOrden = (nivel: AnyPgColumn) =>
  sql<number>`(case ${nivel} when 'fatal' then 5 when 'error' then 4 when 'warning' then 3 when 'info' then 2 else 1 end)`;

/** The columns the issue list filters by, in each of its sort indexes. */
const filtrosDeLaLista = (t: {
  proyectoId: AnyPgColumn;
  estado: AnyPgColumn;
  nivel: AnyPgColumn;
  environment: AnyPgColumn;
  release: AnyPgColumn;
}) => [t.proyectoId, t.estado, t.nivel, t.environment, t.release] as const;

export const insightsIssues = pgTable(
  'insights_issues',
  {
    id: id(),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    /** sha256 of the fingerprint's parts: the grouping key within the project. */
    huella: text('huella').notNull(),
    fingerprint: jsonb('fingerprint').$type<string[]>().notNull(),
    titulo: text('titulo').notNull(),
    culprit: text('culprit').notNull().default(''),
    tipo: text('tipo'),
    nivel: text('nivel', { enum: NIVELES }).notNull(),
    estado: text('estado', { enum: ISSUE_ESTADOS }).notNull().default('unresolved'),
    cantidad: bigint('cantidad', { mode: 'number' }).notNull().default(0),
    primeraVez: instante('primera_vez').notNull(),
    ultimaVez: instante('ultima_vez').notNull(),
    /**
     * When it last came back as unresolved (a resolved issue's new event, an ignored one's condition ended): a
     * regression, for the alerts.
     */
    reabierta: instante('reabierta'),
    release: text('release'),
    environment: text('environment'),
    asignadoId: integer('asignado_id').references(() => personas.id, { onDelete: 'set null' }),
    /** Assigned to a role as a team; a person or a role, never both. */
    asignadoRolId: integer('asignado_rol_id').references(() => roles.id, { onDelete: 'set null' }),
    /** Resolved "in the next release": the release then current; only an event of another release reopens it. */
    resueltaEnRelease: text('resuelta_en_release'),
    /**
     * When it was resolved "in the next release": a release created or first seen after it is later and reopens
     * the issue; the release it was resolved in, or an older one still deployed, does not (migration 0039).
     */
    resueltaEl: instante('resuelta_el'),
    /**
     * The culprit as the source maps read it (file and function of the top in-app frame, resolved), set when the
     * issue is created with its maps there, grouped or shown; null when no map resolves it. The list and detail
     * show it.
     */
    culpritMapa: text('culprit_mapa'),
    /**
     * The grouping key of its first event with the frames resolved through the project's source maps,
     * set by the intake when it creates the issue, '-' when none could be; null until looked at (the merge job).
     * A new build's first event with the key of an older issue joins it.
     */
    huellaSimbolica: text('huella_simbolica'),
    /**
     * Ignored until a time, or until N more events or N more users (within `ignoradaVentana` minutes, or since it was
     * ignored); all null for an issue ignored forever or not ignored. The job insights-ignorados and the intake bring
     * it back.
     */
    ignoradaHasta: instante('ignorada_hasta'),
    ignoradaEventos: integer('ignorada_eventos'),
    ignoradaUsuarios: integer('ignorada_usuarios'),
    ignoradaVentana: integer('ignorada_ventana'),
    /** Its count when it was ignored: "N more events" without a window is `cantidad - ignoradaCantidad`. */
    ignoradaCantidad: bigint('ignorada_cantidad', { mode: 'number' }),
    /**
     * Its newest event's id when it was ignored: the counts within a window, and of users, read only the events
     * after it.
     */
    ignoradaTrasEvento: bigint('ignorada_tras_evento', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('insights_issues_huella_uq').on(t.proyectoId, t.huella),
    // Sort keys of the list, each with the id that breaks ties (a cursor is the row value (key, id)), then the
    // columns the list filters by: a page under any filter, however many rows the filter skips, is read from the
    // index alone (an index-only scan), never from a heap page per row (migration 0041).
    index('insights_issues_ultima_idx').on(t.ultimaVez, t.id, ...filtrosDeLaLista(t)),
    index('insights_issues_primera_idx').on(t.primeraVez, t.id, ...filtrosDeLaLista(t)),
    index('insights_issues_cantidad_idx').on(t.cantidad, t.id, ...filtrosDeLaLista(t)),
    index('insights_issues_titulo_idx').on(t.titulo, t.id, ...filtrosDeLaLista(t)),
    index('insights_issues_nivel_idx').on(nivelOrden(t.nivel), t.id, ...filtrosDeLaLista(t)),
    // The intake rewrites an issue's row (count, last seen) with every batch, and both are sort keys here, so no
    // such update is HOT and each adds an entry to every index whose predicate the row meets. The unresolved issues,
    // those that keep receiving events, are left out of this one: it counts a state (up to the list's cap) when few
    // issues are in it, never the unresolved (most of them, past the cap: estimated), and a page under a state is
    // read from the sort indexes, which hold it.
    index('insights_issues_estado_idx').on(t.estado).where(sql`${t.estado} <> 'unresolved'`),
    // A level, an environment or a release: counted from the index up to the list's cap of 10,000 (not by reading
    // every issue when few match), and read in the list's default order. Without the errors, most issues and the
    // default level: a page of them is read from insights_issues_ultima_idx (which holds the level), their count
    // is past the cap, estimated and not counted.
    index('insights_issues_nivel_ultima_idx').on(t.nivel, t.ultimaVez, t.id).where(sql`${t.nivel} <> 'error'`),
    index('insights_issues_environment_ultima_idx').on(t.environment, t.ultimaVez, t.id),
    index('insights_issues_release_ultima_idx').on(t.release, t.ultimaVez, t.id),
    // A release's issues by title or by count, and an environment's by count, deep in their pages: the sort indexes
    // above hold both filters, but a release is a fifth of the issues and the staging environment a quarter, so a
    // page 400 read from them walked 40,000-50,000 entries to reach its own (40-48 ms at 100k issues). Each costs
    // the intake one more entry per issue it rewrites (its stored rate did not move in the bench: 2,125 -> 2,109
    // events/s, within the run's noise), which is why the other filter and sort pairs, under 30 ms, have none.
    index('insights_issues_release_titulo_idx').on(t.release, t.titulo, t.id),
    index('insights_issues_release_cantidad_idx').on(t.release, t.cantidad, t.id),
    index('insights_issues_environment_cantidad_idx').on(t.environment, t.cantidad, t.id),
    index('insights_issues_asignado_idx').on(t.asignadoId),
    // Partial: the intake's issue updates pay nothing for it in projects without source maps.
    // The job that brings back the issues ignored for a while reads only those.
    index('insights_issues_ignorada_hasta_idx').on(t.ignoradaHasta).where(sql`${t.ignoradaHasta} is not null`),
    index('insights_issues_huella_simbolica_idx')
      .on(t.proyectoId, t.huellaSimbolica)
      .where(sql`${t.huellaSimbolica} is not null`),
    check('insights_issues_estado_ck', sql`${t.estado} in ('unresolved', 'resolved', 'ignored')`),
  ],
);

/**
 * Partitioned by month of `fecha` (migration 0032; drizzle does not describe partitions), so retention drops
 * a month at once: hence `fecha` in the primary key and the unique index, and the id from a plain sequence.
 */
export const insightsEventos = pgTable(
  'insights_eventos',
  {
    id: bigint('id', { mode: 'number' }).notNull().default(sql`nextval('insights_eventos_id_seq')`),
    proyectoId: integer('proyecto_id').notNull(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => insightsIssues.id, { onDelete: 'cascade' }),
    /** The SDK's event_id: 32 hex characters. A retried event (same event_id and timestamp) is stored once. */
    eventId: text('event_id').notNull(),
    fecha: instante('fecha').notNull(),
    recibido: instante('recibido').notNull().defaultNow(),
    nivel: text('nivel', { enum: NIVELES }).notNull(),
    mensaje: text('mensaje').notNull(),
    release: text('release'),
    environment: text('environment'),
    usuario: text('usuario'),
    tags: jsonb('tags').$type<Record<string, string>>().notNull(),
    /**
     * The normalised event (exception, breadcrumbs, request, user, contexts...), as the contract's `evento`.
     * `json`, not `jsonb`: it is written at intake speed and only ever read whole, so PostgreSQL keeps the text
     * as sent (checked, not rebuilt) and compresses it with lz4 where the server has it (migration 0019).
     */
    datos: json('datos').notNull(),
  },
  (t) => [
    // By `fecha` first, so retention finds a month's older rows through it.
    primaryKey({ name: 'insights_eventos_pkey', columns: [t.fecha, t.id] }),
    uniqueIndex('insights_eventos_event_id_uq').on(t.proyectoId, t.eventId, t.fecha),
    index('insights_eventos_issue_idx').on(t.issueId, t.id),
    // A project's events per release: the Releases tab counts them from the index alone, and whether a
    // release was seen before an issue was resolved "in the next release" is one probe.
    index('insights_eventos_release_idx').on(t.proyectoId, t.release, t.recibido, t.fecha, t.issueId),
  ],
);

/** Events per issue and UTC day, kept by the intake: the sparkline and the chart read this, not the events. */
export const insightsIssueDias = pgTable(
  'insights_issue_dias',
  {
    issueId: integer('issue_id')
      .notNull()
      .references(() => insightsIssues.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    cantidad: bigint('cantidad', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'insights_issue_dias_pk', columns: [t.issueId, t.dia] })],
);

/**
 * What the issues list's `q` searches (title and culprit), apart from the issue row: the intake rewrites
 * an issue's counters with every batch, and a trigram index on the issue row itself would be rewritten with
 * them. This row changes only when the title or culprit does.
 */
export const insightsIssueBusqueda = pgTable(
  'insights_issue_busqueda',
  {
    issueId: integer('issue_id')
      .primaryKey()
      .references(() => insightsIssues.id, { onDelete: 'cascade' }),
    texto: text('texto').notNull(),
  },
  (t) => [index('insights_issue_busqueda_trgm').using('gin', sql`${t.texto} gin_trgm_ops`)],
);

export const insightsComentarios = pgTable(
  'insights_comentarios',
  {
    id: id(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => insightsIssues.id, { onDelete: 'cascade' }),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    texto: text('texto').notNull(),
    fecha: creado(),
  },
  (t) => [index('insights_comentarios_issue_idx').on(t.issueId, t.id)],
);

/**
 * Events accepted per project and minute, summed over every server process: each process adds what it
 * accepted about once a second and reads the total back (see areas/insights/intake/limite.ts).
 */
export const insightsCupos = pgTable(
  'insights_cupos',
  {
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    minuto: instante('minuto').notNull(),
    cantidad: bigint('cantidad', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'insights_cupos_pk', columns: [t.proyectoId, t.minuto] })],
);

// ---- Source maps and releases ----

/** A chunk sent by `sentry-cli` (chunk-upload): named by its SHA-1 as the CLI names it, its bytes in the file store. */
export const insightsChunks = pgTable(
  'insights_chunks',
  {
    sha1: text('sha1').primaryKey(),
    archivoId: integer('archivo_id')
      .notNull()
      .references(() => archivos.id),
    creado: creado(),
  },
  (t) => [index('insights_chunks_archivo_idx').on(t.archivoId)],
);

/** An artifact bundle assembled from chunks, unpacked into `insights_bundle_archivos`. */
export const insightsBundles = pgTable(
  'insights_bundles',
  {
    id: id(),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    /** SHA-1 of the bundle's zip, as the CLI's assemble call names it. */
    checksum: text('checksum').notNull(),
    release: text('release'),
    dist: text('dist'),
    /** Bytes of the zip. */
    tamano: bigint('tamano', { mode: 'number' }).notNull(),
    creado: creado(),
  },
  (t) => [
    uniqueIndex('insights_bundles_checksum_uq').on(t.proyectoId, t.checksum),
    index('insights_bundles_release_idx').on(t.proyectoId, t.release),
  ],
);

/** One file of a bundle: a minified script or its source map, by URL (`~/…`) and debug id. */
export const insightsBundleArchivos = pgTable(
  'insights_bundle_archivos',
  {
    id: id(),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => insightsBundles.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    tipo: text('tipo').notNull(),
    debugId: text('debug_id'),
    /** The source map's URL a script names (its `Sourcemap` header in the manifest). */
    sourcemap: text('sourcemap'),
    archivoId: integer('archivo_id')
      .notNull()
      .references(() => archivos.id),
    tamano: bigint('tamano', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('insights_bundle_archivos_bundle_idx').on(t.bundleId, t.url),
    index('insights_bundle_archivos_debug_idx').on(t.debugId),
    index('insights_bundle_archivos_archivo_idx').on(t.archivoId),
  ],
);

/** A release created by `sentry-cli releases new` (and finalized); releases seen only in events are read from them. */
export const insightsReleases = pgTable(
  'insights_releases',
  {
    id: id(),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    creado: creado(),
    finalizado: instante('finalizado'),
  },
  (t) => [uniqueIndex('insights_releases_version_uq').on(t.proyectoId, t.version)],
);

/**
 * What the intake received per project, UTC day, kind of item and outcome (accepted, rate-limited, dropped…, with
 * the reason), and what the SDKs reported they discarded themselves (`client_report`): the "Datos recibidos" page.
 */
export const insightsRecibidos = pgTable(
  'insights_recibidos',
  {
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    dia: date('dia', { mode: 'string' }).notNull(),
    categoria: text('categoria').notNull(),
    resultado: text('resultado', { enum: RECIBIDO_RESULTADOS }).notNull(),
    motivo: text('motivo').notNull().default(''),
    cantidad: bigint('cantidad', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.proyectoId, t.dia, t.categoria, t.resultado, t.motivo] })],
);

/**
 * What a user of an app wrote about a problem (the SDKs' `captureFeedback`, or the older user report): kept with its
 * name, e-mail and message, and the issue of the event it names when that event is here.
 */
export const insightsFeedback = pgTable(
  'insights_feedback',
  {
    id: id(),
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    /** The event it is about (`associated_event_id`), as the SDK sent it. */
    eventoAsociado: text('evento_asociado'),
    issueId: integer('issue_id').references(() => insightsIssues.id, { onDelete: 'set null' }),
    nombre: text('nombre'),
    email: text('email'),
    mensaje: text('mensaje').notNull(),
    url: text('url'),
    recibido: instante('recibido').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('insights_feedback_event_uq').on(t.proyectoId, t.eventId),
    index('insights_feedback_proyecto_idx').on(t.proyectoId, t.recibido),
    index('insights_feedback_issue_idx').on(t.issueId),
  ],
);

/** A deploy of a release to an environment, as `sentry-cli deploys new` records it; it goes with its release. */
export const insightsDeploys = pgTable(
  'insights_deploys',
  {
    id: id(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => insightsReleases.id, { onDelete: 'cascade' }),
    entorno: text('entorno').notNull(),
    nombre: text('nombre'),
    url: text('url'),
    iniciado: instante('iniciado'),
    terminado: instante('terminado').notNull(),
    /** Who recorded it: the API token's name, or the person's. */
    autor: text('autor').notNull(),
    creado: creado(),
  },
  (t) => [index('insights_deploys_release_idx').on(t.releaseId, t.terminado)],
);

/**
 * A grouping key whose issue joined an older one when its frames were resolved through source maps:
 * the intake files its later events under `issue_id` instead of creating the issue again.
 */
export const insightsIssueAlias = pgTable(
  'insights_issue_alias',
  {
    proyectoId: integer('proyecto_id')
      .notNull()
      .references(() => insightsProyectos.id, { onDelete: 'cascade' }),
    huella: text('huella').notNull(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => insightsIssues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'insights_issue_alias_pk', columns: [t.proyectoId, t.huella] }),
    index('insights_issue_alias_issue_idx').on(t.issueId),
  ],
);
