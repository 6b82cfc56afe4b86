import { useSyncExternalStore } from 'react';
import type { RuntimeConfig } from '@intranet/contract/shared/config';
import type { BaseUrlKey } from '@intranet/contract/shared/http';

/**
 * The runtime configuration's state. Loading it (loadConfig.ts, which needs the http layer and zod) lives
 * apart, so the screens that only read the state stay out of that chunk.
 */
export type ConfigState = { status: 'loading' } | { status: 'ready'; config: RuntimeConfig } | { status: 'error' };

const SITIO_ORG = 'ORG'; // SITIO_ORG of @intranet/contract/shared/config, whose import would pull zod into this chunk

let state: ConfigState = { status: 'loading' };
const listeners = new Set<() => void>();

export function setConfigState(next: ConfigState): void {
  state = next;
  listeners.forEach((listener) => {
    listener();
  });
}

export function getConfigState(): ConfigState {
  return state;
}

/** The loaded configuration; only call where the config is known to be ready (after sign-in). */
export function getConfig(): RuntimeConfig {
  if (state.status !== 'ready') throw new Error('La configuración todavía no se cargó');
  return state.config;
}

/** Builds a call's URL from its base URL: `apiUrl('api', '/api/auth')`. */
export function apiUrl(base: BaseUrlKey, path: string): string {
  return `${getConfig()[base].replace(/\/+$/, '')}${path}`;
}

export const isOrg = (config: RuntimeConfig): boolean => config.sitio === SITIO_ORG;

export function subscribeConfigState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConfigState(): ConfigState {
  return useSyncExternalStore(subscribeConfigState, getConfigState, getConfigState);
}

/** For screens behind the session guard, where the config has necessarily loaded. */
export function useConfig(): RuntimeConfig {
  const current = useConfigState();
  if (current.status !== 'ready') throw new Error('La configuración todavía no se cargó');
  return current.config;
}
