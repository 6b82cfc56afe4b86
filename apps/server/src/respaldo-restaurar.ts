// `npm run restore -- ARCHIVO.tar.gz [--forzar]`: rebuilds a backup into this environment's EMPTY database (PGlite
// in DATA_DIR/db, or DATABASE_URL: moving to PostgreSQL is this same command) and EMPTY FILES_DIR, once its seal
// checks with this environment's SECRETS_KEY; `--forzar` restores one that does not, and audits it.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { ConfigError, loadConfig } from './config.ts';
import { resolveFromUser } from './paths.ts';
import { ArchivoInvalido } from './respaldo/archivo.ts';
import {
  CargaFallida,
  DestinoEnUso,
  destinoPglite,
  destinoPostgres,
  type DestinoRestauracion,
} from './respaldo/destinos.ts';
import { motivo } from './respaldo/errors.ts';
import { AUDITORIA_FORZADA, DestinoOcupado, restaurar, type ResultadoRestauracion } from './respaldo/restaurar.ts';
import { claveParaComprobar, SelloInvalido } from './respaldo/sello.ts';
import { formatoBytes } from './storage/barrido.ts';

const USO = 'Uso: npm run restore -- ARCHIVO.tar.gz [--forzar]';
const FORZAR = '--forzar';

/** A problem already worded for the operator. */
class Aviso extends Error {}

function informe(r: ResultadoRestauracion, destino: string, filesDir: string): string[] {
  const m = r.manifiesto;
  const total = r.filas.reduce((s, t) => s + t.filas, 0);
  const ancho = Math.max(...r.filas.map((t) => t.tabla.length));
  return [
    `Restaurado el respaldo del ${m.creado} (desde ${m.origen === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${m.migraciones.length} migraciones) en ${destino}:`,
    ...r.filas.filter((t) => t.filas > 0).map((t) => `  ${t.tabla.padEnd(ancho)}  ${t.filas}`),
    `  base de datos: ${total} filas en ${r.filas.length} tablas (${r.filas.filter((t) => t.filas === 0).length} vacías)`,
    `  archivos: ${r.archivos.cantidad} (${formatoBytes(r.archivos.bytes)}) en ${filesDir}`,
    ...(r.forzado.length === 0 ? ['  sello: comprobado (HMAC-SHA256 con la clave derivada de SECRETS_KEY)'] : []),
    'Los secretos de Instalaciones se leen con la misma SECRETS_KEY (o DATA_DIR/secrets.key) del origen: póngala antes de iniciar.',
  ];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const forzar = args.includes(FORZAR);
  const rutas = args.filter((a) => a !== FORZAR);
  if (rutas.length !== 1 || rutas[0]!.startsWith('-') || args.length - rutas.length > 1) {
    console.error(USO);
    process.exit(2);
  }
  const config = loadConfig();
  const archivo = resolveFromUser(rutas[0]!);
  await access(archivo, constants.R_OK).catch((err: unknown) => {
    throw new Aviso(`No se puede leer ${archivo}: ${motivo(err)}.`);
  });
  if (!(await stat(archivo)).isFile()) throw new Aviso(`${archivo} no es un archivo.`);
  let secretsKey: Buffer | undefined;
  try {
    secretsKey = claveParaComprobar(config);
  } catch (err) {
    throw new Aviso(`No se puede leer la clave con que se comprueba el sello del respaldo: ${motivo(err)}.`);
  }
  if (forzar)
    console.warn(
      'AVISO: --forzar: se restaurará aunque el sello del respaldo falte o no coincida, y quedará en la auditoría.',
    );

  let destino: DestinoRestauracion;
  try {
    destino = config.databaseUrl ? await destinoPostgres(config.databaseUrl) : await destinoPglite(config.dataDir);
  } catch (err) {
    if (err instanceof DestinoEnUso) throw err;
    throw new Aviso(`No se pudo abrir la base de datos de destino: ${motivo(err)}.`);
  }
  try {
    console.log(`Restaurando ${archivo} en ${destino.nombre} y en ${config.filesDir}...`);
    const resultado = await restaurar({ archivo, destino, filesDir: config.filesDir, secretsKey, forzar });
    for (const linea of informe(resultado, destino.nombre, config.filesDir)) console.log(linea);
    if (resultado.forzado.length > 0) {
      console.warn(
        `AVISO: restauración forzada (${FORZAR}): el respaldo ${resultado.forzado.join('; y ')}. ` +
          `Quedó en la auditoría del portal restaurado (acción «${AUDITORIA_FORZADA.accion}», entidad «${AUDITORIA_FORZADA.entidad}»).`,
      );
    } else if (forzar) {
      console.log('El sello del respaldo se comprobó: --forzar no hizo falta.');
    }
  } finally {
    await destino.cerrar().catch(() => undefined);
  }
}

function mensaje(err: unknown): string {
  if (
    err instanceof ConfigError ||
    err instanceof Aviso ||
    err instanceof DestinoEnUso ||
    err instanceof DestinoOcupado
  )
    return err.message;
  if (err instanceof SelloInvalido) {
    return (
      `El respaldo ${err.message}: no pasa la comprobación de su sello y no se restauró nada. ` +
      `Si sabe por qué y quiere restaurarlo igual, repita el comando con ${FORZAR}: quedará en la auditoría.`
    );
  }
  if (err instanceof ArchivoInvalido)
    return `El archivo no es un respaldo que se pueda restaurar: ${err.message}. No se tocó nada.`;
  if (err instanceof CargaFallida) {
    const causa = err.causa instanceof ArchivoInvalido ? `el archivo ${err.causa.message}` : motivo(err.causa);
    return (
      `La restauración falló a mitad de camino: ${causa}. ` +
      (err.limpio
        ? 'Se deshizo lo cargado: la base de datos y FILES_DIR quedaron vacíos, como estaban.'
        : 'No se pudo deshacer todo lo cargado: vacíe la base de datos de destino y FILES_DIR antes de volver a intentarlo.')
    );
  }
  return `No se pudo restaurar: ${motivo(err)}`;
}

main().catch((err: unknown) => {
  console.error(mensaje(err));
  process.exit(1);
});
