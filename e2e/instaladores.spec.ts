import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, signIn, test } from './support/fixtures.ts';
import { startServer, type RunningServer } from './support/server.ts';

// A server of its own: the upload becomes the latest package, which other specs read from the shared one.
let server: RunningServer;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('uploads a package with a visible progress bar, it becomes the top bar latest, and downloads with the same checksum', async ({
  page,
}, testInfo) => {
  const bytes = randomBytes(24 * 1024 * 1024);
  const file = testInfo.outputPath('PhysisSetup-9.1.0.exe');
  await writeFile(file, bytes);

  await signIn(page, 'admin', server.url, '/instaladores');
  await expect(page.getByRole('table', { name: 'Paquetes' })).toBeVisible();
  await expect(page.getByTestId('ultimo-paquete-nombre')).toHaveText('PhysisSetup-3.14.2');

  // Loopback is too fast to watch: the browser's upload is throttled to 6 MB/s (about 4 s for the file).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 6 * 1024 * 1024,
  });

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Subir paquete' }).click();
  await (await chooser).setFiles(file);
  const panel = page.getByRole('region', { name: 'Subir PhysisSetup-9.1.0.exe' });
  await expect(panel.getByRole('textbox', { name: 'Nombre' })).toHaveValue('PhysisSetup-9.1.0.exe');
  await expect(panel.getByRole('textbox', { name: 'Versión' })).toHaveValue('9.1.0');
  await panel.getByRole('textbox', { name: 'Producto' }).fill('Physis ERP');
  await panel.getByRole('button', { name: 'Subir paquete' }).click();

  const progress = panel.getByRole('progressbar', { name: 'Progreso de la subida' });
  await expect(progress).toBeVisible();
  await expect(panel.getByTestId('subida-progreso')).toHaveText(
    /^\d{1,3} % · [\d.,]+ (B|KB|MB)\/s · [\d.,]+ (B|KB|MB) de 24,0 MB$/,
  );
  await expect(panel.getByRole('button', { name: 'Cancelar subida' })).toBeVisible();

  await expect(page.getByText('Paquete subido')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId('ultimo-paquete-nombre')).toHaveText('PhysisSetup-9.1.0');
  const row = page.getByRole('row', { name: /PhysisSetup-9\.1\.0\.exe/ });
  await expect(row).toContainText('24,0 MB');

  await row.getByRole('link', { name: 'PhysisSetup-9.1.0.exe', exact: true }).click();
  const shown = await page.getByTestId('paquete-sha256').textContent();
  expect(shown).toBe(sha256(bytes));
  await expect(page.getByRole('button', { name: 'Copiar SHA-256' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar' }).first().click();
  const saved = await (await download).path();
  expect(sha256(await readFile(saved))).toBe(shown);
  await expect(download.then((d) => d.suggestedFilename())).resolves.toBe('PhysisSetup-9.1.0.exe');
});

test('cancelling an upload keeps nothing, and a retired package leaves the list and the top bar', async ({
  page,
}, testInfo) => {
  const file = testInfo.outputPath('PhysisSetup-9.2.0.exe');
  await writeFile(file, randomBytes(16 * 1024 * 1024));
  await signIn(page, 'admin', server.url, '/instaladores');
  await expect(page.getByRole('table', { name: 'Paquetes' })).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Subir paquete' }).click();
  await (await chooser).setFiles(file);
  const panel = page.getByRole('region', { name: 'Subir PhysisSetup-9.2.0.exe' });
  await panel.getByRole('button', { name: 'Subir paquete' }).click();
  await expect(panel.getByRole('progressbar', { name: 'Progreso de la subida' })).toBeVisible();
  await panel.getByRole('button', { name: 'Cancelar subida' }).click();
  await expect(page.getByText('Subida cancelada')).toBeVisible();
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Descartar' }).click();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('row', { name: /PhysisSetup-9\.2\.0/ })).toHaveCount(0);

  await page.getByRole('link', { name: 'PhysisSetup-3.14.2.exe', exact: true }).click();
  await page.getByRole('button', { name: 'Retirar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retirar' }).click();
  await expect(page.getByText('Paquete retirado')).toBeVisible();
  await expect(page.getByText('Retirado', { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await expect(page.getByRole('row', { name: /PhysisSetup-3\.14\.2\.exe/ })).toHaveCount(0);
  await expect(page.getByTestId('ultimo-paquete-nombre')).not.toHaveText('PhysisSetup-3.14.2');
  await page.getByRole('radiogroup', { name: 'Paquetes a mostrar' }).getByText('Retirados').click();
  await expect(page).toHaveURL(/retirados=true/);
  await expect(page.getByRole('row', { name: /PhysisSetup-3\.14\.2\.exe/ })).toBeVisible();
});
