import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

const nombre = `Offline ${Date.now().toString(36)}`;

/** Goes to a path inside the portal as its links do (a full load would end the session, which lives in memory). */
async function ir(page: Page, path: string) {
  await page.evaluate((destino) => {
    window.history.pushState(null, '', destino);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Leaves the list for the home page and opens it again, as a user does: the home page must show first, else
 * both navigations land in one render, the list never closes, and it does not "open" again with its default.
 */
async function reabrir(page: Page, path: string) {
  await ir(page, '/');
  await expect(page.getByRole('button', { name: 'Vistas' })).toHaveCount(0);
  await ir(page, path);
}

async function abrirVistas(page: Page) {
  await page.getByRole('button', { name: 'Vistas' }).click();
}

async function accionPropia(page: Page, vista: string, accion: string) {
  await abrirVistas(page);
  await page.getByRole('menu').getByText(vista, { exact: true }).last().hover();
  await page.getByRole('menuitem', { name: accion }).click();
}

test('a list’s state saved as a shared view, picked from the header, set as default, renamed and deleted (asked first)', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  await ir(page, '/servidores?estado=offline&sort=nombre');
  await expect(page.getByRole('link', { name: 'srv-backup-01' })).toBeVisible();
  await abrirVistas(page);
  // The demo's shared view is there.
  await expect(page.getByRole('menuitem', { name: /Activos, por proveedor/ }).first()).toBeVisible();
  await page.getByRole('menuitem', { name: 'Guardar la vista actual…' }).click();
  const dialogo = page.getByRole('form', { name: 'Guardar la vista actual…' });
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialogo.getByText('Este campo es requerido')).toBeVisible();
  await dialogo.getByLabel('Nombre de la vista').fill(nombre);
  await dialogo.getByLabel('Compartir con quienes ven esta lista').check();
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Vista «${nombre}» guardada`)).toBeVisible();

  // Picked from the header, it brings its filters back.
  await reabrir(page, '/servidores');
  await expect(page.getByRole('link', { name: 'srv-web-01' })).toBeVisible();
  await abrirVistas(page);
  await page
    .getByRole('menuitem', { name: new RegExp(nombre) })
    .first()
    .click();
  await expect(page).toHaveURL(/estado=offline/);
  await expect(page.getByRole('link', { name: 'srv-web-01' })).toHaveCount(0);

  // Shared: another user who reads the list sees it.
  const otro = await browser.newPage();
  await signIn(otro, 'tecnico');
  await ir(otro, '/servidores');
  await abrirVistas(otro);
  await expect(otro.getByRole('menuitem', { name: new RegExp(nombre) })).toHaveCount(1);
  await otro.close();

  // The default: the list opens with it.
  await accionPropia(page, nombre, 'Abrir la lista con esta vista');
  await expect(page.getByText('Listo: la lista se abrirá así')).toBeVisible();
  await reabrir(page, '/servidores');
  await expect(page).toHaveURL(/estado=offline/);

  // Renamed through its dialog; deleted once confirmed.
  await accionPropia(page, nombre, 'Renombrar…');
  const renombrar = page.getByRole('form', { name: 'Renombrar…' });
  await renombrar.getByLabel('Nombre de la vista').fill(`${nombre} (2)`);
  await renombrar.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(`Vista «${nombre} (2)» guardada`)).toBeVisible();
  await accionPropia(page, `${nombre} (2)`, 'Eliminar');
  const pregunta = page.getByRole('dialog', { name: 'Eliminar vista' });
  await expect(pregunta).toContainText(`¿Eliminar la vista «${nombre} (2)»?`);
  await pregunta.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`Vista «${nombre} (2)» eliminada`)).toBeVisible();
  await reabrir(page, '/servidores');
  await expect(page.getByRole('link', { name: 'srv-web-01' })).toBeVisible();
});
