import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const builtWeb = new URL('../../apps/web/dist', import.meta.url).pathname;

/** A copy of the built web app in a folder of its own, for a server (WEB_DIST) whose build a test replaces. */
export function copyOfTheWeb(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'intranet-web-'));
  // Without the build's precompressed twins (.br, .gz), which the server would serve in place of a changed file.
  cpSync(builtWeb, dir, { recursive: true, filter: (source) => !/\.(br|gz)$/.test(source) });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Deploys "a new build" over the copy, as a new build's content hashes do: every chunk and stylesheet gets a new
 * name, the old ones are gone, and every file that names one (index.html included) names the new one.
 */
export function deployNewBuild(dir: string): void {
  const assets = join(dir, 'assets');
  const old = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
  const renamed = new Map(old.map((f) => [f, `v2-${f}`]));
  const pattern = new RegExp(old.map(escapeRegExp).join('|'), 'g');
  const rewrite = (path: string) =>
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(pattern, (name) => renamed.get(name)!),
    );
  for (const f of old) rewrite(join(assets, f));
  for (const f of old) renameSync(join(assets, f), join(assets, renamed.get(f)!));
  rewrite(join(dir, 'index.html'));
}

/** A new offline-support worker: the same precache, a changed script, which the browser takes as an update. */
export function deployNewWorker(dir: string): void {
  const sw = join(dir, 'sw.js');
  writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// nueva versión ${Date.now()}\n`);
}
