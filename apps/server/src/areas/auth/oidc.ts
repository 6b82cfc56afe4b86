import { randomBytes } from 'node:crypto';
import type { Sesion } from '@intranet/contract/areas/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config.ts';
import { createSession, hashToken, roleNamesOf } from '../../core/sessions.ts';
import { writeAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { oidcIntentos } from '../../db/schema.ts';
import { auditarSinVinculo, cuentaDe, rolesDeGrupos, sinVinculo, type PersonaExterna } from './ingreso-directorio.ts';

const INTENTO_MINUTOS = 10;
const ENTREGA_SEGUNDOS = 60;

/** The provider's settings, discovered once per process (its keys are fetched as they rotate). */
const descubiertas = new Map<string, Promise<client.Configuration>>();
function configuracion(cfg: OidcConfig): Promise<client.Configuration> {
  let c = descubiertas.get(cfg.issuer);
  if (!c) {
    // An http:// issuer only on a test bench (a provider on this machine); production issuers are https.
    const inseguro = cfg.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : undefined;
    c = client.discovery(new URL(cfg.issuer), cfg.clientId, cfg.clientSecret, undefined, inseguro);
    c.catch(() => descubiertas.delete(cfg.issuer));
    descubiertas.set(cfg.issuer, c);
  }
  return c;
}

/** Only a path of this portal is a place to land after signing in (never another site). */
const destinoSeguro = (destino: string | undefined) => (destino && /^\/(?!\/)[^\s\\]*$/.test(destino) ? destino : '/');

/**
 * The start of the redirect: a state, a nonce and a PKCE verifier kept for ten minutes, and the provider's
 * authorization URL (code flow, S256).
 */
export async function iniciarOidc(
  db: Db,
  cfg: OidcConfig,
  redirectUri: string,
  destino: string | undefined,
  ip: string,
): Promise<URL> {
  const config = await configuracion(cfg);
  const verificador = client.randomPKCECodeVerifier();
  const estado = client.randomState();
  const nonce = client.randomNonce();
  await db.insert(oidcIntentos).values({
    estado,
    verificador,
    nonce,
    destino: destinoSeguro(destino),
    ip,
    vence: sql`now() + make_interval(mins => ${INTENTO_MINUTOS})`,
  });
  return client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: cfg.scopes,
    state: estado,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verificador),
    code_challenge_method: 'S256',
  });
}

export type ResultadoCallback = { kind: 'ok'; entrega: string; destino: string } | { kind: 'error'; mensaje: string };

const claimTexto = (claims: Record<string, unknown>, nombre: string) =>
  typeof claims[nombre] === 'string' ? (claims[nombre] as string) : null;

/**
 * The provider's answer: the state must be one of ours, unused and fresh; the code is exchanged with the PKCE
 * verifier and the ID token checked (issuer, audience, nonce). The person's account is the one their issuer and
 * subject are linked to, or a new one (never one found by e-mail), with the roles their groups map to; the page
 * gets a one-time code for its session.
 */
