import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

const suffix = `${Date.now().toString(36)}`;
const nombre = `e2e-srv-${suffix}`;
const hostA = `a-${suffix}.example.com`;
const hostB = `b-${suffix}.example.com`;

async function openServersList(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Servidores propios' })
    .click();
  await expect(page.getByRole('table', { name: 'Servidores' })).toBeVisible();
}

async function addDnsEntry(page: Page, host: string): Promise<void> {
  await page.getByRole('button', { name: 'Agregar entrada DNS' }).click();
  const form = page.getByRole('form', { name: 'Nueva entrada DNS' });
  await form.getByLabel('Host').fill(host);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('region', { name: host })).toBeVisible();
}

test('as tecnico: create a server with DNS entries and an address, edit, search, export, history, delete', async ({
  page,
}) => {
  await signIn(page, 'tecnico');
  await openServersList(page);

  // Create, first with a bad IP: a Spanish message on the field and nothing saved.
  await page.getByRole('link', { name: 'Nuevo servidor' }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
  await page.getByLabel('Hostname').fill(`srv-${suffix}.example.com`);
  await page.getByLabel('IP pública').fill('300.1.1.1');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Dirección IP inválida')).toBeVisible();
  await page.getByLabel('IP pública').fill('203.0.113.10');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/servidores\/\d+/);
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();

  // Two DNS entries and an address on the first.
  await page.getByRole('tab', { name: /DNS/ }).click();
  await addDnsEntry(page, hostA);
  await addDnsEntry(page, hostB);
  const entryA = page.getByRole('region', { name: hostA });
  await entryA.getByRole('button', { name: `Agregar dirección a ${hostA}` }).click();
  const address = page.getByRole('form', { name: 'Nueva dirección' });
  await address.getByLabel('Host').fill('backend.example.com');
  await address.getByLabel('Puerto').fill('8443');
  await address.getByLabel('Ruta').fill('/api');
  await address.getByRole('button', { name: 'Guardar' }).click();
  await expect(entryA.getByRole('table', { name: `Direcciones de ${hostA}` })).toContainText(
    'http://backend.example.com:8443/api',
  );

  // A duplicate host is refused on its field.
  await page.getByRole('button', { name: 'Agregar entrada DNS' }).click();
  const duplicate = page.getByRole('form', { name: 'Nueva entrada DNS' });
  await duplicate.getByLabel('Host').fill(hostB.toUpperCase());
  await duplicate.getByRole('button', { name: 'Guardar' }).click();
  await expect(duplicate.getByText('Ya existe una entrada DNS con ese host')).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancelar' }).click();

  // Edit.
  await page.getByRole('tab', { name: 'Datos' }).click();
  await page.getByRole('link', { name: 'Editar', exact: true }).click();
  await page.getByLabel('Proveedor').fill('E2E Cloud');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/servidores\/\d+(\?.*)?$/);
  await expect(page.getByText('E2E Cloud')).toBeVisible();

  // History shows the creation and the change.
  await page.getByRole('tab', { name: 'Historial' }).click();
  const history = page.getByRole('table', { name: 'Historial de cambios' });
  await expect(history).toContainText('Creación');
  await expect(history).toContainText('Modificación');
  await expect(history).toContainText('E2E Cloud');

  // Search the list, then export what it shows.
  await openServersList(page);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(nombre);
  const table = page.getByRole('table', { name: 'Servidores' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(nombre);
  await expect(page).toHaveURL(new RegExp(`q=${nombre}`));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(nombre);
  expect(lines[1]).toContain('E2E Cloud');

  // Delete: the confirmation says the DNS entries go too.
  await table.getByText(nombre).click();
  await page.getByRole('button', { name: 'Eliminar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar servidor' });
  await expect(dialog).toContainText('2 entradas DNS');
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/servidores(\?.*)?$/);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(nombre);
  await expect(page.getByText('No hay servidores que coincidan con la búsqueda.')).toBeVisible();
});

test('the DNS screen searches entries across servers', async ({ page }) => {
  await signIn(page, 'tecnico');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Servicio DNS' }).click();
  const table = page.getByRole('table', { name: 'Entradas DNS' });
  await expect(table).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('physis.com.ar');
  await expect(page).toHaveURL(/q=physis\.com\.ar/);
  const servidores = await table.getByRole('link', { name: /^Ver servidor / }).allTextContents();
  expect(new Set(servidores).size).toBeGreaterThan(1);
  await table
    .getByRole('link', { name: /^Ver servidor / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/servidores\/\d+/);
});
