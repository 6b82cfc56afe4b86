import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, paged } from './list.ts';

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

export const AUDIT_ACTIONS = { crear: 'Creación', modificar: 'Modificación', eliminar: 'Eliminación', ingreso: 'Ingreso', bloqueo_ingreso: 'Bloqueo de ingreso', verificar: 'Verificación' } as const;

/** The answer of `GET {api}/api/auditoria`: one page of rows, newest first, and their total. */
export const auditPage = paged(auditRow);
