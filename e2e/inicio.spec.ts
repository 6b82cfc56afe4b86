import { expect, signIn, test } from './support/fixtures.ts';

test('the home keeps the logo and slogan and shows below them the panels the user may see, each linked to its list', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Intranet de servicios y soluciones' })).toBeVisible();
  const paneles = page.getByTestId('paneles');
  for (const titulo of ['AFIP · vencen en 30 días', 'Physis · vencen en 30 días', 'Sitios · vencen en 30 días', 'Errores de las últimas 24 h', 'Últimos paquetes', 'Últimas versiones']) {
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
