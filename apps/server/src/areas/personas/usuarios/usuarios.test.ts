import { envelope } from '@intranet/contract/shared/envelope';
import { cuenta, cuentaConPassword } from '@intranet/contract/areas/personas/usuarios';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoria, personas, roles, sesiones, usuarios } from '../../../db/schema.ts';
import { bearer, freshApp, login, PASSWORDS, type TestApp, useTemplate } from '../../../test/harness.ts';

const template = useTemplate();

const fresh = () => freshApp(template, ['admin']);

const personaId = async (t: TestApp, legajo: string) =>
  (await t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, legajo)))[0]!.id;
const rolId = async (t: TestApp, nombre: string) =>
  (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.nombre, nombre)))[0]!.id;
const abiertas = async (t: TestApp, usuarioId: number) =>
  (
    await t.db
      .select({ id: sesiones.id })
      .from(sesiones)
      .where(and(eq(sesiones.usuarioId, usuarioId), isNull(sesiones.revocada)))
  ).length;

describe('accounts of people', () => {
  const ctx = fresh();
  let id: number;
  let password: string;

  it("answers a person's account or null", async () => {
    const con = await ctx.t.app.inject({
      url: `/api/personas/${await personaId(ctx.t, '1004')}/cuenta`,
      headers: ctx.admin,
    });
    expect(envelope(cuenta).safeParse(con.json()).success).toBe(true);
    expect(con.json().datos).toMatchObject({ usuario: 'tecnico', activo: true, roles: [{ nombre: 'Técnica' }] });
    const sin = await ctx.t.app.inject({
      url: `/api/personas/${await personaId(ctx.t, '1008')}/cuenta`,
      headers: ctx.admin,
    });
    expect(sin.json()).toEqual({ error: null, datos: null });
    expect((await ctx.t.app.inject({ url: '/api/personas/99999/cuenta', headers: ctx.admin })).statusCode).toBe(404);
  });

  it('creates an account with a generated password shown once, and it signs in', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: ctx.admin,
      payload: {
        persona_id: await personaId(ctx.t, '1008'),
        usuario: 'salvarez',
        roles: [await rolId(ctx.t, 'Comercial')],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(envelope(cuentaConPassword).safeParse(res.json()).success).toBe(true);
    const datos = res.json().datos;
    expect(datos).toMatchObject({
      usuario: 'salvarez',
      nombre: 'Sofía Álvarez',
      email: 'sofia.alvarez@physis.com.ar',
      activo: true,
      ultimo_ingreso: null,
      roles: [{ nombre: 'Comercial' }],
    });
    expect(datos.password_generada).toMatch(/^[A-Za-z0-9]{16}$/);
    ({ id } = datos);
    password = datos.password_generada;
    const signIn = (await login(ctx.t.app, 'salvarez', password)).json();
    expect(signIn.datos.usuario).toEqual({ nombre: 'Sofía Álvarez', roles: ['Comercial'], usuario: 'salvarez' });
    const again = await ctx.t.app.inject({ url: `/api/usuarios/${id}`, headers: ctx.admin });
    expect(again.json().datos.password_generada).toBeUndefined();
    expect(again.json().datos.ultimo_ingreso).not.toBeNull();
    const [audit] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'usuario'), eq(auditoria.entidadId, String(id))));
    expect(JSON.stringify(audit)).not.toMatch(/password|\$argon2/);
  });

  it('takes a given initial password, and refuses duplicates with field errors', async () => {
    const payload = {
      persona_id: await personaId(ctx.t, '1009'),
      usuario: 'jpereyra',
      password: 'una-clave-larga',
      roles: [],
    };
    const ok = await ctx.t.app.inject({ method: 'POST', url: '/api/usuarios', headers: ctx.admin, payload });
    expect(ok.json().datos.password_generada).toBeNull();
    expect((await login(ctx.t.app, 'jpereyra', 'una-clave-larga')).json().datos).not.toBeNull();
    const otraVez = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: ctx.admin,
      payload: { ...payload, usuario: 'otro' },
    });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().campos).toEqual({ persona_id: ['La persona ya tiene una cuenta de usuario'] });
    const mismoUsuario = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: ctx.admin,
      payload: { persona_id: await personaId(ctx.t, '1010'), usuario: 'JPEREYRA' },
    });
    expect(mismoUsuario.json().campos).toEqual({ usuario: ['Ya existe una cuenta con ese usuario'] });
    const malo = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: ctx.admin,
      payload: { persona_id: await personaId(ctx.t, '1010'), usuario: 'v castro', password: 'corta', roles: [99999] },
    });
    expect(malo.statusCode).toBe(400);
    expect(malo.json().campos).toMatchObject({
      usuario: [expect.stringMatching(/^Solo letras/)],
      password: ['Mínimo 8 caracteres'],
    });
    const sinRol = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: ctx.admin,
      payload: { persona_id: await personaId(ctx.t, '1010'), usuario: 'vcastro', roles: [99999] },
    });
    expect(sinRol.json().campos).toEqual({ roles: ['Algún rol elegido no existe'] });
    const inactiva = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: ctx.admin,
      payload: { persona_id: await personaId(ctx.t, '0987'), usuario: 'rluna' },
    });
    expect(inactiva.statusCode).toBe(409);
  });

  it('resets the password: a new generated one, the old one and every session gone', async () => {
    await bearer(ctx.t.app, 'salvarez', password);
    expect(await abiertas(ctx.t, id)).toBe(2);
    const res = await ctx.t.app.inject({ method: 'POST', url: `/api/usuarios/${id}/password`, headers: ctx.admin });
    const nueva = res.json().datos.password_generada;
    expect(nueva).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(nueva).not.toBe(password);
    expect(await abiertas(ctx.t, id)).toBe(0);
    expect((await login(ctx.t.app, 'salvarez', password)).json().datos).toBeNull();
    expect((await login(ctx.t.app, 'salvarez', nueva)).json().datos).not.toBeNull();
    password = nueva;
  });

  it('deactivating revokes every session at once', async () => {
    const a = await bearer(ctx.t.app, 'salvarez', password);
    const b = await bearer(ctx.t.app, 'salvarez', password);
    for (const h of [a, b])
      expect(
        (await ctx.t.app.inject({ url: '/api/auth/permisos', method: 'POST', headers: h, payload: ['PROD#VER'] }))
          .statusCode,
      ).toBe(200);
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${id}`,
      headers: ctx.admin,
      payload: { usuario: 'salvarez', roles: [await rolId(ctx.t, 'Comercial')], activo: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toMatchObject({ activo: false, sesiones_activas: 0 });
    for (const h of [a, b])
      expect(
        (await ctx.t.app.inject({ url: '/api/auth/permisos', method: 'POST', headers: h, payload: ['PROD#VER'] }))
          .statusCode,
      ).toBe(401);
    expect((await login(ctx.t.app, 'salvarez', password)).json().datos).toBeNull();
  });

  it("a change of roles takes effect on the user's next request, with the same token", async () => {
    const tecnico = await bearer(ctx.t.app, 'tecnico', PASSWORDS.demo);
    const tecnicoId = (
      await ctx.t.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'tecnico'))
    )[0]!.id;
    expect((await ctx.t.app.inject({ url: '/api/maquinas', headers: tecnico })).statusCode).toBe(403);
    const put = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${tecnicoId}`,
      headers: ctx.admin,
      payload: {
        usuario: 'tecnico',
        roles: [await rolId(ctx.t, 'Técnica'), await rolId(ctx.t, 'Administrador')],
        activo: true,
      },
    });
    expect(put.statusCode).toBe(200);
    expect((await ctx.t.app.inject({ url: '/api/maquinas', headers: tecnico })).statusCode).toBe(200);
    await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${tecnicoId}`,
      headers: ctx.admin,
      payload: { usuario: 'tecnico', roles: [await rolId(ctx.t, 'Técnica')], activo: true },
    });
    expect((await ctx.t.app.inject({ url: '/api/maquinas', headers: tecnico })).statusCode).toBe(403);
  });
});

describe('the last active administrator', () => {
  const ctx = fresh();
  const adminId = async () =>
    (await ctx.t.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'admin')))[0]!.id;

  it('cannot be deactivated (409 in Spanish) and nothing changes', async () => {
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${await adminId()}`,
      headers: ctx.admin,
      payload: { usuario: 'admin', roles: [await rolId(ctx.t, 'Administrador')], activo: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'No se puede desactivar: es la última cuenta activa que administra usuarios (USUARIOS#ADMIN). Otorgue ese permiso a otra cuenta primero.',
    );
    const [u] = await ctx.t.db.select({ activo: usuarios.activo }).from(usuarios).where(eq(usuarios.usuario, 'admin'));
    expect(u!.activo).toBe(true);
    expect(await abiertas(ctx.t, await adminId())).toBeGreaterThan(0);
  });

  it('cannot lose the role that grants USUARIOS#ADMIN', async () => {
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${await adminId()}`,
      headers: ctx.admin,
      payload: { usuario: 'admin', roles: [await rolId(ctx.t, 'Técnica')], activo: true },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^No se puede quitar el rol/);
  });

  it('cannot have the code taken from its role', async () => {
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/roles/${await rolId(ctx.t, 'Administrador')}`,
      headers: ctx.admin,
      payload: { nombre: 'Administrador', descripcion: 'Todos los permisos', permisos: ['PHY-PER#TODO'] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/^No se puede quitar USUARIOS#ADMIN de este rol/);
  });

  it('can step down once another active account administers users', async () => {
    const rol = (
      await ctx.t.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: ctx.admin,
        payload: { nombre: 'Cuentas', permisos: ['USUARIOS#ADMIN', 'PHY-PER#TODO'] },
      })
    ).json().datos;
    const otra = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: ctx.admin,
      payload: { persona_id: await personaId(ctx.t, '1014'), usuario: 'mtorres', roles: [rol.id] },
    });
    expect(otra.statusCode).toBe(201);
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${await adminId()}`,
      headers: ctx.admin,
      payload: { usuario: 'admin', roles: [await rolId(ctx.t, 'Técnica')], activo: true },
    });
    expect(res.statusCode).toBe(200);
    // Now mtorres is the last one.
    const ultimo = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/usuarios/${otra.json().datos.id}`,
      headers: await bearer(ctx.t.app, 'mtorres', otra.json().datos.password_generada),
      payload: { usuario: 'mtorres', roles: [rol.id], activo: false },
    });
    expect(ultimo.statusCode).toBe(409);
  });
});

