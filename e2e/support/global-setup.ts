import { rmSync } from 'node:fs';
import { OIDC_CLIENTE, startOidcProvider } from './oidc.ts';
import { freePort, PLANTILLA, startServer, type RunningServer } from './server.ts';

/**
 * One real server per variant the tests need, each with its own embedded database (a copy of one seeded first start).
 * Their URLs reach the test workers through the environment; the returned function stops them.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // The first start (migrations and demo data) once; every server of the run starts on a copy of its folder.
  const plantilla = await startServer();
  await plantilla.stop({ conservar: true });
  process.env[PLANTILLA] = plantilla.dataDir;
  const sinPlantilla = () => rmSync(plantilla.dataDir, { recursive: true, force: true });
  // The OpenID variant: its own server, whose provider knows where it returns to.
  const [puertoOidc, puertoProveedor] = [await freePort(), await freePort()];
  const proveedor = await startOidcProvider(puertoProveedor, `http://127.0.0.1:${puertoOidc}/api/auth/oidc/callback`);
  const started = await Promise.allSettled([
    startServer(),
    startServer({ SITIO: 'ORG' }),
    startServer({ MAINTENANCE: '1' }),
    startServer({
      PORT: String(puertoOidc),
      OIDC_ISSUER: proveedor.issuer,
      OIDC_CLIENT_ID: OIDC_CLIENTE.id,
      OIDC_CLIENT_SECRET: OIDC_CLIENTE.secreto,
      OIDC_NOMBRE: 'Proveedor de prueba',
    }),
  ]);
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    // Those that did start must not outlive the run.
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    await proveedor.stop();
    sinPlantilla();
    throw failed.reason;
  }
  const [main, org, maintenance, oidc] = started.map((s) => (s as PromiseFulfilledResult<RunningServer>).value) as [
    RunningServer,
    RunningServer,
    RunningServer,
    RunningServer,
  ];
  process.env.E2E_MAIN_URL = main.url;
  process.env.E2E_ORG_URL = org.url;
  process.env.E2E_MAINTENANCE_URL = maintenance.url;
  process.env.E2E_OIDC_URL = oidc.url;
  return async () => {
    await Promise.all([main.stop(), org.stop(), maintenance.stop(), oidc.stop()]);
    await proveedor.stop();
    sinPlantilla();
  };
}
