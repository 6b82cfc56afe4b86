// Makes a backup: the manifest, then every table's CSV, then every stored file, as one .tar.gz stream.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { archivosEnDisco } from '../storage/disk.ts';
import { agregar, nuevoArchivo } from './archivo.ts';
import type { FuenteRespaldo, TablaVolcada } from './fuentes.ts';
import { entradaTabla, FORMATO, NOMBRE_MANIFIESTO, nombreDeMigracion, PREFIJO_ARCHIVOS, VERSION_FORMATO, type Manifiesto } from './manifiesto.ts';

export interface OpcionesRespaldo {
  fuente: FuenteRespaldo;
  /** FILES_DIR: its stored files go in (`ab/cd/<sha256>`); its `tmp/` (uploads in progress) does not. */
  filesDir: string;
  /** Where a table that does not fit in memory waits to be archived (PostgreSQL), removed afterwards. */
  temporal: string;
}

/** A backup read and ready to be written: its manifest, known before the first byte goes out. */
export interface Respaldo {
  manifiesto: Manifiesto;
  /** Streams the archive into `destino`, once; what was kept aside for it is removed afterwards, written or not. */
  escribir(destino: Writable): Promise<void>;
}

/**
 * Reads the tables (one snapshot) and lists the stored files. The files are listed after the snapshot, so a
 * file uploaded meanwhile may come along unused, never one missing.
 */
export async function prepararRespaldo({ fuente, filesDir, temporal }: OpcionesRespaldo): Promise<Respaldo> {
  const carpeta = await mkdtemp(join(temporal, '.intranet-respaldo-'));
  const descartar = () => rm(carpeta, { recursive: true, force: true });
  try {
    const volcado = await fuente.volcar(carpeta);
    const archivos: { ruta: string; tamano: number }[] = [];
    for await (const f of archivosEnDisco(filesDir)) archivos.push({ ruta: f.ruta, tamano: f.tamano });
    const manifiesto: Manifiesto = {
      formato: FORMATO,
      version: VERSION_FORMATO,
      creado: new Date().toISOString(),
      origen: volcado.origen,
      migraciones: volcado.migraciones.map((m) => ({ nombre: nombreDeMigracion(m.creada), creada: m.creada, hash: m.hash })),
      tablas: volcado.tablas.map(({ nombre, columnas, filas, secuencias }) => ({ nombre, columnas, filas, secuencias })),
      archivos: { cantidad: archivos.length, bytes: archivos.reduce((s, f) => s + f.tamano, 0) },
    };
    return {
      manifiesto,
      escribir: (destino) => escribirArchivo(destino, manifiesto, volcado.tablas, archivos, filesDir).finally(descartar),
    };
  } catch (err) {
    await descartar();
    throw err;
  }
}

/** The manifest first (a restore checks it before touching anything), then the tables, then the files. */
async function escribirArchivo(
  destino: Writable,
  manifiesto: Manifiesto,
  tablas: TablaVolcada[],
  archivos: { ruta: string; tamano: number }[],
  filesDir: string,
): Promise<void> {
  const pack = nuevoArchivo();
  const escrito = pipeline(pack, destino);
  // Should the destination fail, nobody reads the pack any more: the entry being added stops waiting.
  const corte = new AbortController();
  const agregando = (async () => {
    const texto = Buffer.from(JSON.stringify(manifiesto, null, 2));
    await agregar(pack, NOMBRE_MANIFIESTO, texto.length, [texto], corte.signal);
    for (const t of tablas) await agregar(pack, entradaTabla(t.nombre), t.tamano, t.contenido(), corte.signal);
    for (const f of archivos) {
      const contenido = createReadStream(f.ruta, { highWaterMark: 1024 * 1024 });
      await agregar(pack, PREFIJO_ARCHIVOS + relative(filesDir, f.ruta), f.tamano, contenido, corte.signal);
    }
    pack.end();
  })();
  try {
    await Promise.all([agregando, escrito]);
  } catch (err) {
    corte.abort();
    pack.destroy();
    await agregando.catch(() => undefined);
    throw err;
  }
}
