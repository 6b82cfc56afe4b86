import type { Page } from '@playwright/test';
import { api, apiToken } from './support/api.ts';
import { expect, signIn, test } from './support/fixtures.ts';

const lote = `LOTE${Date.now().toString(36).toUpperCase()}`;

/** Goes to a path inside the portal as its links do, without loading the page again. */
async function ir(page: Page, path: string) {
  await page.evaluate((destino) => {
    window.history.pushState(null, '', destino);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

const maquina = (nombre: string) => ({ nombre, tipo: 'pc', ubicacion: 'Depósito', estado: 'disponible', notas: '' });

test('a bulk change over all that match the filter: every matching row changes, no other, each with its history', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  for (const n of [1, 2, 3]) await api(request, token, 'post', '/api/maquinas', maquina(`${lote}-PC-${n}`));
  // Matches the search's text but not the type filter: it must stay as it is.
  await api(request, token, 'post', '/api/maquinas', { ...maquina(`${lote}-NB-1`), tipo: 'notebook' });

  await signIn(page, 'admin');
  // Two rows a page, so that "all that match" is more than the page.
  await ir(page, `/maquinas?q=${lote}&tipo=pc&size=2`);
  const tabla = page.getByRole('table', { name: 'Máquinas' });
  await expect(tabla.getByRole('row')).toHaveCount(3);
  await tabla.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }).check();
  const barra = page.getByRole('group', { name: 'Acciones en lote' });
  await expect(barra).toContainText('2 filas seleccionadas');
  await page.getByRole('button', { name: 'Seleccionar los 3 que coinciden con el filtro' }).click();
  await expect(page.getByText('Los 3 que coinciden con el filtro están seleccionados')).toBeVisible();
  await expect(barra).toContainText('3 filas seleccionadas');

  await barra.getByRole('button', { name: 'Cambiar …' }).click();
  await page.getByRole('menuitem', { name: 'Cambiar estado' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Cambiar estado de 3 filas' });
  await dialogo.getByRole('textbox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Reparación' }).click();
  await dialogo.getByRole('button', { name: 'Aplicar' }).click();
  const resultado = page.getByRole('dialog', { name: 'Resultado de la acción en lote' });
  await expect(resultado).toContainText('Se cambiaron 3 filas.');
  await resultado.getByRole('button', { name: 'Cerrar' }).click();

  // Every matching row changed, the one outside the filter did not.
  await ir(page, `/maquinas?q=${lote}&sort=nombre`);
  await expect(tabla.getByRole('row')).toHaveCount(5);
  for (const n of [1, 2, 3])
    await expect(tabla.getByRole('row').filter({ hasText: `${lote}-PC-${n}` })).toContainText('Reparación');
  await expect(tabla.getByRole('row').filter({ hasText: `${lote}-NB-1` })).toContainText('Disponible');

  // And the change is in the row's history, by whom it was made.
  await tabla.getByRole('link', { name: `${lote}-PC-2` }).click();
  await page.getByRole('tab', { name: 'Historial' }).click();
  const historial = page.getByRole('table', { name: 'Historial de cambios' });
  await expect(historial.getByRole('row').filter({ hasText: 'Modificación' })).toContainText('Reparación');
});

test('the bulk bar lists the recorded batches and undoes a set-field batch, confirmed first', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const prefijo = `${lote}H`;
  const ids: number[] = [];
  for (const n of [1, 2])
    ids.push((await api<{ id: number }>(request, token, 'post', '/api/maquinas', maquina(`${prefijo}-PC-${n}`))).id);
  // The batch as a script runs it: the history shows it whoever ran it and however.
  const ubicacion = `Sala ${prefijo}`;
  await api(request, token, 'post', '/api/maquinas/lote', {
    seleccion: { ids },
    accion: 'cambiar',
    cambio: { campo: 'ubicacion', valor: ubicacion },
  });

  await signIn(page, 'admin');
  await ir(page, `/maquinas?q=${prefijo}&sort=nombre`);
  const tabla = page.getByRole('table', { name: 'Máquinas' });
  await expect(tabla.getByRole('row').filter({ hasText: `${prefijo}-PC-1` })).toContainText(ubicacion);
  await tabla.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }).check();
  await page
    .getByRole('group', { name: 'Acciones en lote' })
    .getByRole('button', { name: 'Historial de acciones masivas' })
    .click();

  const historial = page.getByRole('dialog', { name: 'Historial de acciones masivas' });
  const fila = historial.getByRole('row').filter({ hasText: ubicacion });
  await expect(fila).toContainText('Terminado');
  // In the list's words: the field by its label.
  await expect(fila).toContainText(`Cambiar Ubicación a «${ubicacion}»`);
  await expect(fila).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await fila.getByRole('button', { name: 'Deshacer' }).click();
  const confirmar = page.getByRole('dialog', { name: 'Deshacer la acción masiva' });
  await confirmar.getByRole('button', { name: 'Deshacer' }).click();
  await expect(page.getByText('Se deshicieron 2 filas.')).toBeVisible();
  await expect(fila).toContainText('Deshecha');
  await expect(fila.getByRole('button', { name: 'Deshacer' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await ir(page, `/maquinas?q=${prefijo}&sort=nombre`);
  for (const n of [1, 2])
    await expect(tabla.getByRole('row').filter({ hasText: `${prefijo}-PC-${n}` })).toContainText('Depósito');
});
