import { originalPositionFor, sourceContentFor, TraceMap } from '@jridgewell/trace-mapping';
import type { Frame } from '@intranet/contract/areas/insights';
import { LRUCache } from 'lru-cache';
import { abrirStore } from '../../../storage/disk.ts';
import type { StoreUbicacion } from '../../../storage/store.ts';

// Runs in a worker thread (core/isolated.ts): an uploaded source map (JSON of any size, written by anyone holding the
// project's token) is parsed and read here, with the worker's own heap and time limits, never on the thread that
// answers the API. The maps parsed stay in this worker for the next issue shown, while it lives.

/** Where a frame's map is in the store, or why there is none. */
export type MapaRef = { sha256: string; nombre: string } | { motivo: string };

export interface Resolucion {
  store: StoreUbicacion;
  /** Each exception's frames, each with its map (undefined: not minified, left as it is). */
  excepciones: { frames: Frame[]; mapas: (MapaRef | undefined)[] }[];
}

type Mapa = { ok: true; mapa: TraceMap } | { ok: false; motivo: string };

const CONTEXTO = 5;
/** Parsed maps kept: a large app's map is tens of MB once parsed. */
const mapas = new LRUCache<string, Mapa>({ max: 8 });

async function mapaDe(store: StoreUbicacion, ref: MapaRef): Promise<Mapa> {
  if ('motivo' in ref) return { ok: false, motivo: ref.motivo };
  const hit = mapas.get(ref.sha256);
  if (hit) return hit;
  const partes: Buffer[] = [];
  let mapa: Mapa;
  try {
    for await (const p of abrirStore(store).read(ref.sha256)) partes.push(p as Buffer);
    mapa = { ok: true, mapa: new TraceMap(Buffer.concat(partes).toString('utf8')) };
  } catch {
    mapa = { ok: false, motivo: `El source map ${ref.nombre} está dañado o falta en el almacenamiento` };
  }
  mapas.set(ref.sha256, mapa);
  return mapa;
}

/** Every exception's frames resolved through their maps. */
export default async function resolver({ store, excepciones }: Resolucion): Promise<Frame[][]> {
  const out: Frame[][] = [];
  for (const { frames, mapas: refs } of excepciones) {
    const leidos = await Promise.all(refs.map((ref) => (ref ? mapaDe(store, ref) : undefined)));
    out.push(frames.map((f, i) => resolverFrame(f, leidos[i], i > 0 ? frames[i - 1] : undefined, leidos[i - 1])));
  }
  return out;
}

/** `../src/carrito.ts`, `webpack://app/./src/x.ts` → `src/carrito.ts`, `src/x.ts`: the path a person reads. */
const rutaLegible = (source: string) =>
  source
    .replace(/^[a-z-]+:\/\/[^/]*\//i, '')
    .replace(/^(\.\.?\/)+/, '')
    .replace(/^\.\//, '');

/** `function name(`, `name = (…) =>` / `name = function`, a method `name(…) {`: a declaration's name on a line. */
const DECLARACION =
  /(?:function\*?\s+([\w$]+)\s*\(|([\w$]+)\s*[:=]\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[\w$]+\s*=>)|^\s*(?:(?:public|private|protected|static|async)\s+)*([\w$]+)\s*\([^)]*\)\s*(?::[^{]+)?\{)/;
const NO_FUNCIONES = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function']);

/**
 * The function that encloses line `i` of the original source, read from the nearest declaration above it: the
 * outermost frame has no caller whose call site names it.
 */
function funcionQueContiene(lineas: string[], i: number): string | null {
  for (let j = i; j >= 0 && j > i - 200; j--) {
    const m = DECLARACION.exec(lineas[j] ?? '');
    const nombre = m?.[1] ?? m?.[2] ?? m?.[3];
    if (nombre && !NO_FUNCIONES.has(nombre)) return nombre;
  }
  return null;
}

/**
 * The frame through its map; its function's name is the name at the caller's call site (Sentry's rule), else
 * the declaration that encloses it.
 */
function resolverFrame(
  f: Frame,
  mapa: Mapa | undefined,
  llamador: Frame | undefined,
  mapaLlamador: Mapa | undefined,
): Frame {
  if (!mapa) return f;
  const minificado = { abs_path: f.abs_path ?? f.filename, function: f.function, lineno: f.lineno, colno: f.colno };
  if (!mapa.ok) return f.in_app ? { ...f, sourcemap: { resuelto: false, motivo: mapa.motivo, minificado } } : f;
  const pos = originalPositionFor(mapa.mapa, { line: f.lineno!, column: f.colno! - 1 });
  if (pos.source === null || pos.line === null) {
    return {
      ...f,
      sourcemap: {
        resuelto: false,
        motivo: `El source map no tiene la línea ${f.lineno}, columna ${f.colno}`,
        minificado,
      },
    };
  }
  const fuente = sourceContentFor(mapa.mapa, pos.source);
  const lineas = fuente?.split(/\r?\n/) ?? [];
  const i = pos.line - 1;
  let nombre: string | null = null;
  if (llamador && mapaLlamador?.ok && llamador.lineno !== null && llamador.colno !== null) {
    nombre = originalPositionFor(mapaLlamador.mapa, { line: llamador.lineno, column: llamador.colno - 1 }).name;
  }
  nombre ??= funcionQueContiene(lineas, i);
  return {
    ...f,
    filename: rutaLegible(pos.source),
    abs_path: pos.source,
    // The SDK's module is read from the minified file's name: another build, another module.
    module: null,
    // A library bundled into the app's file is the app's in the minified frame, not once resolved (as Sentry does).
    in_app: f.in_app && !/(^|\/)node_modules\//.test(pos.source),
    function: nombre ?? f.function,
    lineno: pos.line,
    colno: (pos.column ?? 0) + 1,
    context_line: lineas[i]?.slice(0, 500) ?? null,
    pre_context: lineas.slice(Math.max(0, i - CONTEXTO), i).map((l) => l.slice(0, 500)),
    post_context: lineas.slice(i + 1, i + 1 + CONTEXTO).map((l) => l.slice(0, 500)),
    sourcemap: { resuelto: true, motivo: null, minificado },
  };
}
