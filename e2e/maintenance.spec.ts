import { expect, servers, test } from './support/fixtures.ts';

test('a site under maintenance shows the maintenance page', async ({ page }) => {
  await page.goto(`${servers.maintenance}/login`);
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByText('El sitio esta en mantenimiento')).toBeVisible();
  await expect(page.getByText('Disculpe las molestias')).toBeVisible();
  await expect(page.getByText('Vuelve a intentarlo mas tarde!')).toBeVisible();
});

test('the maintenance server answers 503 on the API but still serves the configuration', async ({ request }) => {
  expect((await request.get(`${servers.maintenance}/assets/config.json`)).status()).toBe(200);
  const answer = await request.post(`${servers.maintenance}/api/auth`, { data: { username: 'admin', password: 'x' } });
  expect(answer.status()).toBe(503);
});
