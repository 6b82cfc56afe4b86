import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, roles, usuarios } from '../../db/schema.ts';
import { freshApp, login, PASSWORDS, useTemplate } from '../../test/harness.ts';
import { haySlapd, startSlapd } from '../../test/slapd.ts';

const template = useTemplate();

// The test command installs Debian's slapd (as it installs Chromium); run alone without it, these say so and skip.
if (!haySlapd) console.warn('Sin /usr/sbin/slapd: se omiten las pruebas del directorio (apt-get install -y slapd).');

describe.skipIf(!haySlapd)('signing in with the company’s directory (a real slapd)', () => {
  let slapd: Awaited<ReturnType<typeof startSlapd>>;
  beforeAll(async () => {
    slapd = await startSlapd(
      [
        { uid: 'lucia', nombre: 'Lucía Fernández', email: 'lucia@physis.local', password: 'Clave-Lucia-1' },
        { uid: 'martin', nombre: 'Martín Ruiz', email: 'martin@physis.local', password: 'Clave-Martin-1' },
        { uid: 'com', nombre: 'Comercial del Directorio', email: 'comercial@intranet.local', password: 'Clave-Com-1' },
      ],
      { 'ventas': ['lucia', 'com'], 'soporte': ['lucia'], contabilidad: ['martin'] },
    );
  });
  afterAll(async () => {
    await slapd?.close();
  });
  const ctx = freshApp(template, ['admin', 'comercial'], {
    config: () => ({
      ldap: {
        url: slapd.url,
        startTls: false,
        bindDn: slapd.adminDn,
        bindPassword: slapd.adminPassword,
        base: slapd.base,
        filtro: '(uid={usuario})',
        atributoNombre: 'cn',
        atributoEmail: 'mail',
        atributoGrupos: 'memberOf',
        gruposBase: `ou=grupos,${slapd.base}`,
        gruposFiltro: '(&(objectClass=groupOfNames)(member={dn}))',
        timeoutMs: 2000,
      },
    }),
  });
  const rolId = async (nombre: string) => (await ctx.t.db.select({ id: roles.id }).from(roles).where(eq(roles.nombre, nombre)))[0]!.id;
  const mapear = (grupo: string, rol_id: number) => ctx.t.app.inject({ method: 'POST', url: '/api/auth/directorio/grupos', headers: ctx.admin, payload: { grupo, rol_id } });

  it('keeps the mapping of groups to roles for admins, audited', async () => {
    expect((await ctx.t.app.inject({ url: '/api/auth/directorio', headers: ctx.comercial })).statusCode).toBe(403);
    const creado = await mapear('ventas', await rolId('Comercial'));
    expect(creado.statusCode).toBe(201);
    expect(creado.json().datos).toMatchObject({ grupo: 'ventas', rol: 'Comercial' });
    expect((await mapear('VENTAS', await rolId('Comercial'))).statusCode).toBe(409);
    expect((await mapear('x', 999999)).json().campos).toEqual({ rol_id: ['El rol no existe'] });
    const dir = (await ctx.t.app.inject({ url: '/api/auth/directorio', headers: ctx.admin })).json().datos;
    expect(dir).toMatchObject({ configurado: true, url: `${slapd.url}` });
    // The demo's three groups, and this one.
    expect(dir.grupos.map((g: { grupo: string; rol: string }) => `${g.grupo} → ${g.rol}`)).toContain('ventas → Comercial');
    expect(dir.grupos).toHaveLength(4);
    const [fila] = await ctx.t.db.select().from(auditoria).where(eq(auditoria.entidad, 'grupo_rol'));
    expect(fila).toMatchObject({ accion: 'crear', usuarioNombre: 'Administrador' });
  });

  it('creates the account and its Persona on the first sign-in, with the roles of its groups; roles follow the groups', async () => {
    const res = await login(ctx.t.app, 'lucia', 'Clave-Lucia-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().datos.usuario).toMatchObject({ nombre: 'Lucía Fernández', usuario: 'lucia', roles: ['Comercial'] });
    const [cuenta] = await ctx.t.db.select().from(usuarios).where(eq(usuarios.usuario, 'lucia'));
    expect(cuenta).toMatchObject({ origen: 'ldap', email: 'lucia@physis.local', directorioDn: `uid=lucia,ou=personas,${slapd.base}` });
    expect(cuenta!.personaId).not.toBeNull();
    // A session that reads clients, as Comercial does.
    expect((await ctx.t.app.inject({ url: '/api/empresas?page=1&size=5', headers: { authorization: `Bearer ${res.json().datos.token}` } })).statusCode).toBe(200);

    // The group given by its DN also counts; at the next sign-in the roles follow.
    await mapear(`cn=soporte,ou=grupos,${slapd.base}`, await rolId('Técnica'));
    expect((await login(ctx.t.app, 'lucia', 'Clave-Lucia-1')).json().datos.usuario.roles).toEqual(['Comercial', 'Técnica']);
    expect(await ctx.t.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'lucia'))).toHaveLength(1);
  });

  it('links a local account by its e-mail instead of creating another', async () => {
    const antes = (await ctx.t.db.select({ id: usuarios.id }).from(usuarios)).length;
    const res = await login(ctx.t.app, 'com', 'Clave-Com-1');
    expect(res.json().datos.usuario.usuario).toBe('comercial');
    expect((await ctx.t.db.select({ id: usuarios.id }).from(usuarios)).length).toBe(antes);
    const [cuenta] = await ctx.t.db.select({ origen: usuarios.origen }).from(usuarios).where(eq(usuarios.usuario, 'comercial'));
    expect(cuenta!.origen).toBe('ldap');
  });

  it('refuses a wrong password, an unknown name and a filter typed as a name with the same words; a person of no mapped group is told why', async () => {
    for (const [usuario, password] of [['lucia', 'mala'], ['nadie', 'x'], ['*', 'Clave-Lucia-1'], ['lucia)(uid=*', 'Clave-Lucia-1']] as const) {
      expect((await login(ctx.t.app, usuario, password)).json(), usuario).toEqual({ error: 'Usuario o contraseña incorrectos', datos: null });
    }
    expect((await login(ctx.t.app, 'martin', 'Clave-Martin-1')).json()).toEqual({
      error: 'Su usuario del directorio no está en ningún grupo habilitado para la Intranet: pida acceso a un administrador.',
      datos: null,
    });
  });

  it('throttles wrong directory passwords as local ones', async () => {
    const estados: number[] = [];
    for (let i = 0; i < 11; i += 1) estados.push((await ctx.t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: 'lucia', password: 'mala' }, remoteAddress: '203.0.113.50' })).statusCode);
    expect(estados.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(estados.at(-1)).toBe(429);
  });

  it('with the directory down says so in Spanish, and the local admin still signs in', async () => {
    await slapd.detener();
    const res = await login(ctx.t.app, 'lucia', 'Clave-Lucia-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: 'No se pudo consultar el directorio de la empresa (LDAP). Intente de nuevo en unos minutos o avise a sistemas.', datos: null });
    expect((await login(ctx.t.app, 'admin', PASSWORDS.admin)).json().datos.usuario.usuario).toBe('admin');
  });
});
