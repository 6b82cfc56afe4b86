import { z } from 'zod';
import { idList, listQuery, paged, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { REQUIRED } from '@intranet/contract/shared/texts';
import { requiredText } from '@intranet/contract/shared/validators';
import { saludResumen } from './insights/salud.ts';

// ---- Monitor de errores. Read SER#VER, act INSIGHTS#EDITAR. ----
// Portal entities (proyecto, issue, comentario) use Spanish field names; the event's own content
// (exception, frames, breadcrumbs, request, user, contexts) keeps the names the Sentry SDKs send.

export const ISSUE_ESTADOS = ['unresolved', 'resolved', 'ignored'] as const;
export type IssueEstado = (typeof ISSUE_ESTADOS)[number];
export const ISSUE_ESTADO_NOMBRES: Record<IssueEstado, string> = {
  unresolved: 'Sin resolver',
  resolved: 'Resuelto',
  ignored: 'Ignorado',
};

// ---- Ignorar (as Sentry's "Ignore"/"Archive"): for a while, until it happens or affects users N more times,
// or forever ----

const IGNORAR_MODOS = ['tiempo', 'eventos', 'usuarios', 'siempre'] as const;
/** The lengths offered for "por un tiempo", in minutes: 30 minutes, 2 hours, 24 hours, a week. */
export const IGNORAR_MINUTOS = [30, 120, 1440, 10080] as const;
export type IgnorarMinutos = (typeof IGNORAR_MINUTOS)[number];
/** The window a count may be held to ("100 veces por hora"); none counts from the moment it was ignored. */
export const IGNORAR_VENTANAS = ['hora', 'dia'] as const;
export type IgnorarVentana = (typeof IGNORAR_VENTANAS)[number];
export const IGNORAR_VENTANA_MINUTOS: Record<IgnorarVentana, number> = { hora: 60, dia: 1440 };
/** The most events or users a condition may wait for. */
const IGNORAR_MAX_CANTIDAD = 1_000_000;

const POSITIVO = 'Debe ser un número entero positivo';
const cantidadIgnorar = z
  .number({ error: (issue) => (issue.input === undefined ? REQUIRED : POSITIVO) })
  .int(POSITIVO)
  .positive(POSITIVO)
  .max(IGNORAR_MAX_CANTIDAD, `Máximo ${IGNORAR_MAX_CANTIDAD}`);
const ventanaIgnorar = z
  .enum(IGNORAR_VENTANAS, { error: 'Ventana inválida: por hora o por día' })
  .nullable()
  .optional();

/**
 * `POST /api/insights/issues/:id/ignorar` (and `condicion` of the bulk one): how long the issue stays ignored. It
 * comes back as unresolved, counted as a regression by the alerts, when the time passes or new events cross the count.
 */
export const issueIgnorar = z.discriminatedUnion(
  'modo',
  [
    z
      .object({
        modo: z.literal('tiempo'),
        minutos: z.literal(IGNORAR_MINUTOS, { error: 'Elija 30 minutos, 2 horas, 24 horas o una semana' }),
      })
      .strict(),
    z.object({ modo: z.literal('eventos'), cantidad: cantidadIgnorar, ventana: ventanaIgnorar }).strict(),
    z.object({ modo: z.literal('usuarios'), cantidad: cantidadIgnorar, ventana: ventanaIgnorar }).strict(),
    z.object({ modo: z.literal('siempre') }).strict(),
  ],
  { error: 'Elija por cuánto tiempo ignorarlo: tiempo, eventos, usuarios o siempre' },
);
export type IssueIgnorar = z.infer<typeof issueIgnorar>;

/**
 * An ignored issue's condition as shown: `hasta` (modo tiempo) when it comes back; `cantidad` events or users
 * (within `ventana`, or since it was ignored) and `faltan`, how many more it takes (null when not counted, as in
 * the list).
 */
const ignorada = z.object({
  modo: z.enum(IGNORAR_MODOS),
  hasta: z.string().nullable(),
  cantidad: z.number().int().nullable(),
  ventana: z.enum(IGNORAR_VENTANAS).nullable(),
  faltan: z.number().int().nullable(),
});
export type Ignorada = z.infer<typeof ignorada>;

/** Sentry's levels, most severe first. */
export const NIVELES = ['fatal', 'error', 'warning', 'info', 'debug'] as const;
export type Nivel = (typeof NIVELES)[number];

export const PLATAFORMAS = ['javascript', 'node', 'python', 'java', 'csharp', 'php', 'android', 'otra'] as const;
export type Plataforma = (typeof PLATAFORMAS)[number];
export const PLATAFORMA_NOMBRES: Record<Plataforma, string> = {
  javascript: 'JavaScript (navegador)',
  node: 'Node.js',
  python: 'Python',
  java: 'Java',
  csharp: '.NET',
  php: 'PHP',
  android: 'Android',
  otra: 'Otra',
};

/** Days of the sparkline in the issues list. */
export const SPARKLINE_DIAS = 14;

// ---- Proyectos ----

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** `POST /api/insights/proyectos`, `PUT /api/insights/proyectos/:id`. */
export const proyectoInput = z
  .object({
    nombre: requiredText(100),
    slug: z
      .string({ error: 'Este campo es requerido' })
      .trim()
      .min(1, 'Este campo es requerido')
      .max(50, 'Máximo 50 caracteres')
      .regex(SLUG, 'Solo minúsculas, números y guiones (p. ej. "portal-web")'),
    plataforma: z.enum(PLATAFORMAS, { error: 'Plataforma inválida' }),
    activo: z.boolean().default(true),
    /** Events accepted per minute; beyond it intake answers 429 with Retry-After. */
    limite_por_minuto: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Mínimo 1')
      .max(1_000_000, 'Máximo 1000000')
      .default(6000),
    /** A spike, for the alerts: more than this many events of one issue within `alerta_pico_minutos`. */
    alerta_pico_eventos: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Mínimo 1')
      .max(1_000_000, 'Máximo 1000000')
      .default(100),
    alerta_pico_minutos: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Mínimo 1')
      .max(1440, 'Máximo 1440')
      .default(5),
    /**
     * Keys whose values are scrubbed from an event before it is stored (the frames' local variables, the request,
     * the user, extra data, contexts and breadcrumbs' data), besides the defaults (password, secret, token, auth,
     * cookie, session…): a key containing one of them is filtered.
     */
    campos_sensibles: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'Este campo es requerido')
          .max(100, 'Máximo 100 caracteres')
          .regex(/^[\w.-]+$/, 'Solo letras, números, guiones, puntos y guiones bajos'),
      )
      .max(50, 'Máximo 50 campos')
      .default([]),
  })
  .strict();
