import { auditDiff } from '@intranet/contract/areas/auditoria';
import type { PermissionCode } from '@intranet/contract/registry';
import type { Executor } from './client.ts';
import { auditoria } from './schema.ts';

/** A value as the audit row stores it (jsonb): dates as their ISO text, as the history compares them. */
const aJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** Who did it, as the access guard knows them; null for the system (seed, migrations). */
export interface Autor {
  id: number;
  nombre: string;
}

export interface AuditEntry {
  autor: Autor | null;
  /** What happened: 'crear', 'modificar', 'eliminar', 'ingreso'... */
  accion: string;
  /** The record's kind as the history asks for it: 'servidor', 'dns', 'direccion'... (see AuditEntities). */
  entidad: string;
  entidadId: number | string | null;
  antes?: unknown;
  despues?: unknown;
  /** When it happened, if not now: the demo seed backdates the history it makes up. */
  fecha?: Date | undefined;
}

/**
 * Writes one audit row. Call it with the change's own transaction so both commit or neither does. A modification
 * that changed no field (a form saved as it was) is not written: the history would say "Modificación" of nothing.
 */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  if (
    entry.accion === 'modificar' &&
    entry.antes != null &&
    entry.despues != null &&
    auditDiff(aJson(entry.antes), aJson(entry.despues)).length === 0
  )
    return;
  await tx.insert(auditoria).values({
    usuarioId: entry.autor?.id ?? null,
    usuarioNombre: entry.autor?.nombre ?? null,
    accion: entry.accion,
    entidad: entry.entidad,
    entidadId: entry.entidadId === null ? null : String(entry.entidadId),
    antes: entry.antes ?? null,
    despues: entry.despues ?? null,
    ...(entry.fecha ? { fecha: entry.fecha } : {}),
  });
}

/**
 * The audit entities an area writes, each with the code that may read its history
 * (`GET /api/auditoria?entidad=`). Each area exports its own; app.ts hands them all to the auditoria routes.
 */
export type AuditEntities = Readonly<Record<string, PermissionCode>>;

/**
 * The author of a change: the signed-in user of the request's session, or the owner of the API token that
 * called, named with the token ("Ana Gómez (token «pipeline»)") so the history shows what a script did.
 */
export const autorDe = (sesion: {
  usuario: { id: number; nombre: string };
  token?: { nombre: string } | null;
}): Autor => ({
  id: sesion.usuario.id,
  nombre: sesion.token ? `${sesion.usuario.nombre} (token «${sesion.token.nombre}»)` : sesion.usuario.nombre,
});
