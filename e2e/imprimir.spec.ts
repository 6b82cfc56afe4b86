import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { api, apiToken, nuevoCliente } from './support/api.ts';
import { expect, signIn, test } from './support/fixtures.ts';

const marca = Date.now().toString(36).toUpperCase();
const SECRETO = `Clave-${marca}-no-imprimir`;

/** Goes to a path inside the portal as its links do, without loading the page again. */
async function ir(page: Page, path: string) {
  await page.evaluate((destino) => {
    window.history.pushState(null, '', destino);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The browser's print dialog would block the test: it is counted instead, as the page asked for it. */
async function contarImpresiones(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { print: () => void; impresiones: number };
    w.impresiones = 0;
    w.print = () => {
      w.impresiones += 1;
    };
  });
}

/** The page as Chromium prints it (the print stylesheet), to PDF, and that PDF's text. */
async function imprimirPdf(page: Page, archivo: string): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ path: test.info().outputPath(archivo), format: 'A4' });
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const paginas: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const contenido = await (await doc.getPage(n)).getTextContent();
    paginas.push(contenido.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return paginas.join('\n').replace(/\s+/g, ' ');
}

test('a client’s file printed to PDF: its data, servers, parameters without the secret, expiries; no menu or buttons', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const razon = `Impresiones ${marca} S.A.`;
  const { id, cuit } = await nuevoCliente(request, token, razon);
  await api(request, token, 'post', `/api/empresas/${id}/servidores`, {
    nombre: `srv-imp-${marca}`,
    hostname: 'imp.example.com',
    dnss: [],
  });
  await api(request, token, 'post', `/api/empresas/${id}/parametros`, {
    grupo: 'Conexión',
    clave: 'db.usuario',
    tipo: 'texto',
    valor: `usuario_${marca}`,
  });
  await api(request, token, 'post', `/api/empresas/${id}/parametros`, {
    grupo: 'Conexión',
    clave: 'db.password',
    tipo: 'secreto',
    valor: SECRETO,
  });
  // An expiry: on screen its row ends in a column of buttons (Renovar, Editar), which paper leaves out whole.
  await api(request, token, 'post', '/api/vencimientos/puntos-venta', {
    empresa_id: id,
    numero: 4321,
    modalidad: 'cai',
    cai_vence: '2031-03-15',
  });

  await contarImpresiones(page);
  await signIn(page, 'admin');
  await ir(page, `/clientes/${id}`);
  await expect(page.getByRole('heading', { name: razon })).toBeVisible();
  await page.getByRole('button', { name: 'Imprimir' }).click();
  // Every tab's content at once, once loaded, then the browser's print.
  for (const seccion of ['Datos', 'Servidores (1)', 'Parámetros', 'Vencimientos', 'Actualizaciones', 'Contactos']) {
    await expect(page.getByRole('heading', { name: seccion, exact: true })).toBeVisible();
  }
  await expect(page.getByText(`srv-imp-${marca}`)).toBeVisible();
  await expect(page.getByText(`usuario_${marca}`)).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { impresiones: number }).impresiones)).toBe(1);

  await expect(page.getByRole('columnheader', { name: 'Acciones' }).first()).toBeVisible();
  const texto = await imprimirPdf(page, 'cliente.pdf');
  expect(texto).toContain(razon);
  expect(texto).toContain(`${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`);
  expect(texto).toContain(`srv-imp-${marca}`);
  expect(texto).toContain('db.usuario');
  expect(texto).toContain(`usuario_${marca}`);
  expect(texto).toContain('db.password');
  expect(texto).toContain('Vencimientos');
  expect(texto).toContain('15/03/2031');
  expect(texto).toMatch(/Intranet · Intranet de servicios y soluciones Impreso el \d{2}\/\d{2}\/\d{4}/);
  expect(texto).not.toContain(SECRETO);
  // The frame and the controls stay on the screen.
  for (const fuera of ['Cerrar sesion', 'Imprimir', 'Editar', 'Historial', 'Volver a la lista', 'TECNICA', 'Renovar'])
    expect(texto).not.toContain(fuera);
  // No header is left over a column of buttons: the actions column is off paper, header and cells.
  expect(texto).not.toContain('Acciones');
  await expect(page.getByRole('columnheader', { name: 'Acciones' }).first()).toBeHidden();
});

test('a machine’s sheet printed to PDF with its assignment history, and a filtered list as it shows', async ({
  page,
}) => {
  await contarImpresiones(page);
  await signIn(page, 'admin');
  await ir(page, '/maquinas?q=NB-DEV-02');
  const fila = page.getByRole('table', { name: 'Máquinas' }).getByRole('link', { name: 'NB-DEV-02' });
  await expect(fila).toBeVisible();
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { impresiones: number }).impresiones)).toBe(1);
  const lista = await imprimirPdf(page, 'maquinas.pdf');
  expect(lista).toContain('NB-DEV-02');
  expect(lista).not.toContain('NB-DEV-01');
  expect(lista).not.toContain('Exportar CSV');
  await page.emulateMedia({ media: 'screen' });

  await fila.click();
  await expect(page.getByRole('heading', { name: 'NB-DEV-02' })).toBeVisible();
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect(page.getByRole('heading', { name: /^Asignaciones/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { impresiones: number }).impresiones)).toBe(2);
  const hoja = await imprimirPdf(page, 'maquina.pdf');
  expect(hoja).toContain('NB-DEV-02');
  expect(hoja).toContain('ThinkPad T14 Gen 3');
  expect(hoja).toMatch(/Asignaciones \(2\)/);
  expect(hoja).toContain('Luna');
  expect(hoja).not.toContain('Cerrar sesion');
});

test('a list printed holds every row its filter matches, not only the page on screen', async ({ page }) => {
  await contarImpresiones(page);
  await signIn(page, 'admin');
  // The demo's twelve notebooks (NB-…) match the search; the screen shows a page of ten.
  await ir(page, '/maquinas?q=NB-&size=10&sort=nombre');
  const tabla = page.getByRole('table', { name: 'Máquinas' });
  const filas = tabla.locator('tbody tr');
  await expect(filas).toHaveCount(10);
  const enPantalla = await tabla.locator('tbody').textContent();
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { impresiones: number }).impresiones)).toBe(1);
  expect(await filas.count()).toBeGreaterThan(10);
  const ultima = (await filas.last().getByRole('link').first().textContent())?.trim() ?? '';
  expect(ultima).toMatch(/^NB-/);
  expect(enPantalla).not.toContain(ultima);
  const texto = await imprimirPdf(page, 'maquinas-todas.pdf');
  expect(texto).toContain(ultima);
});
