import { expect, servers, signIn, test } from './support/fixtures.ts';

test('creates a version with rich-text notes, publishes it and sees it in the product changelog', async ({ page }) => {
  const numero = `9.${Date.now() % 100_000}.0`;
  await signIn(page, 'admin', servers.main, '/versiones');
  await expect(page.getByRole('table', { name: 'Versiones' })).toBeVisible();
  await page.getByRole('link', { name: 'Nueva versión' }).click();

  const form = page.getByRole('form', { name: 'Nueva versión' });
  await form.getByRole('textbox', { name: 'Producto' }).click();
  await page.getByRole('option', { name: 'Physis Sueldos (PHY-SUELDOS)' }).click();
  await form.getByRole('textbox', { name: 'Número' }).fill(numero);
  await page.getByTestId('editor-content').click();
  await page.getByTestId('editor-heading').click();
  await page.getByTestId('editor-heading-2').click();
  await page.keyboard.type('Novedades');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Liquidación de ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('aguinaldo');
  await page.keyboard.press('Control+b');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- Escalas nuevas');
  await form.getByRole('button', { name: 'Guardar' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Physis Sueldos ${numero}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Borrador');
  const notas = page.getByRole('region', { name: 'Notas de la versión' });
  await expect(notas.getByRole('heading', { level: 2, name: 'Novedades' })).toBeVisible();
  await expect(notas.locator('strong')).toHaveText('aguinaldo');
  await expect(notas.getByRole('listitem')).toHaveText('Escalas nuevas');

  // A draft is not in the changelog yet.
  await page.getByRole('button', { name: 'Publicar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText('Versión publicada')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Publicada');
  await expect(page.getByRole('button', { name: 'Retirar' })).toBeVisible();

  await page.getByRole('link', { name: 'Physis Sueldos' }).click();
  await page.getByRole('link', { name: 'Historial de cambios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de cambios de Physis Sueldos' })).toBeVisible();
  const articulos = page.getByRole('article');
  // Newest version first, each an article named by its number, with its notes rendered.
  await expect(articulos.first()).toHaveAccessibleName(numero);
  await expect(articulos.first().getByRole('heading', { name: 'Novedades' })).toBeVisible();
  await expect(articulos.first().locator('strong')).toHaveText('aguinaldo');
  await expect(articulos.nth(1)).toHaveAccessibleName('2.8.0');
});

test('the changelog needs a session only: a user without PACKS#VER reads it', async ({ page, request }) => {
  const login = await request.post(`${servers.main}/api/auth`, {
    data: { username: 'comercial', password: 'Demo-e2e-Clave1' },
  });
  const { datos } = (await login.json()) as { datos: { token: string } };
  const productos = await request.get(`${servers.main}/api/versiones/changelog`, {
    headers: { Authorization: `Bearer ${datos.token}` },
  });
  const sueldos = ((await productos.json()) as { datos: { id: number; nombre: string }[] }).datos.find(
    (p) => p.nombre === 'Physis Sueldos',
  )!;

  await signIn(page, 'comercial', servers.main, `/versiones/changelog/${sueldos.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de cambios de Physis Sueldos' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: '2.8.0' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/versiones/changelog/${sueldos.id}$`));
});
