import { z } from 'zod';

// ---- Release health: the sessions the SDKs report, per release ----

/**
 * `GET /api/insights/proyectos/:id/salud?dias=&entorno=`: the sessions started in the last `dias` × 24 hours (from
 * that hour), of one environment (`entorno`) or of every one.
 */
export const saludQuery = z
  .object({
    dias: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(1, 'Mínimo 1')
      .max(90, 'Máximo 90')
      .default(14),
    entorno: z.string().trim().min(1, 'Entorno vacío').max(200, 'Máximo 200 caracteres').optional(),
  })
  .strict();

/** One UTC day of a release's sessions. Crashed, abnormal and errored are exclusive: each session is one or healthy. */
export const saludDia = z.object({
  /** YYYY-MM-DD (UTC). */
  dia: z.string(),
  sesiones: z.number().int(),
  crashed: z.number().int(),
  abnormal: z.number().int(),
  errored: z.number().int(),
});
export type SaludDia = z.infer<typeof saludDia>;

/** A release's health over a period. */
export const saludResumen = z.object({
  sesiones: z.number().int(),
  crashed: z.number().int(),
  abnormal: z.number().int(),
  /** Ended with errors, not crashed. */
  errored: z.number().int(),
  /** Distinct users (the sessions' `did`); 0 when the SDK sends none. */
  usuarios: z.number().int(),
  usuarios_crashed: z.number().int(),
  /** Percentage of the sessions that did not crash; null without sessions. */
  crash_free_sesiones: z.number().nullable(),
  /** Percentage of the users none of whose sessions crashed; null when the sessions name no user. */
  crash_free_usuarios: z.number().nullable(),
  /** The release's share (%) of the project's sessions in the same period. */
  adopcion: z.number().nullable(),
});
export type SaludResumen = z.infer<typeof saludResumen>;

export const saludRelease = saludResumen.extend({
  version: z.string(),
  /** One row per UTC day of the period, oldest first, days without sessions included. */
  serie: z.array(saludDia),
});
export type SaludRelease = z.infer<typeof saludRelease>;

/** The crash-free alert of a project: a release below `umbral` % over the last 24 hours, with enough sessions. */
export const saludAlerta = z.object({
  /** Percentage; 0 turns the alert off. */
  umbral: z.number({ error: 'Debe ser un número' }).min(0, 'Mínimo 0').max(100, 'Máximo 100'),
  minimo_sesiones: z
    .number({ error: 'Debe ser un número' })
    .int('Debe ser un número entero')
    .min(1, 'Mínimo 1')
    .max(1_000_000, 'Máximo 1.000.000'),
});
export type SaludAlerta = z.infer<typeof saludAlerta>;

/** What a project has when it set none. */
export const SALUD_ALERTA_DEFECTO: SaludAlerta = { umbral: 95, minimo_sesiones: 20 };

export const saludProyecto = z.object({
  dias: z.number().int(),
  /** Where the period starts (ISO 8601): the hour `dias` × 24 hours before now. */
  desde: z.string(),
  /** The environment the figures are of; null for every one. */
  entorno: z.string().nullable(),
  /** The environments with sessions in the period, for the filter. */
  entornos: z.array(z.string()),
  /** The project's sessions of the period (of `entorno` when given), every release. */
  sesiones: z.number().int(),
  alerta: saludAlerta,
  /** Most sessions first. */
  releases: z.array(saludRelease),
});
export type SaludProyecto = z.infer<typeof saludProyecto>;
