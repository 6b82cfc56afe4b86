import { loadConfig } from '../core/config/loadConfig.ts';
import { checkEstado } from '../core/estado.ts';
import { reportErrorsAfterSignIn } from '../core/monitor/monitor.ts';

/** Start-up: the runtime configuration (after the spec's delay), then the server's state. */
export async function startUp(): Promise<void> {
  // Waits for the first sign-in (which needs the configuration), so it loads nothing with /login.
  reportErrorsAfterSignIn();
  if (await loadConfig()) await checkEstado();
}
