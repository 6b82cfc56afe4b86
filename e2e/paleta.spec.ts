import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

const paleta = (page: Page) => page.getByRole('dialog');
const entrada = (page: Page) => page.getByPlaceholder(/Buscar clientes, servidores/);

async function abrir(page: Page): Promise<void> {
  await page.keyboard.press('ControlOrMeta+k');
  await expect(entrada(page)).toBeFocused();
}

test('as admin: Ctrl-K finds a client by a kind filter, Enter opens it, and it comes back first among the recent ones; Ctrl-K works in a field and right after Esc', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await abrir(page);
  // Empty, it offers the screens to go to.
  await expect(paleta(page).getByRole('button', { name: 'Servidores propios' })).toBeVisible();
  await entrada(page).fill('cli: agrop');
  await expect(paleta(page).getByText('Buscando solo en: Clientes')).toBeVisible();
  const cliente = paleta(page).getByRole('button', { name: /Agropecuaria Los Ceibos S\.A\./ });
  await expect(cliente).toBeVisible();
  await expect(cliente).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/clientes\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Agropecuaria Los Ceibos S.A.' })).toBeVisible();

  await abrir(page);
  // Empty, the last opened comes first (Recientes; a group's title is drawn by its style, not in the text).
  await expect(paleta(page).getByRole('button').first()).toContainText('Agropecuaria Los Ceibos S.A.');
  // Actions and records of other kinds, by keyboard.
  await entrada(page).fill('nuevo serv');
  await expect(paleta(page).getByRole('button', { name: 'Nuevo servidor' })).toBeVisible();
  await entrada(page).fill('srv-mail');
  await expect(paleta(page).getByRole('button', { name: /srv-mail-01/ })).toBeVisible();
  await entrada(page).fill('dns: webmail');
  await expect(paleta(page).getByRole('button', { name: /^webmail\.physis\.com\.ar/ })).toBeVisible();
  // Right after Esc, while it fades out, Ctrl-K opens it again.
  await page.keyboard.press('Escape');
  await abrir(page);
  await page.keyboard.press('Escape');
  await expect(paleta(page)).toBeHidden();

  // From a field too: the list's search, where the cursor is half the day.
  await page.goto(page.url().replace(/\/clientes\/\d+$/, '/maquinas'));
  await page.getByPlaceholder(/Nombre, inventario/).click();
  await abrir(page);
  await page.keyboard.press('Escape');
  await expect(paleta(page)).toBeHidden();

  // The top bar's search opens it too.
  await page.getByTestId('buscar').click();
  await expect(entrada(page)).toBeFocused();
});

test('as admin: the palette finds what staff type — an IP, a town, a CUIT with or without dashes, an e-mail, a serial number', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await abrir(page);
  const busca = async (texto: string, resultado: RegExp) => {
    await entrada(page).fill(texto);
    await expect(paleta(page).getByRole('button', { name: resultado }).first()).toBeVisible();
  };
  // A client's server by its address: the client, on its servers' tab.
  await busca('192.168.11.10', /192\.168\.11\.10/);
  await busca('Rosario', /Distribuidora del Litoral S\.R\.L\./);
  // A CUIT as it is written and as it is typed.
  await entrada(page).fill('cli: agropecuaria los ceibos');
  const detalle = await paleta(page)
    .getByRole('button', { name: /Agropecuaria Los Ceibos/ })
    .first()
    .textContent();
  const cuit = /\d{2}-\d{8}-\d/.exec(detalle ?? '')?.[0];
  expect(cuit, detalle ?? '').toBeDefined();
  await busca(cuit!, /Agropecuaria Los Ceibos/);
  await busca(cuit!.replaceAll('-', ''), /Agropecuaria Los Ceibos/);
  await busca('carla.benitez@physis.com.ar', /Benítez, Carla/);
  await busca('LE4EICP', /NB-COM-01/);
  // Enter opens the first: the machine.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/maquinas\/\d+$/);
  await expect(page.getByRole('heading', { name: 'NB-COM-01' })).toBeVisible();
});

test('as tecnico: only what the role reads — servers yes, clients and their “new” no', async ({ page }) => {
  await signIn(page, 'tecnico');
  await abrir(page);
  await entrada(page).fill('agropecuaria');
  await expect(paleta(page).getByText('Sin resultados')).toBeVisible();
  await entrada(page).fill('nuevo cli');
  await expect(paleta(page).getByText('Sin resultados')).toBeVisible();
  await entrada(page).fill('srv-mail');
  await paleta(page)
    .getByRole('button', { name: /srv-mail-01/ })
    .click();
  await expect(page).toHaveURL(/\/servidores\/\d+$/);
});

test('on a phone: the menu is a drawer that closes once a screen is picked, and no screen scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  const menu = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await menu.getByRole('link', { name: 'Servidores propios' }).click();
  await expect(page.getByRole('heading', { name: 'Servidores propios' })).toBeVisible();
  await expect(menu).toBeHidden();
  const anchoDeMas = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await anchoDeMas()).toBe(0);
  for (const [enlace, titulo] of [
    ['Clientes', 'Clientes'],
    ['Maquinas', 'Máquinas'],
  ] as const) {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await menu.getByRole('link', { name: enlace, exact: true }).click();
    await expect(page.getByRole('heading', { name: titulo, exact: true })).toBeVisible();
    expect(await anchoDeMas(), enlace).toBe(0);
  }
  await page.getByRole('link', { name: 'Nueva máquina' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva máquina' })).toBeVisible();
  expect(await anchoDeMas()).toBe(0);
  // The palette on a phone: the top bar's search icon.
  await page.getByRole('button', { name: 'Buscar en todo el portal (Ctrl+K)' }).click();
  await expect(entrada(page)).toBeFocused();
});

test('the keyboard: g then a letter, / to the list search, n for new, Ctrl-S saves, ? lists them', async ({ page }) => {
  await signIn(page, 'tecnico');
  // The shortcuts go where the role may go: they know it once the menu does (the permissions arrive after the
  // shell shows the name; on a slow machine, after the first keys a test could press).
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Servidores propios' }),
  ).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/\/servidores$/);
  await expect(page.getByRole('heading', { name: 'Servidores propios' })).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox')).toBeFocused();
  // Typed in the search, the letters are text, not shortcuts.
  await page.keyboard.type('gn');
  await expect(page).toHaveURL(/\/servidores(\?.*)?$/);
  await page.getByRole('searchbox').blur();
  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/servidores\/nuevo$/);
  await page.getByRole('textbox', { name: 'Hostname' }).fill('atajo.physis.local');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Este campo es requerido').first()).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+?');
  const ayuda = page.getByRole('dialog', { name: 'Atajos de teclado' });
  await expect(ayuda.getByText('Servidores propios')).toBeVisible();
  // tecnico may not read clients: no `g c`.
  await expect(ayuda.getByText('Clientes')).toHaveCount(0);
});
