import Provider from 'oidc-provider';

/** The test provider's client: the portal under test. */
export const OIDC_CLIENTE = { id: 'intranet-e2e', secreto: 'secreto-del-cliente-e2e' };
/** Who signs in there: the account's name is typed on the provider's page; each gets these claims. */
export const OIDC_GRUPO = 'intranet-e2e';

/**
 * A real OpenID provider (oidc-provider, certified) on `port`, knowing one client that returns to
 * `redirectUri`. Any name and password sign in on its development pages; the account carries a name, an
 * e-mail and the groups claim.
 */
export async function startOidcProvider(
  port: number,
  redirectUri: string,
): Promise<{ issuer: string; stop: () => Promise<void> }> {
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
      claims: () => ({
        sub: id,
        name: `Olga ${id}`,
        preferred_username: id,
        email: `${id}@empresa.example`,
        email_verified: true,
        groups: [OIDC_GRUPO],
      }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  const server = provider.listen(port);
  await new Promise((resolve) => server.once('listening', resolve));
  return { issuer, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
