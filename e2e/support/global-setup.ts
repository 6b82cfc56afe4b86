import { startServer, type RunningServer } from './server.ts';

/**
 * One real server per variant the tests need, each with its own fresh embedded database. Their URLs reach the
 * test workers through the environment; the returned function stops them.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = await Promise.allSettled([startServer(), startServer({ SITIO: 'ORG' }), startServer({ MAINTENANCE: '1' })]);
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    // Those that did start must not outlive the run.
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    throw failed.reason;
  }
  const [main, org, maintenance] = started.map((s) => (s as PromiseFulfilledResult<RunningServer>).value) as [RunningServer, RunningServer, RunningServer];
  process.env.E2E_MAIN_URL = main.url;
  process.env.E2E_ORG_URL = org.url;
  process.env.E2E_MAINTENANCE_URL = maintenance.url;
  return async () => {
    await Promise.all([main.stop(), org.stop(), maintenance.stop()]);
  };
}
