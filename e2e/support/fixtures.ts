import { type Page, expect, test as base } from '@playwright/test';
import { PASSWORDS } from './server.ts';

export const USERS = {
  admin: { username: 'admin', password: PASSWORDS.admin, nombre: 'Administrador' },
  tecnico: { username: 'tecnico', password: PASSWORDS.demo, nombre: 'Técnico Demo' },
  comercial: { username: 'comercial', password: PASSWORDS.demo, nombre: 'Comercial Demo' },
} as const;
export type DemoUser = keyof typeof USERS;
/** Who signs in: a demo user, or an account a test made for itself (support/api.ts: ownAccount). */
export type Account = { username: string; password: string; nombre: string };

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} no está definido: ¿corrió el globalSetup?`);
  return value;
}

export const servers = {
  get main() {
    return required('E2E_MAIN_URL');
  },
  get org() {
    return required('E2E_ORG_URL');
  },
  get maintenance() {
    return required('E2E_MAINTENANCE_URL');
  },
  /** Signs in through an OpenID provider too (support/oidc.ts). */
  get oidc() {
    return required('E2E_OIDC_URL');
  },
};

/**
 * Signs in through the login form, as a person would, and waits until the shell shows the user, or until the
 * blocked route answered 403 and sent them to /forbidden (which may come before the shell shows the name).
 */
export async function signIn(
  page: Page,
  user: DemoUser | Account,
  baseUrl = servers.main,
  path = '/login',
): Promise<void> {
  const account = typeof user === 'string' ? USERS[user] : user;
  // A browser signed in before would renew its session at a deep link: this sign-in starts without one.
  await page.context().clearCookies({ name: 'intranet_renovacion' });
  await page.goto(baseUrl + path);
  await page.getByPlaceholder('Usuario o email').fill(account.username);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const shell = page.getByText(account.nombre, { exact: false }).first();
  // Signing in verifies an argon2 hash, the slowest thing the server does: on a loaded machine it takes a while.
  await expect(shell.or(page.getByRole('heading', { name: 'Acceso denegado' })).first()).toBeVisible({
    timeout: 30_000,
  });
}

export const test = base;
export { expect };
