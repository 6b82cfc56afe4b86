import { z } from 'zod';
import { ALERTA_TIPOS, type AlertaTipo } from '../registry.ts';
import { MAX_ID } from '@intranet/contract/shared/list';
import { loteBody } from '@intranet/contract/shared/lote';

// ---- Alertas: scheduled jobs, notifications in the portal ----

/** How a job's run ended: still running, done, failed (and retried or given up), or cut off by a restart. */
export const TAREA_ESTADOS = {
  en_curso: 'En curso',
  ok: 'Correcta',
  error: 'Con error',
  interrumpida: 'Interrumpida',
} as const;
export type TareaEstado = keyof typeof TAREA_ESTADOS;

/** One run of a scheduled job. Times are ISO 8601; `duracion_ms` is null while it runs. */
export const tareaEjecucion = z.object({
  id: z.number().int(),
  inicio: z.string(),
  fin: z.string().nullable(),
  duracion_ms: z.number().int().nullable(),
  estado: z.enum(Object.keys(TAREA_ESTADOS) as [TareaEstado, ...TareaEstado[]]),
  /** Which attempt of the job this was (1 = the first; retries count up). */
  intento: z.number().int(),
  /** The last attempt the queue allows: a failure here is final (the job is shown as failed). */
  definitivo: z.boolean(),
  /** Started by a person ("Ejecutar ahora") rather than by the schedule. */
  manual: z.boolean(),
  /** What it did, in Spanish ("3 avisos enviados a 2 personas"). */
  resultado: z.string().nullable(),
  error: z.string().nullable(),
});
export type TareaEjecucion = z.infer<typeof tareaEjecucion>;

/** A scheduled job as Alertas → Tareas shows it. */
export const tarea = z.object({
  nombre: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  /** Its schedule in words ("Cada 60 minutos y al iniciar"), its times in the portal's zone (`zona`). */
  programacion: z.string(),
  /** The setting behind it, for administrators: the environment variable and its value; null when none. */
  ajuste: z.object({ variable: z.string(), valor: z.string() }).nullable(),
  /** The next scheduled run (ISO 8601), null when the scheduler is not running. */
  proxima: z.string().nullable(),
  /** Runs waiting in the queue (a manual run asked for, or a retry after a failure). */
  pendientes: z.number().int(),
  /** The latest runs, newest first. */
  ejecuciones: z.array(tareaEjecucion),
});
export type Tarea = z.infer<typeof tarea>;

/** `GET {api}/api/alertas/tareas`. */
export const tareasRespuesta = z.object({
  /** False when this server runs no scheduler (then no job runs on its own). */
  activo: z.boolean(),
  /** The portal's time zone (IANA), in which the schedules' times are written (PORTAL_TIMEZONE). */
  zona: z.string(),
  tareas: z.array(tarea),
  /** The e-mail channel: whether SMTP_URL is set, and the outbox's waiting and failed e-mails. */
  correo: z.object({ configurado: z.boolean(), pendientes: z.number().int(), fallidos: z.number().int() }),
});
export type TareasRespuesta = z.infer<typeof tareasRespuesta>;

export const tareaParams = z.object({ nombre: z.string().trim().min(1).max(100) }).strict();

/** `POST {api}/api/alertas/tareas/:nombre/ejecutar`: the run is queued; its id in the queue. */
export const tareaEncolada = z.object({ trabajo: z.string() });

// ---- Notifications (the bell) ----

// The kinds of alert are the areas' (registry.ts builds these from their declarations).
export {
  ALERTA_TIPOS,
  ALERTA_TIPOS_CLIENTE,
  ALERTA_TIPOS_EVENTO,
  ALERTA_TIPOS_PROYECTO,
  type AlertaTipo,
} from '../registry.ts';
/** What a notification is about: one kind, or several kinds of expiries at once. */
export const NOTIFICACION_TIPOS = { ...ALERTA_TIPOS, vencimientos: 'Vencimientos' } as const;
export type NotificacionTipo = keyof typeof NOTIFICACION_TIPOS;
export const ALERTA_TIPO_VALUES = Object.keys(ALERTA_TIPOS) as [AlertaTipo, ...AlertaTipo[]];

export const notificacion = z.object({
  id: z.number().int(),
  tipo: z.enum(Object.keys(NOTIFICACION_TIPOS) as [NotificacionTipo, ...NotificacionTipo[]]),
  titulo: z.string(),
  detalle: z.string(),
  /** The portal path of the item ("/clientes/12/vencimientos"). */
  enlace: z.string(),
  creada: z.string(),
  leida: z.boolean(),
});
export type Notificacion = z.infer<typeof notificacion>;

/** `GET {api}/api/alertas/notificaciones`: the latest notifications of the caller and how many are unread. */
export const notificacionesRespuesta = z.object({
  no_leidas: z.number().int().nonnegative(),
  items: z.array(notificacion),
});
export type NotificacionesRespuesta = z.infer<typeof notificacionesRespuesta>;

