import { expect, signIn, test } from './support/fixtures.ts';

test('the home keeps the logo and slogan and shows below them the panels the user may see, each linked to its list', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Intranet de servicios y soluciones' })).toBeVisible();
  const paneles = page.getByTestId('paneles');
  for (const titulo of [
    'AFIP · vencen en 30 días',
    'Physis · vencen en 30 días',
    'Sitios · vencen en 30 días',
    'Errores de las últimas 24 h',
    'Mis desarrollos',
    'Últimos paquetes',
    'Últimas versiones',
  ]) {
    await expect(paneles.getByRole('region', { name: titulo })).toBeVisible();
  }
  const afip = paneles.getByRole('region', { name: 'AFIP · vencen en 30 días' });
  await expect(afip.getByText('Por vencer').first()).toBeVisible();
  await afip.getByRole('link', { name: 'Ver todos' }).click();
  await expect(page).toHaveURL(/\/clientes\/vencimientosafip\/lista\?plazo=30$/);
  await expect(page.getByRole('heading', { name: 'Vencimientos AFIP' })).toBeVisible();
});

test('comercial sees only the clients’ panels', async ({ page }) => {
  await signIn(page, 'comercial');
  const paneles = page.getByTestId('paneles');
  await expect(paneles.getByRole('region')).toHaveCount(2);
  await expect(paneles.getByRole('region', { name: 'Physis · vencen en 30 días' })).toBeVisible();
});

test('tecnico sees the developments in his charge by state, each state a link to the filtered list', async ({
  page,
}) => {
  await signIn(page, 'tecnico');
  const mios = page.getByTestId('paneles').getByRole('region', { name: 'Mis desarrollos' });
  // The total beside the title, and the one state's count.
  await expect(mios.getByText('1', { exact: true })).toHaveCount(2);
  await mios.getByRole('link').nth(1).click();
  await expect(page).toHaveURL(/\/desarrollos\?responsable_id=\d+&estado=[a-z]+$/);
  await expect(page.getByText('1 resultado')).toBeVisible();
});