export type ProyectoInput = z.input<typeof proyectoInput>;

export const proyecto = z.object({
  id: z.number().int(),
  nombre: z.string(),
  slug: z.string(),
  plataforma: z.enum(PLATAFORMAS),
  activo: z.boolean(),
  limite_por_minuto: z.number().int(),
  alerta_pico_eventos: z.number().int(),
  alerta_pico_minutos: z.number().int(),
  campos_sensibles: z.array(z.string()),
  /** 32 hex characters; public by design (it ships inside browser bundles). */
  public_key: z.string(),
  /** `http(s)://KEY@HOST/PROJECT_ID`, from PUBLIC_URL or the request's own origin. */
  dsn: z.string(),
  /** Issues in state unresolved. */
  issues_sin_resolver: z.number().int(),
  creado: z.string(),
  actualizado: z.string(),
});
export type Proyecto = z.infer<typeof proyecto>;

/**
 * `POST /api/insights/proyectos/lote`: delete the chosen projects (with their issues and events) or
 * turn their intake on or off; `…/lote/export.csv` writes them. The list has no filter: "all that match" is
 * every project.
 */
export const proyectoLote = loteBody(z.object({}).strict(), { activo: z.boolean({ error: 'Elija sí o no' }) });
export const proyectoLoteExport = loteExportBody(z.object({}).strict());

/** The copyable `Sentry.init({ dsn })` snippets shown in project settings. */
export function sentrySnippets(dsn: string): { navegador: string; node: string } {
  return {
    navegador: `import * as Sentry from '@sentry/browser';\n\nSentry.init({\n  dsn: '${dsn}',\n  environment: 'production',\n  release: 'mi-app@1.0.0',\n});`,
    node: `import * as Sentry from '@sentry/node';\n\nSentry.init({\n  dsn: '${dsn}',\n  environment: 'production',\n  release: 'mi-app@1.0.0',\n});`,
  };
}

