import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, servers, signIn, test, type DemoUser } from './support/fixtures.ts';

interface Resultado {
  columnas: { clave: string; titulo: string }[];
  filas: Record<string, string | number | null>[];
  totales: Record<string, number> | null;
}

/** Signs in through the form (at `path`, which the portal then opens) and keeps the token the page received. */
async function signInWithToken(page: Page, user: DemoUser, path?: string): Promise<string> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth') && r.request().method() === 'POST');
  await signIn(page, user, servers.main, path);
  return ((await (await answer).json()) as { datos: { token: string } }).datos.token;
}

test('as admin: open a report, run it with a parameter, see its chart and table, export it and read the CSV', async ({
  page,
  request,
}) => {
  const token = await signInWithToken(page, 'admin');
  await page.getByRole('navigation', { name: 'Menú principal' }).locator('a[href="/soluciones/reporte"]').click();
  await expect(page.getByRole('heading', { name: 'Reportes', level: 1 })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(8);
  await page.getByRole('link', { name: 'Máquinas por estado' }).click();

  await page.getByRole('textbox', { name: 'Garantía' }).click();
  await page.getByRole('option', { name: 'Vencida o sin garantía' }).click();
  await page.getByRole('button', { name: 'Ejecutar' }).click();
  await expect(page).toHaveURL(/\/soluciones\/reporte\/maquinas-por-estado\?garantia=vencida$/);

  // The same run through the API: what the table, the chart and the CSV must show.
  const api = await request.get(`${servers.main}/api/reportes/maquinas-por-estado?garantia=vencida`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { datos } = (await api.json()) as { datos: Resultado };

  const chart = page.getByRole('img', { name: 'Gráfico de Máquinas por estado: 4 filas' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg rect').first()).toBeVisible();
  // The legend, and each bar's title: its state, series and count.
  await expect(chart.getByText('Máquina virtual', { exact: true })).toBeVisible();
  await expect(chart.locator('title', { hasText: 'En uso · Notebook:' })).toHaveCount(1);

  const table = page.getByRole('table', { name: 'Máquinas por estado' });
  await expect(table.locator('thead').getByRole('columnheader')).toHaveText([
    'Estado',
    'Notebook',
    'PC',
    'Servidor',
    'Máquina virtual',
    'Total',
  ]);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  for (const [i, fila] of datos.filas.entries()) {
    await expect(rows.nth(i).getByRole('cell')).toHaveText(datos.columnas.map((c) => String(fila[c.clave])));
  }
  const totales = datos.columnas.slice(1).map((c) => String(datos.totales![c.clave]));
  await expect(table.locator('tfoot th')).toHaveText(['Total', ...totales]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^reporte-maquinas-por-estado-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split(/\r?\n/);
  expect(lines).toEqual([
    'Estado,Notebook,PC,Servidor,Máquina virtual,Total',
    ...datos.filas.map((f) => datos.columnas.map((c) => String(f[c.clave])).join(',')),
    ['Total', ...totales].join(','),
  ]);
});

test('as comercial: only the reports of client data; parameters validated, kept in the URL and reproduced by a link', async ({
  page,
  browser,
}) => {
  await signIn(page, 'comercial');
  await page.getByRole('navigation', { name: 'Menú principal' }).locator('a[href="/soluciones/reporte"]').click();
  await expect(page.getByRole('article')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Máquinas por estado' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Vencimientos por mes' }).click();

  // Contract validation before any run.
  await page.getByLabel('Desde').fill('2027-06');
  await page.getByLabel('Hasta').fill('2027-03');
  await page.getByRole('button', { name: 'Ejecutar' }).click();
  await expect(page.getByText('El final no puede ser anterior al inicio')).toBeVisible();
  await expect(page).toHaveURL(/\/soluciones\/reporte\/vencimientos-por-mes$/);

  await page.getByLabel('Hasta').fill('2027-08');
  await page.getByRole('button', { name: 'Ejecutar' }).click();
  await expect(page).toHaveURL(/\?desde=2027-06&hasta=2027-08$/);
  const table = page.getByRole('table', { name: 'Vencimientos por mes' });
  await expect(table.locator('tbody tr').first().getByRole('cell').first()).toHaveText('jun 2027');
  await expect(table.locator('tbody tr')).toHaveCount(3);
  // No SUBPROD#VER: the sites' columns are not there.
  await expect(table.locator('thead').getByRole('columnheader')).toHaveText([
    'Mes',
    'Certificados AFIP',
    'CAI',
    'Licencias Physis',
  ]);
  await expect(page.getByRole('img', { name: 'Gráfico de Vencimientos por mes: 3 filas' })).toBeVisible();

  // The link opens the same run for someone else signing in.
  const other = await browser.newPage();
  await signIn(
    other,
    'comercial',
    servers.main,
    '/soluciones/reporte/vencimientos-por-mes?desde=2027-06&hasta=2027-08',
  );
  await expect(other.getByLabel('Desde')).toHaveValue('2027-06');
  await expect(other.getByLabel('Hasta')).toHaveValue('2027-08');
  await expect(other.getByRole('table', { name: 'Vencimientos por mes' }).locator('tbody tr')).toHaveCount(3);
  await other.close();
});
