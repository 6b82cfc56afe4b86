// `npm run archivos:limpiar [-- --simular]`: the file-store sweep (storage/barrido.ts) run once, on the
// database and FILES_DIR of the same environment as the server. Prints what went and what stayed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { barrerArchivos, formatoBytes, resumenBarrido, type ResultadoBarrido } from './storage/barrido.ts';

const USO = 'Uso: npm run archivos:limpiar [-- --simular]';

function informe(r: ResultadoBarrido, simular: boolean): string[] {
  const lineas = r.quitados.map(
    (q) => `  ${simular ? 'se borraría' : 'borrado'}: ${q.ruta} (${formatoBytes(q.tamano)}, ${q.motivo})`,
  );
  return [...lineas, ...resumenBarrido(r, simular)];
}

async function main(): Promise<void> {
  let simular: boolean;
  try {
    simular = parseArgs({ options: { simular: { type: 'boolean', default: false } } }).values.simular ?? false;
  } catch {
    console.error(USO);
    process.exit(2);
  }
  const config = loadConfig();
  // PGlite does not lock its folder: a second process opening it beside a running server would corrupt it.
  if (!config.databaseUrl && existsSync(join(config.dataDir, 'db', 'postmaster.pid'))) {
    console.error(
      `La base de datos embebida (${config.dataDir}/db) está abierta por otro proceso: detenga Intranet y vuelva a intentarlo ` +
        '(con DATABASE_URL puede limpiarse con el servidor en marcha).',
    );
    process.exit(1);
  }
  const database = await openDatabase(config);
  try {
    console.log(`Almacén de archivos: ${config.filesDir}`);
    const resultado = await barrerArchivos({ db: database.db, filesDir: config.filesDir, simular });
    for (const linea of informe(resultado, simular)) console.log(linea);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError
      ? err.message
      : `No se pudo limpiar el almacén de archivos: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
});
