import { writeFile } from 'node:fs/promises';
import { buildApk, createSigner } from '../apps/server/src/areas/aplicaciones/fixtures/apk.ts';
import { expect, signIn, test } from './support/fixtures.ts';

// A package of its own (and unpublished): other specs on the shared server never see it in the store.
const suffix = Date.now().toString(36);
const packageName = `com.physis.e2e${suffix}`;

test('as admin: create an app, upload a signed APK and see it in the versions table; a lower versionCode is refused in Spanish', async ({
  page,
}, testInfo) => {
  const signer = createSigner();
  const apk = (versionCode: number, versionName: string) =>
    buildApk({ packageName, versionCode, versionName, minSdk: 24, targetSdk: 34, signer });
  const primera = testInfo.outputPath(`physis-campo-2.5.0.apk`);
  const vieja = testInfo.outputPath(`physis-campo-2.0.0.apk`);
  await writeFile(primera, apk(25, '2.5.0'));
  await writeFile(vieja, apk(20, '2.0.0'));

  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Aplicaciones' }).click();
  await expect(page.getByRole('table', { name: 'Aplicaciones' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Physis Móvil' })).toBeVisible();

  await page.getByRole('link', { name: 'Nueva aplicación' }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Physis Campo e2e');
  await page.getByRole('textbox', { name: 'Paquete' }).fill('com.physis.');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/^Nombre de paquete inválido/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Paquete' }).fill(packageName);
  await page.getByRole('textbox', { name: 'Resumen' }).fill('Relevamientos en campo');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: /Physis Campo e2e/ })).toBeVisible();

  await page.getByRole('tab', { name: /Versiones/ }).click();
  await expect(page.getByText('La aplicación todavía no tiene versiones. Suba su primer APK.')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Subir versión' }).click();
  await (await chooser).setFiles(primera);
  const panel = page.getByRole('region', { name: 'Subir physis-campo-2.5.0.apk' });
  await panel.getByRole('textbox', { name: 'Novedades' }).fill('Primera versión para el equipo de campo');
  await panel.getByRole('button', { name: 'Subir', exact: true }).click();
  await expect(page.getByText('Se publicó la versión 2.5.0 (versionCode 25).')).toBeVisible();
  await expect(panel).toHaveCount(0);

  const versiones = page.getByRole('table', { name: 'Versiones' });
  const fila = versiones.getByRole('row', { name: /2\.5\.0/ });
  await expect(fila).toContainText('25');
  await expect(fila).toContainText('Beta');
  await expect(fila).toContainText('Publicada');
  await expect(fila).toContainText('24 (Android 7.0)');
  await expect(fila.getByRole('link', { name: 'Descargar APK 2.5.0' })).toHaveAttribute(
    'href',
    /\/api\/archivos\/[0-9a-f]{64}\?nombre=/,
  );
  await expect(page.getByRole('tab', { name: 'Versiones (1)' })).toBeVisible();

  // An older build: the server reads versionCode 20 from the manifest and refuses it, on the file.
  const otra = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Subir versión' }).click();
  await (await otra).setFiles(vieja);
  const panelViejo = page.getByRole('region', { name: 'Subir physis-campo-2.0.0.apk' });
  await panelViejo.getByRole('button', { name: 'Subir', exact: true }).click();
  const alerta = panelViejo.getByRole('alert').filter({ hasText: 'El APK fue rechazado' });
  await expect(alerta).toContainText('El versionCode 20 debe ser mayor que el de la última versión subida (25)');
  await panelViejo.getByRole('button', { name: 'Descartar' }).click();
  await expect(versiones.getByRole('row')).toHaveCount(2);

  // Promote the beta to stable, after confirming.
  await fila.getByRole('button', { name: 'Acciones 2.5.0' }).click();
  await page.getByRole('menuitem', { name: 'Promover a estable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Promover a estable' }).click();
  await expect(fila).toContainText('Estable');
});