// ---- Issues ----

/** A person (issue assignee: a staff persona) or a user (comment author), by id and display name. */
export const usuarioRef = z.object({ id: z.number().int(), nombre: z.string() });

export const issue = z.object({
  id: z.number().int(),
  proyecto_id: z.number().int(),
  proyecto_nombre: z.string(),
  /** Exception type and value ("TypeError: x is undefined") or the message. */
  titulo: z.string(),
  /** Top in-app frame ("app/cart.js in addItem") or the transaction; may be empty. */
  culprit: z.string(),
  /**
   * The culprit as the project's source maps read it (resolved file and function of the top in-app frame), when a
   * map resolves it; `culprit` keeps the minified one. Set when the issue is grouped or shown.
   */
  culprit_mapa: z.string().nullable().optional(),
  nivel: z.enum(NIVELES),
  estado: z.enum(ISSUE_ESTADOS),
  /** Number of events (exact). */
  cantidad: z.number().int(),
  primera_vez: z.string(),
  ultima_vez: z.string(),
  /** Release and environment of the latest event. */
  release: z.string().nullable(),
  environment: z.string().nullable(),
  /** The staff persona (personas table) the issue is assigned to; nombre is "Nombre Apellido". */
  asignado: usuarioRef.nullable(),
  /** The role the issue is assigned to as a team, instead of a person. */
  asignado_rol: usuarioRef.nullable().optional(),
  /**
   * Resolved "in the next release": the release it was resolved in; only an event of a later release (created or
   * first seen after the resolution) reopens it.
   */
  resuelta_en_release: z.string().nullable().optional(),
  /** Ignored: until when or what (null otherwise). */
  ignorada: ignorada.nullable().optional(),
  /** Events per day of the last SPARKLINE_DIAS days, oldest first (today last). */
  serie: z.array(z.number().int()),
});
export type Issue = z.infer<typeof issue>;

export const ISSUE_SORT = ['ultima_vez', 'primera_vez', 'cantidad', 'nivel', 'titulo'] as const;
/** `GET /api/insights/issues`: default sort `-ultima_vez`. */
export const issueListQuery = listQuery(ISSUE_SORT, {
  estado: z.enum(ISSUE_ESTADOS, { error: 'Estado inválido' }).optional(),
  nivel: z.enum(NIVELES, { error: 'Nivel inválido' }).optional(),
  environment: z.string().trim().max(100).optional(),
  release: z.string().trim().max(200).optional(),
  proyecto_id: z.coerce.number({ error: 'Id inválido' }).int().positive().max(MAX_ID, 'Id inválido').optional(),
  asignado_id: z.coerce.number({ error: 'Id inválido' }).int().positive().max(MAX_ID, 'Id inválido').optional(),
  /** "Mis incidencias": those assigned to the signed-in user's persona or to one of their roles. */
  mias: z.enum(['1'], { error: 'Use mias=1' }).optional(),
});
export const issuePage = paged(issue);
export const issueExportQuery = issueListQuery.omit({ page: true, size: true });

/** `GET /api/insights/filtros`: the values the list's environment and release filters offer. */
export const issueFiltros = z.object({ environments: z.array(z.string()), releases: z.array(z.string()) });

/** `PUT /api/insights/issues/:id`: change state and/or assignee (a persona id; null unassigns). */
export const issueUpdate = z
  .object({
    estado: z.enum(ISSUE_ESTADOS, { error: 'Estado inválido' }).optional(),
    asignado_id: z.number().int().positive().max(MAX_ID, 'Id inválido').nullable().optional(),
    /** A role as the assignee (a team); setting one clears the person, and the other way round. */
    asignado_rol_id: z.number().int().positive().max(MAX_ID, 'Id inválido').nullable().optional(),
    /** With `estado: resolved`: resolved in the next release (events of its current release keep it resolved). */
    en_proxima_release: z.boolean().optional(),
  })
  .strict();
export type IssueUpdate = z.infer<typeof issueUpdate>;

