import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { freePort } from './api-list.ts';
import { PASSWORDS, startServer } from '../e2e/support/server.ts';
import { figure } from './report.ts';

// WEB_DIST lets a build elsewhere be measured (the server serves the same folder).
const webDist = process.env.WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname;

/** Texts only the editor's code carries: the commands API (lazy chunk) and ProseMirror's model (its own chunk). */
const EDITOR_MARK = 'Required view to initialize commands';
const MODEL_MARK = 'Called contentMatchAt';
/** The model's own chunk (build.rolldownOptions in apps/web/vite.config.ts). */
const MODEL_CHUNK = /\/rich-text-model-[\w-]+\.js$/;
/** The class the chart library (visx, with d3-scale in the same chunk) gives every axis it draws. */
const CHART_MARK = 'visx-axis';

const gzip = (bytes: Buffer | Uint8Array) => gzipSync(bytes, { level: 9 }).length;
/**
 * As the build precompresses it (apps/web/scripts/precompress.mjs) and the server sends it to a browser that
 * accepts br.
 */
const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Every script and stylesheet the page fetches from now on, by path. */
function recordAssets(page: Page): Set<string> {
  const assets = new Set<string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.add(new URL(response.url()).pathname);
  });
  return assets;
}

const read = (path: string) => readFileSync(join(webDist, path));

/**
 * The editor's weight as a user pays it: the chunks fetched when the product form (the first screen with a
 * rich-text field) opens after its list, gzip; and proof that /login loads none of the editor's code.
 */
export async function editorBundle(): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) {
    spawnSync('npm', ['run', 'build', '-w', '@intranet/web'], { stdio: 'inherit' });
  }
  const server = await startServer({ WEB_DIST: webDist, PORT: String(await freePort()) });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const login = recordAssets(page);
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    const loginScripts = [...login].filter((p) => p.endsWith('.js'));
    const withEditor = loginScripts.filter((p) => {
      const text = read(p).toString();
      return text.includes(EDITOR_MARK) || text.includes(MODEL_MARK);
    });
    console.log(
      `scripts de /login: ${loginScripts.length}; con código del editor o de ProseMirror: ${withEditor.length ? withEditor.join(', ') : 'ninguno'}`,
    );
    figure('Scripts del editor cargados por /login', withEditor.length, 'archivos', { max: 0 });

    await page.getByPlaceholder('Usuario o email').fill('admin');
    await page.getByLabel('Contraseña').fill(PASSWORDS.admin);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Productos' }).click();
    await page.getByRole('table', { name: 'Productos' }).waitFor();
    await page.waitForLoadState('networkidle');
    const beforeForm = new Set(login);
    const form = recordAssets(page);
    await page.getByRole('link', { name: 'Nuevo producto' }).click();
    await page.getByTestId('editor-toolbar').waitFor();
    await page.waitForLoadState('networkidle');
    const fetched = [...form].filter((p) => !beforeForm.has(p));

    let js = 0;
    let css = 0;
    for (const path of fetched) {
      const size = gzip(read(path));
      if (path.endsWith('.css')) css += size;
      else js += size;
      console.log(`  pedido al abrir el formulario: ${path} ${kB(size)} kB gzip`);
    }
    // The rich-text model (prosemirror-model, schema, validation, HTML) is a chunk of its own (vite.config.ts),
    // fetched with the area, whose forms validate with it, or else with the form: counted once, as served.
    const withModel = [...beforeForm, ...fetched].filter(
      (p) => p.endsWith('.js') && read(p).toString().includes(MODEL_MARK),
    );
    const mixed = withModel.filter((p) => !MODEL_CHUNK.test(p));
    if (mixed.length)
      throw new Error(
        `prosemirror-model viaja en ${mixed.join(', ')}, junto a otro código: su peso no se puede medir aparte`,
      );
    const modelBefore = withModel.filter((p) => beforeForm.has(p));
    const model = modelBefore.reduce((total, p) => total + gzip(read(p)), 0);

    figure('Chunk perezoso del editor (JS gzip, al mostrar un campo de texto enriquecido)', kB(js), 'kB', { max: 60 });
    figure('CSS del editor gzip', kB(css), 'kB');
    console.log(
      `modelo de texto enriquecido (prosemirror-model, esquema, validar, HTML): ${withModel.join(', ') || '¿?'}, ` +
        (modelBefore.length ? `pedido con el área: ${kB(model)} kB gzip` : 'pedido con el formulario (sumado arriba)'),
    );
    figure('Editor completo (chunk perezoso + modelo y esquema), JS gzip', kB(js + model), 'kB', { max: 70 });
    const servido = [...fetched.filter((p) => p.endsWith('.js')), ...modelBefore].reduce(
      (total, p) => total + brotli(read(p)),
      0,
    );
    console.log(`  el mismo JS como lo recibe Chromium (brotli): ${kB(servido)} kB`);

    // The charts: what the expiry grid fetches to draw its chart, in the chunks that carry the chart library.
    const antesDelGrafico = new Set([...beforeForm, ...form]);
    const grafico = recordAssets(page);
    // In the app (the session lives in memory): a string, the bench is compiled without the DOM's types.
    await page.evaluate(
      "history.pushState(null, '', '/clientes/vencimientosafip/lista'); dispatchEvent(new PopStateEvent('popstate'))",
    );
    await page.getByRole('heading', { name: 'Vencimientos por mes' }).waitFor();
    await page.locator(`.${CHART_MARK}`).first().waitFor();
    await page.waitForLoadState('networkidle');
    const deGraficos = [...grafico].filter(
      (p) => p.endsWith('.js') && !antesDelGrafico.has(p) && read(p).toString().includes(CHART_MARK),
    );
    const graficos = deGraficos.reduce((total, p) => total + gzip(read(p)), 0);
    console.log(`  chunks con la biblioteca de gráficos: ${deGraficos.join(', ') || 'ninguno'}`);
    figure('Chunk de gráficos (JS gzip, al mostrar el primer gráfico)', kB(graficos), 'kB', { max: 60 });
  } finally {
    await browser.close();
    await server.stop();
  }
}
