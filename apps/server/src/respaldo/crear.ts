// Makes a backup: the manifest (sealed: sello.ts), then every table's CSV, then every stored file, as one
// .tar.gz stream.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { archivosEnDisco } from '../storage/disk.ts';
import { agregar, nuevoArchivo } from './archivo.ts';
import type { FuenteRespaldo, TablaVolcada } from './fuentes.ts';
import {
  entradaTabla,
  FORMATO,
  NOMBRE_MANIFIESTO,
  nombreDeMigracion,
  PREFIJO_ARCHIVOS,
  VERSION_FORMATO,
  type Manifiesto,
} from './manifest.ts';
import { Sellador } from './sello.ts';

export interface OpcionesRespaldo {
  fuente: FuenteRespaldo;
  /** FILES_DIR: its stored files go in (`ab/cd/<sha256>`); its `tmp/` (uploads in progress) does not. */
  filesDir: string;
  /** Where a table that does not fit in memory waits to be archived (PostgreSQL), removed afterwards. */
  temporal: string;
  /**
   * SECRETS_KEY, whose derived key seals the backup (sello.ts). Undefined only where it is not at hand (a route
   * registered without it): that archive restores only when forced.
   */
  secretsKey: Buffer | undefined;
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
export async function prepararRespaldo({
  fuente,
  filesDir,
  temporal,
  secretsKey,
}: OpcionesRespaldo): Promise<Respaldo> {
  const carpeta = await mkdtemp(join(temporal, '.intranet-respaldo-'));
  const descartar = () => rm(carpeta, { recursive: true, force: true });
  try {
    const sellador = secretsKey ? new Sellador(secretsKey) : undefined;
    const volcado = await fuente.volcar(carpeta, sellador && ((tabla) => sellador.tabla(entradaTabla(tabla))));
    const archivos: { ruta: string; entrada: string; tamano: number; sha256: string }[] = [];
    for await (const f of archivosEnDisco(filesDir)) {
      archivos.push({
        ruta: f.ruta,
        entrada: PREFIJO_ARCHIVOS + relative(filesDir, f.ruta),
        tamano: f.tamano,
        sha256: f.sha256,
      });
    }
    const datos: Manifiesto = {
      formato: FORMATO,
      version: VERSION_FORMATO,
      creado: new Date().toISOString(),
      origen: volcado.origen,
      migraciones: volcado.migraciones.map((m) => ({
        nombre: nombreDeMigracion(m.creada),
        creada: m.creada,
        hash: m.hash,
      })),
      tablas: volcado.tablas.map(({ nombre, columnas, filas, secuencias }) => ({
        nombre,
        columnas,
        filas,
        secuencias,
      })),
      archivos: { cantidad: archivos.length, bytes: archivos.reduce((s, f) => s + f.tamano, 0) },
    };
    const manifiesto = sellador ? sellador.sellar(datos, partesSelladas(sellador, volcado.tablas, archivos)) : datos;
    return {
      manifiesto,
      escribir: (destino) => escribirArchivo(destino, manifiesto, volcado.tablas, archivos).finally(descartar),
    };
  } catch (err) {
    await descartar();
    throw err;
  }
}

/** Every entry but the manifest, by its name in the archive, with its MAC. */
function partesSelladas(
  sellador: Sellador,
  tablas: TablaVolcada[],
  archivos: { entrada: string; tamano: number; sha256: string }[],
): Record<string, string> {
  const partes: Record<string, string> = {};
  for (const t of tablas) {
    if (!t.mac) throw new Error(`la tabla ${t.nombre} se volcó sin su MAC`);
    partes[entradaTabla(t.nombre)] = t.mac;
  }
  for (const f of archivos) partes[f.entrada] = sellador.archivo(f.entrada, f.tamano, f.sha256);
  return partes;
}

/** The manifest first (a restore checks it before touching anything), then the tables, then the files. */
async function escribirArchivo(
  destino: Writable,
  manifiesto: Manifiesto,
  tablas: TablaVolcada[],
  archivos: { ruta: string; entrada: string; tamano: number }[],
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
      await agregar(pack, f.entrada, f.tamano, contenido, corte.signal);
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
