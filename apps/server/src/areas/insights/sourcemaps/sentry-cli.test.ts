import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SENTRY_ORG } from '@intranet/contract/areas/insights';
import { build } from 'esbuild';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insightsBundleArchivos,
  insightsBundles,
  insightsChunks,
  insightsIssueAlias,
  insightsIssues,
  insightsProyectos,
  insightsReleases,
} from '../../../db/schema.ts';
import { diskStore } from '../../../storage/disk.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';
import { reagruparNuevos } from './reagrupar.ts';
import { simbolizador } from './simbolizar.ts';

// The real `sentry-cli` (the @sentry/cli npm package, its Linux binary from the registry) uploads the source maps
// of a small TypeScript app, bundled and minified by esbuild, to a listening test server; the minified bundle then
// throws under @sentry/node and the issue shows the original file, function and line.

const template = useTemplate();
const require = createRequire(import.meta.url);
const CLI = join(require.resolve('@sentry/cli/package.json'), '..', 'bin', 'sentry-cli');
const SENTRY_NODE = require.resolve('@sentry/node');
const PROYECTO = 'tienda-web';
const KEY = 'a'.repeat(32);

const CARRITO = `export interface Item {
  nombre: string;
  precio: number;
}

export function agregarItem(items: Item[], nombre: string, precio: number): number {
  if (!nombre) {
    throw new Error('Falta el nombre del ítem');
  }
  items.push({ nombre, precio });
  return items.length;
}
`;
const MAIN = `import { agregarItem, type Item } from './carrito';

export function cobrarCarrito(): number {
  const items: Item[] = [];
  return agregarItem(items, '', 10);
}
`;

interface Pedido {
  metodo: string;
  ruta: string;
  estado: number;
}

