import { startServer } from './server.ts';

/**
 * One real server per variant the tests need, each with its own fresh embedded database. Their URLs reach the
 * test workers through the environment; the returned function stops them.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const [main, org, maintenance] = await Promise.all([
    startServer(),
    startServer({ SITIO: 'ORG' }),
    startServer({ MAINTENANCE: '1' }),
  ]);
  process.env.E2E_MAIN_URL = main.url;
  process.env.E2E_ORG_URL = org.url;
  process.env.E2E_MAINTENANCE_URL = maintenance.url;
  return async () => {
    await Promise.all([main.stop(), org.stop(), maintenance.stop()]);
  };
}
