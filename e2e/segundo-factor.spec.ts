import { Secret, TOTP } from 'otpauth';
import { api, ownAccount } from './support/api.ts';
import { expect, servers, test } from './support/fixtures.ts';

/** The phone's authenticator for a key: the code of now, or of a step later (a code is taken once). */
const codigo = (secreto: string, pasos = 0) => new TOTP({ secret: Secret.fromBase32(secreto) }).generate({ timestamp: Date.now() + pasos * 30_000 });

test('an account with the second factor signs in with the code of its app after its password; a wrong code is said under the field', async ({ page, request }) => {
  // An account of its own (the demo's are shared by the other tests), enrolled as its owner would through the API.
  const dora = await ownAccount(request, 'Dora');
  const sesion = await request.post(`${servers.main}/api/auth`, { data: { username: dora.username, password: dora.password } });
  const token = ((await sesion.json()) as { datos: { token: string } }).datos.token;
  const { secreto } = await api<{ secreto: string }>(request, token, 'post', '/api/auth/totp/inscripcion');
  await api(request, token, 'post', '/api/auth/totp/confirmar', { codigo: codigo(secreto) });

  await page.goto(`${servers.main}/login`);
  await page.getByPlaceholder('Usuario o email').fill(dora.username);
  await page.getByLabel('Contraseña').fill(dora.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Verificación en dos pasos')).toBeVisible({ timeout: 30_000 });
  const campo = page.getByLabel('Código de verificación');
  await campo.fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('El código no es correcto')).toBeVisible();
  // The code confirmed at enrolment was taken: the next step's.
  await campo.fill(codigo(secreto, 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByTestId('usuario-nombre')).toHaveText(/Dora/, { timeout: 30_000 });
});