export async function callbackOidc(db: Db, cfg: OidcConfig, urlActual: URL): Promise<ResultadoCallback> {
  const estado = urlActual.searchParams.get('state') ?? '';
  const [intento] = await db
    .update(oidcIntentos)
    .set({ usado: sql`now()` })
    .where(and(eq(oidcIntentos.estado, estado), isNull(oidcIntentos.usado), sql`${oidcIntentos.vence} > now()`))
    .returning();
  if (!intento) return { kind: 'error', mensaje: 'El ingreso venció o ya se usó: vuelva a intentarlo.' };
  if (urlActual.searchParams.get('error'))
    return { kind: 'error', mensaje: `El proveedor no autorizó el ingreso (${urlActual.searchParams.get('error')}).` };
  let claims: Record<string, unknown>;
  try {
    const tokens = await client.authorizationCodeGrant(await configuracion(cfg), urlActual, {
      pkceCodeVerifier: intento.verificador,
      expectedState: intento.estado,
      expectedNonce: intento.nonce,
      idTokenExpected: true,
    });
    claims = (tokens.claims() ?? {}) as Record<string, unknown>;
  } catch {
    return {
      kind: 'error',
      mensaje: `No se pudo completar el ingreso con ${cfg.nombre}: intente de nuevo o avise a sistemas.`,
    };
  }
  // An address the provider does not vouch for is nobody's: not the account's, not a message's.
  const email = claims.email_verified === true ? claimTexto(claims, 'email') : null;
  const usuario = claimTexto(claims, cfg.claimUsuario) ?? email ?? String(claims.sub);
  const grupos = Array.isArray(claims[cfg.claimGrupos]) ? (claims[cfg.claimGrupos] as unknown[]).map(String) : [];
  const roles = await rolesDeGrupos(db, grupos);
  if (roles.length === 0)
    return {
      kind: 'error',
      mensaje: 'Su usuario no está en ningún grupo habilitado para la Intranet: pida acceso a un administrador.',
    };
  const persona: PersonaExterna = {
    proveedor: 'oidc',
    emisor: claimTexto(claims, 'iss') ?? cfg.issuer,
    sujeto: String(claims.sub),
    dn: null,
    descripcion: email && email !== usuario ? `${usuario} · ${email}` : usuario,
    nombre: claimTexto(claims, 'name') ?? usuario,
    email,
    grupos,
  };
  const entrega = randomBytes(32).toString('base64url');
  const resultado = await db.transaction(async (tx) => {
    const cuenta = await cuentaDe(tx, usuario, persona, roles, 'oidc');
    if (cuenta.kind !== 'cuenta') return cuenta;
    await tx
      .update(oidcIntentos)
      .set({
        usuarioId: cuenta.id,
        entregaHash: hashToken(entrega),
        entregaVence: sql`now() + make_interval(secs => ${ENTREGA_SEGUNDOS})`,
      })
      .where(eq(oidcIntentos.id, intento.id));
    await writeAudit(tx, {
      autor: { id: cuenta.id, nombre: cuenta.nombre },
      accion: 'ingreso',
      entidad: 'usuario',
      entidadId: cuenta.id,
      despues: {
        ip: intento.ip,
        origen: 'oidc',
        proveedor: cfg.issuer,
        grupos,
        ...(cuenta.nueva ? { cuenta_creada: true } : {}),
      },
    });
    return cuenta;
  });
  if (resultado.kind === 'existente') {
    await auditarSinVinculo(db, resultado, persona, { login: usuario, ip: intento.ip });
    return { kind: 'error', mensaje: sinVinculo(`de ${cfg.nombre}`) };
  }
  if (resultado.kind === 'inactiva')
    return { kind: 'error', mensaje: 'Su cuenta de la Intranet está desactivada: avise a un administrador.' };
  return { kind: 'ok', entrega, destino: intento.destino };
}

/** The page exchanges the one-time code (within a minute, once) for its session, kept in its memory only. */
export async function canjearOidc(
  db: Db,
  entrega: string,
  opts: { ip: string; ttlHours: number },
): Promise<Sesion | null> {
  return db.transaction(async (tx) => {
    const [fila] = await tx
      .update(oidcIntentos)
      .set({ entregada: sql`now()` })
      .where(
        and(
          eq(oidcIntentos.entregaHash, hashToken(entrega)),
          isNull(oidcIntentos.entregada),
          sql`${oidcIntentos.entregaVence} > now()`,
        ),
      )
      .returning({ usuarioId: oidcIntentos.usuarioId });
    if (!fila?.usuarioId) return null;
    const token = await createSession(tx, { usuarioId: fila.usuarioId, ttlHours: opts.ttlHours, ip: opts.ip });
    const [cuenta] = await tx
      .execute<{ nombre: string; usuario: string }>(
        sql`select nombre, usuario from usuarios where id = ${fila.usuarioId}`,
      )
      .then((r) => r.rows);
    return {
      token,
      usuario: { nombre: cuenta!.nombre, usuario: cuenta!.usuario, roles: await roleNamesOf(tx, fila.usuarioId) },
    };
  });
}
