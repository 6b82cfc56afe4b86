import net from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { credentialLines, saveGenerated } from './credentials.ts';
import { escucharCambios } from './db/cambios.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrate, MigrationError } from './db/migrate.ts';
import { startHousekeeping } from './db/housekeeping.ts';
import { seed } from './seed.ts';
import type { AreaDeps } from './area.ts';
import { Programador } from './jobs/programador.ts';
import { leerAlPedir } from './core/metricas.ts';
import { closeIsolated, limitIsolatedBuffers } from './core/isolated.ts';

/** On SIGTERM, how long the connections already accepted get for their calls to arrive before idle ones are closed. */
const LLEGADA_MS = 500;

async function main(): Promise<void> {
  const config = loadConfig();
  limitIsolatedBuffers(config.subidaMaxFueraDelHeapBytes);
  const database: Database = await openDatabase(config);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}/db`;
  try {
    const applied = await migrate(database.db);
    const seeded = await seed(database.db, config);
    const saveProblem = saveGenerated(config.dataDir, seeded.generated);
    if (saveProblem) console.warn(saveProblem);
    const feed = await escucharCambios(database);
    // On PGlite every query runs on this event loop: its delay and heap measure the database's work, not an
    // overload, so only the calls in flight are limited there.
    const sobrecarga =
      database.kind === 'pglite' ? { ...config.sobrecarga, maxDemoraMs: 0, maxHeapBytes: 0 } : config.sobrecarga;
    const programador = new Programador<AreaDeps>(database.db, config);
    let drenando = false;
    const app = await buildApp({
      db: database.db,
      config: { ...config, sobrecarga },
      cambios: feed.cambios,
      enEspera: () => database.enEspera(),
      programador,
      drenando: () => drenando,
    });
    leerAlPedir({ conexiones: () => database.conexiones(), cola: () => programador.enCola() });
    const stopHousekeeping = startHousekeeping(database.db, config.sessionIdleMinutes, (err) =>
      app.log.error({ err }, 'limpieza de sesiones e intentos de ingreso'),
    );

    const stop = async (signal: string) => {
      console.log(`\nDeteniendo Intranet (${signal})...`);
      // From now on /readyz answers 503; the drain, the calls in flight and the error monitor's batches get
      // SHUTDOWN_TIMEOUT_S in all, and past it the process leaves anyway (exit 1: something was cut).
      drenando = true;
      const plazo = setTimeout(() => {
        console.error(
          `No terminó en ${config.shutdownTimeoutS} s (SHUTDOWN_TIMEOUT_S): se corta lo que quedaba en curso.`,
        );
        process.exit(1);
      }, config.shutdownTimeoutS * 1000);
      plazo.unref();
      stopHousekeeping();
      // Running jobs get a few seconds to finish; one cut off is retried by the queue (in any process).
      await programador.detener();
      // First the proxy takes the process out (its health check reads /readyz, now 503) while calls are still
      // taken: closing the listener at once would reset the connections waiting to be accepted.
      await new Promise((r) => setTimeout(r, config.shutdownDrainS * 1000));
      // No new connection from now on. Node's http close would also drop at once every open connection without a
      // call in progress, and a connection just accepted whose call has not been read yet counts as one: its
      // client would see its call cut (ECONNRESET). So: stop listening (the net server's close), give those calls
      // a moment to arrive, then let Fastify close the rest — answer the calls in flight (new calls on open
      // connections get 503 with Connection: close) and run the areas' onClose hooks (the intake writes its queue).
      net.Server.prototype.close.call(app.server);
      await new Promise((r) => setTimeout(r, LLEGADA_MS));
      await app.close();
      await closeIsolated();
      await feed.close();
      // A scheduled job that outlived its wait is cut here, its pool left open (see `enCurso`): the queue has
      // marked it failed and runs it again, and PostgreSQL rolls back what it had not committed.
      const cortadas = programador.enCurso();
      if (cortadas > 0) {
        console.error(
          cortadas === 1
            ? 'Se corta una tarea programada en curso: la cola la vuelve a ejecutar.'
            : `Se cortan ${cortadas} tareas programadas en curso: la cola las vuelve a ejecutar.`,
        );
        process.exit(1);
      }
      await database.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));

    // The queue starts before the port opens: once /readyz answers, nothing of the start is left to run, so a
    // database lost from then on is an outage the process rides out (503 meanwhile), not a failed start that
    // exits with the queue half set up (caida-base lost its server so when the database stopped mid-start).
    if (config.tareas) {
      await programador.iniciar(database.sql, { onError: (err) => app.log.error({ err }, 'tareas programadas') });
    }
    const credentials = await credentialLines(database.db, { ...config, generated: seeded.generated });
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    console.log(`Base de datos: ${where}${applied > 0 ? ` (${applied} migraciones aplicadas)` : ''}`);
    if (seeded.seeded) console.log('Datos de demostración creados.');
    console.log(
      config.tareas
        ? 'Tareas programadas en marcha (Alertas → Tareas).'
        : 'TAREAS=0: este proceso no ejecuta tareas programadas.',
    );
    if (!config.smtpUrl) console.log('SMTP_URL sin configurar: las alertas no se envían por correo.');
    if (config.maintenance) console.log('MAINTENANCE=1: la API responde 503 (sitio en mantenimiento).');
    console.log(`Intranet lista en ${url}`);
    for (const line of credentials) console.log(line);
    console.log(`Documentación de la API en ${url}/docs`);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof MigrationError) {
    console.error(err.message);
  } else {
    console.error('No se pudo iniciar Intranet:', err);
  }
  process.exit(1);
});