/** `POST /api/insights/issues/estado`: bulk resolve / ignore / reopen. */
export const issueBulkEstado = idList.extend({ estado: z.enum(ISSUE_ESTADOS, { error: 'Estado inválido' }) }).strict();
export type IssueBulkEstado = z.infer<typeof issueBulkEstado>;
/** `POST /api/insights/issues/ignorar`: bulk ignore, each issue under the same condition. */
export const issueBulkIgnorar = idList.extend({ condicion: issueIgnorar }).strict();
export type IssueBulkIgnorar = z.infer<typeof issueBulkIgnorar>;
/** `POST /api/insights/issues/asignar`: bulk assign to a person, a role (a team), or nobody (both null). */
export const issueBulkAsignar = idList
  .extend({
    asignado_id: z.number().int().positive().max(MAX_ID, 'Id inválido').nullable(),
    asignado_rol_id: z.number().int().positive().max(MAX_ID, 'Id inválido').nullable(),
  })
  .strict();
export type IssueBulkAsignar = z.infer<typeof issueBulkAsignar>;

/**
 * One entry of an issue's merged activity (`GET /api/insights/issues/:id/actividad`), oldest first: a state
 * change (antes/despues are states), an assignment (names; a role as "rol:Nombre"), or a comment (texto).
 */
export const actividadIssue = z.object({
  tipo: z.enum(['estado', 'asignacion', 'comentario']),
  fecha: z.string(),
  autor: z.string().nullable(),
  antes: z.string().nullable(),
  despues: z.string().nullable(),
  texto: z.string().nullable(),
});
export type ActividadIssue = z.infer<typeof actividadIssue>;

export const bulkEstadoResult = z.object({ actualizados: z.number().int().nonnegative() });

// ---- Events (the stored, normalised Sentry event) ----

export const frame = z.object({
  filename: z.string().nullable(),
  abs_path: z.string().nullable(),
  function: z.string().nullable(),
  module: z.string().nullable(),
  lineno: z.number().nullable(),
  colno: z.number().nullable(),
  in_app: z.boolean(),
  context_line: z.string().nullable(),
  pre_context: z.array(z.string()),
  post_context: z.array(z.string()),
  /**
   * The frame's local variables as the SDK sent them (the Python SDK does, as their repr), bounded like any free-form
   * data; null when it sent none. Absent in events stored before they were kept.
   */
  vars: z.record(z.string(), z.unknown()).nullable().optional(),
  /**
   * Set when the project has source maps: the frame as the map resolves it, with the minified frame
   * it came from, or why it could not be resolved. Absent for projects without maps.
   */
  sourcemap: z
    .object({
      resuelto: z.boolean(),
      motivo: z.string().nullable(),
      minificado: z.object({
        abs_path: z.string().nullable(),
        function: z.string().nullable(),
        lineno: z.number().nullable(),
        colno: z.number().nullable(),
      }),
    })
    .nullable()
    .optional(),
});
export type Frame = z.infer<typeof frame>;

export const exceptionValue = z.object({
  type: z.string().nullable(),
  value: z.string().nullable(),
  module: z.string().nullable(),
  mechanism: z.object({ type: z.string().nullable(), handled: z.boolean().nullable() }).nullable(),
  /** Oldest call first, the crashing frame last (Sentry's order). */
  frames: z.array(frame),
});
export type ExceptionValue = z.infer<typeof exceptionValue>;

/**
 * A thread of the event with its stack (`threads.values[]`, as the SDKs send them): every thread of a Java or
 * Android crash, or a message's own stack (`attach_stacktrace`). Threads without frames are left out.
 */
export const thread = z.object({
  id: z.string().nullable(),
  name: z.string().nullable(),
  /** The thread that crashed. */
  crashed: z.boolean(),
  /** The thread the event was captured on. */
  current: z.boolean(),
  /** Oldest call first, as an exception's. */
  frames: z.array(frame),
});
export type Thread = z.infer<typeof thread>;

