// @vitest-environment happy-dom
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfigState } from '../config/config.ts';
import { getRenewalState, restoreSession } from './renewal.ts';
import { getSesion, setSesion } from './session.ts';
import { signOut } from './signOut.ts';

const config = { api: '', instaladores: '', store: '', versiones: '', archivos: '', sitio: '' };
const sesion = {
  token: 't-renovado',
  usuario: { nombre: 'Administrador', roles: ['Administrador'], usuario: 'admin' },
};

// Node's channel, as the test DOM has none: it reaches the other channels of the same name, as tabs do.
vi.stubGlobal('BroadcastChannel', NodeBroadcastChannel);
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would have set.
  document.cookie = 'XSRF-TOKEN=abc';
});
afterEach(() => vi.restoreAllMocks());

describe('restoreSession', () => {
  it('waits for the configuration, then renews with the cookie and the anti-forgery header, once per page', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ error: null, datos: sesion }), { status: 200 }));
    const first = restoreSession();
    await Promise.resolve();
    expect(fetch).not.toHaveBeenCalled();
    expect(getRenewalState()).toBe('pendiente');
    setConfigState({ status: 'ready', config });
    expect(await first).toBe(true);
    expect(getSesion()?.token).toBe('t-renovado');
    expect(getRenewalState()).toBe('terminada');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/renovacion');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('abc');
    expect(new Headers(init?.headers).get('Authorization')).toBeNull();
    expect(await restoreSession()).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('signs out in every tab: the others hear it on the BroadcastChannel', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ error: null, datos: null }), { status: 200 }));
    const otra = new NodeBroadcastChannel('intranet-sesion');
    const oido = new Promise<unknown>((resolve) => (otra.onmessage = (e) => resolve((e as { data: unknown }).data)));
    signOut();
    expect(getSesion()).toBeNull();
    expect(await oido).toEqual({ tipo: 'salida' });
    otra.close();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/logout');
  });

  it("ends this page's session when another tab signs out, without closing it on the server again", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    setSesion(sesion);
    const otra = new NodeBroadcastChannel('intranet-sesion');
    otra.postMessage({ tipo: 'salida' });
    await vi.waitFor(() => expect(getSesion()).toBeNull());
    otra.close();
    // The sign-in page this tab goes to next does not call the server: the other tab did.
    signOut();
    expect(fetch).not.toHaveBeenCalled();
  });
});
