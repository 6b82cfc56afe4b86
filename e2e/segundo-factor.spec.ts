import { Secret, TOTP } from 'otpauth';
import { api, apiToken, ownAccount } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';

/** The phone's authenticator for a key: the code of now, or of a step later (a code is taken once). */
const codigo = (secreto: string, pasos = 0) =>
  new TOTP({ secret: Secret.fromBase32(secreto) }).generate({ timestamp: Date.now() + pasos * 30_000 });

test('an account with the second factor signs in with the code of its app after its password, sent by its sixth digit; a wrong code is said under the emptied field', async ({
  page,
  request,
}) => {
  // An account of its own (the demo's are shared by the other tests), enrolled as its owner would through the API.
  const dora = await ownAccount(request, 'Dora');
  const sesion = await request.post(`${servers.main}/api/auth`, {
    data: { username: dora.username, password: dora.password },
  });
  const token = ((await sesion.json()) as { datos: { token: string } }).datos.token;
  const { secreto } = await api<{ secreto: string }>(request, token, 'post', '/api/auth/totp/inscripcion');
  await api(request, token, 'post', '/api/auth/totp/confirmar', { codigo: codigo(secreto) });

  await page.goto(`${servers.main}/login`);
  await page.getByPlaceholder('Usuario o email').fill(dora.username);
  await page.getByLabel('Contraseña').fill(dora.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Verificación en dos pasos')).toBeVisible({ timeout: 30_000 });
  const campo = page.getByLabel('Código de verificación');
  // Six digits send the form by themselves; a wrong code empties the field and leaves the cursor in it.
  await campo.fill('000000');
  await expect(page.getByText('El código no es correcto')).toBeVisible();
  await expect(campo).toHaveValue('');
  await expect(campo).toBeFocused();
  // The code confirmed at enrolment was taken: the next step's.
  await campo.pressSequentially(codigo(secreto, 1));
  await expect(page.getByTestId('usuario-nombre')).toHaveText(/Dora/, { timeout: 30_000 });
});

test('a role that requires the second factor: its member lands on the enrolment, reaches nothing else until it is on, then the rest', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request);
  const rol = await api<{ id: number; nombre: string }>(request, admin, 'post', '/api/roles', {
    nombre: `Exige 2FA ${Date.now().toString(36)}`,
    descripcion: '',
    permisos: ['PHY-MAQ#TODO'],
  });
  const exige = await request.put(`${servers.main}/api/auth/totp/roles/${rol.id}`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { requiere_totp: true },
  });
  expect(exige.ok()).toBeTruthy();
  const cuenta = await ownAccount(request, 'Tobías', rol.nombre);
  // The API refuses the rest to such a session, in words that say why.
  const sesion = await request.post(`${servers.main}/api/auth`, {
    data: { username: cuenta.username, password: cuenta.password },
  });
  const pendiente = ((await sesion.json()) as { datos: { token: string } }).datos.token;
  const maquinas = await request.get(`${servers.main}/api/maquinas`, {
    headers: { authorization: `Bearer ${pendiente}` },
  });
  expect(maquinas.status()).toBe(403);
  expect(((await maquinas.json()) as { error: string }).error).toBe(
    'Su rol exige la verificación en dos pasos: actívela en «Segundo factor» para continuar',
  );
  const vistas: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && vistas.push(new URL(frame.url()).pathname));

  await signIn(page, cuenta);
  await expect(page).toHaveURL(/\/segundo-factor$/);
  await expect(page.getByText('Uno de sus roles requiere el segundo factor')).toBeVisible();
  await page.getByRole('button', { name: 'Activar' }).click();
  const secret = (
    (await page
      .getByText(/^([A-Z2-7]{4} ?)+$/)
      .first()
      .textContent()) ?? ''
  ).replace(/\s/g, '');
  await page.getByRole('textbox', { name: 'Código de verificación' }).fill(codigo(secret));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Maquinas' }),
  ).toBeVisible();
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Maquinas' }).click();
  await expect(page.getByRole('table', { name: 'Máquinas' })).toBeVisible();
  expect(vistas.filter((v) => v === '/forbidden' || v === '/unauthorized')).toEqual([]);
});
