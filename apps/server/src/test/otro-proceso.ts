import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SECRETS_KEY } from './passwords.ts';
import { puertoLibre } from './puerto.ts';

/** A server process a test started: its base URL, and its exit once stopped. */
export interface OtroProceso {
  base: string;
  proceso: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  salida: Promise<number | string>;
}

/** The bundle `npm start` runs (`npm run build`); the PostgreSQL pass of `npm test` runs after the build. */
const CONSTRUIDO = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/**
 * How a test starts the server: the built bundle as `npm start` runs it (`construido`), else the sources through
 * tsx (main.ts), which needs no build.
 */
function comando(construido: boolean): string[] {
  if (!construido) return ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url))];
  if (!existsSync(CONSTRUIDO)) throw new Error(`falta ${CONSTRUIDO}: ejecute npm run build`);
  return ['--max-old-space-size=384', '--max-semi-space-size=8', '--v8-pool-size=1', CONSTRUIDO];
}

async function arrancar(
  databaseUrl: string | undefined,
  env: Record<string, string>,
  construido: boolean,
): Promise<OtroProceso & { dataDir: string }> {
  if (!databaseUrl) throw new Error('otro proceso necesita PostgreSQL (TEST_DATABASE_URL)');
  const port = await puertoLibre();
  const dataDir = await mkdtemp(join(tmpdir(), 'intranet-otro-'));
  const proceso = spawn(process.execPath, comando(construido), {
    env: {
      ...process.env,
      // As the start script sets it.
      ...(construido ? { MALLOC_ARENA_MAX: '2' } : {}),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      TAREAS: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SECRETS_KEY: TEST_SECRETS_KEY,
      // As testConfig does for the in-process apps: on a busy test machine the event loop's mean delay passes the
      // overload guard's second while a process warms up, and its first sign-in was turned away with 503
      // (varios-procesos, caida-base). plugins/pressure.test.ts tests that guard; a test may set it back in `env`.
      OVERLOAD_MAX_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // The last of what it wrote to stderr: a start that fails says why.
  let errores = '';
  proceso.stderr!.on('data', (parte: Buffer) => {
    errores = (errores + parte.toString('utf8')).slice(-4_000);
  });
  const salida = once(proceso, 'exit').then(([code, signal]) => (code ?? String(signal)) as number | string);
  const base = `http://127.0.0.1:${port}`;
  // As long as the tests' hooks wait: a cold start compiles the server's source, slow on a busy machine.
  const hasta = Date.now() + 120_000;
  while (
    !(await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false))
  ) {
    if (Date.now() > hasta || proceso.exitCode !== null) {
      const motivo = proceso.exitCode !== null ? `salió con ${proceso.exitCode}` : 'no respondió /readyz en 120 s';
      proceso.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`el otro proceso no arrancó (${motivo})${errores ? `:\n${errores}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, proceso, salida, dataDir };
}

async function detener(otro: OtroProceso & { dataDir: string }): Promise<void> {
  if (otro.proceso.exitCode === null && otro.proceso.signalCode === null) otro.proceso.kill('SIGTERM');
  await otro.salida;
  await rm(otro.dataDir, { recursive: true, force: true });
}

/**
 * Runs `usar` with `cantidad` server processes started together on the same PostgreSQL database (PGlite is one
 * process's), each with its own DATA_DIR and the test's SECRETS_KEY, without scheduled jobs unless `env` says
 * TAREAS=1; stops them afterwards (those `usar` did not).
 */
export async function conProcesos(
  databaseUrl: string | undefined,
  cantidad: number,
  usar: (procesos: OtroProceso[]) => Promise<void>,
  opciones: { env?: Record<string, string>; construido?: boolean } = {},
): Promise<void> {
  const arrancados = await Promise.allSettled(
    Array.from({ length: cantidad }, () => arrancar(databaseUrl, opciones.env ?? {}, opciones.construido ?? false)),
  );
  const procesos = arrancados.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
  try {
    const fallido = arrancados.find((a) => a.status === 'rejected');
    if (fallido) throw fallido.reason;
    await usar(procesos);
  } finally {
    await Promise.all(procesos.map(detener));
  }
}

/** Runs `usar` with another server process (main.ts through tsx) on the same PostgreSQL database. */
export const conOtroProceso = (
  databaseUrl: string | undefined,
  usar: (base: string, otro: OtroProceso) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> => conProcesos(databaseUrl, 1, ([otro]) => usar(otro!.base, otro!), { env });
