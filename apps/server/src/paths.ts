import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this file's place, not from the working directory (`npm -w` runs in
 * apps/server). The same two levels up from `apps/server/src/paths.ts` and from the bundle `apps/server/dist/main.js`.
 */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_ROOT = resolve(REPO_ROOT, 'apps/server');
export const MIGRATIONS_DIR = resolve(SERVER_ROOT, 'drizzle');

/** A relative path from the environment means relative to where the user typed the command. */
export const resolveFromUser = (path: string, env: NodeJS.ProcessEnv = process.env): string =>
  isAbsolute(path) ? path : resolve(env.INIT_CWD ?? process.cwd(), path);
