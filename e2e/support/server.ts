import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = new URL('../..', import.meta.url).pathname;
const serverDir = join(repoRoot, 'apps/server');

/**
 * The environment (`NAME=value` words before `node`) and Node's arguments of the server's start script
 * (`… node … dist/main.js`): the tests run what ships.
 */
const { serverEnv, serverArgs } = (() => {
  const start = (JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const words = start.split(/\s+/);
  const asignaciones = words.filter((w, i) => i < words.indexOf('node') && /^[A-Z_]+=/.test(w));
  return {
    serverEnv: Object.fromEntries(asignaciones.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)])),
    serverArgs: words.slice(words.indexOf('node') + 1),
  };
})();

export const PASSWORDS = { admin: 'Admin-e2e-Clave1', demo: 'Demo-e2e-Clave1' } as const;

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops it and removes its data folder, or keeps it (`conservar`) to start others on copies of it. */
  stop: (opciones?: { conservar?: boolean }) => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto')),
      );
    });
  });
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // A first start migrates and seeds every area; on a busy machine three at once take a while.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`El servidor terminó al arrancar (código ${child.exitCode}):\n${output()}`);
    try {
      const answer = await fetch(`${url}/assets/config.json`);
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`El servidor no respondió a tiempo:\n${output()}`);
}

/**
 * The data folder of a server that made and seeded its database on its first start and then stopped (the global
 * setup's): each later server starts on a copy of it, as `npm start` does the second time (5 s of CPU against
 * 15 s for migrating and seeding PGlite again).
 */
export const PLANTILLA = 'E2E_PLANTILLA';

/**
 * Starts the real server as `npm start` does (the built bundle, after `npm run build`) on a free port and a data
 * folder of its own: a copy of the seeded template when the global setup made one, else empty (a first start).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-e2e-'));
  const plantilla = process.env[PLANTILLA];
  if (plantilla) cpSync(plantilla, dataDir, { recursive: true });
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: PASSWORDS.admin,
    DEMO_PASSWORD: PASSWORDS.demo,
    LOG_LEVEL: 'warn',
    // The suite's workers upload files as the same few people side by side: each person's reads a minute are
    // limited as shipped in the server's route tests (plugins/lecturas.test.ts), not here.
    UPLOAD_READS_PER_MINUTE: '0',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (!existsSync(join(serverDir, 'dist/main.js')))
    throw new Error('Falta el servidor construido: ejecute `npm run build` antes de las pruebas end-to-end.');
  const child = spawn(process.execPath, serverArgs, { cwd: serverDir, env: { ...serverEnv, ...childEnv } });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, () => log);
  return {
    url,
    dataDir,
    stop: async ({ conservar = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // A database kept for later starts must be closed cleanly, however long that takes.
        await Promise.race([exited, ...(conservar ? [] : [new Promise((r) => setTimeout(r, 5_000))])]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!conservar) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
