/** The demo passwords of every test database. */
export const PASSWORDS = { admin: 'admin-prueba', demo: 'demo-prueba' } as const;

/** The SECRETS_KEY of every test app and template seed (32 bytes, base64). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
