// `npm run backup -- ARCHIVO.tar.gz`: the database and the file store of this environment as one archive, while
// the portal runs. On PGlite held open by the portal, the portal itself writes it (GET /respaldo).
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { secretsKeyOf } from './core/secretos.ts';
import { openDatabase } from './db/client.ts';
import { resolveFromUser } from './paths.ts';
import { prepararRespaldo } from './respaldo/crear.ts';
import { descargarRespaldo, DescargaFallida } from './respaldo/descarga.ts';
import { motivo } from './respaldo/errors.ts';
import { fuenteDe } from './respaldo/fuentes.ts';
import { manifiestoConCrudo, type Manifiesto } from './respaldo/manifest.ts';
import { claveParaComprobar, ComprobacionDeSello } from './respaldo/sello.ts';
import { formatoBytes } from './storage/barrido.ts';

const USO = 'Uso: npm run backup -- ARCHIVO.tar.gz';

/** A problem already worded for the operator. */
class Aviso extends Error {}

/** Writes the backup at `parcial`: through the running portal, or from the database opened here. */
async function escribir(config: Config, parcial: string, carpeta: string): Promise<Manifiesto> {
  if (!config.databaseUrl && existsSync(join(config.dataDir, 'db', 'postmaster.pid'))) {
    console.log('La base embebida está abierta por Intranet: se pide el respaldo al servidor.');
    await descargarRespaldo(config, parcial);
    const { manifiesto, crudo } = await manifiestoConCrudo(parcial);
    avisarSiNoSeRestaura(manifiesto, crudo, config);
    return manifiesto;
  }
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw new Aviso(`No hay una base de datos embebida en ${config.dataDir}/db: revise DATA_DIR (o DATABASE_URL).`);
  }
  // As the portal finds it (generated into DATA_DIR/secrets.key if there is none yet, as the portal would).
  const secretsKey = secretsKeyOf(config);
  const database = await openDatabase(config);
  try {
    const respaldo = await prepararRespaldo({
      fuente: fuenteDe(database.db),
      filesDir: config.filesDir,
      temporal: carpeta,
      secretsKey,
    });
    await respaldo.escribir(createWriteStream(parcial, { flags: 'wx' }));
    return respaldo.manifiesto;
  } finally {
    await database.close();
  }
}

/**
 * The running portal sealed the archive with its own key: should this environment's not check it (a portal
 * started without it, or with another SECRETS_KEY), the operator hears now, not on the day of the restore.
 */
function avisarSiNoSeRestaura(manifiesto: Manifiesto, crudo: unknown, config: Config): void {
  if (!manifiesto.sello) {
    console.warn(
      'Aviso: Intranet entregó el respaldo sin sello (su ruta /respaldo no tiene la SECRETS_KEY): restaurarlo pedirá --forzar.',
    );
    return;
  }
  let hallazgos: string[];
  try {
    hallazgos = new ComprobacionDeSello(manifiesto, crudo, claveParaComprobar(config), true).hallazgos;
  } catch (err) {
    // Only a warning: the backup itself is whole.
    hallazgos = [`no se pudo comprobar (${motivo(err)})`];
  }
  if (hallazgos.length > 0)
    console.warn(
      `Aviso: con la SECRETS_KEY de este entorno el respaldo ${hallazgos.join('; ')}: restaurarlo pedirá --forzar.`,
    );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USO);
    process.exit(2);
  }
  const config = loadConfig();
  const destino = resolveFromUser(args[0]!);
  const carpeta = dirname(destino);
  if (!existsSync(carpeta)) throw new Aviso(`La carpeta ${carpeta} no existe: créela o elija otra.`);
  // Written aside and renamed when complete: ARCHIVO is either the whole new backup or untouched.
  const parcial = join(carpeta, `.${basename(destino)}.${process.pid}.parcial`);
  const origen = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}/db`;
  console.log(`Respaldando ${origen} y el almacén de archivos ${config.filesDir}...`);
  let manifiesto: Manifiesto;
  try {
    manifiesto = await escribir(config, parcial, carpeta);
    await rename(parcial, destino);
  } finally {
    await rm(parcial, { force: true });
  }
  const filas = manifiesto.tablas.reduce((s, t) => s + t.filas, 0);
  console.log(`Respaldo escrito en ${destino} (${formatoBytes((await stat(destino)).size)}):`);
  console.log(
    `  base de datos: ${filas} filas en ${manifiesto.tablas.length} tablas, ${manifiesto.migraciones.length} migraciones`,
  );
  console.log(`  archivos: ${manifiesto.archivos.cantidad} (${formatoBytes(manifiesto.archivos.bytes)})`);
  if (manifiesto.sello)
    console.log(
      'Sellado con HMAC-SHA256 y una clave derivada de SECRETS_KEY: se restaura sin --forzar solo con la misma SECRETS_KEY.',
    );
  console.log(
    'No incluye SECRETS_KEY (ni DATA_DIR/secrets.key) ni credenciales.json: guárdelos aparte (ver docs/operations.md).',
  );
}

main().catch((err: unknown) => {
  const conocido = err instanceof ConfigError || err instanceof Aviso || err instanceof DescargaFallida;
  console.error(conocido ? (err as Error).message : `No se pudo hacer el respaldo: ${motivo(err)}`);
  process.exit(1);
});
