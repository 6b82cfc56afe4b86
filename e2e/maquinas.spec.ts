import { expect, signIn, test } from './support/fixtures.ts';

const nombre = `E2E-${Date.now().toString(36).toUpperCase()}`;

test('as admin: create a machine, filter the list, put it in baja (then it cannot be assigned), see its history', async ({ page }) => {
  await signIn(page, 'admin');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await menu.getByRole('link', { name: 'Maquinas' }).click();
  await page.getByRole('link', { name: 'Nueva máquina' }).click();
  // The list's "Nombre" column header is labelled too: wait for the form's box.
  await page.getByRole('textbox', { name: 'Nombre' }).fill(nombre);
  await page.getByLabel('MAC').fill('zz');
  await page.getByLabel('Ubicación').click();
  await expect(page.getByText(/MAC inválida/)).toBeVisible();
  await page.getByLabel('MAC').fill('3c-52-82-00-aa-01');
  await page.getByLabel('Ubicación').fill('Depósito');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
  await expect(page.getByText('3C:52:82:00:AA:01')).toBeVisible();

  await menu.getByRole('link', { name: 'Maquinas' }).click();
  await page.getByPlaceholder(/Nombre, inventario/).fill(nombre);
  await expect(page.getByRole('table', { name: 'Máquinas' }).getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`q=${nombre}`));
  await page.getByRole('link', { name: nombre }).click();

  await page.getByRole('link', { name: 'Editar' }).click();
  await page.getByRole('textbox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Baja' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('button', { name: 'Asignar' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Historial' }).click();
  await expect(page.getByRole('table', { name: 'Historial de cambios' }).getByRole('row')).toHaveCount(3);
});
