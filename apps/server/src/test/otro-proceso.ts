import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { puertoLibre } from './puerto.ts';

/**
 * Runs `usar` with another server process (main.ts, as `npm start` runs it, without scheduled jobs) on the same
 * PostgreSQL database, given its base URL; stops it afterwards. PGlite is one process's: PostgreSQL only.
 */
export async function conOtroProceso(databaseUrl: string | undefined, usar: (base: string) => Promise<void>): Promise<void> {
  if (!databaseUrl) throw new Error('otro proceso necesita PostgreSQL (TEST_DATABASE_URL)');
  const port = await puertoLibre();
  const dataDir = await mkdtemp(join(tmpdir(), 'intranet-otro-'));
  const otro = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url))], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', TAREAS: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const hasta = Date.now() + 60_000;
    while (!(await fetch(`${base}/api/estado`).then((r) => r.ok).catch(() => false))) {
      if (Date.now() > hasta || otro.exitCode !== null) throw new Error('el otro proceso no arrancó');
      await new Promise((r) => setTimeout(r, 200));
    }
    await usar(base);
  } finally {
    if (otro.exitCode === null) {
      otro.kill('SIGTERM');
      await once(otro, 'exit');
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}
