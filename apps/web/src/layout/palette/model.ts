import { BUSQUEDA_MINIMO, BUSQUEDA_TIPOS, type BusquedaTipo } from '@intranet/contract/areas/busqueda';
import { BUSQUEDA_NOMBRES } from '@intranet/contract/registry';
import type { PaletteEntry } from '../../core/area.ts';

/** Lower case, without accents: "Máquinas" is found by "maq". */
export const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

export interface PaletteQuery {
  /** The text to find, without the filter prefix. */
  texto: string;
  /** `cli: acme` names the kinds to search; undefined searches all. */
  tipos?: BusquedaTipo[];
}

/**
 * Reads the palette's input: a leading word and a colon filter the kinds (`cli: acme`, `serv:db`, `errores:
 * timeout`), by the start of a kind's name or of one of its aliases. A word that names no kind is text.
 */
export function parsePaletteQuery(input: string): PaletteQuery {
  const match = /^\s*([\p{L}]{2,})\s*:\s*(.*)$/u.exec(input);
  if (!match) return { texto: input.trim() };
  const prefijo = normalize(match[1]!);
  const tipos = BUSQUEDA_TIPOS.filter((tipo) =>
    [tipo, BUSQUEDA_NOMBRES[tipo].nombre, ...BUSQUEDA_NOMBRES[tipo].alias].some((name) =>
      normalize(name).startsWith(prefijo),
    ),
  );
  return tipos.length ? { texto: match[2]!.trim(), tipos } : { texto: input.trim() };
}

/** Whether the server is asked: the text is long enough for its indexes. */
export const searchesRecords = (query: PaletteQuery): boolean => query.texto.length >= BUSQUEDA_MINIMO;

/** A "new …" screen: the palette lists it under Acciones, and `n` opens it from its area. */
export const isCreateEntry = (entry: PaletteEntry): boolean => /\/(nuevo|nueva)$/.test(entry.link);

/** The screens and actions the user may open whose text or keywords hold every word typed. */
export function matchEntries(
  entries: readonly PaletteEntry[],
  texto: string,
  granted: ReadonlySet<string>,
): PaletteEntry[] {
  const words = normalize(texto).split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    if (!granted.has(entry.accion)) return false;
    const haystack = normalize([entry.text, ...(entry.keywords ?? [])].join(' '));
    return words.every((word) => haystack.includes(word));
  });
}

/** The "new …" action of the area the user is in: the one whose list the current path is under. */
export function createEntryFor(
  entries: readonly PaletteEntry[],
  pathname: string,
  granted: ReadonlySet<string>,
): PaletteEntry | undefined {
  return entries
    .filter((entry) => isCreateEntry(entry) && granted.has(entry.accion))
    .map((entry) => ({ entry, base: entry.link.replace(/\/(nuevo|nueva)$/, '') }))
    .filter(({ base }) => pathname === base || pathname.startsWith(`${base}/`))
    .sort((a, b) => b.base.length - a.base.length)[0]?.entry;
}

// ---- Recent items: what the user opened from the palette, newest first, kept in this browser. ----

export interface RecentItem {
  titulo: string;
  detalle: string | null;
  enlace: string;
}

const RECENT_KEY = 'intranet.paleta.recientes';
const RECENT_MAX = 8;

export function readRecent(storage: Pick<Storage, 'getItem'> = localStorage): RecentItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is RecentItem =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.titulo === 'string' &&
        typeof item.enlace === 'string' &&
        item.enlace.startsWith('/'),
    );
  } catch {
    return [];
  }
}

export function rememberRecent(
  item: RecentItem,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): RecentItem[] {
  const items = [item, ...readRecent(storage).filter((other) => other.enlace !== item.enlace)].slice(0, RECENT_MAX);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(items));
  } catch {
    // A full or blocked storage only loses the list.
  }
  return items;
}
