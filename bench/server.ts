import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

// The server as `npm start` runs it (the built bundle, with the start script's Node options), so that the
// figures describe what ships. Built once per `npm run bench`.

const repoRoot = new URL('..', import.meta.url).pathname;
export const serverDir = `${repoRoot}apps/server`;
let built = false;

/**
 * Node's arguments for the server, to spawn with `cwd: serverDir`; builds the bundle on first use. `extra` comes
 * after the start script's own, so that a flag given again there overrides it (Node and V8 take the last one).
 */
export function serverArgs(extra: string[] = []): string[] {
  if (!built) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@intranet/server'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (r.status !== 0) throw new Error('no se pudo construir el servidor (npm run build -w @intranet/server)');
    built = true;
  }
  const { args } = startScript();
  return [...args.slice(0, -1), ...extra, ...args.slice(-1)];
}

/** The environment the start script sets before `node` (`NAME=value` words), for the server's spawn. */
export function serverEnv(): Record<string, string> {
  return startScript().env;
}

function startScript(): { env: Record<string, string>; args: string[] } {
  const start = (JSON.parse(readFileSync(`${serverDir}/package.json`, 'utf8')) as { scripts: { start: string } })
    .scripts.start;
  const words = start.split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^[A-Z_]+=/.test(words[0])) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  const [node, ...args] = words;
  if (node !== 'node') throw new Error(`script start inesperado: ${start}`);
  return { env, args };
}
