import type { LoginRequest, Sesion } from '@intranet/contract/areas/auth';
import { loginResponse, oidcProveedor, okBody } from '@intranet/contract/shared/sign-in-parsers';
import { apiUrl, getConfigState } from '../config/config.ts';
import { HttpError } from '../http/HttpError.ts';
import { http } from '../http/http.ts';
import { messages } from '../messages.ts';
import { closingDone } from './renewal.ts';
import { setSesion } from './session.ts';

export type SignInResult =
  | { ok: true; sesion: Sesion }
  | { ok: false; error: string }
  /** The password was right; the second factor's code is asked for next, with this challenge. */
  | { ok: false; segundoPaso: string };

/** `POST {api}/api/auth`: a refusal (HTTP 200 with `error`, or 429) comes back as its Spanish message. */
export async function signIn(credentials: LoginRequest): Promise<SignInResult> {
  try {
    // /login ends the browser's previous session first: its answer must not clear the new cookie.
    await closingDone();
    const answer = await http.post(apiUrl('api', '/api/auth'), credentials, loginResponse, { skipAuth: true });
    if (answer.segundo_paso) return { ok: false, segundoPaso: answer.segundo_paso.desafio };
    if (answer.error !== null || answer.datos === null) {
      return { ok: false, error: answer.error ?? messages.http.respuestaInesperada };
    }
    setSesion(answer.datos);
    return { ok: true, sesion: answer.datos };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof HttpError && error.status !== 0 ? error.message : messages.login.errorConexion,
    };
  }
}

/**
 * `POST {api}/api/auth/segundo-paso`: the challenge and a code; a wrong code comes back as the server's words for it.
 */
export async function verifySecondStep(
  desafio: string,
  codigo: string,
): Promise<{ ok: true; sesion: Sesion } | { ok: false; error: string }> {
  try {
    const answer = await http.post(apiUrl('api', '/api/auth/segundo-paso'), { desafio, codigo }, loginResponse, {
      skipAuth: true,
    });
    if (answer.datos === null) return { ok: false, error: answer.error ?? messages.http.respuestaInesperada };
    setSesion(answer.datos);
    return { ok: true, sesion: answer.datos };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status === 0) return { ok: false, error: messages.login.errorConexion };
    return { ok: false, error: error.campos?.codigo?.[0] ?? error.message };
  }
}

/** `POST {api}/api/auth/logout` for a session already ended here; a failure there changes nothing. */
export async function revokeToken(token: string): Promise<void> {
  if (getConfigState().status !== 'ready') return;
  await http
    .post(apiUrl('api', '/api/auth/logout'), undefined, okBody, {
      skipAuth: true,
      quiet: true,
      headers: { Authorization: `Bearer ${token}` },
    })
    .catch(() => undefined);
}

/** The OpenID provider's name for the login button, or null (not set, or the server did not answer). */
export async function oidcProvider(): Promise<string | null> {
  try {
    return (
      (await http.get(apiUrl('api', '/api/auth/oidc'), oidcProveedor, { skipAuth: true, quiet: true })).datos?.nombre ??
      null
    );
  } catch {
    return null;
  }
}

/** Where the browser goes to sign in with the provider, coming back to `destino`. */
export const oidcStartUrl = (destino: string): string =>
  apiUrl('api', `/api/auth/oidc/inicio?${new URLSearchParams({ destino }).toString()}`);

/** `POST {api}/api/auth/oidc/canje`: the one-time code of the provider's return, for the session. */
export async function exchangeOidcCode(codigo: string): Promise<SignInResult> {
  try {
    await closingDone();
    const answer = await http.post(apiUrl('api', '/api/auth/oidc/canje'), { codigo }, loginResponse, {
      skipAuth: true,
    });
    if (answer.error !== null || answer.datos === null)
      return { ok: false, error: answer.error ?? messages.http.respuestaInesperada };
    setSesion(answer.datos);
    return { ok: true, sesion: answer.datos };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof HttpError && error.status !== 0 ? error.message : messages.login.errorConexion,
    };
  }
}
