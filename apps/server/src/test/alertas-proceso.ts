/**
 * Another server process for the alerts' test on PostgreSQL (areas/alertas/alertas.test.ts): it builds the
 * app on its own connection pool and, each time it reads "ejecutar" on stdin, runs the expiry job here and now
 * (scan, then e-mails and webhooks), printing its result as one JSON line.
 */
import { createInterface } from 'node:readline';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AreaDeps } from '../area.ts';
import { openPostgres } from '../db/client.ts';
import { Programador } from '../jobs/programador.ts';

const config = { ...loadConfig(), logLevel: 'silent' as const };
const database = await openPostgres(config.databaseUrl ?? '');
const programador = new Programador<AreaDeps>(database.db, config);
const app = await buildApp({ db: database.db, config, programador });
const responder = (datos: unknown) => process.stdout.write(`${JSON.stringify(datos)}\n`);

responder({ listo: true });
for await (const linea of createInterface({ input: process.stdin })) {
  if (linea !== 'ejecutar') break;
  responder({ resultado: await programador.ejecutarEnEsteProceso('alertas-vencimientos') });
}
await app.close();
await database.close();
