import Provider from 'oidc-provider';
import { puertoLibre } from './puerto.ts';

/** The test provider's client: the portal under test. */
export const OIDC_CLIENTE = { id: 'intranet-prueba', secreto: 'secreto-del-cliente-de-prueba' };

/** What the provider says of a person: their subject is the name typed on its page, the rest as given. */
export interface CuentaOidc {
  name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
}

/**
 * A real OpenID provider (oidc-provider, as the end-to-end tests use) on a free port, knowing one client that
 * returns to `redirectUri`. Its development pages sign anyone in; `cuentas` gives each subject its claims
 * (unknown ones get a name and the group only). `ingresar` walks its pages as a browser would.
 */
export async function startOidcProvider(redirectUri: string, cuentas: Record<string, CuentaOidc>, grupo: string) {
  const port = await puertoLibre();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENTE.id,
        client_secret: OIDC_CLIENTE.secreto,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username', 'groups'] },
    // Claims of the scopes asked go into the ID token itself (the portal reads the ID token only).
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, name: `Persona ${id}`, groups: [grupo], ...cuentas[id] }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  const server = provider.listen(port);
  await new Promise((resolve) => server.once('listening', resolve));

  /**
   * From the portal's authorization URL through the provider's sign-in and consent pages, back to the portal's
   * return URL.
   */
  async function ingresar(autorizacion: string, sujeto: string): Promise<URL> {
    const cookies = new Map<string, string>();
    const guardar = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [par = ''] = c.split(';');
        const igual = par.indexOf('=');
        cookies.set(par.slice(0, igual), par.slice(igual + 1));
      }
    };
    const headers = () => ({ cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    let url = new URL(autorizacion);
    for (let paso = 0; paso < 12; paso += 1) {
      if (url.href.startsWith(redirectUri)) return url;
      const res = await fetch(url, { redirect: 'manual', headers: headers() });
      guardar(res);
      const destino = res.headers.get('location');
      if (destino) {
        url = new URL(destino, url);
        continue;
      }
      // A page of the provider: its form, submitted.
      const html = await res.text();
      const accion = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!accion || !prompt)
        throw new Error(`el proveedor respondió ${res.status} sin formulario: ${html.slice(0, 300)}`);
      const body = new URLSearchParams(
        prompt === 'login' ? { prompt, login: sujeto, password: 'cualquiera' } : { prompt },
      );
      const envio = await fetch(new URL(accion, url), {
        method: 'POST',
        redirect: 'manual',
        body,
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
      });
      guardar(envio);
      const siguiente = envio.headers.get('location');
      if (!siguiente) throw new Error(`el proveedor respondió ${envio.status} al formulario ${prompt}`);
      url = new URL(siguiente, url);
    }
    throw new Error('el proveedor no volvió al portal');
  }

  return { issuer, ingresar, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
