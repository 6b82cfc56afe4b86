import { runtimeConfig } from '@intranet/contract/shared/sign-in-parsers';
import { http } from '../http/http.ts';
import { setConfigState } from './config.ts';

/** The runtime configuration is read 2000 ms after start-up: the specification fixes this delay. */
export const CONFIG_DELAY_MS = 2000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads `assets/config.json` relative to the document base, so deep links resolve it from the root.
 * A failure is only logged, as specified; the login offers a retry. Resolves true when the config is ready.
 */
export async function loadConfig(delayMs = CONFIG_DELAY_MS): Promise<boolean> {
  setConfigState({ status: 'loading' });
  await wait(delayMs);
  try {
    const url = new URL('assets/config.json', document.baseURI).href;
    const config = await http.get(url, runtimeConfig, { skipAuth: true, skipHeaders: true, quiet: true });
    setConfigState({ status: 'ready', config });
    return true;
  } catch (error) {
    console.error('No se pudo cargar assets/config.json', error);
    setConfigState({ status: 'error' });
    return false;
  }
}
