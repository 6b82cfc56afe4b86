import type { Page } from '@playwright/test';
import { type DemoUser, expect, servers, signIn, test } from './support/fixtures.ts';

/** The menu as a user sees it: headings (h2) and links, in order, with the PHYSIS 'Reportes' submenu opened. */
async function visibleMenu(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByRole('heading').first()).toBeVisible();
  const reportes = nav.getByRole('button', { name: 'Reportes' });
  if ((await reportes.count()) > 0 && (await reportes.getAttribute('aria-expanded')) !== 'true') await reportes.click();
  return nav
    .locator('h2, a, button')
    .evaluateAll((nodes) =>
      nodes.map((node) => (node.tagName === 'H2' ? `# ${node.textContent?.trim()}` : (node.textContent?.trim() ?? ''))),
    );
}

const EXPECTED: Record<DemoUser, string[]> = {
  admin: [
    '# PHYSIS',
    'Clientes',
    'Reportes',
    'Instalaciones',
    'Vencimientos Afip',
    'Vencimientos Physis',
    'Actualizaciones',
    'Maquinas',
    'Personas',
    '# SERVICIOS',
    'Servicio DNS',
    'AppsStore',
    '# SOLUCIONES',
    'Productos',
    'Aplicaciones',
    'Sitios Webs',
    'Reportes',
    '# TECNICA',
    'Versiones',
    'Desarrollos',
    'Servidores propios',
    'Paquetes de instalación',
    'Monitor de errores',
  ],
  // Técnica: SER#VER, SER#EDITAR, >SERDNS#VER, SERDNS#EDITAR, PACKS#VER
  tecnico: [
    '# SERVICIOS',
    'Servicio DNS',
    '# TECNICA',
    'Versiones',
    'Desarrollos',
    'Servidores propios',
    'Paquetes de instalación',
    'Monitor de errores',
  ],
  // Comercial: CLIENTES#VER, PROD#VER
  comercial: [
    '# PHYSIS',
    'Clientes',
    'Reportes',
    'Instalaciones',
    'Vencimientos Afip',
    'Vencimientos Physis',
    'Actualizaciones',
    '# SOLUCIONES',
    'Productos',
    'Reportes',
  ],
};

for (const user of Object.keys(EXPECTED) as DemoUser[]) {
  test(`the menu of ${user} shows exactly what its roles grant`, async ({ page }) => {
    await signIn(page, user);
    expect(await visibleMenu(page)).toEqual(EXPECTED[user]);
  });
}

test('menu links lead to their sections, loaded on demand', async ({ page }) => {
  await signIn(page, 'tecnico');
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await nav.getByRole('link', { name: 'Servicio DNS' }).click();
  await expect(page).toHaveURL(`${servers.main}/dns`);
  await expect(nav.getByRole('link', { name: 'Servicio DNS' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Versiones' }).click();
  await expect(page).toHaveURL(`${servers.main}/versiones`);
});

test('the sidebar collapses to icons and submenus float, at most 200 px high', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Contraer menú' }).click();
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByRole('heading')).toHaveCount(0);
  await nav.getByRole('button', { name: 'Reportes' }).first().hover();
  const floating = page.getByTestId('submenu-flotante');
  await expect(floating).toBeVisible();
  await expect(floating.getByRole('menuitem', { name: 'Vencimientos Afip' })).toBeVisible();
  const box = await floating.boundingBox();
  expect(box?.height ?? 999).toBeLessThanOrEqual(200 + 2);
  await page.getByRole('button', { name: 'Expandir menú' }).click();
  await expect(nav.getByRole('heading', { name: 'PHYSIS' })).toBeVisible();
});
