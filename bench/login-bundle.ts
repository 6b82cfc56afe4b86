import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { PASSWORDS, startServer } from '../e2e/support/server.ts';
import { figure } from './report.ts';

// WEB_DIST measures another build (the server started below serves the same folder, from the environment).
const webDist = process.env.WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname;

/**
 * What goes over the wire, as Chromium receives it (compressed as it asks: br, gzip), every resource counted —
 * the page, scripts, CSS, fonts, images, the manifest, API answers — headers included: for /login until the
 * network is quiet, then for the first screen after signing in (the bytes that sign-in adds). The offline worker
 * is blocked in both (its precache is its own figure, printed for context).
 */
async function transferidos(url: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    let medidas: Promise<[string, number]>[] = [];
    page.on('requestfinished', (request) => {
      medidas.push(
        request.sizes().then((s) => [new URL(request.url()).pathname, s.responseBodySize + s.responseHeadersSize]),
      );
    });
    // BENCH_DETALLE=1 lists each request with its bytes, largest first.
    const suma = async () => {
      const hechas = await Promise.all(medidas);
      medidas = [];
      if (process.env.BENCH_DETALLE)
        for (const [ruta, n] of [...hechas].sort((a, b) => b[1] - a[1]))
          console.log(`  ${(n / 1024).toFixed(1)} kB ${ruta}`);
      const bytes = hechas.reduce((a, [, n]) => a + n, 0);
      return { kb: Math.round((bytes / 1024) * 10) / 10, pedidos: hechas.length };
    };
    await page.goto(`${url}/login`);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    await page.waitForLoadState('networkidle');
    const login = await suma();
    figure(`/login transferido (${login.pedidos} pedidos, comprimido, CSS y fuentes incluidos)`, login.kb, 'kB', {
      max: 120,
    });
    await page.getByPlaceholder('Usuario o email').fill('admin');
    await page.getByLabel('Contraseña').fill(PASSWORDS.admin);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByText('Administrador').first().waitFor({ timeout: 30_000 });
    // The home panels ask for their data and chunks as they mount: quiet twice, two seconds apart.
    await page.waitForLoadState('networkidle');
    await new Promise((r) => setTimeout(r, 2000));
    await page.waitForLoadState('networkidle');
    const inicio = await suma();
    figure(`Primera pantalla tras ingresar, transferido (${inicio.pedidos} pedidos)`, inicio.kb, 'kB', { max: 250 });

    // The offline worker, allowed: what it fetches on its own once /login shows.
    const conWorker = await browser.newContext();
    const otra = await conWorker.newPage();
    let precache = 0;
    let archivos = 0;
    conWorker.on('requestfinished', (request) => {
      if (request.serviceWorker()) {
        archivos += 1;
        void request.sizes().then((s) => (precache += s.responseBodySize + s.responseHeadersSize));
      }
    });
    await otra.goto(`${url}/login`);
    // A string: the bench is compiled without the DOM's types.
    await otra.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await otra.waitForLoadState('networkidle');
    await new Promise((r) => setTimeout(r, 2000));
    figure(`Precarga del worker al mostrar /login (contexto): ${archivos} archivos`, Math.round(precache / 1024), 'kB');
  } finally {
    await browser.close();
  }
}

/** gzip size of every script Chromium actually loads to render the sign-in form (target ≤ 110 kB). */
export async function loginBundle(): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) {
    spawnSync('npm', ['run', 'build', '-w', '@intranet/web'], { stdio: 'inherit' });
  }
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    let raw = 0;
    let gzip = 0;
    for (const path of scripts) {
      const file = readFileSync(join(webDist, path));
      raw += file.length;
      gzip += gzipSync(file, { level: 9 }).length;
    }
    console.log(`scripts cargados para /login: ${[...scripts].join(', ')}`);
    figure('JS de /login sin comprimir', Math.round(raw / 1024), 'kB');
    figure('JS de /login gzip', Math.round((gzip / 1024) * 10) / 10, 'kB', { max: 110 });
    await page.close();
    await transferidos(server.url);
  } finally {
    await browser.close();
    await server.stop();
  }
}
