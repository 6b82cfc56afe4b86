import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { figure } from './report.ts';

const repoRoot = new URL('..', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Time from a fresh clone of the committed tree to the sign-in page answering, through the README's
 * `npx -y -p node@24 npm ci && npm start` (target ≤ 90 s). npm's download cache on this machine is warm, as on a
 * developer's machine after the first install.
 */
export async function freshStart(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'intranet-clone-'));
  const port = await freePort();
  spawnSync('git', ['clone', '-q', repoRoot, dir], { stdio: 'inherit' });
  const started = performance.now();
  const child = spawn('sh', ['-c', 'npx -y -p node@24 npm ci --no-audit --no-fund >/dev/null 2>&1 && npm start'], {
    cwd: dir,
    detached: true,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data') },
    stdio: 'ignore',
  });
  try {
    const deadline = Date.now() + 300_000;
    let ready = false;
    while (!ready && Date.now() < deadline && child.exitCode === null) {
      try {
        const login = await fetch(`http://127.0.0.1:${port}/login`);
        const config = await fetch(`http://127.0.0.1:${port}/assets/config.json`);
        ready = login.ok && (await login.text()).includes('<div id="root">') && config.ok;
      } catch {
        // still installing or building
      }
      if (!ready) await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    if (!ready) console.log(`la página de ingreso no respondió (código de salida ${child.exitCode ?? 'ninguno'})`);
    else
      figure('clon limpio → página de ingreso (npm ci && npm start)', Math.round(seconds * 10) / 10, 's', { max: 90 });
  } finally {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dir, { recursive: true, force: true });
  }
}
