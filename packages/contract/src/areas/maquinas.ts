import { z } from 'zod';
import { listQuery, paged, queryBoolean, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { optionalIp, optionalText, requiredText } from '@intranet/contract/shared/validators';
export { MAQUINA_TIPOS, MAQUINA_TIPO_NOMBRES, type MaquinaTipo } from '@intranet/contract/shared/entre-areas';
import { MAQUINA_TIPOS } from '@intranet/contract/shared/entre-areas';

// ---- Máquinas ----

export const MAQUINA_ESTADOS = ['en_uso', 'disponible', 'reparacion', 'baja'] as const;
export type MaquinaEstado = (typeof MAQUINA_ESTADOS)[number];
export const MAQUINA_ESTADO_NOMBRES: Record<MaquinaEstado, string> = {
  en_uso: 'En uso',
  disponible: 'Disponible',
  reparacion: 'Reparación',
  baja: 'Baja',
};
/** The states a machine may be set to by hand; `en_uso` comes only from "Asignar". */
export const MAQUINA_ESTADOS_LIBRES = ['disponible', 'reparacion', 'baja'] as const;

const fecha = z.iso.date({ error: 'Fecha inválida (aaaa-mm-dd)' });
const optionalFecha = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.union([z.null(), fecha], { error: 'Fecha inválida (aaaa-mm-dd)' }));

const optionalGb = z
  .number({ error: 'Debe ser un número' })
  .int('Debe ser un número entero')
  .min(0, 'No puede ser negativo')
  .max(1_000_000, 'Máximo 1000000')
  .nullish()
  .transform((v) => v ?? null);

const MAC_INVALIDA = 'MAC inválida (seis pares hexadecimales, p. ej. 3C:52:82:0A:1B:2C)';
const MAC = /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i;
const optionalMac = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v.toUpperCase().replaceAll('-', ':') : null))
  .pipe(z.union([z.null(), z.string().regex(MAC, MAC_INVALIDA)], { error: MAC_INVALIDA }));

/** Create and update payload of a machine. `estado` en_uso is set by "Asignar", never typed. */
export const maquinaInput = z
  .object({
    nombre: requiredText(100),
    nro_inventario: optionalText(50),
    serie: optionalText(100),
    tipo: z.enum(MAQUINA_TIPOS, { error: 'Elija un tipo' }),
    fabricante: optionalText(100),
    modelo: optionalText(100),
    so: optionalText(100),
    so_version: optionalText(50),
    cpu: optionalText(100),
    ram_gb: optionalGb,
    disco_gb: optionalGb,
    ip: optionalIp,
    mac: optionalMac,
    ubicacion: optionalText(100),
    estado: z.enum(MAQUINA_ESTADOS, { error: 'Estado inválido' }).default('disponible'),
    fecha_compra: optionalFecha,
    garantia_hasta: optionalFecha,
    notas: optionalText(5000),
  })
  .strict();
export type MaquinaInput = z.input<typeof maquinaInput>;

export const maquina = z.object({
  id: z.number().int(),
  nombre: z.string(),
  nro_inventario: z.string().nullable(),
  serie: z.string().nullable(),
  tipo: z.enum(MAQUINA_TIPOS),
  fabricante: z.string().nullable(),
  modelo: z.string().nullable(),
  so: z.string().nullable(),
  so_version: z.string().nullable(),
  cpu: z.string().nullable(),
  ram_gb: z.number().int().nullable(),
  disco_gb: z.number().int().nullable(),
  ip: z.string().nullable(),
  mac: z.string().nullable(),
  ubicacion: z.string().nullable(),
  estado: z.enum(MAQUINA_ESTADOS),
  fecha_compra: z.string().nullable(),
  garantia_hasta: z.string().nullable(),
  /** The warranty ended before today. */
  garantia_vencida: z.boolean(),
  notas: z.string().nullable(),
  /** The current holder: the open assignment's person. */
  persona_id: z.number().int().nullable(),
  persona_nombre: z.string().nullable(),
  asignada_desde: z.string().nullable(),
  creado: z.string(),
  actualizado: z.string(),
});
export type Maquina = z.infer<typeof maquina>;

export const MAQUINA_SORT = [
  'nombre',
  'nro_inventario',
  'tipo',
  'estado',
  'persona_nombre',
  'ubicacion',
  'garantia_hasta',
  'actualizado',
] as const;
export const maquinaListQuery = listQuery(MAQUINA_SORT, {
  tipo: z.enum(MAQUINA_TIPOS, { error: 'Tipo inválido' }).optional(),
  estado: z.enum(MAQUINA_ESTADOS, { error: 'Estado inválido' }).optional(),
  persona_id: z.coerce.number({ error: 'Id inválido' }).int().positive().max(MAX_ID, 'Id inválido').optional(),
  ubicacion: z.string().trim().max(100).optional(),
  garantia_vencida: queryBoolean.optional(),
});
export const maquinaPage = paged(maquina);
export const maquinaExportQuery = maquinaListQuery.omit({ page: true, size: true });
/** Bulk actions on the list: delete, or set the state (never «En uso»: that is «Asignar») or the place. */
export const maquinaLote = loteBody(maquinaExportQuery, {
  estado: z.enum(MAQUINA_ESTADOS_LIBRES, { error: 'Estado inválido' }),
  ubicacion: optionalText(100),
  // What a purchase or a rollout sets on many machines at once: their kind, make and model, system, dates.
  tipo: maquinaInput.shape.tipo,
  fabricante: maquinaInput.shape.fabricante,
  modelo: maquinaInput.shape.modelo,
  so: maquinaInput.shape.so,
  so_version: maquinaInput.shape.so_version,
  fecha_compra: maquinaInput.shape.fecha_compra,
  garantia_hasta: maquinaInput.shape.garantia_hasta,
});
export const maquinaLoteExport = loteExportBody(maquinaExportQuery);

/** One row of a machine's assignment history. */
export const asignacion = z.object({
  id: z.number().int(),
  persona_id: z.number().int(),
  persona_nombre: z.string(),
  desde: z.string(),
  hasta: z.string().nullable(),
  notas: z.string().nullable(),
  asignado_por: z.string().nullable(),
  devuelto_por: z.string().nullable(),
});
export type Asignacion = z.infer<typeof asignacion>;

/** `GET /api/maquinas/:id`: the machine and its assignments, newest first. */
export const maquinaDetalle = maquina.extend({ asignaciones: z.array(asignacion) });
export type MaquinaDetalle = z.infer<typeof maquinaDetalle>;

/** `POST /api/maquinas/:id/asignar`: hands the machine to a person from a date (today when omitted). */
export const asignarInput = z
  .object({
    persona_id: z
      .number({ error: 'Elija una persona' })
      .int('Elija una persona')
      .positive('Elija una persona')
      .max(MAX_ID, 'Id inválido'),
    fecha: fecha.optional(),
    notas: optionalText(500),
  })
  .strict();
export type AsignarInput = z.input<typeof asignarInput>;

/** `POST /api/maquinas/:id/devolver`: closes the open assignment; the machine goes to `estado`. */
export const devolverInput = z
  .object({
    fecha: fecha.optional(),
    estado: z.enum(MAQUINA_ESTADOS_LIBRES, { error: 'Estado inválido' }).default('disponible'),
    notas: optionalText(500),
  })
  .strict();
export type DevolverInput = z.input<typeof devolverInput>;

/** `GET /api/maquinas/ubicaciones`: the locations in use, for the list's filter. */
export const ubicaciones = z.array(z.string());
