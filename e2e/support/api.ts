import type { APIRequestContext } from '@playwright/test';
import { type Account, expect, servers, USERS } from './fixtures.ts';

// Preparing data through the API, as an API client would (the page under test signs in on its own).

/** A session token of the admin. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${servers.main}/api/auth`, {
    data: { username: USERS.admin.username, password: USERS.admin.password },
  });
  return ((await res.json()) as { datos: { token: string } }).datos.token;
}

/** A CUIT nobody else uses in this run, with a valid check digit. */
function cuitNuevo(): string {
  for (;;) {
    const base = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const pesos = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    const resto = 11 - (pesos.reduce((s, p, i) => s + p * Number(base[i]), 0) % 11);
    const dv = resto === 11 ? 0 : resto;
    if (dv !== 10) return `${base}${dv}`;
  }
}

/** An empty rich-text document. */
const emptyDoc = { type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] };

/** One call with the token; fails the test unless it succeeds, and answers its `datos`. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'get',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](`${servers.main}${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { datos: T }).datos;
}

/** A new client with a fresh CUIT. */
export async function nuevoCliente(
  request: APIRequestContext,
  token: string,
  razon: string,
): Promise<{ id: number; cuit: string }> {
  const cuit = cuitNuevo();
  const e = await api<{ id: number }>(request, token, 'post', '/api/empresas', {
    razon_social: razon,
    cuit,
    condicion_iva: 'responsable_inscripto',
    notas: emptyDoc,
  });
  return { id: e.id, cuit };
}

/**
 * An account of its own, with one role of the demo (Comercial unless told): the demo's accounts are shared by the
 * tests running beside, so a test that ends sessions or changes the account's settings makes its own.
 */
export async function ownAccount(request: APIRequestContext, nombre: string, rol = 'Comercial'): Promise<Account> {
  const admin = await apiToken(request);
  const sufijo = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const apellido = `Prueba ${sufijo}`;
  const persona = await api<{ id: number }>(request, admin, 'post', '/api/personas', {
    nombre,
    apellido,
    activo: true,
  });
  const roles = await api<{ items: { id: number; nombre: string }[] }>(request, admin, 'get', '/api/roles?size=100');
  const rolId = roles.items.find((r) => r.nombre === rol)!.id;
  const account = {
    username: `${nombre
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()}-${sufijo}`,
    password: `Clave-${sufijo}-2026`,
    nombre: `${nombre} ${apellido}`,
  };
  await api(request, admin, 'post', '/api/usuarios', {
    persona_id: persona.id,
    usuario: account.username,
    password: account.password,
    roles: [rolId],
  });
  return account;
}