/**
 * `POST /api/alertas/notificaciones/lote`: mark the caller's chosen notifications read or unread, or
 * delete them. Any signed-in person, their own only; the list has no filter, so "all that match" is all of theirs.
 */
export const notificacionLote = loteBody(z.object({}).strict(), { leida: z.boolean({ error: 'Elija sí o no' }) });

export const notificacionesQuery = z
  .object({
    limite: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Mínimo 1')
      .max(100, 'Máximo 100')
      .default(20),
  })
  .strict();

export const notificacionParams = z
  .object({
    id: z.coerce.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido'),
  })
  .strict();

/** An item an expiry scan announced: what, when it is due, the threshold it reached, and its screen. */
export const aviso = z.object({
  tipo: z.enum(ALERTA_TIPO_VALUES),
  titulo: z.string(),
  /** yyyy-mm-dd; null for an event (a new error, a site that stopped answering). */
  vence: z.string().nullable(),
  /** Days before the due date it was announced at (90, 30, 7, 0), or after it (-7, -14…). */
  umbral: z.number().int(),
  enlace: z.string(),
});
export type Aviso = z.infer<typeof aviso>;

/** `GET {api}/api/alertas/notificaciones/:id`: a notification and its items the caller may read (at most 500). */
export const notificacionDetalle = z.object({
  notificacion,
  items: z.array(aviso),
  total: z.number().int().nonnegative(),
});
export type NotificacionDetalle = z.infer<typeof notificacionDetalle>;

/** Answer of marking read: how many are still unread. */
export const noLeidas = z.object({ no_leidas: z.number().int().nonnegative() });

/** "Vence en 25 días", "Vence hoy", "Venció hace 3 días": a due date (yyyy-mm-dd) seen from `hoy`. */
export function cuandoVence(vence: string, hoy: string): string {
  const dias = Math.round((Date.parse(vence) - Date.parse(hoy)) / 86_400_000);
  if (dias === 0) return 'Vence hoy';
  if (dias === 1) return 'Vence mañana';
  if (dias > 0) return `Vence en ${dias} días`;
  return dias === -1 ? 'Venció ayer' : `Venció hace ${-dias} días`;
}

// ---- Mis alertas: each person's channels per kind ----

/** The most clients (and the most projects) one person may follow. */
export const MAX_SEGUIDOS = 200;

export const preferencia = z
  .object({
    tipo: z.enum(ALERTA_TIPO_VALUES, { error: 'Tipo de alerta inválido' }),
    email: z.boolean({ error: 'Debe ser verdadero o falso' }),
    portal: z.boolean({ error: 'Debe ser verdadero o falso' }),
  })
  .strict();

/** A kind's channels as a screen shows them: its name, and whether they were chosen (else the defaults). */
export const canalesDeTipo = preferencia.extend({ titulo: z.string(), propia: z.boolean() });

/** A client or monitor project a person follows. */
export const seguido = z.object({ id: z.number().int(), nombre: z.string() });
export type Seguido = z.infer<typeof seguido>;

/**
 * `GET {api}/api/alertas/preferencias`: the kinds the caller may receive, with their channels, and what they
 * follow. Following clients (or projects) narrows the alerts of their kinds to those; following none: all.
 */
export const misAlertas = z.object({
  /** Whether e-mail is sent at all (SMTP_URL). */
  correo_configurado: z.boolean(),
  /** The address e-mail goes to (the account's), or null when it has none. */
  email: z.string().nullable(),
  /** `propia`: the person chose it; false: the defaults of their roles. */
  tipos: z.array(canalesDeTipo),
  /** Whether the caller receives alerts about clients (and so may follow some), and about monitor projects. */
  puede_seguir: z.object({ clientes: z.boolean(), proyectos: z.boolean() }),
  clientes: z.array(seguido),
  proyectos: z.array(seguido),
});
export type MisAlertas = z.infer<typeof misAlertas>;

