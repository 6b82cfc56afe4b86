import { api, apiToken, nuevoCliente } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';

test('register an update and see the client leave "Clientes desactualizados"', async ({ page, request }) => {
  const token = await apiToken(request);
  const razon = `Actualizaciones E2E ${Date.now()}`;
  const cliente = await nuevoCliente(request, token, razon);
  await api(request, token, 'post', `/api/empresas/${cliente.id}/servidores`, {
    nombre: 'E2E-SRV',
    hostname: 'e2e-srv.local',
    version_physis: '3.14.1',
    dnss: [],
  });

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
