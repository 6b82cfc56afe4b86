import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { startServer } from '../e2e/support/server.ts';
import { figure } from './report.ts';

// WEB_DIST measures another build (the server started below serves the same folder, from the environment).
const webDist = process.env.WEB_DIST ?? new URL('../apps/web/dist', import.meta.url).pathname;

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
  } finally {
    await browser.close();
    await server.stop();
  }
}
