/**
 * A second (and third) server process for the alerts' test on PostgreSQL: on its own connection pool it waits
 * for "escanear" on stdin, runs the expiry scan as of the day given, then for "enviar" sends the outbox, and
 * prints what each step did as one JSON line. Started by areas/alertas/procesos.test.ts.
 */
import { createInterface } from 'node:readline';
import { enviarPendientes } from '../areas/alertas/correo.ts';
import { escanearVencimientos } from '../areas/alertas/escaneo.ts';
import { AREAS } from '../areas/index.ts';
import { loadConfig } from '../config.ts';
import { openPostgres } from '../db/client.ts';

const config = loadConfig();
const database = await openPostgres(config.databaseUrl ?? '');
const deps = { db: database.db, config, vencimientos: AREAS.flatMap((area) => area.vencimientos ?? []) };
const dia = new Date(process.argv[2] ?? '');
const responder = (datos: unknown) => process.stdout.write(`${JSON.stringify(datos)}\n`);

responder({ listo: true });
for await (const linea of createInterface({ input: process.stdin })) {
  if (linea === 'escanear') responder({ escaneo: await escanearVencimientos(deps, dia) });
  else if (linea === 'enviar') responder({ envio: await enviarPendientes(deps) });
  else break;
}
await database.close();
