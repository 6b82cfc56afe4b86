import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { api, apiToken } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';

// A shop built as companies build theirs: TypeScript bundled and minified by esbuild with @sentry/browser, its
// source maps uploaded by the real sentry-cli (@sentry/cli) with a portal API token; the minified bundle throws in
// Chromium and the monitor shows the original file, function and line, the minified frame one click away.

const require = createRequire(import.meta.url);
const CLI = join(require.resolve('@sentry/cli/package.json'), '..', 'bin', 'sentry-cli');
const RELEASE = 'tienda-sm@2.0.0';

const CARRITO = `export interface Item {
  nombre: string;
  precio: number;
}

export function agregarItem(items: Item[], nombre: string, precio: number): number {
  if (!nombre) {
    throw new TypeError(MENSAJE);
  }
  items.push({ nombre, precio });
  return items.length;
}

declare const MENSAJE: string;
`;
const MAIN = `import * as Sentry from '@sentry/browser';
import { agregarItem, type Item } from './carrito';

declare const DSN: string;
Sentry.init({ dsn: DSN, release: ${JSON.stringify(RELEASE)} });
const items: Item[] = [];
function alAgregar(): void {
  agregarItem(items, '', 100);
}
document.querySelector('#agregar')!.addEventListener('click', alAgregar);
`;

function cli(args: string[], env: Record<string, string>, cwd: string): Promise<{ code: number; salida: string }> {
  return new Promise((resolve) => {
    execFile(CLI, args, { cwd, env: { ...process.env, ...env, SENTRY_LOG_LEVEL: 'warn' } }, (err, stdout, stderr) =>
      resolve({ code: err ? 1 : 0, salida: `${stdout}${stderr}` }),
    );
  });
}

let dir = '';
let server: Server | undefined;
test.afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('source maps uploaded by sentry-cli turn a minified frame from Chromium into the TypeScript line that threw', async ({
  page,
  context,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const mensaje = `Falta el nombre del ítem ${stamp}`;
  const token = await apiToken(request);
  const proyecto = await api<{ id: number; dsn: string; slug: string }>(
    request,
    token,
    'post',
    '/api/insights/proyectos',
    { nombre: `Tienda SM ${stamp}`, slug: `tienda-sm-${stamp}`, plataforma: 'javascript' },
  );
  const vence = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const apiTokenCli = await api<{ token: string }>(request, token, 'post', '/api/auth/tokens', {
    nombre: `sentry-cli ${stamp}`,
    vence,
    permisos: ['INSIGHTS#EDITAR'],
  });

  // The shop's build: esbuild, minified, with its source maps; then sentry-cli as in a build pipeline.
  dir = await mkdtemp(join(tmpdir(), 'e2e-sm-'));
  await mkdir(join(dir, 'src'));
  await writeFile(join(dir, 'src', 'carrito.ts'), CARRITO);
  await writeFile(join(dir, 'src', 'main.ts'), MAIN);
  const nodeModules = require.resolve('@sentry/browser').replace(/node_modules\/@sentry\/browser\/.*$/, 'node_modules');
  await build({
    entryPoints: [join(dir, 'src', 'main.ts')],
    bundle: true,
    minify: true,
    sourcemap: true,
    format: 'iife',
    nodePaths: [nodeModules],
    define: { DSN: JSON.stringify(proyecto.dsn), MENSAJE: JSON.stringify(mensaje) },
    outfile: join(dir, 'dist', 'assets', 'index-3f9a.js'),
    logLevel: 'silent',
  });
  const env = {
    SENTRY_URL: servers.main,
    SENTRY_ORG: 'intranet',
    SENTRY_PROJECT: proyecto.slug,
    SENTRY_AUTH_TOKEN: apiTokenCli.token,
  };
  expect((await cli(['sourcemaps', 'inject', 'dist'], env, dir)).code).toBe(0);
  const subida = await cli(
    ['sourcemaps', 'upload', '--release', RELEASE, '--url-prefix', '~/assets', 'dist/assets'],
    env,
    dir,
  );
  expect(subida.salida).toContain('~/assets/index-3f9a.js');
  expect(subida.code).toBe(0);

  // The shop on its own origin; its button throws from the minified bundle.
  const script = await readFile(join(dir, 'dist', 'assets', 'index-3f9a.js'), 'utf8');
  server = createServer((req, res) => {
    if (req.url?.startsWith('/assets/index-3f9a.js'))
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    else
      res
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><meta charset="utf-8"><button id="agregar">Agregar</button><script src="/assets/index-3f9a.js"></script>',
        );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const tienda = await context.newPage();
  await tienda.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const aceptado = tienda.waitForResponse((r) => r.url().includes('/envelope/') && r.request().method() === 'POST');
  await tienda.getByRole('button', { name: 'Agregar' }).click();
  expect((await aceptado).status()).toBe(200);

  await signIn(page, 'admin');
  await page.getByRole('link', { name: 'Monitor de errores' }).click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(stamp);
  await page
    .getByRole('table', { name: 'Errores' })
    .getByRole('link', { name: new RegExp(stamp) })
    .click();

  const traza = page.getByRole('list', { name: 'Traza de la pila: TypeError' });
  const marco = traza.getByRole('listitem').first();
  await expect(marco).toContainText('src/carrito.ts en agregarItem · línea 8:11');
  await expect(marco).toContainText('Resuelto con source map');
  await expect(marco.locator('[aria-current="true"]')).toContainText('throw new TypeError(MENSAJE);');
  await marco.getByRole('button', { name: 'Ver marco minificado' }).click();
  await expect(marco.getByLabel('Marco minificado')).toContainText('/assets/index-3f9a.js en ');
  await expect(traza).toContainText('src/main.ts en alAgregar');

  // The release's tab lists its bundle.
  await page.getByRole('link', { name: 'Volver a la lista' }).click();
  await page.getByRole('link', { name: 'Proyectos' }).click();
  await page.getByRole('link', { name: `Tienda SM ${stamp}` }).click();
  await page.getByRole('tab', { name: 'Releases' }).click();
  const release = page.getByRole('region', { name: RELEASE });
  await expect(release).toContainText('~/assets/index-3f9a.js.map');
  await expect(release).toContainText('2 archivos');
});
