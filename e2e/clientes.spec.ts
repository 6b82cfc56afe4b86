import type { Page } from '@playwright/test';
import { expect, servers, signIn, test } from './support/fixtures.ts';

/** Signs in through the form and keeps the session token the page received, to read the API as it does. */
async function signInWithToken(page: Page, path: string): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth') && r.request().method() === 'POST');
  await signIn(page, 'admin', servers.main, path);
  const body = (await (await answer).json()) as { datos: { token: string } };
  return body.datos.token;
}

test('as admin: find a client by name and by CUIT, open every tab of its detail', async ({ page }) => {
  await signIn(page, 'admin', servers.main, '/clientes/lista');
  const tabla = page.getByRole('table', { name: 'Clientes' });
  await expect(tabla).toBeVisible();

  await page.getByRole('searchbox').fill('Trébol');
  await expect(page).toHaveURL(/q=Tr%C3%A9bol|q=Trébol/);
  await expect(tabla.getByRole('row')).toHaveCount(2);
  const fila = tabla.getByRole('row').nth(1);
  const cuit = (await fila.getByText(/^\d{2}-\d{8}-\d$/).textContent())!;
  await expect(fila.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  // The CUIT with its dashes finds it too.
  await page.getByRole('searchbox').fill(cuit);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(cuit);
  await expect(tabla.getByRole('row')).toHaveCount(2);
  await tabla.getByRole('link', { name: 'Supermercados El Trébol S.A.' }).click();
  await expect(page).toHaveURL(/\/clientes\/\d+$/);
  await expect(page.getByRole('heading', { name: /Supermercados El Trébol S\.A\./ })).toBeVisible();
  await expect(page.getByText('Responsable inscripto')).toBeVisible();

  await page.getByRole('tab', { name: /Servidores/ }).click();
  await expect(page.getByRole('heading', { name: 'TREBOL-01' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'TREBOL-SUC3' })).toBeVisible();

  await page.getByRole('tab', { name: 'Parámetros' }).click();
  await expect(page.getByRole('table', { name: 'Parámetros del grupo AFIP' })).toBeVisible();
  await expect(page.getByTestId('valor-sql.password')).toHaveText('••••••••');

  await page.getByRole('tab', { name: 'Vencimientos' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.getByRole('tab', { name: 'Actualizaciones' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();

  await page.getByRole('tab', { name: 'Contactos' }).click();
  await expect(
    page.getByRole('table', { name: 'Personas de este cliente' }).getByRole('link', { name: 'Benítez, Pablo' }),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Historial' }).click();
  await expect(page).toHaveURL(/tab=historial/);
});

test('Instalaciones: choose a client, edit a parameter inline (validated by type), reveal a secret (audited)', async ({
  page,
  request,
}) => {
  const token = await signInWithToken(page, '/clientes/parametros');
  const api = async (path: string) => {
    const res = await request.get(`${servers.main}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return (await res.json()) as { datos: unknown };
  };
  const { datos } = (await api('/api/empresas?q=Metal%C3%BArgica')) as { datos: { items: { id: number }[] } };
  const id = datos.items[0]!.id;

  await expect(page.getByRole('heading', { name: 'Instalaciones' })).toBeVisible();
  const clientes = page.getByRole('table', { name: 'Clientes y sus instalaciones' });
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Metalúrgica');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Metalúrgica');
  await expect(clientes.getByRole('row')).toHaveCount(2);
  await clientes.getByRole('link', { name: 'Metalúrgica Andina S.A.' }).click();
  await expect(page).toHaveURL(new RegExp(`empresa=${id}`));
  const general = page.getByRole('table', { name: 'Parámetros del grupo General' });
  await expect(general).toBeVisible();

  // A number refuses text, then takes a number.
  await page.getByRole('button', { name: 'Editar sucursales' }).click();
  const valor = general.getByRole('textbox', { name: 'Valor' });
  await valor.fill('siete');
  await page.getByRole('button', { name: 'Guardar sucursales' }).click();
  await expect(page.getByText('Debe ser un número')).toBeVisible();
  await valor.fill('7');
  await page.getByRole('button', { name: 'Guardar sucursales' }).click();
  await expect(page.getByTestId('valor-sucursales')).toHaveText('7');

  // The secret is masked until revealed; revealing writes an audit row.
  const secreto = page.getByTestId('valor-sql.password');
  await expect(secreto).toHaveText('••••••••');
  await page.getByRole('button', { name: 'Mostrar sql.password' }).click();
  await expect(secreto).not.toHaveText('••••••••');
  await expect(secreto).toHaveText(/\S+/);
  const historia = (await api(`/api/auditoria?entidad=empresa&id=${id}`)) as { datos: { items: { accion: string }[] } };
  expect(historia.datos.items.map((a) => a.accion)).toContain('revelar secreto');
  await page.getByRole('button', { name: 'Ocultar sql.password' }).click();
  await expect(secreto).toHaveText('••••••••');

  // One of its servers: its own parameters.
  await page.getByRole('textbox', { name: 'Ámbito' }).click();
  await page.getByRole('option', { name: 'Servidor MA-SQL' }).click();
  await expect(page).toHaveURL(/servidor=\d+/);
  await expect(page.getByRole('table', { name: 'Parámetros del grupo Servicio' })).toBeVisible();
});

test('the ORG variant lands on Instalaciones: browse the clients with their counts, search a demo client, open it and one of its installations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', servers.org);
  await expect(page).toHaveURL(`${servers.org}/clientes/parametros`);
  await expect(page.getByRole('heading', { name: 'Instalaciones' })).toBeVisible();
  const clientes = page.getByRole('table', { name: 'Clientes y sus instalaciones' });
  await expect(clientes.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('cifra-clientes')).toHaveText(/^\d+ clientes$/);
  await expect(page.getByTestId('cifra-instalaciones')).toHaveText(/^\d+ instalaciones$/);

  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Trébol');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Trébol');
  await expect(clientes.getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('cifra-clientes')).toHaveText('1 cliente');
  await expect(page.getByTestId('cifra-instalaciones')).toHaveText('3 instalaciones');
  const fila = clientes.getByRole('row').nth(1);
  for (const nombre of ['TREBOL-01', 'TREBOL-SUC2', 'TREBOL-SUC3'])
    await expect(fila.getByRole('link', { name: nombre })).toBeVisible();

  await fila.getByRole('link', { name: 'Supermercados El Trébol S.A.' }).click();
  await expect(page).toHaveURL(/\?empresa=\d+$/);
  await expect(page.getByRole('table', { name: 'Parámetros del grupo AFIP' })).toBeVisible();

  // Back to the list as it was searched, then straight into one installation's own parameters.
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('Trébol');
  await fila.getByRole('link', { name: 'TREBOL-01' }).click();
  await expect(page).toHaveURL(/empresa=\d+&servidor=\d+/);
  await expect(page.getByRole('table', { name: 'Parámetros del grupo Servicio' })).toBeVisible();
  await page.getByRole('link', { name: 'Todos los clientes' }).click();
  await expect(clientes.getByRole('row').nth(1)).toBeVisible();
});

test('Instalaciones on a phone: each client is a card with its counts, and its name opens it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', servers.org);
  const clientes = page.getByRole('list', { name: 'Clientes y sus instalaciones' });
  await expect(clientes.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Clientes y sus instalaciones' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Buscar' }).fill('Farmacias Patagónicas');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Farmacias Patagónicas');
  await expect(clientes.getByRole('listitem')).toHaveCount(1);
  const tarjeta = clientes.getByRole('listitem').first();
  await expect(tarjeta.getByRole('term')).toHaveText(['CUIT', 'Instalaciones', 'Parámetros', 'Servidores']);
  await expect(tarjeta.getByRole('link', { name: 'FS-CENTRAL' })).toBeVisible();
  await tarjeta.getByRole('link', { name: 'Farmacias Patagónicas S.A.' }).click();
  await expect(page).toHaveURL(/\?empresa=\d+$/);
  await expect(page.getByRole('textbox', { name: 'Ámbito' })).toBeVisible();
});
