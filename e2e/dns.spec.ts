import { api, apiToken } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const servidor = `e2e-dns-srv-${suffix}`;
const host = `nueva-${suffix}.example.com`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

test('as tecnico: Nueva entrada DNS creates an entry, its page edits it and its history shows the change', async ({
  page,
  request,
}) => {
  await api(request, await apiToken(request), 'post', '/api/servidores', {
    nombre: servidor,
    hostname: `${servidor}.example.com`,
    estado: 'activo',
  });
  await signIn(page, 'tecnico');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Servicio DNS' }).click();
  await expect(page.getByRole('table', { name: 'Entradas DNS' })).toBeVisible();

  // Create from the list's Nuevo: the server is chosen in the form.
  await page.getByRole('link', { name: 'Nueva entrada DNS' }).click();
  await expect(page).toHaveURL(/\/dns\/nueva$/);
  const nueva = page.getByRole('form', { name: 'Nueva entrada DNS' });
  const servidorSelect = nueva.getByRole('textbox', { name: 'Servidor' });
  await servidorSelect.click();
  await servidorSelect.fill(servidor);
  await page.getByRole('option', { name: servidor, exact: true }).click();
  await nueva.getByLabel('Host').fill(host);
  await nueva.getByRole('button', { name: 'Guardar' }).click();

  // Its own page, at an address of its own.
  await expect(page).toHaveURL(/\/dns\/\d+(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(escaped(host)) })).toBeVisible();
  await expect(page.getByRole('link', { name: `Ver servidor ${servidor}` })).toBeVisible();
  const entryUrl = page.url().replace(/\?.*$/, '');

  // Edit it from its page.
  await page.getByRole('link', { name: 'Editar', exact: true }).click();
  await expect(page).toHaveURL(/\/dns\/\d+\/editar$/);
  const editar = page.getByRole('form', { name: `Editar entrada DNS ${host}` });
  await editar.getByLabel('TTL (segundos)').fill('900');
  await editar.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dns\/\d+(\?.*)?$/);
  await expect(page.locator('dd', { hasText: /^900$/ })).toBeVisible();

  // The history has the creation and the change.
  await page.getByRole('tab', { name: 'Historial' }).click();
  const history = page.getByRole('table', { name: 'Historial de cambios' });
  await expect(history).toContainText('Creación');
  await expect(history).toContainText('Modificación');
  await expect(history).toContainText('3600 → 900');

  // The list links the entry to the same page, and the address holds on a fresh load.
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(host);
  const table = page.getByRole('table', { name: 'Entradas DNS' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: host }).click();
  await expect(page).toHaveURL(new RegExp(`^${escaped(entryUrl)}(\\?.*)?$`));
  await page.goto(entryUrl);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(escaped(host)) })).toBeVisible();

  // Deleted from its page, back to the list; its address then says it is not found.
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar entrada DNS' });
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/dns(\?.*)?$/);
  await page.goto(entryUrl);
  await expect(page.getByRole('alert')).toContainText('No se encontró la entrada DNS.');
  await expect(page.getByRole('link', { name: 'Volver a la lista' })).toHaveAttribute('href', '/dns');
});

test('a DNS entry that does not exist shows the not-found message', async ({ page }) => {
  await signIn(page, 'tecnico');
  await page.goto(`${servers.main}/dns/999999999`);
  await expect(page.getByRole('alert')).toContainText('No se encontró la entrada DNS.');
  await expect(page.getByRole('heading', { level: 1, name: 'Servicio DNS' })).toBeVisible();
});