const seguidos = z
  .array(z.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido'))
  .max(MAX_SEGUIDOS, `Puede seguir hasta ${MAX_SEGUIDOS}`)
  .refine((ids) => new Set(ids).size === ids.length, 'Está repetido');

/**
 * `PUT {api}/api/alertas/preferencias`: the caller's choice for some kinds (others keep theirs), and, when
 * sent, the whole list of clients and of monitor projects they follow.
 */
export const misAlertasInput = z
  .object({
    preferencias: z.array(preferencia).min(1, 'Elija al menos un tipo de alerta').max(20),
    clientes: seguidos.optional(),
    proyectos: seguidos.optional(),
  })
  .strict();
export type MisAlertasInput = z.infer<typeof misAlertasInput>;

// ---- Defaults per role (ALERTAS#ADMIN) ----

/**
 * `GET {api}/api/alertas/roles`: each role with the kinds its codes read and the channels its members get
 * until they choose their own (`propia`: set for the role; false: both channels, the default).
 */
export const rolAlertas = z.object({ id: z.number().int(), nombre: z.string(), tipos: z.array(canalesDeTipo) });
export type RolAlertas = z.infer<typeof rolAlertas>;

/** `PUT {api}/api/alertas/roles/:id`: the role's channels for the kinds sent (others keep theirs). */
export const rolAlertasInput = z
  .object({ preferencias: z.array(preferencia).min(1, 'Elija al menos un tipo de alerta').max(20) })
  .strict();
export type RolAlertasInput = z.infer<typeof rolAlertasInput>;

// ---- Webhooks (ALERTAS#ADMIN) ----

export const WEBHOOK_FORMATOS = { json: 'JSON de la Intranet', slack: 'Slack (también Teams y Mattermost)' } as const;
export type WebhookFormato = keyof typeof WEBHOOK_FORMATOS;
export const ENTREGA_ESTADOS = { pendiente: 'Pendiente', enviada: 'Enviada', error: 'Con error' } as const;
export type EntregaEstado = keyof typeof ENTREGA_ESTADOS;
/**
 * Deliveries are signed per Standard Webhooks: `webhook-id`, `webhook-timestamp` (seconds) and this header,
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the base64 part of the webhook's `whsec_` secret.
 */
export const WEBHOOK_FIRMA = 'webhook-signature';

export const webhookInput = z
  .object({
    nombre: z
      .string({ error: 'Este campo es requerido' })
      .trim()
      .min(1, 'Este campo es requerido')
      .max(100, 'Máximo 100 caracteres'),
    url: z
      .string({ error: 'Este campo es requerido' })
      .trim()
      .min(1, 'Este campo es requerido')
      .max(2000, 'Máximo 2000 caracteres')
      .refine((v) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v) && URL.canParse(v), 'Debe ser una URL http:// o https://'),
    formato: z.enum(Object.keys(WEBHOOK_FORMATOS) as [WebhookFormato, ...WebhookFormato[]], {
      error: 'Formato inválido',
    }),
    eventos: z
      .array(z.enum(ALERTA_TIPO_VALUES, { error: 'Tipo de alerta inválido' }))
      .min(1, 'Elija al menos un tipo de alerta')
      .max(20),
    activo: z.boolean({ error: 'Debe ser verdadero o falso' }),
  })
  .strict();
export type WebhookInput = z.infer<typeof webhookInput>;

export const webhook = z.object({
  id: z.number().int(),
  nombre: z.string(),
  url: z.string(),
  formato: z.enum(Object.keys(WEBHOOK_FORMATOS) as [WebhookFormato, ...WebhookFormato[]]),
  eventos: z.array(z.enum(ALERTA_TIPO_VALUES)),
  activo: z.boolean(),
  /**
   * Shown to admins so the receiver can check the signature: `whsec_<base64>` (older ones, 48 hex digits, are raw
   * key bytes).
   */
  secreto: z.string(),
  /** The latest delivery's state and answer code, if any. */
  ultima_entrega: z
    .object({
      estado: z.enum(Object.keys(ENTREGA_ESTADOS) as [EntregaEstado, ...EntregaEstado[]]),
      codigo: z.number().int().nullable(),
      fecha: z.string(),
    })
    .nullable(),
});
export type Webhook = z.infer<typeof webhook>;

/**
 * `POST /api/alertas/webhooks/lote`: delete the chosen webhooks, or all of them (the list has no filter,
 * so "all that match" is `filtro: {}`), each through the single delete. No field to set, no CSV of its own.
 */
export const webhookLote = loteBody(z.object({}).strict(), {});

export const entrega = z.object({
  id: z.number().int(),
  evento: z.string(),
  estado: z.enum(Object.keys(ENTREGA_ESTADOS) as [EntregaEstado, ...EntregaEstado[]]),
  intentos: z.number().int(),
  codigo: z.number().int().nullable(),
  /**
   * How the last attempt ended, in the portal's words ('Entregado (200)', 'No se pudo conectar'); never the
   * receiver's body.
   */
  respuesta: z.string().nullable(),
  duracion_ms: z.number().int().nullable(),
  creada: z.string(),
  ultima: z.string().nullable(),
  proxima: z.string().nullable(),
});
export type Entrega = z.infer<typeof entrega>;

const idInvalido = { error: 'Id inválido' };
/** `POST /api/alertas/webhooks/:id/entregas/:entrega/reenviar`: the webhook and its delivery. */
export const entregaParams = z
  .object({
    id: z.coerce.number(idInvalido).int(idInvalido).positive(idInvalido.error).max(MAX_ID, idInvalido.error),
    entrega: z.coerce.number(idInvalido).int(idInvalido).positive(idInvalido.error).max(MAX_ID, idInvalido.error),
  })
  .strict();
