import type { ExceptionValue, Frame } from '@intranet/contract/areas/insights';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { IsolatedError, runIsolated, workerModule } from '../../../core/isolated.ts';
import type { Executor } from '../../../db/client.ts';
import { archivos, insightsBundleArchivos, insightsBundles } from '../../../db/schema.ts';
import type { FileStore } from '../../../storage/store.ts';
import type resolver from './resolver.worker.ts';
import type { MapaRef } from './resolver.worker.ts';

// Minified frames resolved through the project's uploaded source maps: by debug id first (the event's
// `debug_meta.images` of type sourcemap), then by release + dist + URL with Sentry's `~/` rules. Runs when an
// issue is shown or first grouped, never on the intake's path. The maps are parsed and read in a worker thread
// (resolver.worker.ts): the database says which map each frame needs, the worker reads them.

export interface Simbolizador {
  /** The exceptions with their frames resolved where a map exists; as they were when the project has no maps. */
  excepciones(
    proyectoId: number,
    crudo: unknown,
    valores: ExceptionValue[],
    release: string | null,
  ): Promise<ExceptionValue[]>;
}

const RESOLVER = workerModule<typeof resolver>(import.meta.url, './resolver.worker.ts');
/** The time the worker gets for one event's frames, maps read and parsed included. */
const LIMITE_MS = 10_000;

