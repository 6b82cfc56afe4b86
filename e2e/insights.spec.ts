import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, apiToken } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';
import { SitioCliente } from './support/sitio-cliente.ts';

/** The shop: a page reporting with the real @sentry/browser (support/sitio-cliente.ts). */
class Tienda extends SitioCliente {
  /** The page reports to `dsn`; its button throws `mensaje` from `agregarAlCarrito` in app.js. */
  serve(dsn: string, mensaje: string): void {
    this.set(
      '/',
      `<!doctype html><html><head><meta charset="utf-8"><title>Tienda</title>
        <script src="/sentry.js"></script>
        <script>Sentry.init({ dsn: ${JSON.stringify(dsn)}, release: 'tienda@1.0.0', environment: 'e2e' });</script>
        <script src="/app.js"></script></head>
        <body><button id="agregar" onclick="agregar()">Agregar al carrito</button></body></html>`,
    );
    this.set(
      '/app.js',
      `function agregarAlCarrito(carrito) {
  if (!carrito.items) throw new Error(${JSON.stringify(mensaje)});
}
function agregar() {
  setTimeout(function () { agregarAlCarrito({}); });
}`,
    );
  }
}

const tienda = new Tienda();
test.beforeAll(() => tienda.start());
test.afterAll(() => tienda.stop());

