import type { Page } from '@playwright/test';
import { expect, servers, signIn, test } from './support/fixtures.ts';

test.use({ serviceWorkers: 'allow' });

test('the offline-support worker installs and caches the app shell, not the API or the config', async ({ page }) => {
  await page.goto(`${servers.main}/login`);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cached = await cachedPaths(page);
  expect(cached).toContain('/index.html');
  expect(cached.some((path) => /^\/assets\/index-.*\.js$/.test(path))).toBe(true);
  expect(cached.some((path) => path.startsWith('/api') || path === '/assets/config.json')).toBe(false);
  // The first screens only: no area's chunk is fetched at the sign-in screen (the runtime cache is empty)...
  expect(await cachedPaths(page, CHUNKS)).toEqual([]);
  // ...each is kept once its area is opened, for the next time (and offline).
  await signIn(page, 'admin', servers.main, '/login');
  await page.getByRole('link', { name: 'Servicio DNS' }).first().click();
  await expect(page.getByRole('heading', { name: 'Servicio DNS' })).toBeVisible();
  await expect
    .poll(async () => (await cachedPaths(page, CHUNKS)).filter((path) => /^\/assets\/.+\.js$/.test(path)).length)
    .toBeGreaterThan(0);
});

/** The worker's cache of the chunks fetched as areas open (vite.config.ts, runtimeCaching). */
const CHUNKS = 'intranet-chunks';

/** Every URL path the page's caches hold (the worker's precache and its runtime cache), or one cache's. */
function cachedPaths(page: Page, only?: string): Promise<string[]> {
  return page.evaluate(async (only) => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (only && name !== only) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  }, only);
}