export const breadcrumb = z.object({
  timestamp: z.string().nullable(),
  type: z.string().nullable(),
  category: z.string().nullable(),
  level: z.string().nullable(),
  message: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type Breadcrumb = z.infer<typeof breadcrumb>;

export const eventoResumen = z.object({
  event_id: z.string(),
  issue_id: z.number().int(),
  fecha: z.string(),
  nivel: z.enum(NIVELES),
  mensaje: z.string(),
  release: z.string().nullable(),
  environment: z.string().nullable(),
  /** user.email, user.username, user.id or user.ip_address, the first present. */
  usuario: z.string().nullable(),
});
export type EventoResumen = z.infer<typeof eventoResumen>;

export const evento = eventoResumen.extend({
  recibido: z.string(),
  platform: z.string().nullable(),
  server_name: z.string().nullable(),
  transaction: z.string().nullable(),
  /** Exceptions, the outermost last (Sentry's order); empty for a message event. */
  exception: z.array(exceptionValue),
  /** Absent in events stored normalised before threads were kept (an event over the size kept as sent). */
  threads: z.array(thread).optional(),
  breadcrumbs: z.array(breadcrumb),
  request: z
    .object({
      url: z.string().nullable(),
      method: z.string().nullable(),
      query_string: z.string().nullable(),
      headers: z.record(z.string(), z.string()),
      data: z.unknown().nullable(),
    })
    .nullable(),
  user: z.record(z.string(), z.unknown()).nullable(),
  tags: z.array(z.object({ key: z.string(), value: z.string() })),
  contexts: z.record(z.string(), z.record(z.string(), z.unknown())),
  extra: z.record(z.string(), z.unknown()),
  /**
   * The packages installed where the event happened and their versions (`modules`, as the Python, Ruby and Java
   * SDKs send them); absent in events stored normalised before they were kept.
   */
  modules: z.record(z.string(), z.string()).optional(),
  sdk: z.object({ name: z.string().nullable(), version: z.string().nullable() }).nullable(),
  fingerprint: z.array(z.string()),
  /** Navigation within the issue: the older and the newer event, null at the ends. */
  anterior: z.string().nullable(),
  siguiente: z.string().nullable(),
});
export type Evento = z.infer<typeof evento>;

/** `GET /api/insights/issues/:id`: the issue, its latest event and its project. */
export const issueDetalle = issue.extend({
  tipo: z.string().nullable(),
  fingerprint: z.array(z.string()),
  comentarios: z.number().int(),
  ultimo_evento: evento.nullable(),
});
export type IssueDetalle = z.infer<typeof issueDetalle>;

/** `GET /api/insights/issues/:id/eventos`: newest first. */
export const eventoListQuery = listQuery(['fecha'] as const, {});
export const eventoPage = paged(eventoResumen);

/** `:evento` of `GET /api/insights/issues/:id/eventos/:evento`: an event_id, or latest / oldest. */
export const eventoParams = z
  .object({
    id: z.coerce.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido'),
    evento: z.union([
      z.literal('latest'),
      z.literal('oldest'),
      z.string().regex(/^[0-9a-f]{32}$/, 'Id de evento inválido'),
    ]),
  })
  .strict();

// ---- Tag breakdown and time series ----

/** `GET /api/insights/issues/:id/tags`: per tag key, the top 10 values of the issue's events. */
export const tagBreakdown = z.array(
  z.object({
    key: z.string(),
    total: z.number().int(),
    valores: z.array(z.object({ value: z.string(), cantidad: z.number().int(), porcentaje: z.number() })),
  }),
);
export type TagBreakdown = z.infer<typeof tagBreakdown>;

/** `GET /api/insights/issues/:id/serie?dias=30`: events per day (UTC), every day present, oldest first. */
export const serieQuery = z
  .object({
    dias: z.coerce.number({ error: 'Debe ser un número' }).int().min(1, 'Mínimo 1').max(365, 'Máximo 365').default(30),
  })
  .strict();
export const serie = z.array(z.object({ fecha: z.string(), cantidad: z.number().int() }));
export type Serie = z.infer<typeof serie>;

// ---- Comments ----

export const comentarioInput = z.object({ texto: requiredText(5000) }).strict();
export type ComentarioInput = z.input<typeof comentarioInput>;
export const comentario = z.object({
  id: z.number().int(),
  issue_id: z.number().int(),
  texto: z.string(),
  usuario: usuarioRef.nullable(),
  fecha: z.string(),
});
export type Comentario = z.infer<typeof comentario>;

/** `GET /api/insights/asignables`: active staff personas an issue can be assigned to, by apellido. */
export const asignables = z.array(usuarioRef);

/** `GET /api/insights/monitor-propio` (public): the DSN the portal's own web app reports to; null when off. */
export const monitorPropio = z.object({ dsn: z.string().nullable() });

// ---- Intake (the Sentry wire; not enveloped) ----

/** Compressed request body limit; the inflated body is capped at INTAKE_MAX_INFLATED. */
export const INTAKE_MAX_BODY = 1024 * 1024;
export const INTAKE_MAX_INFLATED = 4 * 1024 * 1024;

/**
 * The organization slug `sentry-cli` names (SENTRY_ORG): the portal has one; the project is the monitor
 * project's slug (SENTRY_PROJECT).
 */
export const SENTRY_ORG = 'intranet';

/** One file of an artifact bundle uploaded by sentry-cli. */
export const bundleArchivo = z.object({
  url: z.string(),
  tipo: z.string(),
  tamano: z.number(),
  debug_id: z.string().nullable(),
});

/** An artifact bundle: its files and size. */
export const bundle = z.object({
  id: z.number(),
  dist: z.string().nullable(),
  tamano: z.number(),
  creado: z.string(),
  archivos: z.array(bundleArchivo),
});

/**
 * A project's release, seen in its events or created by `sentry-cli releases new` (finalized by `releases
 * finalize`), with its events, the issues first seen in it and its bundles. `version` null gathers the
 * bundles uploaded without a release (matched by debug id only).
 */
// ---- Datos recibidos: what the intake took, turned away or dropped, per day and kind ----

/**
 * What became of what an SDK sent: stored; turned away by the project's per-minute limit or a full queue (the SDK
 * is told to retry later); dropped by the monitor (a kind it does not keep yet, an unreadable item); or discarded
 * by the SDK itself before sending (its `client_report`: sampling, its own rate limit, a full buffer…).
 */
export const RECIBIDO_RESULTADOS = ['aceptado', 'limitado', 'descartado', 'descartado_sdk'] as const;
export type RecibidoResultado = (typeof RECIBIDO_RESULTADOS)[number];
export const RECIBIDO_RESULTADO_NOMBRES: Record<RecibidoResultado, string> = {
  aceptado: 'Aceptados',
  limitado: 'Limitados',
  descartado: 'Descartados',
  descartado_sdk: 'Descartados por el SDK',
};

/** `GET /api/insights/proyectos/:id/recibidos?dias=`: one row per UTC day, kind, outcome and reason. */
export const recibidosQuery = z
  .object({
    dias: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Mínimo 1')
      .max(400, 'Máximo 400')
      .default(30),
  })
  .strict();
export const recibido = z.object({
  /** YYYY-MM-DD (UTC). */
  dia: z.string(),
  /** The kind of item as Sentry names it: error, transaction, session, attachment… */
  categoria: z.string(),
  resultado: z.enum(RECIBIDO_RESULTADOS),
  /** Why, for what was not accepted ('' otherwise). */
  motivo: z.string(),
  cantidad: z.number().int(),
});
export type Recibido = z.infer<typeof recibido>;

/** What a user of an app wrote about a problem (`Sentry.captureFeedback`), with the issue of its event if known. */
export const feedback = z.object({
  id: z.number().int(),
  event_id: z.string(),
  evento_asociado: z.string().nullable(),
  issue_id: z.number().int().nullable(),
  /** The issue's title, when the event it names is here. */
  issue_titulo: z.string().nullable(),
  nombre: z.string().nullable(),
  email: z.string().nullable(),
  mensaje: z.string(),
  url: z.string().nullable(),
  recibido: z.string(),
});
export type Feedback = z.infer<typeof feedback>;

/** A deploy of a release (`sentry-cli deploys new`): where, when, and who recorded it. */
export const deployRelease = z.object({
  id: z.number(),
  entorno: z.string(),
  nombre: z.string().nullable(),
  url: z.string().nullable(),
  iniciado: z.string().nullable(),
  terminado: z.string(),
  autor: z.string(),
});

export const releaseProyecto = z.object({
  version: z.string().nullable(),
  creada: z.string().nullable(),
  finalizada: z.string().nullable(),
  primer_evento: z.string().nullable(),
  ultimo_evento: z.string().nullable(),
  eventos: z.number(),
  issues_nuevos: z.number(),
  bundles: z.array(bundle),
  /** Newest first. */
  deploys: z.array(deployRelease),
  /** Its sessions of the last SALUD_DIAS_LISTA days (release health); null when none was reported. */
  salud: saludResumen.nullable(),
});
export type ReleaseProyecto = z.infer<typeof releaseProyecto>;
/** The period of the releases list's health figures (the Releases tab picks its own). */
export const SALUD_DIAS_LISTA = 14;

export * from './insights/salud.ts';
