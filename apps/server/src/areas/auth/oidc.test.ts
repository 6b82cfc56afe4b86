import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

// The whole redirect flow runs in Chromium against a real provider (e2e/oidc.spec.ts); these are the edges.
describe('OpenID Connect, edges', () => {
  const ctx = freshApp(template);

  it('without OIDC_ISSUER: no button, and its routes are not found', async () => {
    expect((await ctx.t.app.inject({ url: '/api/auth/oidc' })).json()).toEqual({ error: null, datos: null });
    expect((await ctx.t.app.inject({ url: '/api/auth/oidc/inicio?destino=/clientes/lista' })).statusCode).toBe(404);
    expect((await ctx.t.app.inject({ url: '/api/auth/oidc/callback?code=x&state=y' })).statusCode).toBe(404);
  });

  it('a one-time code that was never handed out, or malformed, gives no session', async () => {
    const nunca = await ctx.t.app.inject({ method: 'POST', url: '/api/auth/oidc/canje', payload: { codigo: 'no-existe' } });
    expect(nunca.json()).toEqual({ error: 'El ingreso venció o ya se usó: vuelva a intentarlo.', datos: null });
    expect((await ctx.t.app.inject({ method: 'POST', url: '/api/auth/oidc/canje', payload: { codigo: '' } })).statusCode).toBe(400);
  });
});

describe('OpenID Connect with a provider that does not answer', () => {
  const ctx = freshApp(template, [], {
    config: {
      oidc: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', scopes: 'openid', claimGrupos: 'groups', claimUsuario: 'preferred_username', nombre: 'Entra ID' },
    },
  });

  it('shows the button, and starting sends the person back to sign-in with the reason in Spanish, never a 500', async () => {
    expect((await ctx.t.app.inject({ url: '/api/auth/oidc' })).json()).toEqual({ error: null, datos: { nombre: 'Entra ID' } });
    const inicio = await ctx.t.app.inject({ url: '/api/auth/oidc/inicio' });
    expect(inicio.statusCode).toBe(302);
    const destino = new URL(inicio.headers.location!, 'http://x');
    expect(destino.pathname).toBe('/login');
    expect(destino.searchParams.get('oidc_error')).toBe('No se pudo contactar a Entra ID: intente de nuevo en unos minutos o avise a sistemas.');
    // A return with a state that was never issued.
    const vuelta = await ctx.t.app.inject({ url: '/api/auth/oidc/callback?code=x&state=inventado' });
    expect(new URL(vuelta.headers.location!, 'http://x').searchParams.get('oidc_error')).toBe('El ingreso venció o ya se usó: vuelva a intentarlo.');
  });
});