describe('PUT /api/usuarios/yo/password', () => {
  const ctx = fresh();
  it('checks the current password, changes it and ends the other sessions only', async () => {
    const actual = await bearer(ctx.t.app, 'comercial', PASSWORDS.demo);
    const otra = await bearer(ctx.t.app, 'comercial', PASSWORDS.demo);
    const mal = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/usuarios/yo/password',
      headers: actual,
      payload: { actual: 'no-es', nueva: 'nueva-clave-1', confirmacion: 'nueva-clave-1' },
    });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().campos).toEqual({ actual: ['La contraseña actual no es correcta'] });
    const distinta = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/usuarios/yo/password',
      headers: actual,
      payload: { actual: PASSWORDS.demo, nueva: 'nueva-clave-1', confirmacion: 'nueva-clave-2' },
    });
    expect(distinta.json().campos).toEqual({ confirmacion: ['Las contraseñas no coinciden'] });
    const ok = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/usuarios/yo/password',
      headers: actual,
      payload: { actual: PASSWORDS.demo, nueva: 'nueva-clave-1', confirmacion: 'nueva-clave-1' },
    });
    expect(ok.json()).toEqual({ error: null, datos: null });
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/auth/permisos', headers: actual, payload: [] })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/auth/permisos', headers: otra, payload: [] })).statusCode,
    ).toBe(401);
    expect((await login(ctx.t.app, 'comercial', PASSWORDS.demo)).json().datos).toBeNull();
    expect((await login(ctx.t.app, 'comercial', 'nueva-clave-1')).json().datos).not.toBeNull();
    const [audit] = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'cambiar_password'));
    expect(audit).toMatchObject({ entidad: 'usuario', usuarioNombre: 'Comercial Demo', antes: null, despues: null });
  });
});
