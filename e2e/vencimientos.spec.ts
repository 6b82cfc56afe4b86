import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, apiToken, nuevoCliente } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';

const dia = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(d);
};
const corta = (iso: string) => iso.split('-').reverse().join('/');

test('import an AFIP certificate, see it in Vencimientos AFIP with the right colour, and renew it from there with a new key and request', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const razon = `Certificados E2E ${Date.now()}`;
  await nuevoCliente(request, token, razon);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-cert-'));
  const crt = join(dir, 'afip.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'k.pem'),
      '-out',
      crt,
      '-days',
      '20',
      '-subj',
      '/O=E2E/CN=e2e-facturacion/serialNumber=CUIT 30712345679',
    ],
    { stdio: 'ignore' },
  );

  await signIn(page, 'admin', servers.main, '/clientes/vencimientosafip/lista');
  await expect(page.getByRole('heading', { name: 'Vencimientos AFIP' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Vencimientos de los próximos 12 meses/ })).toBeVisible();
  await page.getByRole('button', { name: 'Importar certificado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar certificado AFIP' });

  // A file that is not a certificate is refused with a clear message on the file field.
  await dialog.getByRole('textbox', { name: 'Cliente' }).fill(razon.slice(0, 20));
  await page.getByRole('option', { name: new RegExp(razon) }).click();
  const notCert = join(dir, 'nota.pem');
  execFileSync('sh', ['-c', `echo hola > ${notCert}`]);
  await dialog.locator('input[type="file"]').setInputFiles(notCert);
  await dialog.getByRole('button', { name: 'Importar certificado' }).click();
  await expect(dialog.getByText('El archivo no es un certificado X.509 (.crt o .pem) válido')).toBeVisible();

  await dialog.locator('input[type="file"]').setInputFiles(crt);
  await dialog.getByRole('button', { name: 'Importar certificado' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/CUIT 30-71234567-9, vence el/)).toBeVisible();
  rmSync(dir, { recursive: true, force: true });

  await page.getByRole('searchbox').fill(razon);
  // The (debounced) search is in the URL before any other filter changes it.
  await expect(page).toHaveURL(/q=Certificados/);
  const tabla = page.getByRole('table', { name: 'Vencimientos AFIP' });
  const fila = tabla.getByRole('row').filter({ hasText: 'e2e-facturacion' });
  await expect(fila).toHaveCount(1);
  await expect(fila.getByText(corta(dia(20)))).toBeVisible();
  await expect(fila.getByText('20 días')).toBeVisible();
  // 20 days left: orange ("Por vencer").
  await expect(fila.locator('[data-estado]')).toHaveAttribute('data-estado', 'critico');
  await expect(fila.locator('[data-estado]')).toHaveText('Por vencer');

  // The quick filter "Vencidos" leaves it out; "30 días" keeps it.
  await page.locator('label', { hasText: /^Vencidos$/ }).click();
  await expect(tabla.getByRole('row').filter({ hasText: 'e2e-facturacion' })).toHaveCount(0);
  await page.locator('label', { hasText: /^30 días$/ }).click();
  await expect(tabla.getByRole('row').filter({ hasText: 'e2e-facturacion' })).toHaveCount(1);
  await expect(page).toHaveURL(/plazo=30/);

  // Renovar here is the same flow as in the client's tab: a new key and request, its alias a clean slug.
  await tabla
    .getByRole('row')
    .filter({ hasText: 'e2e-facturacion' })
    .getByRole('button', { name: /^Renovar / })
    .click();
  const renovar = page.getByRole('dialog', { name: /^Renovar: / });
  await expect(renovar.getByRole('radio', { name: 'Generar la clave y la solicitud aquí' })).toBeChecked();
  await expect(renovar.getByRole('textbox', { name: 'Alias (CN)' })).toHaveValue('e2e-facturacion');
  await renovar.getByRole('button', { name: 'Generar solicitud' }).click();
  await expect(renovar.getByText('Solicitud generada')).toBeVisible();
  await expect(renovar.getByRole('button', { name: 'Descargar .csr' })).toBeVisible();
  await renovar.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(renovar).toBeHidden();
});

