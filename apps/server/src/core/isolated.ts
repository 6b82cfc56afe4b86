import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { MessageChannel, type TransferListItem } from 'node:worker_threads';
import Piscina from 'piscina';
import { MENSAJES } from '../messages.ts';
import { ApiError } from './api-error.ts';

// Parsing what users upload (spreadsheets, APKs, source maps) runs in worker threads, never on the thread that
// answers the API: a crafted file (a ZIP whose XML inflates a thousandfold, a sheet of millions of cells) exhausts
// the worker's own heap or its time, not the server's. The worker ends, the call gets a Spanish 400 or 413, and
// every other user goes on being answered meanwhile.

/** The heap a worker may use: enough for a streamed spreadsheet of any size, far under the server's budget. */
const HEAP_MB = 96;
/** The objects a task may hold unless it asks for less: past it the worker gives up (isolated-dispatch.mjs). */
const TOPE_MB = 72;
/** Tasks waiting for a worker beyond which new ones are refused (503) rather than queued. */
const MAX_EN_COLA = 16;
const MB = 1024 * 1024;
/**
 * The memory outside its heap a task's worker may hold (0: no limit): buffers, inflated ZIP data waiting for a slow
 * parser, zlib's own. The heap limit does not bound them. It is the worker's own (V8's external memory of its
 * isolate), not the process's resident memory: what other calls, or the embedded database, allocate meanwhile is not
 * the file's, and must not get it refused. The server sets it from UPLOAD_MAX_BUFFERS_MB (main.ts).
 */
let maxFueraDelHeapBytes = 0;
export function limitIsolatedBuffers(bytes: number): void {
  maxFueraDelHeapBytes = bytes;
}

/** Why an isolated task failed: it needed more memory or more time than it is given, or it threw. */
export class IsolatedError extends Error {
  constructor(
    readonly motivo: 'memoria' | 'tiempo' | 'cola' | 'error',
    cause: unknown,
  ) {
    super(`tarea aislada: ${motivo}`, { cause });
  }
}

/** A module whose default export is a task: its source beside the caller, or its build in dist/workers/. */
export interface WorkerModule<F extends (datos: never) => unknown> {
  href: string;
  /** Only the type: what the task takes and answers. */
  readonly tarea?: F;
}

/**
 * The module `archivo` (`./x.worker.ts`, beside the caller whose `import.meta.url` is `desde`): from the sources,
 * that file; from the build, where every module is in dist/main.js, its bundle in dist/workers/.
 */
export function workerModule<F extends (datos: never) => unknown>(
  desde: string,
  archivo: `./${string}.worker.ts`,
): WorkerModule<F> {
  if (desde.endsWith('.ts')) return { href: new URL(archivo, desde).href };
  return { href: new URL(`./workers/${archivo.slice(2).replace(/\.ts$/, '.js')}`, desde).href };
}

const DISPATCH = import.meta.url.endsWith('.ts')
  ? new URL('./isolated-dispatch.mjs', import.meta.url)
  : new URL('./workers/isolated-dispatch.js', import.meta.url);

let pool: Piscina | undefined;

function workers(): Piscina {
  pool ??= new Piscina({
    filename: DISPATCH.href,
    // One worker waits ready: a file's reading does not start with a thread's start on a busy process.
    minThreads: 1,
    // One core stays for the API.
    maxThreads: Math.max(1, availableParallelism() - 1),
    // An idle worker beyond that one ends: its memory goes back to the system.
    idleTimeout: 10_000,
    maxQueue: MAX_EN_COLA,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    // The system runs the API's thread (and the database) first. Not at the lowest priority (19): on a machine kept
    // busy by other processes a worker there got almost no CPU.
    niceIncrement: 10,
  });
  return pool;
}

/**
 * How long a task may wait for its worker to take it up, the thread's start and the task module's loading
 * included. It is not the task's time: on a machine kept busy by other processes a worker that starts at a lower
 * priority takes seconds to load its modules, and that must not count as a slow file.
 */
const ARRANQUE_MAX_MS = 60_000;

/**
 * A task's time is the processor time of its worker's thread, not the clock's: at nice 10 on a machine kept busy by
 * other processes, a worker waits most of the clock's time for a core (a 4 KB APK's upload took 12 to 14 s beside
 * ten busy processes, against 9 s for its reading). A bomb spends its time working, and is stopped all the same.
 * The clock still bounds a task that does not work (one that waits on a stream that never ends): to this many times
 * its time.
 */
