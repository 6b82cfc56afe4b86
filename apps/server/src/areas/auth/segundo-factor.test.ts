import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { auditoria, roles, usuarios } from '../../db/schema.ts';
import { bearer, createUser, freshApp, login, useTemplate, type Fresh } from '../../test/harness.ts';

const template = useTemplate();

/** The phone's app: the codes of a key, now or a step away. */
const app = (secreto: string) =>
  new TOTP({ secret: Secret.fromBase32(secreto), algorithm: 'SHA1', digits: 6, period: 30 });
const codigoEn = (secreto: string, pasos: number) => app(secreto).generate({ timestamp: Date.now() + pasos * 30_000 });

async function post(
  ctx: Fresh,
  url: string,
  headers: Record<string, string>,
  payload?: object,
  remoteAddress?: string,
) {
  return ctx.t.app.inject({
    method: 'POST',
    url,
    headers,
    ...(payload ? { payload } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Enrols an account as a person would: a key, then its first code; answers the key and the recovery codes. */
async function activar(ctx: Fresh, headers: Record<string, string>) {
  const inscripcion = (await post(ctx, '/api/auth/totp/inscripcion', headers)).json().datos as {
    secreto: string;
    uri: string;
    qr: string;
  };
  const confirmado = await post(ctx, '/api/auth/totp/confirmar', headers, { codigo: codigoEn(inscripcion.secreto, 0) });
  expect(confirmado.statusCode).toBe(200);
  return { ...inscripcion, codigos: confirmado.json().datos.codigos as string[] };
}

describe('the second factor', () => {
  const ctx = freshApp(template, ['admin']);

  it('enrols with a QR code and a first code, and then asks for a code at sign-in', async () => {
    await createUser(ctx.t.db, { usuario: 'ana', password: 'Clave-Ana-1', codigos: ['CLIENTES#VER'] });
    const ana = await bearer(ctx.t.app, 'ana', 'Clave-Ana-1');
    const inscripcion = (await post(ctx, '/api/auth/totp/inscripcion', ana)).json().datos;
    expect(inscripcion.uri).toMatch(/^otpauth:\/\/totp\/Intranet:ana\?.*secret=[A-Z2-7]+/);
    expect(inscripcion.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(inscripcion.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // Not on until a code confirms it; a wrong one is refused on its field.
    expect((await login(ctx.t.app, 'ana', 'Clave-Ana-1')).json().datos).not.toBeNull();
    const mal = await post(ctx, '/api/auth/totp/confirmar', ana, { codigo: '000000' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().campos.codigo[0]).toMatch(/^El código no es correcto/);
    const bien = await post(ctx, '/api/auth/totp/confirmar', ana, { codigo: codigoEn(inscripcion.secreto, 0) });
    const codigos = bien.json().datos.codigos as string[];
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
    for (const c of codigos) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const [fila] = await ctx.t.db
      .select({ secreto: usuarios.totpSecreto })
      .from(usuarios)
      .where(eq(usuarios.usuario, 'ana'));
    expect(fila!.secreto).not.toContain(inscripcion.secreto);
    expect((await ctx.t.app.inject({ url: '/api/auth/totp', headers: ana })).json().datos).toEqual({
      activo: true,
      requerido: false,
      codigos_restantes: 10,
    });

    // The password alone now answers the question, not a session.
    const paso1 = (await login(ctx.t.app, 'ana', 'Clave-Ana-1')).json();
    expect(paso1).toMatchObject({
      error: 'Ingrese el código de 6 dígitos de su aplicación de autenticación',
      datos: null,
    });
    const desafio = paso1.segundo_paso.desafio as string;
    const equivocado = await post(ctx, '/api/auth/segundo-paso', {}, { desafio, codigo: '123456' });
    expect(equivocado.statusCode).toBe(400);
    expect(equivocado.json().campos).toEqual({ codigo: ['El código no es correcto'] });
    // The next step's code (the one confirmed at enrolment cannot be taken twice).
    const sesion = await post(ctx, '/api/auth/segundo-paso', {}, { desafio, codigo: codigoEn(inscripcion.secreto, 1) });
    expect(sesion.statusCode).toBe(200);
    expect(sesion.json().datos).toMatchObject({ token: expect.any(String), usuario: { usuario: 'ana' } });
    // A challenge is used once.
    expect(
      (await post(ctx, '/api/auth/segundo-paso', {}, { desafio, codigo: codigoEn(inscripcion.secreto, 1) })).json()
        .error,
    ).toMatch(/venció/);
    const historia = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'activar_segundo_factor'));
    expect(historia).toHaveLength(1);
  });

  it('takes a recovery code once, and an admin’s reset turns it off', async () => {
    await createUser(ctx.t.db, { usuario: 'beto', password: 'Clave-Beto-1', codigos: ['CLIENTES#VER'] });
    const { codigos } = await activar(ctx, await bearer(ctx.t.app, 'beto', 'Clave-Beto-1'));
    const desafio = async () => (await login(ctx.t.app, 'beto', 'Clave-Beto-1')).json().segundo_paso.desafio as string;
    const usado = await post(
      ctx,
      '/api/auth/segundo-paso',
      {},
      { desafio: await desafio(), codigo: codigos[3]!.toUpperCase() },
    );
    expect(usado.json().datos.usuario.usuario).toBe('beto');
    expect(
      (await post(ctx, '/api/auth/segundo-paso', {}, { desafio: await desafio(), codigo: codigos[3] })).statusCode,
    ).toBe(400);

    const [beto] = await ctx.t.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'beto'));
    const cuentas = (await ctx.t.app.inject({ url: '/api/auth/totp/cuentas', headers: ctx.admin })).json().datos as {
      usuario: string;
      activo: boolean;
    }[];
    expect(cuentas.find((c) => c.usuario === 'beto')!.activo).toBe(true);
    expect((await post(ctx, `/api/auth/totp/cuentas/${beto!.id}/restablecer`, ctx.admin)).statusCode).toBe(200);
    expect((await login(ctx.t.app, 'beto', 'Clave-Beto-1')).json().datos.usuario.usuario).toBe('beto');
    const [reset] = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'restablecer_segundo_factor'));
    expect(reset).toMatchObject({ entidad: 'usuario', entidadId: String(beto!.id), usuarioNombre: 'Administrador' });
  });

  it('takes a code once, even from simultaneous requests', async () => {
    await createUser(ctx.t.db, { usuario: 'eva', password: 'Clave-Eva-1', codigos: ['CLIENTES#VER'] });
    const { secreto } = await activar(ctx, await bearer(ctx.t.app, 'eva', 'Clave-Eva-1'));
    const desafios: string[] = [];
    for (let i = 0; i < 5; i += 1)
      desafios.push((await login(ctx.t.app, 'eva', 'Clave-Eva-1')).json().segundo_paso.desafio);
    const codigo = codigoEn(secreto, 1);
    // On PostgreSQL, a connection open for each request, so that they run side by side rather than one by one.
    await Promise.all(desafios.map(() => ctx.t.db.execute(sql`select pg_sleep(0.05)`)));
    const respuestas = await Promise.all(
      desafios.map((desafio) => post(ctx, '/api/auth/segundo-paso', {}, { desafio, codigo })),
    );
    const sesiones = respuestas.filter((r) => r.json().datos?.token);
    expect(sesiones).toHaveLength(1);
    for (const r of respuestas.filter((r) => !r.json().datos))
      expect(r.json().campos).toEqual({ codigo: ['El código no es correcto'] });
  });

  it('throttles wrong codes as wrong passwords', async () => {
    await createUser(ctx.t.db, { usuario: 'caro', password: 'Clave-Caro-1', codigos: ['CLIENTES#VER'] });
    await activar(ctx, await bearer(ctx.t.app, 'caro', 'Clave-Caro-1'));
    const desafio = (await login(ctx.t.app, 'caro', 'Clave-Caro-1')).json().segundo_paso.desafio as string;
    const estados: number[] = [];
    for (let i = 0; i < 11; i += 1)
      estados.push(
        (await post(ctx, '/api/auth/segundo-paso', {}, { desafio, codigo: '999999' }, '203.0.113.9')).statusCode,
      );
    expect(estados.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(estados.at(-1)).toBe(429);
  });

  it('required by a role: the session may only enrol until it is on, and it cannot be turned off', async () => {
    const { rolId } = await createUser(ctx.t.db, {
      usuario: 'dani',
      password: 'Clave-Dani-1',
      codigos: ['CLIENTES#VER'],
    });
    const exigir = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/auth/totp/roles/${rolId}`,
      headers: ctx.admin,
      payload: { requiere_totp: true },
    });
    expect(exigir.json().datos).toMatchObject({ requiere_totp: true });
    const [rol] = await ctx.t.db.select({ requiere: roles.requiereTotp }).from(roles).where(eq(roles.id, rolId));
    expect(rol!.requiere).toBe(true);

    const ingreso = (await login(ctx.t.app, 'dani', 'Clave-Dani-1')).json().datos;
    expect(ingreso.usuario.segundo_factor_pendiente).toBe(true);
    const dani = { authorization: `Bearer ${ingreso.token}` };
    expect((await ctx.t.app.inject({ url: '/api/empresas?page=1&size=5', headers: dani })).statusCode).toBe(403);
    const { secreto } = await activar(ctx, dani);
    expect((await ctx.t.app.inject({ url: '/api/empresas?page=1&size=5', headers: dani })).statusCode).toBe(200);
    const apagar = await post(ctx, '/api/auth/totp/desactivar', dani, { codigo: codigoEn(secreto, 1) });
    expect(apagar.statusCode).toBe(409);
    expect(apagar.json().error).toBe('Uno de sus roles requiere el segundo factor: no se puede desactivar');
    expect((await ctx.t.app.inject({ url: '/api/auth/totp/roles', headers: dani })).statusCode).toBe(403);
  });
});