test('renew a licence: the new date shows and the old one stays in its history', async ({ page, request }) => {
  const token = await apiToken(request);
  const razon = `Licencias E2E ${Date.now()}`;
  const cliente = await nuevoCliente(request, token, razon);
  const productos = await api<{ id: number; codigo: string }[]>(request, token, 'get', '/api/productos/opciones');
  const erp = productos.find((p) => p.codigo === 'PHY-ERP')!;
  await api(request, token, 'post', '/api/vencimientos/licencias', {
    empresa_id: cliente.id,
    producto_id: erp.id,
    modulo: 'Ventas',
    tipo: 'anual',
    usuarios: 4,
    inicio: dia(-355),
    vence: dia(-5),
  });

  await signIn(page, 'admin', servers.main, '/clientes/vencimientosphysis/lista');
  await page.getByRole('searchbox').fill(razon);
  await expect(page).toHaveURL(/q=Licencias/);
  const tabla = page.getByRole('table', { name: 'Vencimientos Physis' });
  const fila = tabla.getByRole('row').filter({ hasText: razon });
  await expect(fila).toHaveCount(1);
  await expect(fila.getByText('Vencido hace 5 días')).toBeVisible();
  await expect(fila.locator('[data-estado]')).toHaveAttribute('data-estado', 'vencido');
  await expect(fila.locator('[data-estado]')).toHaveText('Vencido');

  await fila.getByRole('button', { name: /Renovar/ }).click();
  const dialog = page.getByRole('dialog', { name: /Renovar: Physis ERP · Ventas/ });
  await expect(dialog.getByText('Sin renovaciones anteriores.')).toBeVisible();
  await dialog.getByLabel('Nuevo vencimiento').fill(dia(360));
  await dialog.getByLabel('Nota').fill('Pago anual recibido');
  await dialog.getByRole('button', { name: 'Renovar' }).click();
  await expect(dialog).toBeHidden();
  await expect(fila.getByText(corta(dia(360)))).toBeVisible();
  await expect(fila.locator('[data-estado]')).toHaveAttribute('data-estado', 'vigente');

  await fila.getByRole('button', { name: /Renovar/ }).click();
  const historial = page.getByRole('dialog').getByRole('list', { name: 'Renovaciones anteriores' });
  await expect(historial.getByText(`${corta(dia(-5))} → ${corta(dia(360))}`)).toBeVisible();
  await expect(historial.getByText(/Pago anual recibido/)).toBeVisible();
});

test("edit a certificate's alias from the client's Vencimientos tab; closing the dialog with unsaved changes asks first", async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const { id } = await nuevoCliente(request, token, `Alias E2E ${Date.now()}`);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-cert-'));
  const crt = join(dir, 'afip.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'k.pem'),
      '-out',
      crt,
      '-days',
      '400',
      '-subj',
      '/O=E2E/CN=e2e-alias/serialNumber=CUIT 30712345679',
    ],
    { stdio: 'ignore' },
  );
  const res = await request.post(
    `${servers.main}/api/vencimientos/certificados/importar?empresa_id=${id}&ambiente=produccion&servicios=wsfe`,
    {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-x509-ca-cert' },
      data: readFileSync(crt),
    },
  );
  expect(res.status(), await res.text()).toBe(201);
  rmSync(dir, { recursive: true, force: true });

  await signIn(page, 'admin', servers.main, `/clientes/${id}?tab=vencimientos`);
  const certificados = page.getByRole('table', { name: 'Certificados AFIP' });
  await certificados.getByRole('button', { name: 'Editar e2e-alias' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar certificado' });
  await dialog.getByRole('textbox', { name: 'Alias' }).fill('Facturación sucursal centro');

  // Closing with a change asks; "Seguir editando" keeps the dialog and what was typed.
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  const pregunta = page.getByRole('dialog', { name: 'Hay cambios sin guardar' });
  await expect(pregunta).toBeVisible();
  await pregunta.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Alias' })).toHaveValue('Facturación sucursal centro');
  // Escape asks too.
  await page.keyboard.press('Escape');
  await expect(pregunta).toBeVisible();
  await pregunta.getByRole('button', { name: 'Seguir editando' }).click();

  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(certificados.getByText('Facturación sucursal centro')).toBeVisible();

  // Untouched, it closes without asking.
  await certificados.getByRole('button', { name: 'Editar Facturación sucursal centro' }).click();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(pregunta).toBeHidden();
});
