import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

// The rich-text editor as staff use it: on the product form (the first screen with a rich-text field).

/** The new-product form with an empty editor; from anywhere in the shell (leaving unsaved changes). */
async function freshEditor(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Productos' }).click();
  const salir = page.getByRole('button', { name: 'Salir sin guardar' });
  const table = page.getByRole('table', { name: 'Productos' });
  await expect(salir.or(table)).toBeVisible();
  if (await salir.isVisible()) await salir.click();
  await expect(table).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo producto' }).click();
  const content = page.getByRole('textbox', { name: 'Descripción' });
  await expect(content).toBeVisible();
  await content.click();
  return content;
}

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

async function selectAll(page: Page): Promise<void> {
  await page.keyboard.press(`${mod}+a`);
}

// Each test opens its own empty editor and saves nothing: the two workers share the file (7 min on a slow machine, one
// after another).
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test('typing each input rule', async ({ page }) => {
  // Eleven fresh editors, each through the product list and its "leave without saving": about 30 s on a quiet
  // machine, 110 s on the slowest seen; the budget is for the eleven, not one screen's.
  test.setTimeout(300_000);
  let content = await freshEditor(page);
  await page.keyboard.type('uno--dos... "comillas" y \'simples\'');
  await expect(content.locator('p').first()).toHaveText('uno—dos… “comillas” y ‘simples’');

  const blocks: [string, (c: Locator) => Promise<void>][] = [
    ['> cita', async (c) => expect(c.locator('blockquote > p')).toHaveText('cita')],
    [
      '3. tercero',
      async (c) => {
        await expect(c.locator('ol')).toHaveAttribute('start', '3');
        await expect(c.locator('ol > li')).toHaveText('tercero');
      },
    ],
    [
      '1. primero',
      async (c) => {
        await expect(c.locator('ol > li')).toHaveText('primero');
        await expect(c.locator('ol')).not.toHaveAttribute('start', /.*/);
      },
    ],
    ['- guion', async (c) => expect(c.locator('ul > li')).toHaveText('guion')],
    ['+ mas', async (c) => expect(c.locator('ul > li')).toHaveText('mas')],
    ['* asterisco', async (c) => expect(c.locator('ul > li')).toHaveText('asterisco')],
    [
      '```codigo "recto" -- sin cambios',
      async (c) => expect(c.locator('pre')).toHaveText('codigo "recto" -- sin cambios'),
    ],
    ['# uno', async (c) => expect(c.locator('h1')).toHaveText('uno')],
    ['###### seis', async (c) => expect(c.locator('h6')).toHaveText('seis')],
    ['### tres', async (c) => expect(c.locator('h3')).toHaveText('tres')],
  ];
  for (const [typed, check] of blocks) {
    content = await freshEditor(page);
    await page.keyboard.type(typed);
    await check(content);
  }
});

test('toolbar buttons apply formatting and show their active state', async ({ page }) => {
  const content = await freshEditor(page);
  await page.keyboard.type('texto');
  await selectAll(page);
  const marks: [string, string][] = [
    ['Negrita', 'strong'],
    ['Cursiva', 'em'],
    ['Código', 'code'],
    ['Subrayado', 'u'],
    ['Tachado', 's'],
  ];
  for (const [name, tag] of marks) {
    const button = page.getByRole('button', { name, exact: true });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(content.locator(tag)).toHaveText('texto');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect(content.locator(tag)).toHaveCount(0);
  }
  // Keyboard: Mod-b and Mod-i.
  await page.keyboard.press(`${mod}+b`);
  await expect(content.locator('strong')).toHaveText('texto');
  await page.keyboard.press(`${mod}+i`);
  await expect(content.locator('strong em, em strong')).toHaveText('texto');

  const blocks: [string, string][] = [
    ['Cita', 'blockquote'],
    ['Lista numerada', 'ol'],
    ['Lista con viñetas', 'ul'],
  ];
  for (const [name, tag] of blocks) {
    const button = page.getByRole('button', { name, exact: true });
    await button.click();
    await expect(content.locator(tag)).toHaveCount(1);
    // The active state follows the block the cursor is in.
    await page.keyboard.press('End');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await button.click();
    await expect(content.locator(tag)).toHaveCount(0);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await selectAll(page);
  }

  await page.getByRole('button', { name: 'Encabezado', exact: true }).click();
  await page.getByRole('menuitemradio', { name: 'Encabezado 2' }).click();
  await expect(content.locator('h2')).toHaveText('texto');
  await page.keyboard.press('End');
  await page.getByRole('button', { name: 'Encabezado H2', exact: true }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Encabezado 2' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemradio', { name: 'Texto normal' }).click();
  await expect(content.locator('h2')).toHaveCount(0);
});

