// The worker threads' entry (core/isolated.ts): runs one task, the default export of the module it names, away
// from the thread that answers the API. Plain JavaScript because it starts before any TypeScript can load: run from
// the sources (tests, `npm run dev`), it registers tsx first so the task's `.ts` module loads; in the build
// (dist/workers/) the modules are JavaScript already and tsx, a development dependency, is never imported.
import { readlinkSync } from 'node:fs';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let tsx;

// The worker gives up on its task once its objects pass the task's ceiling, under the heap's hard limit: near that
// limit V8 collects again and again on threads the whole process shares, which slows the API's thread as well. It
// gives up too once its memory outside the heap (buffers: inflated ZIP data waiting for a slow parser, zlib's own)
// passes the task's other ceiling, which no heap limit bounds. Both are this worker's own (its isolate's), never the
// process's: what the rest of the server allocates meanwhile is not the file's. Thrown from a timer, the error ends
// the worker (core/isolated.ts reads it as out of memory), whatever the task is doing. Both counts include garbage
// not yet collected (a large CSV read row by row leaves plenty), so past a ceiling the worker collects first and
// gives up only if what survives is still past it; the next collection waits until the heap has grown by half a
// ceiling again, or the memory outside it by half of its own.
setFlagsFromString('--expose-gc');
/** V8's full collection, on this worker's heap only. */
const recolectar = runInNewContext('gc');
let tope = Infinity;
let umbral = Infinity;
let topeFuera = Infinity;
let umbralFuera = Infinity;
setInterval(() => {
  const antes = getHeapStatistics();
  if (antes.used_heap_size <= umbral && antes.external_memory <= umbralFuera) return;
  recolectar();
  const { used_heap_size: vivo, external_memory: fuera, heap_size_limit: limite } = getHeapStatistics();
  if (vivo > tope || fuera > topeFuera) {
    throw Object.assign(new Error('la tarea pasó la memoria que se le da'), { code: 'ERR_WORKER_OUT_OF_MEMORY' });
  }
  umbral = Math.min(Math.max(tope, vivo + tope / 2), 0.9 * limite);
  umbralFuera = Math.max(topeFuera, fuera + topeFuera / 2);
}, 10).unref();

/** This thread's Linux id (/proc/thread-self is /proc/<pid>/task/<tid>), or null off Linux. */
function hilo() {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
}

/**
 * @param {{
 *   modulo: string;
 *   datos: unknown;
 *   topeMb: number;
 *   fueraDelHeapMb: number;
 *   aviso: import('node:worker_threads').MessagePort;
 * }} tarea `fueraDelHeapMb`: 0, no ceiling outside the heap.
 */
export default async function ejecutar({ modulo, datos, topeMb, fueraDelHeapMb, aviso }) {
  tope = topeMb * 1024 * 1024;
  umbral = tope;
  topeFuera = fueraDelHeapMb > 0 ? fueraDelHeapMb * 1024 * 1024 : Infinity;
  umbralFuera = topeFuera;
  if (modulo.endsWith('.ts')) tsx ??= import('tsx/esm/api').then((api) => api.register());
  await tsx;
  const { default: tarea } = await import(modulo);
  // The task's time starts now, its module loaded: the API's thread counts it as this thread's processor time, read
  // from /proc by its Linux id (core/isolated.ts).
  aviso.postMessage({ tid: hilo() });
  aviso.close();
  return tarea(datos);
}
