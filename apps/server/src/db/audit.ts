import type { Executor } from './client.ts';
import { auditoria } from './schema.ts';

/** Who did it, as the access guard knows them; null for the system (seed, migrations). */
export interface Autor {
  id: number;
  nombre: string;
}

export interface AuditEntry {
  autor: Autor | null;
  /** What happened: 'crear', 'modificar', 'eliminar', 'ingreso'... */
  accion: string;
  /** The table's name: 'servidores', 'dns', 'usuarios'... */
  entidad: string;
  entidadId: number | string | null;
  antes?: unknown;
  despues?: unknown;
}

/** Writes one audit row. Call it with the change's own transaction so both commit or neither does. */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditoria).values({
    usuarioId: entry.autor?.id ?? null,
    usuarioNombre: entry.autor?.nombre ?? null,
    accion: entry.accion,
    entidad: entry.entidad,
    entidadId: entry.entidadId === null ? null : String(entry.entidadId),
    antes: entry.antes ?? null,
    despues: entry.despues ?? null,
  });
}
