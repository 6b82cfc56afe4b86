import type { Page } from '@playwright/test';
import { expect, servers, signIn, test } from './support/fixtures.ts';

const suffix = Date.now().toString(36);
const apellido = `Prueba${suffix}`;
const usuario = `e2e${suffix}`;
const rol = `Inventario ${suffix}`;

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${servers.main}/login`);
  await page.getByPlaceholder('Usuario o email').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByTestId('usuario-nombre')).toBeVisible();
}

test('admin creates a person, a role granting only PHY-MAQ#TODO and an account; the new user sees only Máquinas, assigns and returns a machine, and changes their password', async ({
  page,
}) => {
  // Three sign-ins and some forty steps: on a busy CI machine the story took 49 s, past the 45 s every test gets.
  test.slow();
  await signIn(page, 'admin');

  // A role with a single code, from the checklist grouped by area.
  await menu(page).getByRole('link', { name: 'Personas' }).click();
  await page.getByRole('link', { name: 'Roles' }).click();
  await page.getByRole('link', { name: 'Nuevo rol' }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill(rol);
  await page.getByRole('checkbox', { name: /PHY-MAQ#TODO/ }).check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: `Rol ${rol}` })).toBeVisible();

  // A person.
  await menu(page).getByRole('link', { name: 'Personas' }).click();
  await page.getByRole('link', { name: 'Nueva persona' }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Elena');
  await page.getByLabel('Apellido').fill(apellido);
  await page.getByLabel('Email').fill('correo-invalido');
  await page.getByLabel('Puesto').click();
  await expect(page.getByText('Email inválido')).toBeVisible();
  await page.getByLabel('Email').fill(`elena.${suffix}@physis.com.ar`);
  await page.getByLabel('Puesto').fill('Soporte de inventario');
  await page.getByLabel('Área').fill('Técnica');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: `${apellido}, Elena` })).toBeVisible();

  // Her account, with a generated password shown once.
  await page.getByRole('tab', { name: 'Cuenta' }).click();
  const crear = page.getByRole('form', { name: 'Crear cuenta' });
  await crear.getByLabel('Usuario').fill(usuario);
  await crear.getByRole('textbox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: rol }).click();
  await page.keyboard.press('Escape');
  await crear.getByRole('button', { name: 'Crear cuenta' }).click();
  const generada = (await page.getByTestId('password-generada').textContent())?.trim() ?? '';
  expect(generada).toMatch(/^[A-Za-z0-9]{16}$/);
  await page.getByRole('button', { name: 'Listo, ya la copié' }).click();
  await expect(page.getByText('Último ingreso')).toBeVisible();
  await expect(page.getByText('Nunca', { exact: true })).toBeVisible();

  // Signed in as her: the menu holds Máquinas only.
  await signInAs(page, usuario, generada);
  await expect(menu(page).getByRole('link')).toHaveText(['Maquinas']);
  await menu(page).getByRole('link', { name: 'Maquinas' }).click();
  await expect(page.getByRole('table', { name: 'Máquinas' })).toBeVisible();

  // Assign a free machine to a person, then return it: both dated rows show in its history.
  await page.getByRole('link', { name: 'NB-SPARE-01' }).click();
  await page.getByRole('button', { name: 'Asignar' }).click();
  const asignar = page.getByRole('form', { name: 'Asignar NB-SPARE-01' });
  await asignar.getByRole('textbox', { name: 'Persona' }).fill('Castro');
  await page.getByRole('option', { name: 'Castro, Valeria' }).click();
  await asignar.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByText('En uso', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: /Asignaciones/ }).click();
  const historial = page.getByRole('table', { name: 'Historial de asignaciones' });
  await expect(historial.getByRole('row').nth(1)).toContainText('Castro, Valeria');
  await expect(historial.getByRole('row').nth(1)).toContainText('Actual');
  await page.getByRole('button', { name: 'Devolver' }).click();
  const devolver = page.getByRole('form', { name: 'Devolver NB-SPARE-01' });
  await devolver.getByRole('button', { name: 'Devolver' }).click();
  await expect(page.getByText('Disponible', { exact: true }).first()).toBeVisible();
  await expect(historial.getByRole('row').nth(1)).not.toContainText('Actual');
  await expect(historial.getByRole('row').nth(1)).toContainText('Elena');

  // Her own password, from the top bar: the wrong current one is refused on its field.
  await page.getByTestId('usuario').click();
  await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
  const dialogo = page.getByRole('form', { name: 'Cambiar contraseña' });
  await dialogo.getByLabel('Contraseña actual').fill('no-es-esta');
  await dialogo.getByRole('textbox', { name: 'Contraseña nueva', exact: true }).fill('clave-nueva-123');
  await dialogo.getByLabel('Repita la contraseña nueva').fill('clave-nueva-123');
  await dialogo.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(dialogo.getByText('La contraseña actual no es correcta')).toBeVisible();
  await dialogo.getByLabel('Contraseña actual').fill(generada);
  await dialogo.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña cambiada')).toBeVisible();
  await signInAs(page, usuario, 'clave-nueva-123');
  await expect(menu(page).getByRole('link')).toHaveText(['Maquinas']);
});

test('tecnico and comercial opening the roles are sent to /forbidden, as any other refused screen', async ({
  browser,
}) => {
  for (const user of ['tecnico', 'comercial'] as const) {
    for (const path of ['/personas/roles', '/personas/roles/nuevo']) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, user, servers.main, path);
      await expect(page).toHaveURL(/\/forbidden$/);
      await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
      await expect(page.getByText('No tiene permiso para administrar roles.')).toHaveCount(0);
      await context.close();
    }
  }
});
