import type { APIRequestContext, Page } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import { apiToken } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';

// Every screen of the portal, as admin (who sees them all), checked in one pass: by axe-core for serious and critical
// accessibility violations, and at a phone's width (390 × 844) for a page that scrolls sideways.

/** The screens without a record in their address. */
const PANTALLAS = [
  '/',
  '/clientes/lista',
  '/clientes/nuevo',
  '/clientes/parametros',
  '/clientes/vencimientosafip/lista',
  '/clientes/vencimientosphysis/lista',
  '/clientes/actualizaciones/lista',
  '/maquinas',
  '/maquinas/nueva',
  '/personas',
  '/personas/nueva',
  '/personas/roles',
  '/personas/roles/nuevo',
  '/dns',
  '/appsstore',
  '/appsstore/catalogo',
  '/appsstore/historial',
  '/soluciones/productos',
  '/soluciones/productos/nuevo',
  '/soluciones/apk',
  '/soluciones/apk/nueva',
  '/soluciones/web',
  '/soluciones/web/nuevo',
  '/soluciones/web/vencimientos',
  '/soluciones/reporte',
  '/versiones',
  '/versiones/nueva',
  '/versiones/changelog',
  '/desarrollos',
  '/desarrollos/tablero',
  '/desarrollos/nuevo',
  '/servidores',
  '/servidores/nuevo',
  '/instaladores',
  '/insights',
  '/insights/proyectos',
  '/insights/proyectos/nuevo',
  '/alertas/notificaciones',
  '/alertas/mis-alertas',
  '/alertas/tareas',
  '/alertas/webhooks',
  '/alertas/roles',
  '/tokens',
  '/tokens/todos',
  '/segundo-factor',
  '/segundo-factor/cuentas',
  '/directorio',
];

/** A record's screens: the list call whose first record they show, and the screens' addresses. */
const REGISTROS: { api: string; pantallas: (id: string) => string[] }[] = [
  { api: '/api/empresas?page=1&size=1', pantallas: (id) => [`/clientes/${id}`, `/clientes/${id}/editar`] },
  { api: '/api/maquinas?page=1&size=1', pantallas: (id) => [`/maquinas/${id}`, `/maquinas/${id}/editar`] },
  { api: '/api/personas?page=1&size=1', pantallas: (id) => [`/personas/${id}`, `/personas/${id}/editar`] },
  {
    api: '/api/productos?page=1&size=1',
    pantallas: (id) => [`/soluciones/productos/${id}`, `/versiones/changelog/${id}`],
  },
  { api: '/api/aplicaciones?page=1&size=1', pantallas: (id) => [`/soluciones/apk/${id}`] },
  { api: '/api/sitios?page=1&size=1', pantallas: (id) => [`/soluciones/web/${id}`] },
  { api: '/api/reportes', pantallas: (id) => [`/soluciones/reporte/${id}`] },
  { api: '/api/versiones?page=1&size=1', pantallas: (id) => [`/versiones/${id}`, `/versiones/${id}/editar`] },
  { api: '/api/desarrollos?page=1&size=1', pantallas: (id) => [`/desarrollos/${id}`] },
  { api: '/api/servidores/lista?page=1&size=1', pantallas: (id) => [`/servidores/${id}`, `/servidores/${id}/editar`] },
  { api: '/api/paquetes?page=1&size=1', pantallas: (id) => [`/instaladores/${id}`] },
  { api: '/api/insights/issues?page=1&size=1', pantallas: (id) => [`/insights/${id}`] },
  { api: '/api/insights/proyectos', pantallas: (id) => [`/insights/proyectos/${id}`] },
];