/** Clicks the shop's button and waits until the monitor accepted the event (cross-origin, through CORS). */
async function romper(page: Page): Promise<void> {
  const accepted = page.waitForResponse((r) => r.url().includes('/envelope/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  expect((await accepted).status()).toBe(200);
}

/** Moves inside the app through its menu, as a person does. */
async function abrirMonitor(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Monitor de errores' }).click();
  await expect(page.getByRole('heading', { name: 'Monitor de errores' })).toBeVisible();
}

async function buscarIssue(page: Page, texto: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(texto);
  // The search reaches the URL after a pause in typing; wait for it, so a click that follows is not undone by it.
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(texto);
  await expect(
    page.getByRole('table', { name: 'Errores' }).getByRole('link', { name: new RegExp(texto) }),
  ).toBeVisible();
}

test('an error thrown in a web page reaches the list, is resolved, and reopens with a new event', async ({
  page,
  context,
}) => {
  const stamp = Date.now().toString(36);
  const mensaje = `Carrito sin items ${stamp}`;
  await signIn(page, 'admin');
  await abrirMonitor(page);

  // A project for the shop, created in the settings screen; its DSN is what the SDK needs.
  await page.getByRole('link', { name: 'Proyectos' }).click();
  await page.getByRole('link', { name: 'Nuevo proyecto' }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill(`Tienda ${stamp}`);
  await expect(page.getByLabel('Slug')).toHaveValue(`tienda-${stamp}`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: `Tienda ${stamp}` })).toBeVisible();
  const dsn = (await page.getByTestId('dsn').textContent()) ?? '';
  expect(dsn).toMatch(/^http:\/\/[0-9a-f]{32}@127\.0\.0\.1:\d+\/\d+$/);
  await expect(page.getByLabel('Navegador (@sentry/browser)', { exact: true })).toContainText(`dsn: '${dsn}'`);

  tienda.serve(dsn, mensaje);
  const cliente = await context.newPage();
  await cliente.goto(tienda.url);
  await romper(cliente);

  await page.getByRole('link', { name: 'Ver errores' }).click();
  await expect(page).toHaveURL(/\/insights\?proyecto_id=\d+$/);
  await buscarIssue(page, mensaje);
  const fila = page.getByRole('row').filter({ hasText: mensaje });
  await expect(fila).toContainText('Sin resolver');
  await expect(fila).toContainText('tienda@1.0.0');
  await fila.getByRole('link', { name: new RegExp(mensaje) }).click();

  // The detail: the latest event's stack trace, with the shop's own frame.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Error: ${mensaje}`);
  const traza = page.getByRole('list', { name: 'Traza de la pila: Error' });
  await expect(traza).toContainText('agregarAlCarrito');
  await expect(traza.locator('[data-in-app]').first()).toContainText('app.js');
  await expect(page.getByRole('region', { name: 'Etiquetas' })).toContainText('tienda@1.0.0');
  // The browser SDK sends no browser or OS context: they come from its User-Agent, as Sentry works them out.
  await expect(page.getByRole('region', { name: 'Etiquetas' })).toContainText('Chrome Headless');
  await expect(page.getByRole('region', { name: 'Etiquetas' })).toContainText('Linux');

  await page.getByRole('button', { name: 'Resolver', exact: true }).click();
  await expect(page.getByText('Resuelto', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reabrir' })).toBeVisible();

  // A new event of the same error reopens it (a new page load: the SDK drops an immediate duplicate).
  await cliente.reload();
  await romper(cliente);
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await buscarIssue(page, mensaje);
  await expect(fila).toContainText('Sin resolver');
  await expect(fila.getByRole('cell').nth(4)).toHaveText('2');
  await fila.getByRole('link', { name: new RegExp(mensaje) }).click();
  await expect(page.getByRole('button', { name: 'Resolver', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Eventos (2)' })).toBeVisible();
  await page.getByRole('button', { name: 'Evento anterior' }).click();
  await expect(page.getByRole('button', { name: 'Evento siguiente' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Evento anterior' })).toBeDisabled();
});

test('the portal reports its own unhandled errors into its project, never from /login', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`${servers.main}/login`);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  expect(scripts.filter((url) => url.includes('reporter'))).toEqual([]);

  const reporterLoaded = page.waitForResponse((r) => r.url().includes('/reporter') && r.ok());
  await signIn(page, 'admin');
  await reporterLoaded;
  const accepted = page.waitForResponse(
    (r) => /\/api\/\d+\/envelope\//.test(r.url()) && r.request().method() === 'POST',
  );
  await page.evaluate((texto) => {
    setTimeout(() => {
      throw new Error(texto);
    });
  }, `Fallo propio del portal ${stamp}`);
  expect((await accepted).status()).toBe(200);

  await abrirMonitor(page);
  await buscarIssue(page, `Fallo propio del portal ${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: stamp })).toContainText('Intranet');
});

test('staff who may only read (SER#VER) see the errors and projects but no triage', async ({ page }) => {
  await signIn(page, 'tecnico');
  await abrirMonitor(page);
  const tabla = page.getByRole('table', { name: 'Errores' });
  await expect(tabla.getByRole('link').first()).toBeVisible();
  await expect(tabla.getByRole('checkbox')).toHaveCount(0);
  await tabla.getByRole('link').first().click();
  await expect(
    page.getByRole('region', { name: 'Traza de la pila' }).or(page.getByText('El evento no trae traza de la pila.')),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resolver' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reabrir' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await page.getByRole('link', { name: 'Proyectos' }).click();
  await expect(page.getByRole('table', { name: 'Proyectos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nuevo proyecto' })).toHaveCount(0);
});

test('the error list fits a 1440 px screen: every column, "Release y entorno" included, without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin', servers.main, '/insights');
  const table = page.getByRole('table', { name: 'Errores' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const release = table.getByRole('columnheader', { name: 'Release y entorno' });
  const box = await release.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1440);
  const overflow = await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
});

test('an issue ignored "hasta 2 eventos más" comes back as unresolved with the second event', async ({
  page,
  request,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const mensaje = `Pago rechazado ${stamp}`;
  const token = await apiToken(request);
  const proyecto = await api<{ id: number; public_key: string }>(request, token, 'post', '/api/insights/proyectos', {
    nombre: `Ignorar ${stamp}`,
    slug: `ignorar-${stamp}`,
    plataforma: 'javascript',
  });
  // Through the intake, as an SDK sends it: each event's 200 means it is stored.
  const enviar = async () => {
    const r = await request.post(`${servers.main}/api/${proyecto.id}/store/?sentry_key=${proyecto.public_key}`, {
      data: { event_id: randomUUID().replaceAll('-', ''), message: mensaje, level: 'error', platform: 'javascript' },
    });
    expect(r.status()).toBe(200);
  };
  await enviar();

  await signIn(page, 'admin');
  await abrirMonitor(page);
  await buscarIssue(page, mensaje);
  await page
    .getByRole('table', { name: 'Errores' })
    .getByRole('link', { name: new RegExp(mensaje) })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(mensaje);

  await page.getByRole('button', { name: 'Ignorar', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Hasta N eventos más…' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Ignorar hasta N eventos más' });
  await dialogo.getByRole('textbox', { name: 'Eventos más' }).fill('2');
  await dialogo.getByRole('button', { name: 'Ignorar', exact: true }).click();
  await expect(dialogo).toBeHidden();
  await expect(page.getByText('Ignorado hasta 2 eventos más (faltan 2)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reabrir' })).toBeVisible();

  await enviar();
  await page.reload();
  await expect(page.getByText('Ignorado hasta 2 eventos más (falta 1)')).toBeVisible();

  await enviar();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Resolver', exact: true })).toBeVisible();
  await expect(page.getByText(/Ignorado hasta/)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Eventos (3)' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await buscarIssue(page, mensaje);
  await expect(page.getByRole('row').filter({ hasText: mensaje })).toContainText('Sin resolver');
});
