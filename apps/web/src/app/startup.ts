import { loadConfig } from '../core/config/loadConfig.ts';
import { checkEstado } from '../core/estado.ts';

/** Start-up: the runtime configuration (after the spec's delay), then the server's state. */
export async function startUp(): Promise<void> {
  if (await loadConfig()) await checkEstado();
}
