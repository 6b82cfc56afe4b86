import { Secret, TOTP } from 'otpauth';
import { api, apiToken } from './support/api.ts';
import { expect, servers, test } from './support/fixtures.ts';

/** The phone's authenticator for a key: the code of now, or of a step later (a code is taken once). */
const codigo = (secreto: string, pasos = 0) => new TOTP({ secret: Secret.fromBase32(secreto) }).generate({ timestamp: Date.now() + pasos * 30_000 });

test('an account with the second factor signs in with the code of its app after its password; a wrong code is said under the field', async ({ page, request }) => {
  // An account of its own (the demo's are shared by the other tests), enrolled as its owner would through the API.
  const admin = await apiToken(request);
  const sufijo = Date.now().toString(36);
  const persona = await api<{ id: number }>(request, admin, 'post', '/api/personas', { nombre: 'Dora', apellido: `Segundo ${sufijo}`, activo: true });
  const roles = await api<{ items: { id: number; nombre: string }[] }>(request, admin, 'get', '/api/roles?size=100');
  const comercial = roles.items.find((r) => r.nombre === 'Comercial')!;
  await api(request, admin, 'post', '/api/usuarios', { persona_id: persona.id, usuario: `dora-${sufijo}`, password: 'Clave-Dora-2026', roles: [comercial.id] });
  const sesion = await request.post(`${servers.main}/api/auth`, { data: { username: `dora-${sufijo}`, password: 'Clave-Dora-2026' } });
  const dora = ((await sesion.json()) as { datos: { token: string } }).datos.token;
  const { secreto } = await api<{ secreto: string }>(request, dora, 'post', '/api/auth/totp/inscripcion');
  await api(request, dora, 'post', '/api/auth/totp/confirmar', { codigo: codigo(secreto) });

  await page.goto(`${servers.main}/login`);
  await page.getByPlaceholder('Usuario o email').fill(`dora-${sufijo}`);
  await page.getByLabel('Contraseña').fill('Clave-Dora-2026');
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
