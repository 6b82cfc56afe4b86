import { expect, signIn, test } from './support/fixtures.ts';

const nombre = `E2E-${Date.now().toString(36).toUpperCase()}`;

test('as admin: create a machine, filter the list, put it in baja (then it cannot be assigned), see its history', async ({
  page,
}) => {
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

test('on a phone: the machines are cards, the filters unfold from one button that counts them, and a card opens its machine', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Maquinas' }).click();
  const lista = page.getByRole('list', { name: 'Máquinas' });
  await expect(lista.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Máquinas' })).toHaveCount(0);
  // Folded away, the filters leave the rows in the first screen.
  await expect(page.getByRole('textbox', { name: 'Tipo' })).toBeHidden();
  await expect(lista.getByRole('listitem').first()).toBeInViewport();

  await page.getByRole('button', { name: 'Filtros', exact: true }).click();
  await page.getByRole('textbox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'PC' }).click();
  await expect(page).toHaveURL(/tipo=pc/i);
  await expect(page.getByRole('button', { name: 'Filtros: 1 activo' })).toBeVisible();
  const tarjetas = lista.getByRole('listitem');
  await expect(tarjetas.first().getByRole('definition').filter({ hasText: /^PC$/ })).toBeVisible();
  for (const tipo of await lista
    .getByRole('term')
    .filter({ hasText: /^Tipo$/ })
    .locator('xpath=following-sibling::dd')
    .allTextContents())
    expect(tipo).toBe('PC');

  await page.getByRole('textbox', { name: 'Ordenar por' }).click();
  await page.getByRole('option', { name: 'Nombre (descendente)' }).click();
  await expect(page).toHaveURL(/sort=-nombre/);
  const primera = (await tarjetas.first().getByRole('link').first().textContent()) ?? '';
  // The list updates itself: a machine another test adds meanwhile may come first, so the card is found by its name.
  await lista.getByRole('link', { name: primera, exact: true }).click();
  await expect(page.getByRole('heading', { name: primera })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
    0,
  );
});
