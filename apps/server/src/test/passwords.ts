/** The demo passwords of every test database. */
export const PASSWORDS = { admin: 'admin-prueba', demo: 'demo-prueba' } as const;
