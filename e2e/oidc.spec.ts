import { expect, servers, test, USERS } from './support/fixtures.ts';
import { OIDC_GRUPO } from './support/oidc.ts';

test('signs in through the OpenID provider: its page, back with a one-time code, and into the blocked route with the roles of its group', async ({
  page,
  request,
}) => {
  // The provider's group gives Comercial on this portal.
  const login = await request.post(`${servers.oidc}/api/auth`, {
    data: { username: USERS.admin.username, password: USERS.admin.password },
  });
  const admin = ((await login.json()) as { datos: { token: string } }).datos.token;
  const lista = await request.get(`${servers.oidc}/api/roles?size=100`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const comercial = ((await lista.json()) as { datos: { items: { id: number; nombre: string }[] } }).datos.items.find(
    (r) => r.nombre === 'Comercial',
  )!;
  const mapeo = await request.post(`${servers.oidc}/api/auth/directorio/grupos`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { grupo: OIDC_GRUPO, rol_id: comercial.id },
  });
  expect([201, 409]).toContain(mapeo.status());

  // A route that needs a session first sends the person to sign in.
  await page.goto(`${servers.oidc}/clientes/lista`);
  await expect(page.getByRole('button', { name: 'Ingresar con Proveedor de prueba' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Ingresar con Proveedor de prueba' }).click();

  // The provider's own pages (oidc-provider's development sign-in and consent).
  await page.locator('input[name="login"]').fill('olga');
  await page.locator('input[name="password"]').fill('cualquiera');
  await page.locator('button[type="submit"]').click();
  await page.locator('button[type="submit"]').click();

  await expect(page.getByTestId('usuario-nombre')).toHaveText('Olga olga', { timeout: 30_000 });
  await expect(page.getByTestId('usuario-roles')).toHaveText('Comercial');
  await expect(page).toHaveURL(/\/clientes\/lista$/);
  // The one-time code is gone from the address, and no token was kept in storage or a cookie.
  expect(page.url()).not.toContain('oidc=');
  expect(
    await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    ),
  ).not.toMatch(/[A-Za-z0-9_-]{40,}/);
});
