import type { StoreConfig, StoreConfigInput } from '@intranet/contract/areas/appsstore';

/** The form's values for the stored configuration: nulls become empty boxes. */
export const toFormValues = (c: StoreConfig): StoreConfigInput => ({
  nombre: c.nombre,
  canales: c.canales,
  destacadas: c.destacadas,
  version_minima: c.version_minima ?? '',
  mantenimiento: { activo: c.mantenimiento.activo, mensaje: c.mantenimiento.mensaje ?? '' },
});

/** The error of an array field: its own, or the first of its items' (the server may name `destacadas.0`). */
export function arrayError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const item of Object.values(error)) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}
