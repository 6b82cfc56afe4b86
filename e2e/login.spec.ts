import { USERS, expect, servers, signIn, test } from './support/fixtures.ts';

test.describe('sign-in', () => {
  test('shows the form only after the runtime config, with the spec texts', async ({ page }) => {
    await page.goto(`${servers.main}/login`);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expect(page.getByText('LOGIN', { exact: true })).toBeVisible();
    await expect(page.getByText('INICIA SESIÓN PARA CONTINUAR')).toBeVisible();
    await expect(page.getByPlaceholder('Usuario o email')).toBeVisible();
  });

  test('requires both fields: messages on touch and on submit, nothing sent while invalid', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth')) sent.push(request.url());
    });
    await page.goto(`${servers.main}/login`);
    const username = page.getByPlaceholder('Usuario o email');
    await username.fill('x');
    await username.fill('');
    await expect(page.getByText('Este campo es requerido')).toHaveCount(1);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Este campo es requerido')).toHaveCount(2);
    await username.fill('admin');
    await expect(page.getByText('Este campo es requerido')).toHaveCount(1);
    expect(sent).toEqual([]);
  });

  test('a failed sign-in shows the server message in a red alert and ends loading', async ({ page }) => {
    await page.goto(`${servers.main}/login`);
    await page.getByPlaceholder('Usuario o email').fill('admin');
    await page.getByLabel('Contraseña').fill('clave-equivocada');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toContainText('Usuario o contraseña incorrectos');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('lands on the home page with the logo after signing in', async ({ page }) => {
    await signIn(page, 'comercial');
    await expect(page).toHaveURL(`${servers.main}/`);
    const home = page.getByTestId('page-home');
    await expect(home.getByRole('img', { name: 'Intranet' })).toBeVisible();
    await expect(home.getByText('Intranet de servicios y soluciones')).toBeVisible();
  });

  test('the sign-in call carries the anti-forgery cookie in its header', async ({ page, context }) => {
    const login = page.waitForRequest((r) => r.url().endsWith('/api/auth') && r.method() === 'POST');
    await page.goto(`${servers.main}/login`);
    await page.getByPlaceholder('Usuario o email').fill('admin');
    await page.getByLabel('Contraseña').fill('no-importa');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    expect((await login).headers()['x-xsrf-token']).toBe(cookie?.value);
  });

  test('returns to the blocked route after signing in', async ({ page }) => {
    await page.goto(`${servers.main}/maquinas`);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByPlaceholder('Usuario o email').fill(USERS.admin.username);
    await page.getByLabel('Contraseña').fill(USERS.admin.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(`${servers.main}/maquinas`);
  });

  test('an unknown route goes to the home page', async ({ page }) => {
    await signIn(page, 'admin', servers.main, '/no-existe/para-nada');
    await expect(page).toHaveURL(`${servers.main}/`);
  });

  test('Cerrar sesion goes to /login and revokes the session on the server', async ({ page, request }) => {
    const login = page.waitForResponse((r) => r.url().endsWith('/api/auth') && r.request().method() === 'POST');
    await signIn(page, 'tecnico');
    const { datos } = (await (await login).json()) as { datos: { token: string } };
    await page.getByRole('link', { name: 'Cerrar sesion' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expect
      .poll(async () =>
        (
          await request.post(`${servers.main}/api/auth/permisos`, {
            headers: { Authorization: `Bearer ${datos.token}` },
            data: ['SER#VER'],
          })
        ).status(),
      )
      .toBe(401);
  });
});
