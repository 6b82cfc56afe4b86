import { originalPositionFor, sourceContentFor, TraceMap } from '@jridgewell/trace-mapping';
import type { ExceptionValue, Frame } from '@intranet/contract/insights';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../../db/client.ts';
import { archivos, insightsBundleArchivos, insightsBundles } from '../../../db/schema.ts';
import type { FileStore } from '../../../storage/store.ts';

// Minified frames resolved through the project's uploaded source maps: by debug id first (the event's
// `debug_meta.images` of type sourcemap), then by release + dist + URL with Sentry's `~/` rules. Runs when an
// issue is shown or first grouped, never on the intake's path.

export interface Simbolizador {
  /** The exceptions with their frames resolved where a map exists; as they were when the project has no maps. */
  excepciones(proyectoId: number, crudo: unknown, valores: ExceptionValue[], release: string | null): Promise<ExceptionValue[]>;
}

type Mapa = { ok: true; mapa: TraceMap } | { ok: false; motivo: string };

const CONTEXTO = 5;
const SCRIPT = /\.(c|m)?js(\?.*)?$/i;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `debug_meta.images` of type sourcemap: code file → debug id. */
export function imagenesDeDepuracion(crudo: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const images = isObj(crudo) && isObj(crudo.debug_meta) && Array.isArray(crudo.debug_meta.images) ? crudo.debug_meta.images : [];
  for (const img of images.slice(0, 500)) {
    if (isObj(img) && img.type === 'sourcemap' && typeof img.code_file === 'string' && typeof img.debug_id === 'string') out.set(img.code_file, img.debug_id.toLowerCase());
  }
  return out;
}

/**
 * The bundle URLs a frame's file may have been uploaded as (Sentry's rules): the URL itself, then `~/` and its
 * path without scheme and host, then that path with its leading folders dropped one at a time.
 */
