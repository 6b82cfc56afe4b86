import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, paged } from '@intranet/contract/shared/list';

/** One row of the audit log: who changed what and when, with the record before and after. */
export const auditRow = z.object({
  id: z.number().int(),
  fecha: z.string(),
  usuario_nombre: z.string().nullable(),
  accion: z.string(),
  entidad: z.string(),
  entidad_id: z.string().nullable(),
  antes: z.unknown().nullable(),
  despues: z.unknown().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

/** `GET {api}/api/auditoria?entidad=&id=`: the history of one record, newest first. */
export const auditQuery = z
  .object({
    entidad: z.string().trim().min(1, 'Este campo es requerido').max(50),
    id: z.string().trim().min(1, 'Este campo es requerido').max(50),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .strict();

export const AUDIT_ACTIONS = {
  crear: 'Creación',
  modificar: 'Modificación',
  eliminar: 'Eliminación',
  ingreso: 'Ingreso',
  bloqueo_ingreso: 'Bloqueo de ingreso',
  verificar: 'Verificación',
} as const;

/** The answer of `GET {api}/api/auditoria`: one page of rows, newest first, and their total. */
export const auditPage = paged(auditRow);

// ---- What a modification changed: the history shows these fields, and a modification that changes none
// is not written ----

/** One field an audit row changed: its value before and after. */
export interface CampoCambiado {
  campo: string;
  antes: unknown;
  despues: unknown;
}

/** Bookkeeping fields every change touches; showing them would bury the real change. */
const IGNORED = new Set(['id', 'creado', 'actualizado']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/**
 * The fields that differ between an audit row's `antes` and `despues`. A creation lists the fields it set,
 * a deletion the fields it removed; values that are not records compare as a whole.
 */
export function auditDiff(antes: unknown, despues: unknown): CampoCambiado[] {
  const before = isRecord(antes) ? antes : isBlank(antes) ? {} : null;
  const after = isRecord(despues) ? despues : isBlank(despues) ? {} : null;
  if (before === null || after === null) {
    return JSON.stringify(antes) === JSON.stringify(despues) ? [] : [{ campo: '', antes, despues }];
  }
  const campos = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((campo) => !IGNORED.has(campo));
  return campos
    .filter((campo) => {
      const a = before[campo];
      const b = after[campo];
      if (isBlank(a) && isBlank(b)) return false;
      return JSON.stringify(a) !== JSON.stringify(b);
    })
    .map((campo) => ({ campo, antes: before[campo] ?? null, despues: after[campo] ?? null }));
}