const SCRIPT = /\.(c|m)?js(\?.*)?$/i;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `debug_meta.images` of type sourcemap: code file → debug id. */
export function imagenesDeDepuracion(crudo: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const images =
    isObj(crudo) && isObj(crudo.debug_meta) && Array.isArray(crudo.debug_meta.images) ? crudo.debug_meta.images : [];
  for (const img of images.slice(0, 500)) {
    if (isObj(img) && img.type === 'sourcemap' && typeof img.code_file === 'string' && typeof img.debug_id === 'string')
      out.set(img.code_file, img.debug_id.toLowerCase());
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
  const partes = ruta
    .replace(/[?#].*$/, '')
    .split('/')
    .filter(Boolean);
  for (let i = 0; i < partes.length; i++) out.push(`~/${partes.slice(i).join('/')}`);
  return [...new Set(out)];
}

export function simbolizador(db: Executor, store: FileStore): Simbolizador {
  async function porDebugId(proyectoId: number, debugId: string): Promise<{ sha256: string; url: string } | undefined> {
    const [row] = await db
      .select({ sha256: archivos.sha256, url: insightsBundleArchivos.url })
      .from(insightsBundleArchivos)
      .innerJoin(insightsBundles, eq(insightsBundles.id, insightsBundleArchivos.bundleId))
      .innerJoin(archivos, eq(archivos.id, insightsBundleArchivos.archivoId))
      .where(
        and(
          eq(insightsBundles.proyectoId, proyectoId),
          eq(insightsBundleArchivos.debugId, debugId),
          eq(insightsBundleArchivos.tipo, 'source_map'),
        ),
      )
      .orderBy(desc(insightsBundles.id))
      .limit(1);
    return row;
  }

  async function porRelease(
    proyectoId: number,
    release: string,
    dist: string | null,
    absPath: string,
  ): Promise<{ sha256: string; url: string } | undefined> {
    const candidatas = urlsCandidatas(absPath);
    const enRelease = and(
      eq(insightsBundles.proyectoId, proyectoId),
      eq(insightsBundles.release, release),
      dist === null ? isNull(insightsBundles.dist) : eq(insightsBundles.dist, dist),
    );
    const scripts = await db
      .select({
        bundleId: insightsBundleArchivos.bundleId,
        url: insightsBundleArchivos.url,
        sourcemap: insightsBundleArchivos.sourcemap,
      })
      .from(insightsBundleArchivos)
      .innerJoin(insightsBundles, eq(insightsBundles.id, insightsBundleArchivos.bundleId))
      .where(
        and(
          enRelease,
          inArray(insightsBundleArchivos.url, candidatas),
          eq(insightsBundleArchivos.tipo, 'minified_source'),
        ),
      )
      .orderBy(desc(insightsBundles.id));
    // The first candidate in Sentry's order; its map by the URL it names (relative to the script), else `<url>.map`.
    const script = candidatas.map((c) => scripts.find((s) => s.url === c)).find(Boolean);
    const urlMapa = script
      ? script.sourcemap
        ? new URL(script.sourcemap, `http://x/${script.url.replace(/^~\//, '')}`).pathname.replace(/^\//, '~/')
        : `${script.url}.map`
      : undefined;
    const mapasUrl = urlMapa ? [urlMapa] : candidatas.map((c) => `${c}.map`);
    const [row] = await db
      .select({ sha256: archivos.sha256, url: insightsBundleArchivos.url })
      .from(insightsBundleArchivos)
      .innerJoin(insightsBundles, eq(insightsBundles.id, insightsBundleArchivos.bundleId))
      .innerJoin(archivos, eq(archivos.id, insightsBundleArchivos.archivoId))
      .where(
        and(
          enRelease,
          inArray(insightsBundleArchivos.url, mapasUrl),
          eq(insightsBundleArchivos.tipo, 'source_map'),
          script ? eq(insightsBundleArchivos.bundleId, script.bundleId) : sql`true`,
        ),
      )
      .orderBy(desc(insightsBundles.id))
      .limit(1);
    return row;
  }

  async function tieneBundles(proyectoId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: insightsBundles.id })
      .from(insightsBundles)
      .where(eq(insightsBundles.proyectoId, proyectoId))
      .limit(1);
    return row !== undefined;
  }

  return {
    async excepciones(proyectoId, crudo, valores, release) {
      const candidatos = valores.some((v) => v.frames.some((f) => esMinificado(f)));
      if (!candidatos || !(await tieneBundles(proyectoId))) return valores;
      const imagenes = imagenesDeDepuracion(crudo);
      const dist = isObj(crudo) && typeof crudo.dist === 'string' ? crudo.dist : null;
      const mapaDe = (sha256: string, nombre: string): MapaRef => ({ sha256, nombre });
      const mapaDelFrame = async (f: Frame): Promise<MapaRef | undefined> => {
        const archivo = f.abs_path ?? f.filename;
        if (!archivo || !esMinificado(f)) return undefined;
        const debugId = imagenes.get(archivo);
        if (debugId) {
          const hallado = await porDebugId(proyectoId, debugId);
          if (hallado) return mapaDe(hallado.sha256, hallado.url);
          if (!release) return { motivo: `No se subió un source map con el debug id ${debugId}` };
        }
        if (!release) return { motivo: 'El evento no trae debug id ni release: no se puede buscar su source map' };
        const hallado = await porRelease(proyectoId, release, dist, archivo);
        if (hallado) return mapaDe(hallado.sha256, hallado.url);
        const delDebug = debugId ? `el debug id ${debugId} ni ` : '';
        return {
          motivo: `No hay source map para ${delDebug}${archivo} en la release ${release}${dist ? ` (dist ${dist})` : ''}`,
        };
      };
      const excepciones = await Promise.all(
        valores.map(async (v) => ({ frames: v.frames, mapas: await Promise.all(v.frames.map(mapaDelFrame)) })),
      );
      try {
        const resueltos = await runIsolated(RESOLVER, { store: store.ubicacion, excepciones }, { limiteMs: LIMITE_MS });
        return valores.map((v, i) => ({ ...v, frames: resueltos[i] ?? v.frames }));
      } catch (err) {
        if (!(err instanceof IsolatedError)) throw err;
        // The issue is still shown: its frames as the SDK sent them, each saying why it was not resolved.
        const motivo =
          err.motivo === 'memoria' || err.motivo === 'tiempo'
            ? 'El source map es demasiado grande para leerlo'
            : 'No se pudo leer el source map';
        return valores.map((v, i) => ({
          ...v,
          frames: v.frames.map((f, j) => (excepciones[i]?.mapas[j] && f.in_app ? sinResolver(f, motivo) : f)),
        }));
      }
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

/** A minified frame its map could not resolve, and why. */
function sinResolver(f: Frame, motivo: string): Frame {
  return {
    ...f,
    sourcemap: {
      resuelto: false,
      motivo,
      minificado: { abs_path: f.abs_path ?? f.filename, function: f.function, lineno: f.lineno, colno: f.colno },
    },
  };
}

function esMinificado(f: Frame): boolean {
  const archivo = f.abs_path ?? f.filename;
  return !!archivo && SCRIPT.test(archivo) && f.lineno !== null && f.colno !== null && !archivo.startsWith('node:');
}