const RELOJ_POR_TIEMPO = 4;

/** The Linux thread `tid`'s processor time in ms (/proc: user and system, in clock ticks), or null when it is gone. */
function cpuDelHiloMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
    // After the command's name, in parentheses, which may hold spaces: state is the 3rd field, utime the 14th.
    const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(campos[11]) + Number(campos[12])) * 1000) / TICKS_POR_SEGUNDO;
  } catch {
    return null;
  }
}
/** USER_HZ, the unit of /proc's times: 100 on every Linux Node runs on. */
const TICKS_POR_SEGUNDO = 100;

/**
 * Runs the task of `modulo` on `datos` in a worker thread. The task has `limiteMs` of its thread's processor time
 * from the moment its worker starts it (its module loaded); waiting for the worker has its own bound. Streams among
 * `datos` are listed in `transferir`: the worker reads and writes them while this thread only moves their bytes.
 * `topeMb`: the objects it may hold (less than the default when a bomb is likelier than a big file).
 */
export async function runIsolated<F extends (datos: never) => unknown>(
  modulo: WorkerModule<F>,
  datos: Parameters<F>[0],
  opciones: { limiteMs: number; transferir?: TransferListItem[]; topeMb?: number },
): Promise<Awaited<ReturnType<F>>> {
  const tiempo = new AbortController();
  let reloj = setTimeout(() => tiempo.abort(), ARRANQUE_MAX_MS + opciones.limiteMs);
  let medidor: NodeJS.Timeout | undefined;
  // The worker says when it starts the task, and which thread it is: from then on the task has its own time.
  const { port1: aviso, port2: avisoWorker } = new MessageChannel();
  aviso.once('message', ({ tid }: { tid: number | null }) => {
    clearTimeout(reloj);
    const cpuInicial = tid === null ? null : cpuDelHiloMs(tid);
    if (tid === null || cpuInicial === null) {
      // No /proc (not Linux): the clock's time.
      reloj = setTimeout(() => tiempo.abort(), opciones.limiteMs);
      return;
    }
    reloj = setTimeout(() => tiempo.abort(), RELOJ_POR_TIEMPO * opciones.limiteMs);
    medidor = setInterval(() => {
      const cpu = cpuDelHiloMs(tid);
      if (cpu === null) clearInterval(medidor);
      else if (cpu - cpuInicial >= opciones.limiteMs) tiempo.abort();
    }, 50);
  });
  aviso.unref();
  try {
    const tarea = {
      modulo: modulo.href,
      datos,
      topeMb: opciones.topeMb ?? TOPE_MB,
      fueraDelHeapMb: maxFueraDelHeapBytes / MB,
      aviso: avisoWorker,
    };
    return (await workers().run(tarea, {
      signal: tiempo.signal,
      transferList: [avisoWorker, ...(opciones.transferir ?? [])],
    })) as Awaited<ReturnType<F>>;
  } catch (err) {
    if (tiempo.signal.aborted) throw new IsolatedError('tiempo', err);
    const code = (err as { code?: string }).code;
    if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new IsolatedError('memoria', err);
    if (err instanceof Error && /queue is at limit/i.test(err.message)) throw new IsolatedError('cola', err);
    throw new IsolatedError('error', err);
  } finally {
    clearTimeout(reloj);
    clearInterval(medidor);
    aviso.close();
  }
}

/** Ends the workers (the server closing). */
export async function closeIsolated(): Promise<void> {
  const cerrando = pool;
  pool = undefined;
  await cerrando?.close({ force: true });
}

/** A file that needs more memory to be read than an upload is given. */
export const OCUPA_DEMASIADO =
  'El archivo ocupa demasiado al leerse (más memoria de la que se da a un archivo subido): divídalo en partes más chicas';

/** What the user is told when the worker gave up on a file: too big or too slow once unpacked (413), or busy. */
export function isolatedRefusal(err: IsolatedError, ilegible: string): ApiError {
  switch (err.motivo) {
    case 'memoria':
      return new ApiError(413, OCUPA_DEMASIADO);
    case 'tiempo':
      return new ApiError(413, 'El archivo tarda demasiado en leerse: divídalo en partes más chicas');
    case 'cola':
      return new ApiError(503, MENSAJES.ocupado, undefined, { 'retry-after': '2' });
    case 'error':
      return new ApiError(400, ilegible);
  }
}
