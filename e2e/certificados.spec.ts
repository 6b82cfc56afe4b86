import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiToken, nuevoCliente } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';

test('renew an AFIP certificate: generate the request, download its CSR, import the signed certificate, download the key', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const razon = `Solicitudes E2E ${Date.now()}`;
  const cliente = await nuevoCliente(request, token, razon);
  const dir = mkdtempSync(join(tmpdir(), 'e2e-solicitud-'));
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // AFIP's part, played by a CA of the test.
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '30',
    '-subj',
    '/CN=AC de prueba',
  );

  await signIn(page, 'admin', servers.main, `/clientes/${cliente.id}?tab=vencimientos`);
  const certificados = page.getByRole('region', { name: 'Certificados AFIP' });
  await certificados.getByRole('button', { name: 'Nuevo certificado' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Generar solicitud de certificado' });
  await dialogo.getByRole('textbox', { name: /Alias \(CN\)/ }).fill('e2e facturacion');
  await dialogo.getByRole('button', { name: 'Generar solicitud' }).click();
  await expect(dialogo.getByText('Solo letras, números, punto, guion y guion bajo (sin espacios)')).toBeVisible();
  await dialogo.getByRole('textbox', { name: /Alias \(CN\)/ }).fill('e2e-facturacion');
  await dialogo.getByRole('button', { name: 'Generar solicitud' }).click();
  await expect(
    dialogo.getByText(`C=AR, O=${razon}, CN=e2e-facturacion, serialNumber=CUIT ${cliente.cuit}`),
  ).toBeVisible();
  await expect(dialogo.getByRole('list', { name: 'Pasos en AFIP' })).toContainText(
    'Administración de Certificados Digitales',
  );
  const [csr] = await Promise.all([
    page.waitForEvent('download'),
    dialogo.getByRole('button', { name: 'Descargar .csr' }).click(),
  ]);
  expect(csr.suggestedFilename()).toBe(`e2e-facturacion-${cliente.cuit}.csr`);
  await csr.saveAs(join(dir, 'pedido.csr'));
  expect(openssl('req', '-in', 'pedido.csr', '-noout', '-subject')).toBe(
    `subject=C = AR, O = ${razon}, CN = e2e-facturacion, serialNumber = CUIT ${cliente.cuit}\n`,
  );
  await dialogo.getByLabel('Solicitud generada').getByRole('button', { name: 'Cerrar' }).click();

  const pendientes = page.getByRole('region', { name: 'Solicitudes pendientes' });
  await expect(pendientes.getByRole('row').filter({ hasText: 'e2e-facturacion' })).toContainText('Pendiente');

  // A certificate for a key nobody here holds is refused; the one AFIP signed for the request pairs.
  openssl(
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'otra.key',
    '-out',
    'otra.csr',
    '-subj',
    `/C=AR/O=${razon}/CN=e2e-facturacion/serialNumber=CUIT ${cliente.cuit}`,
  );
  for (const nombre of ['otra', 'pedido']) {
    openssl(
      'x509',
      '-req',
      '-in',
      `${nombre}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-days',
      '730',
      '-out',
      `${nombre}.crt`,
    );
  }
  await pendientes.getByRole('button', { name: 'Importar certificado e2e-facturacion' }).click();
  const importar = page.getByRole('dialog', { name: 'Importar certificado AFIP' });
  await importar.locator('input[type="file"]').setInputFiles(join(dir, 'otra.crt'));
  await importar.getByRole('button', { name: 'Importar certificado' }).click();
  await expect(
    importar.getByText(`El certificado no corresponde a ninguna solicitud pendiente del CUIT ${cliente.cuit}`, {
      exact: false,
    }),
  ).toBeVisible();
  await importar.locator('input[type="file"]').setInputFiles(join(dir, 'pedido.crt'));
  await importar.getByRole('button', { name: 'Importar certificado' }).click();
  await expect(importar).toBeHidden();
  await expect(page.getByText('Certificado emparejado con su solicitud')).toBeVisible();
  await expect(pendientes).toBeHidden();
  const fila = certificados.getByRole('row').filter({ hasText: 'e2e-facturacion' });
  await expect(fila).toContainText('Clave guardada');

  await fila.getByRole('button', { name: 'Descargar clave y certificado e2e-facturacion' }).click();
  const descarga = page.getByRole('dialog', { name: 'Descargar la clave de e2e-facturacion' });
  await descarga.getByLabel(/Contraseña del \.p12/).fill('Clave-e2e-p12');
  const [p12] = await Promise.all([
    page.waitForEvent('download'),
    descarga.getByRole('button', { name: 'Descargar' }).click(),
  ]);
  await p12.saveAs(join(dir, 'clave.p12'));
  const contenido = openssl('pkcs12', '-in', 'clave.p12', '-passin', 'pass:Clave-e2e-p12', '-nodes');
  expect(contenido).toContain('-----BEGIN PRIVATE KEY-----');
  expect(contenido).toContain(readFileSync(join(dir, 'pedido.crt'), 'utf8').trim());
  rmSync(dir, { recursive: true, force: true });
});
