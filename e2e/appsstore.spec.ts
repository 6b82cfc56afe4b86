import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buildApk, createSigner } from '../apps/server/src/areas/aplicaciones/fixtures/apk.ts';
import { expect, signIn, test } from './support/fixtures.ts';
import { PASSWORDS, startServer, type RunningServer } from './support/server.ts';

// A server of its own: these tests put the store in maintenance and change what it features.
let server: RunningServer;
let apk: Buffer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer();
  apk = buildApk({
    packageName: 'com.physis.reparto',
    versionCode: 7,
    versionName: '0.7.0',
    minSdk: 26,
    targetSdk: 34,
    signer: createSigner(),
  });
  await subirVersion(apk);
});
test.afterAll(async () => {
  await server?.stop();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Uploads an APK as a stable version of the seeded Physis Reparto through the Aplicaciones API. */
async function subirVersion(bytes: Buffer): Promise<void> {
  const auth = await fetch(`${server.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORDS.admin }),
  });
  const headers = { authorization: `Bearer ${(await auth.json()).datos.token}` };
  const lista = await (await fetch(`${server.url}/api/aplicaciones?q=com.physis.reparto`, { headers })).json();
  const app = lista.datos.items.find((a: { package_name: string }) => a.package_name === 'com.physis.reparto');
  const res = await fetch(
    `${server.url}/api/aplicaciones/${app.id}/versiones?canal=estable&novedades=Firma+en+pantalla`,
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(bytes),
    },
  );
  expect(res.status, await res.clone().text()).toBe(201);
}

test('an uploaded version shows in the store catalogue; downloading it through its link raises the counter', async ({
  page,
}) => {
  await signIn(page, 'admin', server.url, '/appsstore/catalogo');
  const card = page.getByRole('article', { name: 'Physis Reparto' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('0.7.0 (7)');
  await expect(card).toContainText('Estable');
  await expect(card.getByTestId('descargas-app')).toHaveText('0 descargas');
  await expect(card.getByRole('img', { name: 'Código QR de la descarga de Physis Reparto 0.7.0' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Código QR del índice público' })).toBeVisible();

  const download = page.waitForEvent('download');
  await card.getByRole('link', { name: 'Descargar APK Physis Reparto 0.7.0 (7)' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('com.physis.reparto_7.apk');
  expect(sha256(await readFile(await saved.path()))).toBe(sha256(apk));
  await expect(card.getByTestId('descargas-app')).toHaveText('1 descarga');
  await expect(card.getByLabel('Estable: 1 descarga')).toBeVisible();

  // The public index a device polls lists the version with its hash; a second poll with the ETag is a 304.
  const index = await page.request.get(`${server.url}/api/store/index-v1.json`);
  expect(index.status()).toBe(200);
  const body = await index.json();
  expect(body.packages['com.physis.reparto'][0]).toMatchObject({
    versionCode: 7,
    hash: sha256(apk),
    hashType: 'sha256',
    minSdkVersion: 26,
  });
  const again = await page.request.get(`${server.url}/api/store/index-v1.json`, {
    headers: { 'if-none-match': index.headers().etag! },
  });
  expect(again.status()).toBe(304);
});

test('the configuration is validated, saved and audited; maintenance closes the public store but not the staff screens', async ({
  page,
}) => {
  await signIn(page, 'admin', server.url, '/appsstore');
  const form = page.getByRole('form', { name: 'Configuración' });
  await expect(form.getByRole('textbox', { name: 'Nombre de la tienda' })).toHaveValue('Physis AppsStore');

  await form.getByRole('textbox', { name: 'Versión mínima del cliente' }).fill('dos');
  await form.getByRole('switch', { name: 'En mantenimiento' }).check();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('Número de versión inválido (por ejemplo 3.14.2 o 3.15.0-beta1)')).toBeVisible();
  await expect(form.getByText('Escriba el mensaje que verán los dispositivos')).toBeVisible();

  await form.getByRole('textbox', { name: 'Versión mínima del cliente' }).fill('1.3.0');
  await form.getByRole('textbox', { name: 'Mensaje de mantenimiento' }).fill('Estamos actualizando la tienda');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configuración guardada')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'La tienda está en mantenimiento' })).toBeVisible();

  const cerrada = await page.request.get(`${server.url}/api/store/catalogo`);
  expect(cerrada.status()).toBe(503);
  expect(cerrada.headers()['retry-after']).toBe('300');
  expect(await cerrada.json()).toMatchObject({
    error: 'Estamos actualizando la tienda',
    mantenimiento: { activo: true },
  });
  const estado = await (await page.request.get(`${server.url}/api/store/estado`)).json();
  expect(estado.datos).toMatchObject({
    version_minima: '1.3.0',
    mantenimiento: { activo: true, mensaje: 'Estamos actualizando la tienda' },
  });

  await page.getByRole('tab', { name: 'Catálogo' }).click();
  await expect(page.getByRole('article', { name: 'Physis Reparto' })).toBeVisible();
  await page.getByRole('tab', { name: 'Historial' }).click();
  const fila = page.getByRole('row').filter({ hasText: 'Estamos actualizando la tienda' });
  await expect(fila).toContainText('Administrador');
  await expect(fila).toContainText('1.3.0');

  await page.getByRole('tab', { name: 'Configuración' }).click();
  await form.getByRole('switch', { name: 'En mantenimiento' }).uncheck();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'La tienda está en mantenimiento' })).toHaveCount(0);
  await expect(page.getByText('Configuración guardada').last()).toBeVisible();
  expect((await page.request.get(`${server.url}/api/store/catalogo`)).status()).toBe(200);
});

test('tecnico and comercial cannot open the store configuration', async ({ page }) => {
  for (const user of ['tecnico', 'comercial'] as const) {
    await signIn(page, user, server.url, '/appsstore');
    await expect(page).toHaveURL(/\/forbidden$/);
  }
});
