import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { api, apiToken } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';
import { SitioCliente } from './support/sitio-cliente.ts';

// Everything the real @sentry/browser sends from Chromium, end to end: the pageload and a custom transaction with
// its child span, the session (release health), logs, a user's feedback, and an error thrown inside the span with
// an attachment; the portal shows each where staff look for it.

const RELEASE = 'facturacion@3.1.0';

/**
 * The customer's page, with @sentry/browser 11's defaults: spans are streamed (`traceLifecycle: 'stream'`, "span"
 * items), and the monitor keeps each segment as a transaction. Logs need no option in 11 (`enableLogs` is gone).
 * `probar` runs once the pageload transaction ended, and answers the trace id and whether everything was sent
 * (`Sentry.flush` waits for the monitor's answers).
 */
function pagina(dsn: string): { html: string; app: string } {
  return {
    html: `<!doctype html><html><head><meta charset="utf-8"><title>Facturación</title>
      <script src="/sentry.js"></script>
      <script>
        Sentry.init({
          dsn: ${JSON.stringify(dsn)},
          release: ${JSON.stringify(RELEASE)},
          environment: 'e2e',
          tracesSampleRate: 1,
          integrations: [Sentry.browserTracingIntegration()],
        });
      </script>
      <script src="/app.js"></script></head>
      <body><h1>Facturas</h1></body></html>`,
    app: `var pageload = Sentry.getActiveSpan();
var pageloadTerminada = new Promise(function (resolve) {
  Sentry.getClient().on('spanEnd', function (span) {
    if (span === pageload) resolve();
  });
});
function leerFacturas(mensaje) {
  throw new Error(mensaje);
}
window.probar = async function (d) {
  if (!pageload) throw new Error('browserTracingIntegration no empezó la transacción pageload');
  await pageloadTerminada;
  var traza = '';
  Sentry.startSpan({ name: 'cargar-facturas', op: 'ui.action', forceTransaction: true }, function (span) {
    traza = span.spanContext().traceId;
    Sentry.startSpan({ name: 'GET /api/facturas', op: 'http.client' }, function () {
      try {
        leerFacturas(d.mensaje);
      } catch (e) {
        Sentry.withScope(function (scope) {
          scope.addAttachment({ filename: 'nota.txt', data: d.nota, contentType: 'text/plain' });
          Sentry.captureException(e);
        });
      }
    });
  });
  Sentry.logger.info(d.logInfo);
  Sentry.logger.error(d.logError);
  Sentry.captureFeedback({ name: d.nombre, email: d.email, message: d.opinion });
  return { traza: traza, enviado: await Sentry.flush(5000) };
};`,
  };
}

const sitio = new SitioCliente();
test.beforeAll(() => sitio.start());
test.afterAll(() => sitio.stop());

async function abrirPestana(page: Page, nombre: string): Promise<void> {
  await page.getByRole('tab', { name: nombre }).click();
  await expect(page.getByRole('tab', { name: nombre })).toHaveAttribute('aria-selected', 'true');
}

