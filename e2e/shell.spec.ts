import { expect, servers, signIn, test } from './support/fixtures.ts';

test('the top bar shows the latest package without its extension, its date, the user and roles', async ({
  page,
  request,
}) => {
  const login = await request.post(`${servers.main}/api/auth`, {
    data: { username: 'tecnico', password: 'Demo-e2e-Clave1' },
  });
  const { datos } = (await login.json()) as { datos: { token: string } };
  const last = await request.get(`${servers.main}/api/paquetes/last`, {
    headers: { Authorization: `Bearer ${datos.token}` },
  });
  const paquete = (await last.json()) as { nombre: string; fecha: string };
  // The day as the portal shows it: in the browser's time zone (Buenos Aires here), not the UTC day of the ISO text.
  const dia = new Intl.DateTimeFormat('es-AR', {
    timeZone: 'America/Argentina/Buenos_Aires',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(paquete.fecha));

  await signIn(page, 'tecnico');
  await expect(page.getByTestId('ultimo-paquete-nombre')).toHaveText(paquete.nombre.slice(0, -4));
  await expect(page.getByTestId('ultimo-paquete-fecha')).toContainText(dia);
  await expect(page.getByTestId('usuario-nombre')).toHaveText('Técnico Demo');
  await expect(page.getByTestId('usuario-roles')).toHaveText('Técnica');
  await expect(page.getByTestId('pie')).toContainText(String(new Date().getFullYear()));
});

test('users without PACKS#VER see no package and are not sent to /forbidden', async ({ page }) => {
  await signIn(page, 'comercial');
  await expect(page.getByTestId('usuario-roles')).toHaveText('Comercial');
  await expect(page.getByTestId('ultimo-paquete-nombre')).toHaveCount(0);
  await expect(page).toHaveURL(`${servers.main}/`);
});

test('the footer sits after the content of a long page, not over it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 600 });
  await signIn(page, 'admin', servers.main, '/clientes/lista');
  await expect(page.getByRole('table', { name: 'Clientes' }).getByRole('row').nth(10)).toBeVisible();
  const contenido = await page.getByTestId('contenido').boundingBox();
  const pie = await page.getByTestId('pie').boundingBox();
  // Before scrolling, the footer of a page taller than the window is below the window, after the content.
  expect(contenido!.height).toBeGreaterThan(600);
  expect(pie!.y).toBeGreaterThanOrEqual(contenido!.y + contenido!.height);
  await page.getByTestId('pie').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('pie')).toBeInViewport();
});

test('the content area is at least the window height minus 155 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin');
  const box = await page.getByTestId('contenido').boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(900 - 155 - 1);
});

test('the public /unauthorized and /forbidden pages offer their links', async ({ page }) => {
  await page.goto(`${servers.main}/unauthorized`);
  await expect(page.getByRole('heading', { name: 'No autorizado' })).toBeVisible();
  for (const name of ['Ir al inicio', 'Iniciar sesión', 'Registrarse'])
    await expect(page.getByRole('link', { name })).toBeVisible();
  await page.goto(`${servers.main}/forbidden`);
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  for (const name of ['Ir al inicio', 'Iniciar sesión', 'Cambiar de cuenta'])
    await expect(page.getByRole('link', { name })).toBeVisible();
  await page.getByRole('link', { name: 'Cambiar de cuenta' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a session revoked on the server sends the user to /unauthorized on the next call', async ({ page, request }) => {
  const login = page.waitForResponse((r) => r.url().endsWith('/api/auth') && r.request().method() === 'POST');
  await signIn(page, 'tecnico');
  const { datos } = (await (await login).json()) as { datos: { token: string } };
  await request.post(`${servers.main}/api/auth/logout`, { headers: { Authorization: `Bearer ${datos.token}` } });
  // Back to the tab: the shell refreshes its data and meets the 401.
  await page.evaluate(() => {
    // TanStack Query's focus manager listens for this on window.
    window.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'No autorizado' })).toBeVisible();
});

test('the ORG variant: its logo, the menu in the top bar, home goes to Instalaciones', async ({ page }) => {
  await signIn(page, 'admin', servers.org);
  await expect(page).toHaveURL(`${servers.org}/clientes/parametros`);
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByRole('button', { name: 'PHYSIS' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contraer menú' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'TECNICA' }).click();
  await page.getByRole('menuitem', { name: 'Servidores propios' }).click();
  await expect(page).toHaveURL(`${servers.org}/servidores`);
});

test('a screen whose call answers 403 sends the user to /forbidden', async ({ page }) => {
  // comercial lacks SER#VER: the servers screen's first call is refused by the server.
  await signIn(page, 'comercial', servers.main, '/servidores');
  await expect(page).toHaveURL(/\/forbidden$/);
  await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
});
