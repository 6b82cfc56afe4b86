import type { ImportacionMapeo } from '@intranet/contract/shared/importacion';
import type { CampoImportado } from './spec.ts';

/**
 * A header as compared: lower case, without accents, spaces or punctuation ("Ubicación" = "ubicacion" = "UBICACION").
 */
export const normalizarEncabezado = (texto: string): string =>
  texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Each field -> the first column whose header is its name, its title or one of its aliases; null for none. */
export function adivinarMapeo(campos: readonly CampoImportado[], columnas: readonly string[]): ImportacionMapeo {
  const porNombre = new Map<string, string>();
  for (const columna of columnas) {
    const n = normalizarEncabezado(columna);
    if (n && !porNombre.has(n)) porNombre.set(n, columna);
  }
  const usadas = new Set<string>();
  const mapeo: ImportacionMapeo = {};
  for (const c of campos) {
    const nombres = [c.campo, c.titulo, ...(c.alias ?? [])].map(normalizarEncabezado);
    const columna = nombres.map((n) => porNombre.get(n)).find((col) => col !== undefined && !usadas.has(col));
    if (columna !== undefined) usadas.add(columna);
    mapeo[c.campo] = columna ?? null;
  }
  return mapeo;
}
