import { z } from 'zod';

// What the schemas of several areas share: the enumerations one area defines and another reports on or
// filters by, and the spec's DNS reference. An area re-exports what it owns from here; areas never import
// one another.

// ---- Aplicaciones: release channels ----

export const APLICACION_CANALES = ['estable', 'beta'] as const;
export type AplicacionCanal = (typeof APLICACION_CANALES)[number];

// ---- Actualizaciones de clientes: results ----
export const ACTUALIZACION_RESULTADOS = ['ok', 'error', 'parcial'] as const;
export type ActualizacionResultado = (typeof ACTUALIZACION_RESULTADOS)[number];

export const RESULTADO_ETIQUETA: Readonly<Record<ActualizacionResultado, string>> = {
  ok: 'Correcta',
  error: 'Con error',
  parcial: 'Parcial',
};

// ---- Versiones: release channels ----
export const VERSION_CANALES = ['estable', 'beta', 'hotfix'] as const;
export type VersionCanal = (typeof VERSION_CANALES)[number];

// ---- Desarrollos: priorities ----
export const DESARROLLO_PRIORIDADES = ['baja', 'media', 'alta', 'urgente'] as const;
export type DesarrolloPrioridad = (typeof DESARROLLO_PRIORIDADES)[number];

export const DESARROLLO_PRIORIDAD_NOMBRES: Record<DesarrolloPrioridad, string> = {
  baja: 'Baja',
  media: 'Media',
  alta: 'Alta',
  urgente: 'Urgente',
};

// ---- Máquinas: kinds ----
export const MAQUINA_TIPOS = ['notebook', 'pc', 'servidor', 'vm'] as const;
export type MaquinaTipo = (typeof MAQUINA_TIPOS)[number];

export const MAQUINA_TIPO_NOMBRES: Record<MaquinaTipo, string> = { notebook: 'Notebook', pc: 'PC', servidor: 'Servidor', vm: 'Máquina virtual' };

// ---- Vencimientos: states, quick filters and the months chart (clients' expiries and websites') ----
export const VENCIMIENTO_ESTADOS = ['vencido', 'critico', 'proximo', 'vigente'] as const;
export type VencimientoEstado = (typeof VENCIMIENTO_ESTADOS)[number];

/** Quick filters: already expired, due within N days (from today on), or everything. */
export const VENCIMIENTO_PLAZOS = ['vencidos', '7', '30', '60', '90', 'todos'] as const;
export type VencimientoPlazo = (typeof VENCIMIENTO_PLAZOS)[number];

/** `GET /api/vencimientos/:grupo/meses`: how many items fall due in each of the coming months. */
export const vencimientoMes = z.object({
  /** yyyy-mm */
  mes: z.string(),
  cantidad: z.number().int().nonnegative(),
});

export const vencimientoMeses = z.object({ vencidos: z.number().int().nonnegative(), meses: z.array(vencimientoMes) });
export type VencimientoMeses = z.infer<typeof vencimientoMeses>;

// ---- Servidores ----

/** A DNS entry as the spec's server shape carries it (spec §3). */
/** An optional reference to another record by id: a positive whole number, or null when absent; `mensaje` otherwise. */
export const optionalId = (mensaje: string) =>
  z
    .number({ error: mensaje })
    .int(mensaje)
    .positive(mensaje)
    .nullish()
    .transform((v) => v ?? null);

export const dnsRef = z.object({ id: z.number().int(), host: z.string() });

// ---- Archivos ----

/** A SHA-256 as lower-case hex: the file's identity in the store and its download key. */
export const sha256Hex = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'Suma SHA-256 inválida');

/** The name a file is stored and downloaded under: no path, no control characters. */
export const nombreArchivo = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .max(200, 'Máximo 200 caracteres')
  .refine((v) => !/[/\\\u0000-\u001f\u007f]/.test(v) && v !== '.' && v !== '..', 'Nombre de archivo inválido');