test('transactions, sessions, logs, feedback and an attachment sent by @sentry/browser in Chromium reach their screens', async ({
  page,
  context,
  request,
}) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const d = {
    mensaje: `Facturas ilegibles ${stamp}`,
    nota: `Cliente 42, lote ${stamp}`,
    logInfo: `Facturas cargadas ${stamp}`,
    logError: `Factura sin CAE ${stamp}`,
    nombre: 'Ana Pérez',
    email: `ana.${stamp}@example.com`,
    opinion: `La lista de facturas tarda ${stamp}`,
  };
  // A project of its own with room to spare a minute, so nothing the page sends is turned away ("limitado").
  const token = await apiToken(request);
  const proyecto = await api<{ id: number; dsn: string }>(request, token, 'post', '/api/insights/proyectos', {
    nombre: `Facturación ${stamp}`,
    slug: `facturacion-${stamp}`,
    plataforma: 'javascript',
    limite_por_minuto: 100_000,
  });

  const p = pagina(proyecto.dsn);
  sitio.set('/', p.html);
  sitio.set('/app.js', p.app);
  const cliente = await context.newPage();
  const rechazos: string[] = [];
  cliente.on('response', (r) => {
    if (r.url().includes('/envelope/') && r.status() !== 200) rechazos.push(`${r.status()} ${r.url()}`);
  });
  await cliente.goto(sitio.url);
  const { traza, enviado } = await cliente.evaluate((datos) => {
    const w = window as unknown as { probar: (x: typeof datos) => Promise<{ traza: string; enviado: boolean }> };
    return w.probar(datos);
  }, d);
  expect(enviado).toBe(true);
  expect(traza).toMatch(/^[0-9a-f]{32}$/);
  expect(rechazos).toEqual([]);

  await signIn(page, 'admin', servers.main, `/insights/proyectos/${proyecto.id}`);
  await expect(page.getByRole('heading', { name: `Facturación ${stamp}` })).toBeVisible();

  // Rendimiento: the pageload (named after the path) and the custom transaction, one each.
  await abrirPestana(page, 'Rendimiento');
  const rendimiento = page.getByRole('table', { name: 'Rendimiento' });
  await expect(rendimiento.getByRole('link', { name: 'Ver las transacciones recientes de /' })).toBeVisible();
  const fila = rendimiento.getByRole('row').filter({
    has: page.getByRole('link', { name: 'Ver las transacciones recientes de cargar-facturas' }),
  });
  await expect(fila.getByRole('cell').last()).toHaveText('1');
  await fila.getByRole('link', { name: 'Ver las transacciones recientes de cargar-facturas' }).click();
  await expect(page.getByRole('heading', { name: 'cargar-facturas' })).toBeVisible();
  const recientes = page.getByRole('table', { name: 'Transacciones recientes' });
  await expect(recientes.getByRole('row')).toHaveCount(2);
  await expect(recientes.getByRole('row').nth(1)).toContainText(RELEASE);
  await recientes.getByRole('row').nth(1).getByRole('link').click();

  // The transaction's waterfall: its child span under it.
  await expect(page.getByRole('heading', { name: 'cargar-facturas' })).toBeVisible();
  await expect(page.getByText('ui.action', { exact: true }).first()).toBeVisible();
  const cascada = page.getByRole('region', { name: 'Spans' });
  await expect(cascada).toContainText('http.client');
  await expect(cascada).toContainText('GET /api/facturas');
  await expect(page.getByRole('link', { name: 'Ver la traza' })).toContainText(traza);

  // The error, thrown inside the span: its event carries the trace and the attachment.
  await page.goto(`${servers.main}/insights/proyectos/${proyecto.id}`);
  await page.getByRole('link', { name: 'Ver errores' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(d.mensaje);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(d.mensaje);
  await page
    .getByRole('table', { name: 'Errores' })
    .getByRole('link', { name: new RegExp(d.mensaje) })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Error: ${d.mensaje}`);
  const adjuntos = page.getByRole('table', { name: 'Adjuntos' });
  await expect(adjuntos.getByRole('row').filter({ hasText: 'nota.txt' })).toContainText('text/plain');
  // Saved with the session's token: the file as the SDK attached it (a plain link would save the 401's answer).
  const [nota] = await Promise.all([
    page.waitForEvent('download'),
    adjuntos.getByRole('button', { name: 'Descargar nota.txt' }).click(),
  ]);
  expect(nota.suggestedFilename()).toBe('nota.txt');
  expect(await readFile(await nota.path(), 'utf8')).toBe(d.nota);
  // The event as stored, all the SDK sent.
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^JSON del evento/ }).click(),
  ]);
  expect(JSON.parse(await readFile(await json.path(), 'utf8'))).toMatchObject({
    exception: { values: [expect.objectContaining({ value: d.mensaje })] },
    sdk: { name: expect.stringMatching(/^sentry\.javascript\./) },
  });
  await page.getByRole('link', { name: traza.slice(0, 8), exact: true }).click();

  // The trace: the custom transaction, and the error sent with it.
  await expect(page.getByRole('heading', { name: `Traza ${traza.slice(0, 8)}` })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Transacciones de la traza' }).getByRole('link', { name: 'cargar-facturas' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Errores de la traza' }).getByRole('link', { name: new RegExp(d.mensaje) }),
  ).toBeVisible();

  // Release health: the session the SDK started on init.
  await page.goto(`${servers.main}/insights/proyectos/${proyecto.id}`);
  await abrirPestana(page, 'Releases');
  const salud = page.getByRole('table', { name: 'Salud de las releases' });
  const release = salud.getByRole('row').filter({ hasText: RELEASE });
  await expect(release).toBeVisible();
  // Columns: (expand), release, crash-free sessions, crash-free users, adoption, sessions, crashes, with errors.
  await expect.poll(async () => Number(await release.getByRole('cell').nth(5).textContent())).toBeGreaterThan(0);

  // Logs, found by their text.
  await abrirPestana(page, 'Logs');
  await page.getByRole('textbox', { name: 'Texto' }).fill(stamp);
  const logs = page.getByRole('table', { name: 'Logs' });
  await expect(logs.getByRole('row').filter({ hasText: d.logInfo })).toBeVisible();
  await expect(logs.getByRole('row').filter({ hasText: d.logError })).toBeVisible();

  // The user's feedback.
  await abrirPestana(page, 'Opiniones de usuarios');
  const opinion = page.getByRole('list', { name: 'Opiniones de usuarios' }).getByRole('listitem');
  await expect(opinion.filter({ hasText: d.opinion })).toContainText(`Ana Pérez <${d.email}>`);
});