/** A recording proxy in front of the server: every request the CLI makes, with the answer's status. */
async function grabadora(destino: number) {
  const pedidos: Pedido[] = [];
  const server = http.createServer((req, res) => {
    const up = http.request(
      { host: '127.0.0.1', port: destino, method: req.method, path: req.url, headers: req.headers },
      (r) => {
        pedidos.push({ metodo: req.method ?? '', ruta: req.url ?? '', estado: r.statusCode ?? 0 });
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    pedidos,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cerrar: () => new Promise((r) => server.close(r)),
  };
}

function correr(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Promise<{ code: number; salida: string }> {
  return new Promise((resolve) => {
    execFile(
      cmd,
      args,
      { cwd, env: { ...process.env, ...env, SENTRY_LOG_LEVEL: 'warn' }, timeout: 120_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, salida: `${stdout}${stderr}` });
      },
    );
  });
}

describe('source maps uploaded by the real sentry-cli', () => {
  const ctx = freshApp(template, ['admin'], { tmpFiles: 'sm-archivos-' });
  let dir = '';
  let base = '';
  let proxy: Awaited<ReturnType<typeof grabadora>>;
  let token = '';
  let proyectoId = 0;
  const salidas: string[] = [];

  beforeAll(async () => {
    await ctx.t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.t.app.server.address() as AddressInfo;
    base = `http://127.0.0.1:${port}`;
    proxy = await grabadora(port);
    const [p] = await ctx.t.db
      .insert(insightsProyectos)
      .values({ nombre: 'Tienda web', slug: PROYECTO, plataforma: 'node', publicKey: KEY })
      .returning();
    proyectoId = p!.id;
    const vence = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const creado = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/tokens',
      headers: ctx.admin,
      payload: { nombre: 'sentry-cli', vence, permisos: ['INSIGHTS#EDITAR'] },
    });
    expect(creado.statusCode).toBe(201);
    token = creado.json().datos.token;

    dir = await mkdtemp(join(tmpdir(), 'sm-app-'));
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, 'src', 'carrito.ts'), CARRITO);
    await writeFile(join(dir, 'src', 'main.ts'), MAIN);
    await build({
      entryPoints: [join(dir, 'src', 'main.ts')],
      bundle: true,
      minify: true,
      sourcemap: true,
      platform: 'node',
      format: 'cjs',
      outfile: join(dir, 'dist', 'index-3f9a.js'),
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await proxy?.cerrar();
    if (dir) await rm(dir, { recursive: true, force: true });
    // The CLI's own words, for the issue's closing note.
    if (salidas.length > 0) console.log(salidas.join('\n'));
  });

  const env = () => ({ SENTRY_URL: proxy.url, SENTRY_ORG, SENTRY_PROJECT: PROYECTO, SENTRY_AUTH_TOKEN: token });

  /** The minified bundle run under @sentry/node: it throws, the SDK reports it to the project's DSN. */
  async function lanzar(
    release: string,
    conDebugIds = true,
    bundle = './dist/index-3f9a.js',
    proyecto = { id: proyectoId, key: KEY },
  ): Promise<string> {
    const runner = join(dir, `run-${proyecto.id}-${release}-${conDebugIds}.cjs`);
    await writeFile(
      runner,
      `const Sentry = require(${JSON.stringify(SENTRY_NODE)});
Sentry.init({ dsn: ${JSON.stringify(`${base.replace('//', `//${proyecto.key}@`)}/${proyecto.id}`)}, release: ${JSON.stringify(release)}, defaultIntegrations: false, integrations: [Sentry.linkedErrorsIntegration()] });
const app = require(${JSON.stringify(bundle)});
${conDebugIds ? '' : 'delete globalThis._sentryDebugIds;'}
try { app.cobrarCarrito(); } catch (err) { console.log(Sentry.captureException(err)); }
Sentry.flush(10000).then(() => process.exit(0));
`,
    );
    const r = await correr(process.execPath, [runner], {}, dir);
    expect(r.code).toBe(0);
    return r.salida.trim().split('\n').at(-1)!;
  }

  async function eventoDelIssue(eventId: string, proyecto = proyectoId) {
    const hasta = Date.now() + 20_000;
    for (;;) {
      const r = await ctx.t.app.inject({
        url: `/api/insights/issues?proyecto_id=${proyecto}&size=50`,
        headers: ctx.admin,
      });
      for (const issue of r.json().datos.items as { id: number }[]) {
        const ev = await ctx.t.app.inject({
          url: `/api/insights/issues/${issue.id}/eventos/${eventId}`,
          headers: ctx.admin,
        });
        if (ev.statusCode === 200) return { issueId: issue.id, evento: ev.json().datos };
      }
      if (Date.now() > hasta) throw new Error('el evento no llegó');
      await new Promise((res) => setTimeout(res, 200));
    }
  }

  it('inject + upload + releases new/finalize answer the calls the CLI makes, as it makes them', async () => {
    const inject = await correr(CLI, ['sourcemaps', 'inject', 'dist'], env(), dir);
    salidas.push(`$ sentry-cli sourcemaps inject dist\n${inject.salida}`);
    expect(inject.code).toBe(0);
    expect(await readFile(join(dir, 'dist', 'index-3f9a.js'), 'utf8')).toMatch(/\/\/# debugId=[0-9a-f-]{36}/);

    const nueva = await correr(CLI, ['releases', 'new', '1.0.0'], env(), dir);
    salidas.push(`$ sentry-cli releases new 1.0.0\n${nueva.salida}`);
    expect(nueva.code).toBe(0);
    const upload = await correr(CLI, ['sourcemaps', 'upload', '--release', '1.0.0', 'dist'], env(), dir);
    salidas.push(`$ sentry-cli sourcemaps upload --release 1.0.0 dist\n${upload.salida}`);
    expect(upload.code).toBe(0);
    expect(upload.salida).toContain('~/index-3f9a.js');
    const final = await correr(CLI, ['releases', 'finalize', '1.0.0'], env(), dir);
    salidas.push(`$ sentry-cli releases finalize 1.0.0\n${final.salida}`);
    expect(final.code).toBe(0);

    salidas.push(`Pedidos del CLI:\n${proxy.pedidos.map((p) => `  ${p.metodo} ${p.ruta} -> ${p.estado}`).join('\n')}`);
    const org = `/api/0/organizations/${SENTRY_ORG}`;
    expect(proxy.pedidos).toEqual([
      { metodo: 'POST', ruta: `${org}/releases/`, estado: 201 },
      { metodo: 'GET', ruta: `${org}/chunk-upload/`, estado: 200 },
      { metodo: 'POST', ruta: `${org}/artifactbundle/assemble/`, estado: 200 },
      { metodo: 'POST', ruta: `${org}/chunk-upload/`, estado: 200 },
      { metodo: 'POST', ruta: `${org}/artifactbundle/assemble/`, estado: 200 },
      { metodo: 'PUT', ruta: `${org}/releases/1.0.0/`, estado: 200 },
    ]);
    const [bundle] = await ctx.t.db.select().from(insightsBundles).where(eq(insightsBundles.proyectoId, proyectoId));
    expect(bundle).toMatchObject({ release: '1.0.0', dist: null });
    const files = await ctx.t.db
      .select()
      .from(insightsBundleArchivos)
      .where(eq(insightsBundleArchivos.bundleId, bundle!.id));
    expect(files.map((f) => [f.url, f.tipo]).sort()).toEqual([
      ['~/index-3f9a.js', 'minified_source'],
      ['~/index-3f9a.js.map', 'source_map'],
    ]);
    expect(files[0]!.debugId).toMatch(/^[0-9a-f-]{36}$/);
    const [release] = await ctx.t.db.select().from(insightsReleases).where(eq(insightsReleases.proyectoId, proyectoId));
    expect(release!.finalizado).not.toBeNull();

    // The chunks go once the bundle is unpacked; the same upload again finds the bundle known and sends no chunk.
    expect(await ctx.t.db.$count(insightsChunks)).toBe(0);
    const antes = proxy.pedidos.length;
    const otra = await correr(CLI, ['sourcemaps', 'upload', '--release', '1.0.0', 'dist'], env(), dir);
    expect(otra.code).toBe(0);
    expect(proxy.pedidos.slice(antes).map((p) => `${p.metodo} ${p.ruta.replace(org, '')}`)).toEqual([
      'GET /chunk-upload/',
      'POST /artifactbundle/assemble/',
      'POST /artifactbundle/assemble/',
    ]);
    expect(await ctx.t.db.$count(insightsBundles)).toBe(1);
  });

  it('releases list and releases info read the releases, as the CLI asks for them', async () => {
    const antes = proxy.pedidos.length;
    const lista = await correr(CLI, ['releases', 'list'], env(), dir);
    salidas.push(`$ sentry-cli releases list\n${lista.salida}`);
    expect(lista.code).toBe(0);
    expect(lista.salida).toContain('1.0.0');
    const info = await correr(CLI, ['releases', 'info', '1.0.0'], env(), dir);
    salidas.push(`$ sentry-cli releases info 1.0.0\n${info.salida}`);
    expect(info.code).toBe(0);
    expect(info.salida).toContain('1.0.0');
    const falta = await correr(CLI, ['releases', 'info', '9.9.9'], env(), dir);
    expect(falta.code).not.toBe(0);
    salidas.push(
      `Pedidos del CLI:\n${proxy.pedidos
        .slice(antes)
        .map((p) => `  ${p.metodo} ${p.ruta} -> ${p.estado}`)
        .join('\n')}`,
    );
    expect(proxy.pedidos.slice(antes).map((p) => p.estado)).toEqual([200, 200, 404]);
  });

  it('deploys new and list record where a release went, shown on the release; releases delete takes a release', async () => {
    const antes = proxy.pedidos.length;
    const nuevo = await correr(
      CLI,
      [
        'deploys',
        'new',
        '--release',
        '1.0.0',
        '-e',
        'production',
        '-n',
        'Despliegue 12',
        '-u',
        'https://ci.example/12',
      ],
      env(),
      dir,
    );
    salidas.push(`$ sentry-cli deploys new --release 1.0.0 -e production -n "Despliegue 12"\n${nuevo.salida}`);
    expect(nuevo.code).toBe(0);
    const lista = await correr(CLI, ['deploys', 'list', '--release', '1.0.0'], env(), dir);
    salidas.push(`$ sentry-cli deploys list --release 1.0.0\n${lista.salida}`);
    expect(lista.code).toBe(0);
    expect(lista.salida).toContain('production');
    expect(lista.salida).toContain('Despliegue 12');
    // A deploy of a release that does not exist: Sentry's 404, and the CLI fails.
    expect((await correr(CLI, ['deploys', 'new', '--release', '9.9.9', '-e', 'production'], env(), dir)).code).not.toBe(
      0,
    );

    // Shown on the release in the Releases tab: where, when, by which token.
    const releases = (
      await ctx.t.app.inject({ url: `/api/insights/proyectos/${proyectoId}/releases`, headers: ctx.admin })
    ).json().datos;
    expect(releases.find((r: { version: string }) => r.version === '1.0.0').deploys).toEqual([
      {
        id: expect.any(Number),
        entorno: 'production',
        nombre: 'Despliegue 12',
        url: 'https://ci.example/12',
        iniciado: null,
        terminado: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        autor: 'Token «sentry-cli»',
      },
    ]);

    // releases delete: the release and its deploys go (its events would stay).
    const otra = await correr(CLI, ['releases', 'new', '0.9.0'], env(), dir);
    expect(otra.code).toBe(0);
    const alStaging = await correr(CLI, ['deploys', 'new', '--release', '0.9.0', '-e', 'staging'], env(), dir);
    expect(alStaging.code).toBe(0);
    const borrar = await correr(CLI, ['releases', 'delete', '0.9.0'], env(), dir);
    salidas.push(`$ sentry-cli releases delete 0.9.0\n${borrar.salida}`);
    expect(borrar.code).toBe(0);
    const despues = (
      await ctx.t.app.inject({ url: `/api/insights/proyectos/${proyectoId}/releases`, headers: ctx.admin })
    ).json().datos;
    expect(despues.map((r: { version: string }) => r.version)).not.toContain('0.9.0');
    // Again: the release is not there any more (Sentry's 404, which the CLI reports without failing).
    const otraVez = await correr(CLI, ['releases', 'delete', '0.9.0'], env(), dir);
    expect(otraVez.salida).toMatch(/does not exist/);
    expect(proxy.pedidos.slice(antes).map((p) => `${p.metodo} ${p.estado}`)).toEqual([
      'POST 201',
      'GET 200',
      'POST 404',
      'POST 201',
      'POST 201',
      'DELETE 204',
      'DELETE 404',
    ]);
  });

  it('an error thrown from the minified bundle shows the original TypeScript file, function and line', async () => {
    const eventId = await lanzar('1.0.0');
    const { evento, issueId } = await eventoDelIssue(eventId);
    const frames = evento.exception.at(-1).frames;
    const top = frames.at(-1);
    expect(top).toMatchObject({
      filename: 'src/carrito.ts',
      function: 'agregarItem',
      lineno: 8,
      context_line: "    throw new Error('Falta el nombre del ítem');",
    });
    expect(top.sourcemap).toMatchObject({ resuelto: true, motivo: null });
    expect(top.sourcemap.minificado.abs_path).toMatch(/index-3f9a\.js$/);
    expect(top.sourcemap.minificado.lineno).toBeGreaterThan(0);
    expect(top.pre_context.at(-1)).toBe('  if (!nombre) {');
    expect(frames.at(-2)).toMatchObject({ filename: 'src/main.ts', function: 'cobrarCarrito', lineno: 5 });

    // The culprit as the map reads it, in the detail and then in the list; the minified one stays beside it.
    const detalle = (await ctx.t.app.inject({ url: `/api/insights/issues/${issueId}`, headers: ctx.admin })).json()
      .datos;
    expect(detalle.culprit).toMatch(/index-3f9a in /);
    expect(detalle.culprit_mapa).toBe('src/carrito.ts in agregarItem');
    const lista = (
      await ctx.t.app.inject({ url: `/api/insights/issues?proyecto_id=${proyectoId}`, headers: ctx.admin })
    ).json().datos.items;
    expect(lista.find((i: { id: number }) => i.id === issueId)).toMatchObject({
      culprit_mapa: 'src/carrito.ts in agregarItem',
    });
  });

  it('without debug ids, by release and URL; a release without maps says why', async () => {
    const porRelease = await eventoDelIssue(await lanzar('1.0.0', false));
    expect(porRelease.evento.exception.at(-1).frames.at(-1)).toMatchObject({ filename: 'src/carrito.ts', lineno: 8 });

    const otra = await eventoDelIssue(await lanzar('2.0.0', false));
    const top = otra.evento.exception.at(-1).frames.at(-1);
    expect(top.sourcemap.resuelto).toBe(false);
    expect(top.sourcemap.motivo).toMatch(/^No hay source map para .*index-3f9a\.js en la release 2\.0\.0$/);
  });

  it('the Releases tab: each release with its events, new issues and bundles; a delete takes the bundles, not the events', async () => {
    const leer = async () =>
      (await ctx.t.app.inject({ url: `/api/insights/proyectos/${proyectoId}/releases`, headers: ctx.admin })).json()
        .datos;
    const releases = await leer();
    expect(releases.map((r: { version: string }) => r.version).sort()).toEqual(['1.0.0', '2.0.0']);
    const uno = releases.find((r: { version: string }) => r.version === '1.0.0');
    expect(uno).toMatchObject({
      eventos: 2,
      issues_nuevos: 1,
      creada: expect.any(String),
      finalizada: expect.any(String),
      primer_evento: expect.any(String),
    });
    expect(uno.bundles).toHaveLength(1);
    expect(uno.bundles[0].archivos.map((a: { url: string }) => a.url)).toEqual([
      '~/index-3f9a.js',
      '~/index-3f9a.js.map',
    ]);
    expect(uno.bundles[0].tamano).toBeGreaterThan(0);
    expect(releases.find((r: { version: string }) => r.version === '2.0.0')).toMatchObject({
      eventos: 1,
      issues_nuevos: 0,
      creada: null,
      bundles: [],
    });

    const borrar = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/insights/proyectos/${proyectoId}/releases?version=1.0.0`,
      headers: ctx.admin,
    });
    expect(borrar.statusCode).toBe(200);
    expect((await leer()).find((r: { version: string }) => r.version === '1.0.0')).toMatchObject({
      eventos: 2,
      creada: null,
      bundles: [],
    });
    const otra = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/insights/proyectos/${proyectoId}/releases?version=1.0.0`,
      headers: ctx.admin,
    });
    expect(otra.statusCode).toBe(404);
    // Uploaded again for the tests that follow.
    expect((await correr(CLI, ['sourcemaps', 'upload', '--release', '1.0.0', 'dist'], env(), dir)).code).toBe(0);
  });

  it('a wrong token, a wrong organization and a corrupted bundle get clear answers, never a 500', async () => {
    const malo = await correr(
      CLI,
      ['sourcemaps', 'upload', '--release', '1.0.0', 'dist'],
      { ...env(), SENTRY_AUTH_TOKEN: `itk_${'x'.repeat(43)}` },
      dir,
    );
    salidas.push(`$ sentry-cli sourcemaps upload (token equivocado)\n${malo.salida}`);
    expect(malo.code).not.toBe(0);
    expect(malo.salida).toMatch(/401/);

    const sinToken = await ctx.t.app.inject({ url: `/api/0/organizations/${SENTRY_ORG}/chunk-upload/` });
    expect(sinToken.statusCode).toBe(401);
    expect(sinToken.json().detail).toEqual(expect.any(String));
    const auth = { authorization: `Bearer ${token}` };
    const org = await ctx.t.app.inject({ url: '/api/0/organizations/otra/chunk-upload/', headers: auth });
    expect(org.statusCode).toBe(404);
    expect(org.json().detail).toContain(`"${SENTRY_ORG}"`);
    // A project that does not exist: Sentry's 404, saying which.
    const otroProyecto = await ctx.t.app.inject({
      url: `/api/0/projects/${SENTRY_ORG}/no-existe/releases/`,
      headers: auth,
    });
    expect(otroProyecto.statusCode).toBe(404);
    expect(otroProyecto.json().detail).toBe('El proyecto no existe: no-existe');

    // A chunk that is not a zip: its SHA-1 is right, the bundle it makes is not.
    const basura = Buffer.from('esto no es un zip');
    const sha1 = createHash('sha1').update(basura).digest('hex');
    const form = new FormData();
    form.append('file_gzip', new Blob([gzipSync(basura)]), sha1);
    const subida = await fetch(`${base}/api/0/organizations/${SENTRY_ORG}/chunk-upload/`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    expect(subida.status).toBe(200);
    const armar = (body: unknown) =>
      ctx.t.app.inject({
        method: 'POST',
        url: `/api/0/organizations/${SENTRY_ORG}/artifactbundle/assemble/`,
        headers: auth,
        payload: body as object,
      });
    const roto = await armar({ checksum: sha1, chunks: [sha1], projects: [PROYECTO] });
    expect(roto.statusCode).toBe(200);
    expect(roto.json()).toEqual({ state: 'error', missingChunks: [], detail: 'El bundle no es un zip válido' });
    const falta = await armar({ checksum: 'f'.repeat(40), chunks: ['f'.repeat(40)], projects: [PROYECTO] });
    expect(falta.json()).toMatchObject({ state: 'not_found', missingChunks: ['f'.repeat(40)] });
    const sinProyecto = await armar({ checksum: sha1, chunks: [sha1], projects: ['no-existe'] });
    expect(sinProyecto.statusCode).toBe(400);
    expect(sinProyecto.json().detail).toBe('El proyecto no existe: no-existe');
    const malSha = new FormData();
    malSha.append('file_gzip', new Blob([gzipSync(basura)]), 'e'.repeat(40));
    const mal = await fetch(`${base}/api/0/organizations/${SENTRY_ORG}/chunk-upload/`, {
      method: 'POST',
      headers: auth,
      body: malSha,
    });
    expect(mal.status).toBe(400);
    expect(((await mal.json()) as { detail: string }).detail).toContain('no coincide con su SHA-1');
  });

  /** Another build of the same code: a function added before it, so other file name, minified names and columns. */
  async function compilar(carpeta: string, archivo: string, agregado: string): Promise<void> {
    await writeFile(join(dir, 'src', `main-${carpeta}.ts`), `${MAIN}\n${agregado}\n`);
    const entrada = join(dir, 'src', `main-${carpeta}.ts`);
    await build({
      entryPoints: [entrada],
      bundle: true,
      minify: true,
      sourcemap: true,
      platform: 'node',
      format: 'cjs',
      outfile: join(dir, carpeta, archivo),
      logLevel: 'silent',
    });
    expect((await correr(CLI, ['sourcemaps', 'inject', carpeta], env(), dir)).code).toBe(0);
  }
  const reagrupar = () => reagruparNuevos(ctx.t.db, simbolizador(ctx.t.db, diskStore(ctx.filesDir)));
  const issuesDe = async (proyecto: number) =>
    ctx.t.db
      .select({
        id: insightsIssues.id,
        cantidad: insightsIssues.cantidad,
        culprit: insightsIssues.culprit,
        culpritMapa: insightsIssues.culpritMapa,
        huellaSimbolica: insightsIssues.huellaSimbolica,
      })
      .from(insightsIssues)
      .where(eq(insightsIssues.proyectoId, proyecto))
      .orderBy(insightsIssues.id);

  it("a new build of the same code joins the older build's issue with its first event, without the merge job", async () => {
    const [p] = await ctx.t.db
      .insert(insightsProyectos)
      .values({ nombre: 'Tienda web B', slug: 'tienda-web-b', plataforma: 'node', publicKey: 'c'.repeat(32) })
      .returning();
    const proyecto = { id: p!.id, key: 'c'.repeat(32) };
    const envB = { ...env(), SENTRY_PROJECT: 'tienda-web-b' };
    await compilar(
      'dist2',
      'index-8b2c.js',
      'export function vaciar(items: Item[]): number {\n  items.length = 0;\n  return 0;\n}',
    );
    expect((await correr(CLI, ['sourcemaps', 'upload', '--release', '3.0.0', 'dist'], envB, dir)).code).toBe(0);
    expect((await correr(CLI, ['sourcemaps', 'upload', '--release', '3.1.0', 'dist2'], envB, dir)).code).toBe(0);

    // Build A creates the issue with its resolved key and culprit.
    const a = await eventoDelIssue(await lanzar('3.0.0', true, './dist/index-3f9a.js', proyecto), proyecto.id);
    const [creado] = await issuesDe(proyecto.id);
    expect(creado).toMatchObject({
      cantidad: 1,
      culprit: expect.stringMatching(/index-3f9a/),
      culpritMapa: 'src/carrito.ts in agregarItem',
      huellaSimbolica: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // Build B's first event: another minified key, the same resolved one; it is in that issue as soon as it is stored.
    const eventoB = await lanzar('3.1.0', true, './dist2/index-8b2c.js', proyecto);
    const b = await ctx.t.app.inject({
      url: `/api/insights/issues/${a.issueId}/eventos/${eventoB}`,
      headers: ctx.admin,
    });
    expect(b.statusCode).toBe(200);
    expect(b.json().datos.exception.at(-1).frames.at(-1).sourcemap.minificado.abs_path).toMatch(/index-8b2c\.js$/);
    expect(await issuesDe(proyecto.id)).toEqual([
      { ...creado, cantidad: 2, culprit: expect.stringMatching(/index-8b2c/) },
    ]);
    const eventos = (
      await ctx.t.app.inject({ url: `/api/insights/issues/${a.issueId}/eventos`, headers: ctx.admin })
    ).json().datos;
    expect(eventos.total).toBe(2);
    // Its key is an alias of the issue: build B's next events go straight to it.
    expect(
      await ctx.t.db
        .select({ issueId: insightsIssueAlias.issueId })
        .from(insightsIssueAlias)
        .where(eq(insightsIssueAlias.proyectoId, proyecto.id)),
    ).toEqual([{ issueId: a.issueId }]);
    expect(
      (await eventoDelIssue(await lanzar('3.1.0', false, './dist2/index-8b2c.js', proyecto), proyecto.id)).issueId,
    ).toBe(a.issueId);
    expect(await issuesDe(proyecto.id)).toHaveLength(1);
    // Nothing left for the merge job.
    expect(await reagrupar()).toEqual({ vistos: 0, unidos: 0 });
  });

  it('an issue created before its maps were uploaded joins the older one through the merge job', async () => {
    const [viejo] = await issuesDe(proyectoId);
    expect(viejo!.huellaSimbolica).toMatch(/^[0-9a-f]{64}$/);

    // Build 3 throws before its maps are uploaded: the intake cannot resolve it and creates an issue as it came.
    await compilar(
      'dist3',
      'index-c4d1.js',
      'export function contar(items: Item[]): number {\n  return items.length;\n}',
    );
    await eventoDelIssue(await lanzar('1.2.0', true, './dist3/index-c4d1.js'));
    const antes = await issuesDe(proyectoId);
    expect(antes).toHaveLength(2);
    expect(antes.find((i) => i.id !== viejo!.id)).toMatchObject({
      culprit: expect.stringMatching(/index-c4d1/),
      culpritMapa: null,
      huellaSimbolica: null,
    });

    expect((await correr(CLI, ['sourcemaps', 'upload', '--release', '1.2.0', 'dist3'], env(), dir)).code).toBe(0);
    expect(await reagrupar()).toEqual({ vistos: 1, unidos: 1 });
    expect(await issuesDe(proyectoId)).toEqual([
      { ...viejo, cantidad: viejo!.cantidad + 1, culprit: expect.any(String) },
    ]);
    expect(await ctx.t.db.$count(insightsIssueAlias, eq(insightsIssueAlias.proyectoId, proyectoId))).toBe(1);

    // The new build's next event goes straight to the older issue.
    const { issueId } = await eventoDelIssue(await lanzar('1.2.0', true, './dist3/index-c4d1.js'));
    expect(issueId).toBe(viejo!.id);
    expect(await issuesDe(proyectoId)).toHaveLength(1);
    expect(await reagrupar()).toEqual({ vistos: 0, unidos: 0 });
  });
});
