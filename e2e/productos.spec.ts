import type { Page } from '@playwright/test';
import { expect, servers, signIn, test } from './support/fixtures.ts';

const suffix = Date.now().toString(36).toUpperCase();
const codigo = `E2E-${suffix}`;

/** Signs in through the form and keeps the session token the page received, to read the API as it does. */
async function signInWithToken(page: Page): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth') && r.request().method() === 'POST');
  await signIn(page, 'admin');
  const body = (await (await answer).json()) as { datos: { token: string } };
  return body.datos.token;
}

async function openProductos(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Productos' }).click();
  await expect(page.getByRole('table', { name: 'Productos' })).toBeVisible();
}

test('as admin: create a product with a formatted description that reads back through the API as JSON, then edit, filter, history, delete', async ({
  page,
  request,
}) => {
  const token = await signInWithToken(page);
  const api = async (path: string) => {
    const res = await request.get(`${servers.main}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return (await res.json()) as { datos: unknown };
  };

  // The editor's code is not loaded by the list, only by a screen with a rich-text field.
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await openProductos(page);
  expect(scripts.some((s) => /\/Editor-[\w-]+\.js$/.test(s))).toBe(false);

  await page.getByRole('link', { name: 'Nuevo producto' }).click();
  const content = page.getByRole('textbox', { name: 'Descripción' });
  await expect(content).toBeVisible();
  expect(scripts.some((s) => /\/Editor-[\w-]+\.js$/.test(s))).toBe(true);

  // Contract validation first: nothing typed.
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Este campo es requerido').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Código' }).fill(codigo);
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Physis Agenda e2e');
  await page.getByLabel('Línea').fill('Web');
  await page.getByRole('textbox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Web' }).click();
  await page.getByLabel('Responsable').fill('Ana Ruiz');
  await content.click();
  await page.keyboard.type('## Agenda');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Turnos ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('online');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' para clientes');
  await page.getByRole('button', { name: 'Centrar' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();

  await expect(page).toHaveURL(/\/soluciones\/productos\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: 'Physis Agenda e2e' })).toBeVisible();
  const view = page.getByRole('region', { name: 'Descripción' });
  await expect(view.locator('h2')).toHaveText('Agenda');
  await expect(view.locator('p strong')).toHaveText('online');

  const { datos } = (await api(`/api/productos/${id}`)) as {
    datos: { codigo: string; tipo: string; descripcion: unknown };
  };
  expect(datos.codigo).toBe(codigo);
  expect(datos.tipo).toBe('web');
  expect(datos.descripcion).toEqual({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2, align: null }, content: [{ type: 'text', text: 'Agenda' }] },
      {
        type: 'paragraph',
        attrs: { align: 'center' },
        content: [
          { type: 'text', text: 'Turnos ' },
          { type: 'text', marks: [{ type: 'strong' }], text: 'online' },
          { type: 'text', text: ' para clientes' },
        ],
      },
    ],
  });
  const html = (await api(`/api/productos/${id}/descripcion.html`)) as { datos: { html: string } };
  expect(html.datos.html).toBe(
    '<h2>Agenda</h2><p style="text-align: center">Turnos <strong>online</strong> para clientes</p>',
  );

  // Edit: the stored description loads into the editor; a duplicate code is refused on its field.
  await page.getByRole('link', { name: 'Editar' }).click();
  await expect(content.locator('h2')).toHaveText('Agenda');
  await page.getByRole('textbox', { name: 'Código' }).fill('phy-erp');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe un producto con ese código')).toBeVisible();
  await page.getByRole('textbox', { name: 'Código' }).fill(codigo);
  await content.locator('p').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' y pacientes');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('region', { name: 'Descripción' })).toContainText('para clientes y pacientes');

  // History shows the description as text.
  await page.getByRole('tab', { name: 'Historial' }).click();
  await expect(page.getByText('Turnos online para clientes y pacientes').first()).toBeVisible();

  // The list filters by line and kind, kept in the URL.
  await openProductos(page);
  await page.getByRole('textbox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Web' }).click();
  await expect(page).toHaveURL(/tipo=web/);
  await expect(page.getByRole('link', { name: codigo })).toBeVisible();
  await expect(page.getByRole('link', { name: 'PHY-ERP' })).toHaveCount(0);

  // Delete with confirmation.
  await page.getByRole('link', { name: codigo }).click();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar producto' });
  await expect(dialog).toContainText(`¿Eliminar el producto Physis Agenda e2e?`);
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('table', { name: 'Productos' })).toBeVisible();
  const gone = await request.get(`${servers.main}/api/productos/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(gone.status()).toBe(404);
});

test('a stored description the editor cannot read is kept, not shown empty and overwritten', async ({ page }) => {
  await signIn(page, 'admin');
  // The stored document as an older import might have left it: a node the schema does not know. The
  // answer is altered in the browser, since the API refuses to store such a document.
  const puts: string[] = [];
  await page.route(/\/api\/productos\/\d+$/, async (route) => {
    if (route.request().method() === 'PUT') {
      puts.push(route.request().postData() ?? '');
      return route.continue();
    }
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { datos: { descripcion: unknown } };
      body.datos.descripcion = {
        type: 'doc',
        content: [{ type: 'tabla', content: [{ type: 'text', text: 'celda' }] }],
      };
      await route.fulfill({ response, json: body });
    } catch (err) {
      // The page gave this read up meanwhile (a screen change cancels its query): there is nothing left to answer.
      if (!/disposed|closed|aborted/i.test(String(err))) throw err;
    }
  });
  await openProductos(page);
  await page.getByRole('link', { name: 'PHY-POS' }).click();
  await expect(page.getByRole('region', { name: 'Descripción' })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'No se puede mostrar el texto guardado' })).toContainText(
    '«tabla» no existe',
  );

  await page.getByRole('link', { name: 'Editar' }).click();
  const alert = page.getByTestId('editor-unreadable');
  await expect(alert).toContainText('No se puede mostrar el texto guardado');
  await expect(alert).toContainText('se conserva sin cambios');
  await expect(page.getByRole('button', { name: 'Negrita' })).toHaveCount(0);

  // Saving other fields does not replace the stored description with an empty one: it is refused on the field.
  await page.getByLabel('Responsable').fill('Otra persona');
  await page.getByRole('button', { name: 'Guardar' }).click();
  // The field's own error, under the editor (the editor's alert says the same in its detail).
  await expect(
    page.locator('[id$="-error"]', {
      hasText: /^El documento de texto enriquecido no es válido: el tipo de nodo «tabla» no existe\.$/,
    }),
  ).toBeVisible();
  expect(puts).toEqual([]);

  // Only an explicit replacement gives an editable, empty description.
  await page.getByRole('button', { name: 'Reemplazar por un texto nuevo' }).click();
  await expect(alert).toHaveCount(0);
  const content = page.getByRole('textbox', { name: 'Descripción' });
  await expect(content).toBeFocused();
  await page.keyboard.type('Caja para mostrador.');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/soluciones\/productos\/\d+$/);
  expect(puts).toHaveLength(1);
  expect(JSON.parse(puts[0]!).descripcion).toEqual({
    type: 'doc',
    content: [{ type: 'paragraph', attrs: { align: null }, content: [{ type: 'text', text: 'Caja para mostrador.' }] }],
  });
});