test('colours from the 16-colour palette, and their removal', async ({ page }) => {
  const content = await freshEditor(page);
  await page.keyboard.type('color');
  await selectAll(page);
  await page.getByRole('button', { name: 'Color de texto' }).click();
  const panel = page.getByTestId('editor-text-color-panel');
  await expect(panel.getByRole('button', { name: /^Color #/ })).toHaveCount(16);
  await expect(panel.locator('.intranet-editor-palette-row')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Color #b60205' }).click();
  await expect(content.locator('span[style*="color"]')).toHaveCSS('color', 'rgb(182, 2, 5)');

  await page.getByRole('button', { name: 'Color de fondo' }).click();
  await page.getByTestId('editor-background-color-panel').getByRole('button', { name: 'Color #fbca04' }).click();
  await expect(content.locator('span[style*="background"]')).toHaveCSS('background-color', 'rgb(251, 202, 4)');

  await page.getByRole('button', { name: 'Color de texto' }).click();
  await page.getByTestId('editor-text-color-panel').getByRole('button', { name: 'Quitar color' }).click();
  await expect(content.locator('span[style*="color:"]:not([style*="background"])')).toHaveCount(0);
  await expect(content.locator('span[style*="background"]')).toHaveCount(1);
});

test('alignment: left writes no style, the others text-align', async ({ page }) => {
  const content = await freshEditor(page);
  await page.keyboard.type('alineado');
  const p = content.locator('p').first();
  for (const [name, value] of [
    ['Centrar', 'center'],
    ['Alinear a la derecha', 'right'],
    ['Justificar', 'justify'],
  ] as const) {
    await page.getByRole('button', { name }).click();
    await expect(p).toHaveAttribute('style', new RegExp(`text-align: ?${value}`));
    await expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('button', { name: 'Alinear a la izquierda' }).click();
  await expect(p).not.toHaveAttribute('style', /text-align/);
});

test('link popup: required fields, URL pattern, prefilled and locked text, new tab by default', async ({ page }) => {
  const content = await freshEditor(page);
  await page.getByRole('button', { name: 'Enlace' }).click();
  const popup = page.getByRole('dialog', { name: 'Enlace' });
  await popup.getByRole('button', { name: 'Insertar' }).click();
  await expect(popup.getByTestId('editor-link-url-error')).toHaveText('This is required');
  await expect(popup.getByTestId('editor-link-text-error')).toHaveText('This is required');
  await popup.getByLabel('URL').fill('localhost');
  await expect(popup.getByTestId('editor-link-url-error')).toHaveText('Please enter valid url.');
  await popup.getByLabel('URL').fill('javascript:alert(1)');
  await expect(popup.getByTestId('editor-link-url-error')).toHaveText('Please enter valid url.');
  await popup.getByLabel('URL').fill('ftp://example.com');
  await expect(popup.getByTestId('editor-link-url-error')).toHaveText('Please enter valid url.');
  await popup.getByLabel('URL').fill('www.example.com/docs');
  await expect(popup.getByTestId('editor-link-url-error')).toHaveCount(0);
  await expect(popup.getByLabel('Abrir en una pestaña nueva')).toBeChecked();
  await popup.getByLabel('Texto').fill('documentación');
  await popup.getByLabel('Texto').press('Enter');
  await expect(popup).toHaveCount(0);
  const link = content.locator('a');
  await expect(link).toHaveText('documentación');
  await expect(link).toHaveAttribute('href', 'https://www.example.com/docs');
  await expect(link).toHaveAttribute('target', '_blank');
  // Typing at the end of a link does not extend it.
  await page.keyboard.type(' más');
  await expect(link).toHaveText('documentación');

  // With text selected, the text is prefilled and locked; new tab off writes _self.
  await page.keyboard.press('Enter');
  await page.keyboard.type('seleccionado');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Enlace' }).click();
  await expect(popup.getByLabel('Texto')).toHaveValue('seleccionado');
  await expect(popup.getByLabel('Texto')).toBeDisabled();
  await popup.getByLabel('URL').fill('example.com');
  await popup.getByLabel('Abrir en una pestaña nueva').uncheck();
  await popup.getByRole('button', { name: 'Insertar' }).click();
  await expect(content.locator('a', { hasText: 'seleccionado' })).toHaveAttribute('target', '_self');
  // The product form around the editor was not submitted by the popup.
  await expect(page).toHaveURL(/\/soluciones\/productos\/nuevo$/);
});

test('image popup: required source with the URL pattern, alt and title; resize kept within limits', async ({
  page,
}) => {
  const content = await freshEditor(page);
  await page.getByRole('button', { name: 'Imagen' }).click();
  const popup = page.getByRole('dialog', { name: 'Imagen' });
  await popup.getByRole('button', { name: 'Insertar' }).click();
  await expect(popup.getByTestId('editor-image-src-error')).toHaveText('This is required');
  await popup.getByLabel('URL de la imagen').fill('http://127.0.0.1/a.png');
  await expect(popup.getByTestId('editor-image-src-error')).toHaveText('Please enter valid url.');
  // example.com does not answer here: the image does not load, which does not matter to the document.
  await popup.getByLabel('URL de la imagen').fill('https://example.com/logo.png');
  await popup.getByLabel('Texto alternativo').fill('Logo de Physis');
  await popup.getByLabel('Título').fill('Logo');
  await popup.getByRole('button', { name: 'Insertar' }).click();
  const img = content.getByRole('img', { name: 'Logo de Physis' });
  await expect(img).toHaveAttribute('src', 'https://example.com/logo.png');
  await expect(img).toHaveAttribute('alt', 'Logo de Physis');
  await expect(img).toHaveAttribute('title', 'Logo');

  const handle = page.getByTestId('editor-image-resize-handle');
  const drag = async (dx: number) => {
    await img.hover();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + dx, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
  };
  const editorWidth = await content.evaluate((el) => {
    const style = getComputedStyle(el);
    return Math.round(el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
  });
  await drag(5000);
  await expect(img).toHaveAttribute('style', `width: ${editorWidth}px;`);
  await drag(-5000);
  await expect(img).toHaveAttribute('style', 'width: 20px;');
  await drag(130);
  await expect(img).toHaveAttribute('style', /^width: \d+px;$/);
  const width = Number(/(\d+)px/.exec((await img.getAttribute('style'))!)![1]);
  expect(width).toBeGreaterThan(20);
  expect(width).toBeLessThan(editorWidth);
  await expect(img).toHaveAttribute('alt', 'Logo de Physis');
  await expect(img).toHaveAttribute('title', 'Logo');
});

test('undo groups typing by pauses of 500 ms; redo with Shift-Mod-z and Mod-y', async ({ page }) => {
  const content = await freshEditor(page);
  const p = content.locator('p').first();
  // The browser's clock stands still but for the pauses: on a busy machine the browser takes keys late, and
  // with the real clock a word's letters came more than 500 ms apart, or two words less.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.keyboard.type('uno');
  await expect(p).toHaveText('uno');
  await page.clock.fastForward(700);
  await page.keyboard.type(' dos');
  await expect(p).toHaveText('uno dos');
  await page.clock.fastForward(700);
  await page.keyboard.type(' tres');
  await expect(p).toHaveText('uno dos tres');
  await page.keyboard.press(`${mod}+z`);
  await expect(p).toHaveText('uno dos');
  await page.keyboard.press(`${mod}+z`);
  await expect(p).toHaveText('uno');
  await page.keyboard.press(`${mod}+Shift+z`);
  await expect(p).toHaveText('uno dos');
  await page.keyboard.press(`${mod}+y`);
  await expect(p).toHaveText('uno dos tres');
  // Quick typing is one step.
  await page.keyboard.press('Enter');
  await page.keyboard.type('rapido y seguido');
  await page.keyboard.press(`${mod}+z`);
  await expect(content).not.toContainText('rapido');
});

test('paste of formatted HTML keeps what the schema knows and links a trailing URL', async ({ page }) => {
  const content = await freshEditor(page);
  const paste = (html: string, text: string) =>
    content.evaluate(
      (el, [h, t]) => {
        const data = new DataTransfer();
        data.setData('text/html', h!);
        data.setData('text/plain', t!);
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      [html, text],
    );
  await paste(
    '<p><b>negrita</b> <span style="font-weight:600">seis</span> <b style="font-weight:normal">normal</b> <i>cursiva</i> ' +
      '<span style="text-decoration:underline">sub</span> <strike>tachado</strike> <a href="javascript:alert(1)">malo</a>' +
      '<img src="x" onerror="alert(1)"><script>alert(1)</script></p>',
    'negrita seis normal cursiva sub tachado malo',
  );
  await expect(content.locator('strong')).toHaveText(['negrita', 'seis']);
  await expect(content.locator('em')).toHaveText('cursiva');
  await expect(content.locator('u')).toHaveText('sub');
  await expect(content.locator('s')).toHaveText('tachado');
  await expect(content).toContainText('normal');
  await expect(content.locator('a')).toHaveCount(0);
  await expect(content.locator('script, [onerror]')).toHaveCount(0);

  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await paste('<p>Más datos en www.example.com/ayuda</p>', 'Más datos en www.example.com/ayuda');
  const link = content.locator('a');
  await expect(link).toHaveText('www.example.com/ayuda');
  await expect(link).toHaveAttribute('href', 'https://www.example.com/ayuda');
  await expect(link).toHaveAttribute('target', '_blank');
});
