import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { puertoLibre } from './puerto.ts';

/** A server process (main.ts) a test started: its base URL, and its exit once stopped. */
export interface OtroProceso {
  base: string;
  proceso: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  salida: Promise<number | string>;
}

/**
 * Starts another server process (main.ts, as `npm start` runs it, without scheduled jobs) on the same
 * PostgreSQL database and waits until it answers. PGlite is one process's: PostgreSQL only.
 */
async function arrancar(databaseUrl: string | undefined, env: Record<string, string>): Promise<OtroProceso & { dataDir: string }> {
  if (!databaseUrl) throw new Error('otro proceso necesita PostgreSQL (TEST_DATABASE_URL)');
  const port = await puertoLibre();
  const dataDir = await mkdtemp(join(tmpdir(), 'intranet-otro-'));
  const proceso = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url))], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', TAREAS: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    stdio: 'ignore',
  });
  const salida = once(proceso, 'exit').then(([code, signal]) => (code ?? String(signal)) as number | string);
  const base = `http://127.0.0.1:${port}`;
  const hasta = Date.now() + 60_000;
  while (!(await fetch(`${base}/api/estado`).then((r) => r.ok).catch(() => false))) {
    if (Date.now() > hasta || proceso.exitCode !== null) {
      proceso.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
      throw new Error('el otro proceso no arrancó');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, proceso, salida, dataDir };
}

/** Runs `usar` with another server process on the same PostgreSQL database; stops it afterwards (if `usar` did not). */
export async function conOtroProceso(
  databaseUrl: string | undefined,
  usar: (base: string, otro: OtroProceso) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const otro = await arrancar(databaseUrl, env);
  try {
    await usar(otro.base, otro);
  } finally {
    if (otro.proceso.exitCode === null && otro.proceso.signalCode === null) otro.proceso.kill('SIGTERM');
    await otro.salida;
    await rm(otro.dataDir, { recursive: true, force: true });
  }
}