export function urlsCandidatas(absPath: string): string[] {
  const out = [absPath];
  let ruta = absPath;
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/.*)?$/i.exec(absPath);
  if (m) ruta = m[1] ?? '/';
  const partes = ruta.replace(/[?#].*$/, '').split('/').filter(Boolean);
  for (let i = 0; i < partes.length; i++) out.push(`~/${partes.slice(i).join('/')}`);
  return [...new Set(out)];
}

/** `../src/carrito.ts`, `webpack://app/./src/x.ts` → `src/carrito.ts`, `src/x.ts`: the path a person reads. */
const rutaLegible = (source: string) =>
  source
    .replace(/^[a-z-]+:\/\/[^/]*\//i, '')
    .replace(/^(\.\.?\/)+/, '')
    .replace(/^\.\//, '');

export function simbolizador(db: Executor, store: FileStore): Simbolizador {
  const mapas = new LRUCache<string, Mapa>({ max: 64 });

  async function mapaDe(sha256: string, nombre: string): Promise<Mapa> {
    const hit = mapas.get(sha256);
    if (hit) return hit;
    const partes: Buffer[] = [];
    let mapa: Mapa;
    try {
      for await (const p of store.read(sha256)) partes.push(p as Buffer);
      mapa = { ok: true, mapa: new TraceMap(Buffer.concat(partes).toString('utf8')) };
    } catch {
      mapa = { ok: false, motivo: `El source map ${nombre} está dañado o falta en el almacenamiento` };
    }
    mapas.set(sha256, mapa);
    return mapa;
  }

  async function porDebugId(proyectoId: number, debugId: string): Promise<{ sha256: string; url: string } | undefined> {
    const [row] = await db
      .select({ sha256: archivos.sha256, url: insightsBundleArchivos.url })
      .from(insightsBundleArchivos)
      .innerJoin(insightsBundles, eq(insightsBundles.id, insightsBundleArchivos.bundleId))
      .innerJoin(archivos, eq(archivos.id, insightsBundleArchivos.archivoId))
      .where(and(eq(insightsBundles.proyectoId, proyectoId), eq(insightsBundleArchivos.debugId, debugId), eq(insightsBundleArchivos.tipo, 'source_map')))
      .orderBy(desc(insightsBundles.id))
      .limit(1);
    return row;
  }

  async function porRelease(proyectoId: number, release: string, dist: string | null, absPath: string): Promise<{ sha256: string; url: string } | undefined> {
    const candidatas = urlsCandidatas(absPath);
    const enRelease = and(eq(insightsBundles.proyectoId, proyectoId), eq(insightsBundles.release, release), dist === null ? isNull(insightsBundles.dist) : eq(insightsBundles.dist, dist));
    const scripts = await db
      .select({ bundleId: insightsBundleArchivos.bundleId, url: insightsBundleArchivos.url, sourcemap: insightsBundleArchivos.sourcemap })
      .from(insightsBundleArchivos)
      .innerJoin(insightsBundles, eq(insightsBundles.id, insightsBundleArchivos.bundleId))
      .where(and(enRelease, inArray(insightsBundleArchivos.url, candidatas), eq(insightsBundleArchivos.tipo, 'minified_source')))
      .orderBy(desc(insightsBundles.id));
    // The first candidate in Sentry's order; its map by the URL it names (relative to the script), else `<url>.map`.
    const script = candidatas.map((c) => scripts.find((s) => s.url === c)).find(Boolean);
    const urlMapa = script ? (script.sourcemap ? new URL(script.sourcemap, `http://x/${script.url.replace(/^~\//, '')}`).pathname.replace(/^\//, '~/') : `${script.url}.map`) : undefined;
    const mapasUrl = urlMapa ? [urlMapa] : candidatas.map((c) => `${c}.map`);
    const [row] = await db
      .select({ sha256: archivos.sha256, url: insightsBundleArchivos.url })
      .from(insightsBundleArchivos)
      .innerJoin(insightsBundles, eq(insightsBundles.id, insightsBundleArchivos.bundleId))
      .innerJoin(archivos, eq(archivos.id, insightsBundleArchivos.archivoId))
      .where(and(enRelease, inArray(insightsBundleArchivos.url, mapasUrl), eq(insightsBundleArchivos.tipo, 'source_map'), script ? eq(insightsBundleArchivos.bundleId, script.bundleId) : sql`true`))
      .orderBy(desc(insightsBundles.id))
      .limit(1);
    return row;
  }

  async function tieneBundles(proyectoId: number): Promise<boolean> {
    const [row] = await db.select({ id: insightsBundles.id }).from(insightsBundles).where(eq(insightsBundles.proyectoId, proyectoId)).limit(1);
    return row !== undefined;
  }

  return {
    async excepciones(proyectoId, crudo, valores, release) {
      const candidatos = valores.some((v) => v.frames.some((f) => esMinificado(f)));
      if (!candidatos || !(await tieneBundles(proyectoId))) return valores;
      const imagenes = imagenesDeDepuracion(crudo);
      const dist = isObj(crudo) && typeof crudo.dist === 'string' ? crudo.dist : null;
      const resolver = async (f: Frame): Promise<Mapa | undefined> => {
        const archivo = f.abs_path ?? f.filename;
        if (!archivo || !esMinificado(f)) return undefined;
        const debugId = imagenes.get(archivo);
        if (debugId) {
          const hallado = await porDebugId(proyectoId, debugId);
          if (hallado) return mapaDe(hallado.sha256, hallado.url);
          if (!release) return { ok: false, motivo: `No se subió un source map con el debug id ${debugId}` };
        }
        if (!release) return { ok: false, motivo: 'El evento no trae debug id ni release: no se puede buscar su source map' };
        const hallado = await porRelease(proyectoId, release, dist, archivo);
        if (hallado) return mapaDe(hallado.sha256, hallado.url);
        const delDebug = debugId ? `el debug id ${debugId} ni ` : '';
        return { ok: false, motivo: `No hay source map para ${delDebug}${archivo} en la release ${release}${dist ? ` (dist ${dist})` : ''}` };
      };
      const out: ExceptionValue[] = [];
      for (const v of valores) {
        const mapasDe = await Promise.all(v.frames.map(resolver));
        out.push({ ...v, frames: v.frames.map((f, i) => resolverFrame(f, mapasDe[i], i > 0 ? v.frames[i - 1] : undefined, mapasDe[i - 1])) });
      }
      return out;
    },
  };
}

/**
 * The culprit as the source maps read it ("src/carrito.ts in agregar"): the top in-app frame of the outermost
 * exception once resolved, as the intake reads the minified one; undefined when no map resolved that frame.
 */
export function culpritResuelto(excepciones: ExceptionValue[]): string | undefined {
  const frames = excepciones.at(-1)?.frames ?? [];
  const frame = [...frames].reverse().find((f) => f.in_app) ?? frames.at(-1);
  if (!frame?.sourcemap?.resuelto) return undefined;
  return `${frame.filename ?? frame.abs_path ?? '?'} in ${frame.function ?? '?'}`;
}

function esMinificado(f: Frame): boolean {
  const archivo = f.abs_path ?? f.filename;
  return !!archivo && SCRIPT.test(archivo) && f.lineno !== null && f.colno !== null && !archivo.startsWith('node:');
}

/** `function name(`, `name = (…) =>` / `name = function`, a method `name(…) {`: a declaration's name on a line. */
const DECLARACION = /(?:function\*?\s+([\w$]+)\s*\(|([\w$]+)\s*[:=]\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[\w$]+\s*=>)|^\s*(?:(?:public|private|protected|static|async)\s+)*([\w$]+)\s*\([^)]*\)\s*(?::[^{]+)?\{)/;
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
function resolverFrame(f: Frame, mapa: Mapa | undefined, llamador: Frame | undefined, mapaLlamador: Mapa | undefined): Frame {
  if (!mapa) return f;
  const minificado = { abs_path: f.abs_path ?? f.filename, function: f.function, lineno: f.lineno, colno: f.colno };
  if (!mapa.ok) return f.in_app ? { ...f, sourcemap: { resuelto: false, motivo: mapa.motivo, minificado } } : f;
  const pos = originalPositionFor(mapa.mapa, { line: f.lineno!, column: f.colno! - 1 });
  if (pos.source === null || pos.line === null) {
    return { ...f, sourcemap: { resuelto: false, motivo: `El source map no tiene la línea ${f.lineno}, columna ${f.colno}`, minificado } };
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
