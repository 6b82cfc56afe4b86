import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, identidadesExternas, roles, usuarios } from '../../db/schema.ts';
import { freshApp, login, PASSWORDS, useTemplate } from '../../test/harness.ts';
import { OIDC_CLIENTE, startOidcProvider } from '../../test/oidc-provider.ts';
import { sinVinculo } from './ingreso-directorio.ts';

const template = useTemplate();

// The whole redirect flow also runs in Chromium against a real provider (e2e/oidc.spec.ts).
describe('OpenID Connect, edges', () => {
  const ctx = freshApp(template);

  it('without OIDC_ISSUER: no button, and its routes are not found', async () => {
    expect((await ctx.t.app.inject({ url: '/api/auth/oidc' })).json()).toEqual({ error: null, datos: null });
    expect((await ctx.t.app.inject({ url: '/api/auth/oidc/inicio?destino=/clientes/lista' })).statusCode).toBe(404);
    expect((await ctx.t.app.inject({ url: '/api/auth/oidc/callback?code=x&state=y' })).statusCode).toBe(404);
  });

  it('a one-time code that was never handed out, or malformed, gives no session', async () => {
    const nunca = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/canje',
      payload: { codigo: 'no-existe' },
    });
    expect(nunca.json()).toEqual({ error: 'El ingreso venció o ya se usó: vuelva a intentarlo.', datos: null });
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/auth/oidc/canje', payload: { codigo: '' } })).statusCode,
    ).toBe(400);
  });
});

describe('OpenID Connect with a provider that does not answer', () => {
  const ctx = freshApp(template, [], {
    config: {
      oidc: {
        issuer: 'http://127.0.0.1:9',
        clientId: 'x',
        clientSecret: 'y',
        scopes: 'openid',
        claimGrupos: 'groups',
        claimUsuario: 'preferred_username',
        nombre: 'Entra ID',
      },
    },
  });

  it('shows the button, and starting sends the person back to sign-in with the reason in Spanish, never a 500', async () => {
    expect((await ctx.t.app.inject({ url: '/api/auth/oidc' })).json()).toEqual({
      error: null,
      datos: { nombre: 'Entra ID' },
    });
    const inicio = await ctx.t.app.inject({ url: '/api/auth/oidc/inicio' });
    expect(inicio.statusCode).toBe(302);
    const destino = new URL(inicio.headers.location!, 'http://x');
    expect(destino.pathname).toBe('/login');
    expect(destino.searchParams.get('oidc_error')).toBe(
      'No se pudo contactar a Entra ID: intente de nuevo en unos minutos o avise a sistemas.',
    );
    // A return with a state that was never issued.
    const vuelta = await ctx.t.app.inject({ url: '/api/auth/oidc/callback?code=x&state=inventado' });
    expect(new URL(vuelta.headers.location!, 'http://x').searchParams.get('oidc_error')).toBe(
      'El ingreso venció o ya se usó: vuelva a intentarlo.',
    );
  });
});