async function primerId(request: APIRequestContext, token: string, path: string): Promise<string> {
  const res = await request.get(`${servers.main}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  const body = (await res.json()) as { datos?: { items?: { id: unknown }[] } | { id: unknown }[] } | { id: unknown }[];
  // The spec's own lists answer bare (`[...]`), the portal's inside the envelope, paged (`{ items }`) or not.
  const datos = Array.isArray(body) ? body : body.datos;
  const primero = Array.isArray(datos) ? datos[0] : datos?.items?.[0];
  expect(primero, `${path} no tiene registros en los datos de demostración`).toBeDefined();
  return String(primero!.id);
}

async function todasLasPantallas(request: APIRequestContext): Promise<string[]> {
  const token = await apiToken(request);
  const conRegistro = await Promise.all(REGISTROS.map(async (r) => r.pantallas(await primerId(request, token, r.api))));
  return [...PANTALLAS, ...conRegistro.flat()];
}

/** Goes to a path inside the portal as its links do, and waits until it has loaded what it shows. */
async function ir(page: Page, path: string) {
  await page.evaluate((destino) => {
    window.history.pushState(null, '', destino);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.locator('main').getByText('Cargando…')).toHaveCount(0);
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** The page's width against the window's at a phone's size: wider means the page scrolls sideways. */
async function anchoEnTelefono(page: Page): Promise<{ ancho: number; visible: number }> {
  await page.setViewportSize(TELEFONO);
  // Components that follow the window's width in script (the page header's actions, menus, tables' columns)
  // render again after the resize: a page too wide is measured again until they have, for at most 2 s.
  const medir = () =>
    page.evaluate(() => ({
      ancho: document.documentElement.scrollWidth,
      visible: document.documentElement.clientWidth,
    }));
  let medida = await medir();
  for (const limite = Date.now() + 2000; medida.ancho > medida.visible && Date.now() < limite; medida = await medir()) {
    await page.evaluate(() => new Promise((listo) => requestAnimationFrame(() => requestAnimationFrame(listo))));
  }
  await page.setViewportSize(ESCRITORIO);
  return medida;
}

const ESCRITORIO = { width: 1280, height: 720 };
const TELEFONO = { width: 390, height: 844 };

test.describe.configure({ mode: 'parallel' });

/**
 * The screens are checked in this many parts, each a test of its own: the two workers share them, and each part's
 * budget is for its screens.
 */
const PARTES = 4;

// One pass over the screens, each loaded once: axe at a desktop's width, then the same screen at a phone's.
for (let parte = 0; parte < PARTES; parte += 1) {
  test(`no screen has a serious or critical accessibility violation (axe-core), and none scrolls sideways on a phone (390 × 844) — part ${parte + 1} of ${PARTES}`, async ({
    page,
    request,
  }) => {
    // About twenty screens, each loaded, checked by axe and measured at a phone's width: 40–60 s on a quiet machine.
    test.setTimeout(240_000);
    const todas = await todasLasPantallas(request);
    const porParte = Math.ceil(todas.length / PARTES);
    const pantallas = todas.slice(parte * porParte, (parte + 1) * porParte);
    await page.setViewportSize(ESCRITORIO);
    await signIn(page, 'admin');
    // Each violation once, with the first screen it was seen on (the shell's would repeat on every screen).
    const hallazgos = new Map<string, string>();
    const anchas: string[] = [];
    // The engine goes into the page once: the screens change without a page load,
    // and injecting it per screen (as @axe-core/playwright does) cost 550 ms a screen against 150 ms.
    await page.evaluate(axe.source);
    for (const [i, path] of pantallas.entries()) {
      await ir(page, path);
      // The shell (top bar, menu) is the same on every screen: checked whole on each part's first, then each screen's
      // own part.
      const { violations } = (await page.evaluate(
        ({ entero, tags }) =>
          (window as unknown as { axe: typeof axe }).axe.run(entero ? document : document.querySelector('main')!, {
            runOnly: { type: 'tag', values: tags },
          }),
        { entero: i === 0, tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      )) as AxeResults;
      for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        for (const nodo of v.nodes) {
          const dedupeKey = `${v.id} (${v.impact}): ${nodo.target.join(' ').replace(/mantine-[a-z0-9]+-/g, 'mantine-…-')}`;
          if (!hallazgos.has(dedupeKey))
            hallazgos.set(
              dedupeKey,
              `${dedupeKey} — ${path} — ${nodo.failureSummary?.replace(/\s+/g, ' ').slice(0, 160) ?? ''}`,
            );
        }
      }
      const { ancho, visible } = await anchoEnTelefono(page);
      if (ancho > visible) anchas.push(`${path}: ${ancho} px en ${visible} px`);
    }
    expect([...hallazgos.values()], [...hallazgos.values()].join('\n')).toEqual([]);
    expect(anchas, anchas.join('\n')).toEqual([]);
  });
}

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('text reads on every dark surface: the home page, a list, a form, the editor and an issue with its stack trace (axe color-contrast)', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const token = await apiToken(request);
    const issue = await primerId(request, token, '/api/insights/issues?page=1&size=1');
    await page.setViewportSize(ESCRITORIO);
    await signIn(page, 'admin');
    await page.evaluate(axe.source);
    const hallazgos: string[] = [];
    for (const path of ['/', '/maquinas', '/maquinas/nueva', '/versiones/nueva', `/insights/${issue}`]) {
      await ir(page, path);
      const { violations } = (await page.evaluate(() =>
        (window as unknown as { axe: typeof axe }).axe.run(document, {
          runOnly: { type: 'rule', values: ['color-contrast'] },
        }),
      )) as AxeResults;
      for (const v of violations)
        for (const n of v.nodes)
          hallazgos.push(
            `${path}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ').slice(0, 160) ?? ''}`,
          );
      if (path === `/insights/${issue}`) {
        // The line that failed is shown, highlighted, and checked above like any text.
        await expect(page.locator('[class*="currentLine"]').first()).toBeVisible();
      }
      if (path === '/versiones/nueva') {
        // The editor's border is the dark scheme's, not a light grey line around a dark field.
        const borde = await page
          .locator('.intranet-editor')
          .first()
          .evaluate((e) => getComputedStyle(e).borderTopColor);
        const [r, g, b] = borde.match(/\d+/g)!.map(Number);
        expect(Math.max(r!, g!, b!), `borde del editor: ${borde}`).toBeLessThan(110);
      }
    }
    expect(hallazgos, hallazgos.join('\n')).toEqual([]);
  });
});
