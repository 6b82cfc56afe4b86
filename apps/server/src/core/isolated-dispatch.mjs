// The worker threads' entry (core/isolated.ts): runs one task, the default export of the module it names, away
// from the thread that answers the API. Plain JavaScript because it starts before any TypeScript can load: run from
// the sources (tests, `npm run dev`), it registers tsx first so the task's `.ts` module loads; in the build
// (dist/workers/) the modules are JavaScript already and tsx, a development dependency, is never imported.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let tsx;

// The worker gives up on its task once its objects pass the task's ceiling, under the heap's hard limit: near that
// limit V8 collects again and again on threads the whole process shares, which slows the API's thread as well.
// Thrown from a timer, the error ends the worker (core/isolated.ts reads it as out of memory), whatever the task is
// doing. The heap's size counts garbage not yet collected as well (a large CSV read row by row leaves plenty), so
// past the ceiling the worker collects first and gives up only if what survives is still past it; the next
// collection waits until the heap has grown by half a ceiling again.
setFlagsFromString('--expose-gc');
/** V8's full collection, on this worker's heap only. */
const recolectar = runInNewContext('gc');
let tope = Infinity;
let umbral = Infinity;
setInterval(() => {
  if (getHeapStatistics().used_heap_size <= umbral) return;
  recolectar();
  const vivo = getHeapStatistics().used_heap_size;
  if (vivo > tope) {
    throw Object.assign(new Error('la tarea pasó la memoria que se le da'), { code: 'ERR_WORKER_OUT_OF_MEMORY' });
  }
  umbral = Math.min(Math.max(tope, vivo + tope / 2), 0.9 * getHeapStatistics().heap_size_limit);
}, 10).unref();

/**
 * @param {{ modulo: string; datos: unknown; topeMb: number; aviso: import('node:worker_threads').MessagePort }} tarea
 */
export default async function ejecutar({ modulo, datos, topeMb, aviso }) {
  tope = topeMb * 1024 * 1024;
  umbral = tope;
  if (modulo.endsWith('.ts')) tsx ??= import('tsx/esm/api').then((api) => api.register());
  await tsx;
  const { default: tarea } = await import(modulo);
  // The task's time starts now, its module loaded (core/isolated.ts).
  aviso.postMessage('inicio');
  aviso.close();
  return tarea(datos);
}
