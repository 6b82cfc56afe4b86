import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// The server as `npm start` runs it (the built bundle, with the start script's Node options), so that the
// figures describe what ships. Built once per `npm run bench`.

const repoRoot = new URL('..', import.meta.url).pathname;
export const serverDir = `${repoRoot}apps/server`;
let built = false;

/** Node's arguments for the server, to spawn with `cwd: serverDir`; builds the bundle on first use. */
export function serverArgs(extra: string[] = []): string[] {
  if (!built) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@intranet/server'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error('no se pudo construir el servidor (npm run build -w @intranet/server)');
    built = true;
  }
  const start = (JSON.parse(readFileSync(`${serverDir}/package.json`, 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const [node, ...args] = start.split(/\s+/);
  if (node !== 'node') throw new Error(`script start inesperado: ${start}`);
  return [...extra, ...args];
}