describe('OpenID Connect with a real provider: accounts by issuer and subject, never by e-mail', () => {
  const PORTAL = 'http://intranet.prueba';
  const GRUPO = 'intranet-oidc';
  let proveedor: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    proveedor = await startOidcProvider(
      `${PORTAL}/api/auth/oidc/callback`,
      {
        olga: { name: 'Olga Díaz', preferred_username: 'olga', email: 'olga@empresa.example', email_verified: true },
        // An existing account's e-mail the provider does not vouch for.
        eva: {
          name: 'Eva Suárez',
          preferred_username: 'eva',
          email: 'comercial@intranet.local',
          email_verified: false,
        },
        intrusa: {
          name: 'Intrusa',
          preferred_username: 'intrusa',
          email: 'Admin@Intranet.local',
          email_verified: true,
        },
        'sub-tecnico-7': {
          name: 'Técnico del Proveedor',
          preferred_username: 'tec.externo',
          email: 'tec@empresa.example',
          email_verified: true,
        },
      },
      GRUPO,
    );
  });
  afterAll(async () => {
    await proveedor?.stop();
  });
  const ctx = freshApp(template, ['admin', 'comercial'], {
    config: () => ({
      publicUrl: PORTAL,
      oidc: {
        issuer: proveedor.issuer,
        clientId: OIDC_CLIENTE.id,
        clientSecret: OIDC_CLIENTE.secreto,
        scopes: 'openid profile email',
        claimGrupos: 'groups',
        claimUsuario: 'preferred_username',
        nombre: 'Proveedor de prueba',
      },
    }),
    setup: async (c) => {
      const [comercial] = await c.t.db.select({ id: roles.id }).from(roles).where(eq(roles.nombre, 'Comercial'));
      const mapeo = await c.t.app.inject({
        method: 'POST',
        url: '/api/auth/directorio/grupos',
        headers: c.admin,
        payload: { grupo: GRUPO, rol_id: comercial!.id },
      });
      expect(mapeo.statusCode).toBe(201);
    },
  });

  /**
   * The whole sign-in: the portal's redirect, the provider's pages, the return, and the one-time code for the session.
   */
  async function ingresar(
    sujeto: string,
  ): Promise<{ usuario?: { usuario: string; nombre: string; roles: string[] }; error?: string }> {
    const inicio = await ctx.t.app.inject({ url: '/api/auth/oidc/inicio' });
    const vuelta = await proveedor.ingresar(inicio.headers.location!, sujeto);
    const callback = await ctx.t.app.inject({ url: `${vuelta.pathname}${vuelta.search}` });
    const login = new URL(callback.headers.location!, PORTAL);
    const error = login.searchParams.get('oidc_error');
    if (error) return { error };
    const canje = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/canje',
      payload: { codigo: login.searchParams.get('oidc') },
    });
    return { usuario: canje.json().datos.usuario };
  }
  const cuentaDe = async (usuario: string) =>
    (await ctx.t.db.select().from(usuarios).where(eq(usuarios.usuario, usuario)))[0];
  const identidadesDe = (usuarioId: number) =>
    ctx.t.db.select().from(identidadesExternas).where(eq(identidadesExternas.usuarioId, usuarioId));

  it('a new person gets an account of their own, linked by issuer and subject, and comes back to it', async () => {
    expect(await ingresar('olga')).toEqual({ usuario: { usuario: 'olga', nombre: 'Olga Díaz', roles: ['Comercial'] } });
    const olga = (await cuentaDe('olga'))!;
    expect(olga).toMatchObject({ origen: 'oidc', email: 'olga@empresa.example' });
    expect(await identidadesDe(olga.id)).toEqual([
      expect.objectContaining({
        proveedor: 'oidc',
        emisor: proveedor.issuer,
        sujeto: 'olga',
        vinculo: 'automatica',
        descripcion: 'olga · olga@empresa.example',
      }),
    ]);
    const cuentas = (await ctx.t.db.select({ id: usuarios.id }).from(usuarios)).length;
    expect((await ingresar('olga')).usuario?.usuario).toBe('olga');
    expect((await ctx.t.db.select({ id: usuarios.id }).from(usuarios)).length).toBe(cuentas);
  });

  it('an e-mail without email_verified links nothing and is not the new account’s', async () => {
    const comercial = (await cuentaDe('comercial'))!;
    expect((await ingresar('eva')).usuario).toMatchObject({ usuario: 'eva', nombre: 'Eva Suárez' });
    const eva = (await cuentaDe('eva'))!;
    expect(eva.email).toBeNull();
    expect(await identidadesDe(eva.id)).toEqual([expect.objectContaining({ sujeto: 'eva', descripcion: 'eva' })]);
    expect(await identidadesDe(comercial.id)).toEqual([]);
    expect(await cuentaDe('comercial')).toMatchObject({
      nombre: comercial.nombre,
      email: 'comercial@intranet.local',
      origen: 'local',
    });
  });

  it('a verified e-mail of an existing account is refused in Spanish and audited: the account is untouched', async () => {
    const admin = (await cuentaDe('admin'))!;
    expect(await ingresar('intrusa')).toEqual({ error: sinVinculo('de Proveedor de prueba') });
    expect(await cuentaDe('intrusa')).toBeUndefined();
    expect(await identidadesDe(admin.id)).toEqual([]);
    expect(await cuentaDe('admin')).toMatchObject({
      email: admin.email,
      passwordHash: admin.passwordHash,
      origen: 'local',
    });
    expect((await login(ctx.t.app, 'admin', PASSWORDS.admin)).json().datos.usuario.roles).toEqual(['Administrador']);
    const [fila] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'ingreso_rechazado'), eq(auditoria.entidadId, String(admin.id))));
    expect(fila!.despues).toMatchObject({
      proveedor: 'oidc',
      emisor: proveedor.issuer,
      sujeto: 'intrusa',
      email: 'Admin@Intranet.local',
    });
  });

  it('an administrator links an OpenID subject to an existing account (the configured issuer by default); the person then signs in to it', async () => {
    const comercial = (await cuentaDe('comercial'))!;
    const url = `/api/usuarios/${comercial.id}/identidades`;
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url,
          headers: ctx.comercial,
          payload: { proveedor: 'oidc', sujeto: 'sub-tecnico-7' },
        })
      ).statusCode,
    ).toBe(403);
    const malo = await ctx.t.app.inject({
      method: 'POST',
      url,
      headers: ctx.admin,
      payload: { proveedor: 'oidc', sujeto: ' ', emisor: 'ftp://x' },
    });
    expect(malo.json().campos).toEqual({
      sujeto: ['Este campo es requerido'],
      emisor: ['Debe ser la URL del emisor (https://…)'],
    });

    const creada = await ctx.t.app.inject({
      method: 'POST',
      url,
      headers: ctx.admin,
      payload: { proveedor: 'oidc', sujeto: 'sub-tecnico-7', emisor: '' },
    });
    expect(creada.statusCode).toBe(201);
    expect(creada.json().datos).toMatchObject({
      proveedor: 'oidc',
      emisor: proveedor.issuer,
      sujeto: 'sub-tecnico-7',
      vinculo: 'administrador',
    });
    const olga = (await cuentaDe('olga'))!;
    const ajena = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/usuarios/${olga.id}/identidades`,
      headers: ctx.admin,
      payload: { proveedor: 'oidc', sujeto: 'sub-tecnico-7' },
    });
    expect(ajena.statusCode).toBe(409);

    expect((await ingresar('sub-tecnico-7')).usuario).toMatchObject({
      usuario: 'comercial',
      nombre: 'Técnico del Proveedor',
      roles: ['Comercial'],
    });
    expect(await cuentaDe('comercial')).toMatchObject({
      email: 'comercial@intranet.local',
      passwordHash: comercial.passwordHash,
    });
    expect(await cuentaDe('tec.externo')).toBeUndefined();
    const [identidad] = await identidadesDe(comercial.id);
    expect(identidad).toMatchObject({ vinculo: 'administrador', descripcion: 'tec.externo · tec@empresa.example' });
  });
});
