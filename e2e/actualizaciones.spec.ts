import { type APIRequestContext } from '@playwright/test';
import { expect, servers, signIn, test, USERS } from './support/fixtures.ts';

/** A session token for preparing data through the API, as an API client would (the page signs in on its own). */
async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post(`${servers.main}/api/auth`, { data: { username: USERS.admin.username, password: USERS.admin.password } });
  return ((await res.json()) as { datos: { token: string } }).datos.token;
}

/** A CUIT nobody else uses in this run, with a valid check digit. */
function cuitNuevo(): string {
  for (;;) {
    const base = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const pesos = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    const resto = 11 - (pesos.reduce((s, p, i) => s + p * Number(base[i]), 0) % 11);
    const dv = resto === 11 ? 0 : resto;
    if (dv !== 10) return `${base}${dv}`;
  }
}

const emptyDoc = { type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] };

async function api<T>(request: APIRequestContext, token: string, method: 'post' | 'get', path: string, data?: unknown): Promise<T> {
  const res = await request[method](`${servers.main}${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { datos: T }).datos;
}

async function nuevaEmpresa(request: APIRequestContext, token: string, razon: string): Promise<{ id: number; cuit: string }> {
  const cuit = cuitNuevo();
  const e = await api<{ id: number }>(request, token, 'post', '/api/empresas', { razon_social: razon, cuit, condicion_iva: 'responsable_inscripto', notas: emptyDoc });
  return { id: e.id, cuit };
}


test('register an update and see the client leave "Clientes desactualizados"', async ({ page, request }) => {
  const token = await apiToken(request);
  const razon = `Actualizaciones E2E ${Date.now()}`;
  const empresa = await nuevaEmpresa(request, token, razon);
  await api(request, token, 'post', `/api/empresas/${empresa.id}/servidores`, { nombre: 'E2E-SRV', hostname: 'e2e-srv.local', version_physis: '3.14.1', dnss: [] });

  await signIn(page, 'admin', servers.main, '/clientes/actualizaciones/lista');
  await page.getByRole('tab', { name: 'Clientes desactualizados' }).click();
  const seccion = page.getByRole('table', { name: 'Clientes desactualizados de Physis ERP' });
  const fila = seccion.getByRole('row').filter({ hasText: razon });
  await expect(fila).toHaveCount(1);
  await expect(fila.getByText('E2E-SRV: 3.14.1')).toBeVisible();
  await expect(fila.getByText('1 versión atrás')).toBeVisible();

  await page.getByRole('tab', { name: 'Registro' }).click();
  await page.getByRole('button', { name: 'Registrar actualización' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar actualización' });
  await dialog.getByRole('textbox', { name: 'Cliente' }).fill(razon.slice(0, 22));
  await page.getByRole('option', { name: new RegExp(razon) }).click();
  await dialog.getByRole('textbox', { name: 'Servidor' }).click();
  await page.getByRole('option', { name: 'E2E-SRV (3.14.1)' }).click();
  await dialog.getByRole('textbox', { name: 'Producto' }).click();
  await page.getByRole('option', { name: 'Physis ERP', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Versión instalada' }).click();
  await page.getByRole('option', { name: '3.14.2', exact: true }).click();
  await dialog.getByLabel('Log').fill('Actualización desde el e2e');
  await dialog.getByRole('button', { name: 'Registrar actualización' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('E2E-SRV → 3.14.2')).toBeVisible();

  await page.getByRole('searchbox').fill(razon);
  // The search reaches the URL (debounced) before the tab changes, so it cannot overwrite the tab's parameter.
  await expect(page).toHaveURL(/q=Actualizaciones/);
  const tabla = page.getByRole('table', { name: 'Actualizaciones' });
  const registro = tabla.getByRole('row').filter({ hasText: 'E2E-SRV' });
  await expect(registro).toHaveCount(1);
  await expect(registro.getByText('3.14.1')).toBeVisible();
  await expect(registro.getByText('Correcta')).toBeVisible();

  await page.getByRole('tab', { name: 'Clientes desactualizados' }).click();
  await expect(page.getByRole('heading', { name: 'Physis ERP' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: razon })).toHaveCount(0);
});
