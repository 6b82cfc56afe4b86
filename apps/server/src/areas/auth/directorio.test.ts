import { and, eq } from 'drizzle-orm';
import { Attribute, Change, Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, identidadesExternas, intentosIngreso, roles, usuarioRoles, usuarios } from '../../db/schema.ts';
import { freshApp, login, PASSWORDS, useTemplate } from '../../test/harness.ts';
import { haySlapd, startSlapd } from '../../test/slapd.ts';
import { sinVinculo } from './ingreso-directorio.ts';

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
        // The seed's admin e-mail, its case changed: it must never open the admin account.
        { uid: 'mallory', nombre: 'Mallory Intrusa', email: 'ADMIN@intranet.local', password: 'Clave-Mallory-1' },
        { uid: 'pedro', nombre: 'Pedro Antiguo', email: 'pedro@physis.local', password: 'Clave-Pedro-1' },
        { uid: 'rosa', nombre: 'Rosa Antigua', email: 'rosa@physis.local', password: 'Clave-Rosa-1' },
      ],
      { ventas: ['lucia', 'com', 'mallory', 'pedro', 'rosa'], soporte: ['lucia'], contabilidad: ['martin'] },
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
  const rolId = async (nombre: string) =>
    (await ctx.t.db.select({ id: roles.id }).from(roles).where(eq(roles.nombre, nombre)))[0]!.id;
  const mapear = (grupo: string, rol_id: number) =>
    ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/directorio/grupos',
      headers: ctx.admin,
      payload: { grupo, rol_id },
    });

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
    expect(dir.grupos.map((g: { grupo: string; rol: string }) => `${g.grupo} → ${g.rol}`)).toContain(
      'ventas → Comercial',
    );
    expect(dir.grupos).toHaveLength(4);
    const [fila] = await ctx.t.db.select().from(auditoria).where(eq(auditoria.entidad, 'grupo_rol'));
    expect(fila).toMatchObject({ accion: 'crear', usuarioNombre: 'Administrador' });
  });

  it('creates the account and its Persona on the first sign-in, with the roles of its groups; roles follow the groups', async () => {
    const res = await login(ctx.t.app, 'lucia', 'Clave-Lucia-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().datos.usuario).toMatchObject({
      nombre: 'Lucía Fernández',
      usuario: 'lucia',
      roles: ['Comercial'],
    });
    const [cuenta] = await ctx.t.db.select().from(usuarios).where(eq(usuarios.usuario, 'lucia'));
    expect(cuenta).toMatchObject({
      origen: 'ldap',
      email: 'lucia@physis.local',
      directorioDn: `uid=lucia,ou=personas,${slapd.base}`,
    });
    expect(cuenta!.personaId).not.toBeNull();
    // A session that reads clients, as Comercial does.
    expect(
      (
        await ctx.t.app.inject({
          url: '/api/empresas?page=1&size=5',
          headers: { authorization: `Bearer ${res.json().datos.token}` },
        })
      ).statusCode,
    ).toBe(200);

    // The group given by its DN also counts; at the next sign-in the roles follow.
    await mapear(`cn=soporte,ou=grupos,${slapd.base}`, await rolId('Técnica'));
    expect((await login(ctx.t.app, 'lucia', 'Clave-Lucia-1')).json().datos.usuario.roles).toEqual([
      'Comercial',
      'Técnica',
    ]);
    expect(await ctx.t.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'lucia'))).toHaveLength(
      1,
    );
  });

  const cuentaDe = async (usuario: string) =>
    (await ctx.t.db.select().from(usuarios).where(eq(usuarios.usuario, usuario)))[0]!;
  const rolesDe = async (id: number) =>
    (
      await ctx.t.db
        .select({ nombre: roles.nombre })
        .from(usuarioRoles)
        .innerJoin(roles, eq(roles.id, usuarioRoles.rolId))
        .where(eq(usuarioRoles.usuarioId, id))
    ).map((r) => r.nombre);
  /** The directory's own view of an entry, through its administrator. */
  const enDirectorio = async <T>(hacer: (admin: Client) => Promise<T>): Promise<T> => {
    const admin = new Client({ url: slapd.url, timeout: 2000, connectTimeout: 2000 });
    await admin.bind(slapd.adminDn, slapd.adminPassword);
    try {
      return await hacer(admin);
    } finally {
      await admin.unbind();
    }
  };
  const entryUuid = (dn: string) =>
    enDirectorio(async (admin) =>
      String((await admin.search(dn, { scope: 'base', attributes: ['entryUUID'] })).searchEntries[0]!.entryUUID),
    );

  it('links the new account by the entry’s entryUUID, not by its e-mail', async () => {
    const lucia = await cuentaDe('lucia');
    const identidades = await ctx.t.db
      .select()
      .from(identidadesExternas)
      .where(eq(identidadesExternas.usuarioId, lucia.id));
    expect(identidades).toEqual([
      expect.objectContaining({
        proveedor: 'ldap',
        emisor: 'ldap',
        sujeto: await entryUuid(`uid=lucia,ou=personas,${slapd.base}`),
        vinculo: 'automatica',
        descripcion: `uid=lucia,ou=personas,${slapd.base}`,
      }),
    ]);
    expect(identidades[0]!.sujeto).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('never lets a directory person with an existing account’s e-mail in: refused in Spanish and audited, the account untouched', async () => {
    const admin = await cuentaDe('admin');
    const antes = (await ctx.t.db.select({ id: usuarios.id }).from(usuarios)).length;
    const res = await login(ctx.t.app, 'mallory', 'Clave-Mallory-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: sinVinculo(), datos: null });
    expect(sinVinculo()).toBe(
      'Ya existe una cuenta con su usuario o e-mail: pida a un administrador que la vincule a su cuenta del directorio.',
    );

    // Nothing was made or linked; admin keeps its roles, e-mail, origin and password.
    expect((await ctx.t.db.select({ id: usuarios.id }).from(usuarios)).length).toBe(antes);
    expect(
      await ctx.t.db.select().from(identidadesExternas).where(eq(identidadesExternas.usuarioId, admin.id)),
    ).toEqual([]);
    expect(await rolesDe(admin.id)).toEqual(['Administrador']);
    expect(await cuentaDe('admin')).toMatchObject({
      email: admin.email,
      origen: 'local',
      passwordHash: admin.passwordHash,
      nombre: admin.nombre,
    });
    expect((await login(ctx.t.app, 'admin', PASSWORDS.admin)).json().datos.usuario).toMatchObject({
      usuario: 'admin',
      roles: ['Administrador'],
    });

    const [fila] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'usuario'), eq(auditoria.accion, 'ingreso_rechazado')));
    expect(fila).toMatchObject({ entidadId: String(admin.id), usuarioId: null });
    expect(fila!.despues).toMatchObject({
      proveedor: 'ldap',
      sujeto: await entryUuid(`uid=mallory,ou=personas,${slapd.base}`),
      email: 'ADMIN@intranet.local',
      usuario: 'mallory',
    });
    expect(JSON.stringify(fila!.despues)).not.toContain('Clave-Mallory-1');

    // Nor by their name: a local account with it is not theirs either.
    expect((await login(ctx.t.app, 'com', 'Clave-Com-1')).json().error).toBe(sinVinculo());
    expect((await cuentaDe('comercial')).origen).toBe('local');
  });

  it('an administrator links a directory person to an existing account (by user name or DN), audited; they then sign in to it', async () => {
    const comercial = await cuentaDe('comercial');
    const url = `/api/usuarios/${comercial.id}/identidades`;
    expect((await ctx.t.app.inject({ url, headers: ctx.comercial })).statusCode).toBe(403);
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url,
          headers: ctx.comercial,
          payload: { proveedor: 'ldap', sujeto: 'com' },
        })
      ).statusCode,
    ).toBe(403);
    const nadie = await ctx.t.app.inject({
      method: 'POST',
      url,
      headers: ctx.admin,
      payload: { proveedor: 'ldap', sujeto: 'nadie' },
    });
    expect(nadie.statusCode).toBe(400);
    expect(nadie.json().campos).toEqual({ sujeto: ['No se encontró a esa persona en el directorio (usuario o DN)'] });
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/usuarios/999999/identidades',
          headers: ctx.admin,
          payload: { proveedor: 'ldap', sujeto: 'com' },
        })
      ).statusCode,
    ).toBe(404);

    const creada = await ctx.t.app.inject({
      method: 'POST',
      url,
      headers: ctx.admin,
      payload: { proveedor: 'ldap', sujeto: 'com' },
    });
    expect(creada.statusCode).toBe(201);
    const dn = `uid=com,ou=personas,${slapd.base}`;
    expect(creada.json().datos).toMatchObject({
      proveedor: 'ldap',
      emisor: 'ldap',
      sujeto: await entryUuid(dn),
      descripcion: dn,
      vinculo: 'administrador',
    });
    // The same person by DN is the same identity: linked already.
    const otraVez = await ctx.t.app.inject({
      method: 'POST',
      url,
      headers: ctx.admin,
      payload: { proveedor: 'ldap', sujeto: dn },
    });
    expect(otraVez.statusCode).toBe(409);
    const tecnico = await cuentaDe('tecnico');
    const ajena = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/usuarios/${tecnico.id}/identidades`,
      headers: ctx.admin,
      payload: { proveedor: 'ldap', sujeto: dn },
    });
    expect(ajena.statusCode).toBe(409);
    expect(ajena.json().error).toBe(
      'Esa identidad ya está vinculada a otra cuenta (comercial): desvincúlela allí primero',
    );
    const [auditada] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'vincular_identidad'), eq(auditoria.entidadId, String(comercial.id))));
    expect(auditada).toMatchObject({
      usuarioNombre: 'Administrador',
      despues: { proveedor: 'ldap', sujeto: await entryUuid(dn) },
    });

    const res = await login(ctx.t.app, 'com', 'Clave-Com-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().datos.usuario).toMatchObject({
      usuario: 'comercial',
      nombre: 'Comercial del Directorio',
      roles: ['Comercial'],
    });
    // Its name follows the directory; its e-mail and password stay its own.
    expect(await cuentaDe('comercial')).toMatchObject({
      email: comercial.email,
      passwordHash: comercial.passwordHash,
      nombre: 'Comercial del Directorio',
    });
    expect((await login(ctx.t.app, 'comercial', PASSWORDS.demo)).json().datos.usuario.usuario).toBe('comercial');

    // Unlinked, audited: the person no longer reaches the account.
    const lista = (await ctx.t.app.inject({ url, headers: ctx.admin })).json().datos;
    expect(lista).toHaveLength(1);
    const quitada = await ctx.t.app.inject({ method: 'DELETE', url: `${url}/${lista[0].id}`, headers: ctx.admin });
    expect(quitada.json()).toEqual({ error: null, datos: null });
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `${url}/${lista[0].id}`, headers: ctx.admin })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'desvincular_identidad')))[0],
    ).toMatchObject({ entidadId: String(comercial.id) });
    expect((await login(ctx.t.app, 'com', 'Clave-Com-1')).json().error).toBe(sinVinculo());
  });

  it('an older link by DN still signs in, and is moved to the entry’s entryUUID', async () => {
    const dn = `uid=pedro,ou=personas,${slapd.base}`;
    // As migration 0046 carried over a link of an account that had signed in before.
    const [cuenta] = await ctx.t.db
      .insert(usuarios)
      .values({ usuario: 'pedro.viejo', nombre: 'Pedro', passwordHash: 'x', origen: 'ldap', directorioDn: dn })
      .returning();
    await ctx.t.db.insert(identidadesExternas).values({
      usuarioId: cuenta!.id,
      proveedor: 'ldap',
      emisor: 'ldap',
      sujeto: dn,
      descripcion: dn,
      vinculo: 'automatica',
    });
    expect((await login(ctx.t.app, 'pedro', 'Clave-Pedro-1')).json().datos.usuario.usuario).toBe('pedro.viejo');
    expect(
      await ctx.t.db
        .select({ sujeto: identidadesExternas.sujeto })
        .from(identidadesExternas)
        .where(eq(identidadesExternas.usuarioId, cuenta!.id)),
    ).toEqual([{ sujeto: await entryUuid(dn) }]);
  });

  it('an older automatic link by DN to an account that administers accounts is refused until an administrator links the person', async () => {
    const dn = `uid=rosa,ou=personas,${slapd.base}`;
    const [cuenta] = await ctx.t.db
      .insert(usuarios)
      .values({ usuario: 'rosa.admin', nombre: 'Rosa', passwordHash: 'x', origen: 'ldap', directorioDn: dn })
      .returning();
    await ctx.t.db.insert(usuarioRoles).values({ usuarioId: cuenta!.id, rolId: await rolId('Administrador') });
    const [vieja] = await ctx.t.db
      .insert(identidadesExternas)
      .values({
        usuarioId: cuenta!.id,
        proveedor: 'ldap',
        emisor: 'ldap',
        sujeto: dn,
        descripcion: dn,
        vinculo: 'automatica',
      })
      .returning();
    const res = await login(ctx.t.app, 'rosa', 'Clave-Rosa-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().error).toBe(sinVinculo());
    expect(await rolesDe(cuenta!.id)).toEqual(['Administrador']);
    expect(
      (await ctx.t.db.select().from(identidadesExternas).where(eq(identidadesExternas.id, vieja!.id)))[0],
    ).toMatchObject({ sujeto: dn, vinculo: 'automatica' });
    expect(
      await ctx.t.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'ingreso_rechazado'), eq(auditoria.entidadId, String(cuenta!.id)))),
    ).toHaveLength(1);

    // Linked by hand, the older link itself moves to the entryUUID.
    const vinculada = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/usuarios/${cuenta!.id}/identidades`,
      headers: ctx.admin,
      payload: { proveedor: 'ldap', sujeto: 'rosa' },
    });
    expect(vinculada.statusCode).toBe(201);
    expect(vinculada.json().datos).toMatchObject({
      id: vieja!.id,
      sujeto: await entryUuid(dn),
      vinculo: 'administrador',
    });
    expect((await login(ctx.t.app, 'rosa', 'Clave-Rosa-1')).json().datos.usuario.usuario).toBe('rosa.admin');
  });

  it('keeps the account when the person’s entry is renamed (modrdn): it is found by its entryUUID', async () => {
    const lucia = await cuentaDe('lucia');
    const viejo = `uid=lucia,ou=personas,${slapd.base}`;
    const nuevo = `uid=lucia.fernandez,ou=personas,${slapd.base}`;
    await enDirectorio(async (admin) => {
      await admin.modifyDN(viejo, 'uid=lucia.fernandez');
      // This slapd keeps no referential integrity: the groups name the new DN by hand.
      for (const grupo of ['ventas', 'soporte']) {
        const cambios = [
          new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [viejo] }) }),
          new Change({ operation: 'add', modification: new Attribute({ type: 'member', values: [nuevo] }) }),
        ];
        await admin.modify(`cn=${grupo},ou=grupos,${slapd.base}`, cambios);
      }
    });
    const res = await login(ctx.t.app, 'lucia.fernandez', 'Clave-Lucia-1');
    expect(res.json().datos.usuario).toMatchObject({ usuario: 'lucia', nombre: 'Lucía Fernández' });
    expect(
      await ctx.t.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'lucia.fernandez')),
    ).toEqual([]);
    const [identidad] = await ctx.t.db
      .select()
      .from(identidadesExternas)
      .where(eq(identidadesExternas.usuarioId, lucia.id));
    expect(identidad).toMatchObject({ sujeto: await entryUuid(nuevo), descripcion: nuevo });
  });

  it('refuses a wrong password, an unknown name and a filter typed as a name with the same words; a person of no mapped group is told why', async () => {
    for (const [usuario, password] of [
      ['lucia.fernandez', 'mala'],
      ['nadie', 'x'],
      ['*', 'Clave-Lucia-1'],
      ['lucia.fernandez)(uid=*', 'Clave-Lucia-1'],
    ] as const) {
      expect((await login(ctx.t.app, usuario, password)).json(), usuario).toEqual({
        error: 'Usuario o contraseña incorrectos',
        datos: null,
      });
    }
    // A replacement pattern typed as a name stays text in the filter: nobody signs in, and it counts as a failure.
    for (const usuario of ['$&', "$'", '$`', 'lucia$&', "*)(uid=$'"]) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { username: usuario, password: 'Clave-Lucia-1' },
        remoteAddress: '203.0.113.77',
      });
      expect(res.json(), usuario).toEqual({ error: 'Usuario o contraseña incorrectos', datos: null });
      expect(
        await ctx.t.db
          .select({ exito: intentosIngreso.exito })
          .from(intentosIngreso)
          .where(eq(intentosIngreso.usuario, usuario)),
        usuario,
      ).toEqual([{ exito: false }]);
    }
    expect((await login(ctx.t.app, 'martin', 'Clave-Martin-1')).json()).toEqual({
      error:
        'Su usuario del directorio no está en ningún grupo habilitado para la Intranet: pida acceso a un administrador.',
      datos: null,
    });
  });

  it('throttles wrong directory passwords as local ones', async () => {
    const estados: number[] = [];
    for (let i = 0; i < 11; i += 1)
      estados.push(
        (
          await ctx.t.app.inject({
            method: 'POST',
            url: '/api/auth',
            payload: { username: 'lucia.fernandez', password: 'mala' },
            remoteAddress: '203.0.113.50',
          })
        ).statusCode,
      );
    expect(estados.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(estados.at(-1)).toBe(429);
  });

  it('with the directory down says so in Spanish, and the local admin still signs in', async () => {
    await slapd.detener();
    const res = await login(ctx.t.app, 'lucia.fernandez', 'Clave-Lucia-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      error:
        'No se pudo consultar el directorio de la empresa (LDAP). Intente de nuevo en unos minutos o avise a sistemas.',
      datos: null,
    });
    expect((await login(ctx.t.app, 'admin', PASSWORDS.admin)).json().datos.usuario.usuario).toBe('admin');
  });
});
