import type { PermissionCode } from '@intranet/contract/registry';

/** What a report query may know of its caller: which data it may read (for columns some callers may not see). */
export interface Contexto {
  puede: (codigo: PermissionCode) => boolean;
}

export const contextoDe = (permisos: ReadonlySet<PermissionCode>): Contexto => ({
  puede: (codigo) => permisos.has(codigo),
});
