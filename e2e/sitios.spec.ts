import { expect, servers, signIn, test } from './support/fixtures.ts';

const dia = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
const corta = (iso: string) => iso.split('-').reverse().join('/');

test('create a site, see its expiries in the site grid with their colours, and Verificar an unreachable one', async ({
  page,
}) => {
  const nombre = `Portal E2E ${Date.now()}`;
  // Nothing listens on port 1 of this machine: the server's TLS check is refused, and says so.
  const url = `https://127.0.0.1:1/${Date.now()}`;

  await signIn(page, 'admin', servers.main, '/soluciones/web');
  await expect(page.getByRole('heading', { name: 'Sitios Webs' })).toBeVisible();
  await page.getByRole('link', { name: 'Nuevo sitio' }).click();

  const form = page.getByRole('form', { name: 'Nuevo sitio web' });
  await form.getByLabel('Nombre').fill(nombre);
  // A plain http address is refused on its field before anything is sent.
  await form.getByLabel('URL').fill('http://portal.example.com/');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByText('La URL debe empezar con https://')).toBeVisible();
  await form.getByLabel('URL').fill(url);
  await form.getByLabel('SSL vence').fill(dia(12));
  await form.getByLabel('Dominio vence').fill(dia(60));
  await form.getByLabel('Registrador del dominio').fill('NIC Argentina');
  await form.getByRole('button', { name: 'Guardar' }).click();

  // The detail: its expiries with the clients' chips.
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
  await expect(page.getByText('Sin verificar')).toBeVisible();

  // Verificar: the server cannot reach it and tells why, in Spanish; the check is on record.
  await page.getByRole('button', { name: 'Verificar', exact: true }).click();
  const aviso = 'Conexión rechazada por 127.0.0.1:1: nada escucha en ese puerto.';
  await expect(page.getByRole('alert').filter({ hasText: 'El sitio no respondió' })).toContainText(aviso);
  await expect(page.getByTestId('verificacion-mensaje')).toHaveText(aviso);
  await page.getByRole('tab', { name: 'Verificaciones' }).click();
  await expect(page.getByRole('table', { name: 'Verificaciones' }).getByText(aviso)).toBeVisible();

  // The site-expiry grid: SSL due in 12 days is orange ("Por vencer"), the domain in 60 yellow ("Próximo").
  await page.getByRole('link', { name: 'Sitios Webs' }).first().click();
  await page.getByRole('link', { name: 'Vencimientos', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Vencimientos de sitios' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Vencimientos de los próximos 12 meses/ })).toBeVisible();
  await page.getByRole('searchbox').fill(nombre);
  await expect(page).toHaveURL(/q=Portal/);
  const tabla = page.getByRole('table', { name: 'Vencimientos de sitios' });
  const ssl = tabla.getByRole('row').filter({ hasText: 'Certificado SSL' }).filter({ hasText: nombre });
  const dominio = tabla.getByRole('row').filter({ hasText: 'Dominio' }).filter({ hasText: nombre });
  await expect(ssl).toHaveCount(1);
  await expect(ssl.getByText(corta(dia(12)))).toBeVisible();
  await expect(ssl.getByText('12 días')).toBeVisible();
  await expect(ssl.locator('[data-estado]')).toHaveAttribute('data-color', 'orange');
  await expect(ssl.locator('[data-estado]')).toHaveText('Por vencer');
  await expect(dominio.locator('[data-estado]')).toHaveAttribute('data-color', 'yellow');
  await expect(dominio.locator('[data-estado]')).toHaveText('Próximo');

  // Quick filters: "7 días" leaves both out, "30 días" keeps the certificate only.
  await page.locator('label', { hasText: /^7 días$/ }).click();
  await expect(tabla.getByRole('row').filter({ hasText: nombre })).toHaveCount(0);
  await page.locator('label', { hasText: /^30 días$/ }).click();
  await expect(tabla.getByRole('row').filter({ hasText: nombre })).toHaveCount(1);
  await expect(page).toHaveURL(/plazo=30/);

  // Verificar from the grid says the same.
  await ssl.getByRole('button', { name: `Verificar ${nombre}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'El sitio no respondió' }).first()).toContainText(aviso);
});

test('without SUBPROD#VER the menu has no Sitios Webs', async ({ page }) => {
  await signIn(page, 'tecnico', servers.main, '/');
  await expect(page.getByRole('link', { name: 'Sitios Webs' })).toHaveCount(0);
});
