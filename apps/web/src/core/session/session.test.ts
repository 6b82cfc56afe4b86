import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Sesion } from '@intranet/contract/areas/auth';
import {
  clearSesion,
  getSesion,
  rememberBlockedRoute,
  setSesion,
  subscribeSesion,
  takeBlockedRoute,
} from './session.ts';

const admin: Sesion = {
  token: 't-1',
  usuario: { nombre: 'Administrador', roles: ['Administrador'], usuario: 'admin' },
};

afterEach(() => {
  clearSesion();
  takeBlockedRoute();
});

describe('session store', () => {
  it('starts empty, stores and clears the session', () => {
    expect(getSesion()).toBeNull();
    setSesion(admin);
    expect(getSesion()).toEqual(admin);
    clearSesion();
    expect(getSesion()).toBeNull();
  });

  it('notifies subscribers on change and stops after unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSesion(listener);
    setSesion(admin);
    clearSesion();
    clearSesion(); // already empty: no change, no notification
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setSesion(admin);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing in web storage', () => {
    // Node has no localStorage/sessionStorage: the store must not touch them to work here at all.
    setSesion(admin);
    expect(globalThis.localStorage).toBeUndefined();
    expect(getSesion()?.token).toBe('t-1');
  });

  it('remembers the blocked route with its query once', () => {
    rememberBlockedRoute('/clientes/lista?q=acme');
    expect(takeBlockedRoute()).toBe('/clientes/lista?q=acme');
    expect(takeBlockedRoute()).toBeNull();
  });

  it('never remembers a public page as the place to return to', () => {
    rememberBlockedRoute('/servidores');
    rememberBlockedRoute('/login?registro=1');
    rememberBlockedRoute('/unauthorized');
    rememberBlockedRoute('https://evil.example/');
    rememberBlockedRoute('//evil.example/');
    expect(takeBlockedRoute()).toBe('/servidores');
  });
});
