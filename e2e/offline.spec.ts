import { expect, servers, test } from './support/fixtures.ts';

test.use({ serviceWorkers: 'allow' });

test('the offline-support worker installs and caches the app shell, not the API or the config', async ({ page }) => {
  await page.goto(`${servers.main}/login`);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  const cached = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((path) => /^\/assets\/index-.*\.js$/.test(path))).toBe(true);
  expect(cached.some((path) => path.startsWith('/api') || path === '/assets/config.json')).toBe(false);
});
