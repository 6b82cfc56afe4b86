// `npm run restore -- ARCHIVO.tar.gz`: rebuilds a backup into this environment's EMPTY database (PGlite in
// DATA_DIR/db, or DATABASE_URL: moving to PostgreSQL is this same command) and EMPTY FILES_DIR.
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { ConfigError, loadConfig } from './config.ts';
import { resolveFromUser } from './paths.ts';
import { ArchivoInvalido } from './respaldo/archivo.ts';
import { CargaFallida, DestinoEnUso, destinoPglite, destinoPostgres, type DestinoRestauracion } from './respaldo/destinos.ts';
import { motivo } from './respaldo/errores.ts';
import { DestinoOcupado, restaurar, type ResultadoRestauracion } from './respaldo/restaurar.ts';
import { formatoBytes } from './storage/barrido.ts';

const USO = 'Uso: npm run restore -- ARCHIVO.tar.gz';

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
    'Los secretos de Instalaciones se leen con la misma SECRETS_KEY (o DATA_DIR/secrets.key) del origen: póngala antes de iniciar.',
  ];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USO);
    process.exit(2);
  }
  const config = loadConfig();
  const archivo = resolveFromUser(args[0]!);
  await access(archivo, constants.R_OK).catch((err: unknown) => {
    throw new Aviso(`No se puede leer ${archivo}: ${motivo(err)}.`);
  });
  if (!(await stat(archivo)).isFile()) throw new Aviso(`${archivo} no es un archivo.`);

  let destino: DestinoRestauracion;
  try {
    destino = config.databaseUrl ? await destinoPostgres(config.databaseUrl) : await destinoPglite(config.dataDir);
  } catch (err) {
    if (err instanceof DestinoEnUso) throw err;
    throw new Aviso(`No se pudo abrir la base de datos de destino: ${motivo(err)}.`);
  }
  try {
    console.log(`Restaurando ${archivo} en ${destino.nombre} y en ${config.filesDir}...`);
    const resultado = await restaurar({ archivo, destino, filesDir: config.filesDir });
    for (const linea of informe(resultado, destino.nombre, config.filesDir)) console.log(linea);
  } finally {
    await destino.cerrar().catch(() => undefined);
  }
}

function mensaje(err: unknown): string {
  if (err instanceof ConfigError || err instanceof Aviso || err instanceof DestinoEnUso || err instanceof DestinoOcupado) return err.message;
  if (err instanceof ArchivoInvalido) return `El archivo no es un respaldo que se pueda restaurar: ${err.message}. No se tocó nada.`;
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
