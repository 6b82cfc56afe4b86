// Rebuilds a backup into an empty target: the database at the backup's migration level, exactly its rows
// (what the migrations inserted is emptied first, counting triggers are off while loading), then the files.
import type { Hmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { opendir, rm, rmdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { writeAudit } from '../db/audit.ts';
import type { Executor } from '../db/client.ts';
import { diskStore } from '../storage/disk.ts';
import { ArchivoInvalido, recorrer, type Entrada } from './archivo.ts';
import { CargaFallida, type DestinoRestauracion, type SesionCarga } from './destinos.ts';
import { foreignKeysOf, disparadores, FORMATOS_ESTABLES, ident, tablasDelEsquema, type ForeignKey } from './esquema.ts';
import {
  entradaTabla,
  manifiestoConCrudo,
  nivelDeMigraciones,
  NOMBRE_MANIFIESTO,
  PREFIJO_ARCHIVOS,
  type Manifiesto,
} from './manifest.ts';
import { ComprobacionDeSello, SelloInvalido } from './sello.ts';

export interface ResultadoRestauracion {
  manifiesto: Manifiesto;
  /** Rows loaded per table, in the manifest's order. */
  filas: { tabla: string; filas: number }[];
  archivos: { cantidad: number; bytes: number };
  /** What of the seal did not check and was let through by `forzar` (audited); empty when the seal checked. */
  forzado: string[];
}

export interface OpcionesRestauracion {
  archivo: string;
  destino: DestinoRestauracion;
  filesDir: string;
  /** The SECRETS_KEY that checks the seal (sello.ts: claveParaComprobar); undefined when this environment has none. */
  secretsKey: Buffer | undefined;
  /**
   * Restore even if the seal is missing, of another key or does not match (`--forzar`): what failed is written
   * to the restored database's audit log. The archive's other checks still apply.
   */
  forzar?: boolean;
}

/** The audit row of a forced restore: `entidad` 'respaldo', by the archive's name. */
export const AUDITORIA_FORZADA = { accion: 'restaurar-forzado', entidad: 'respaldo' } as const;

/** The target is not empty: nothing was touched. */
export class DestinoOcupado extends Error {}

const ARCHIVO = /^archivos\/([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{64})$/;

/** Whether a folder holds any file at any depth (empty folders, such as tmp/, do not count). */
async function tieneArchivos(carpeta: string): Promise<boolean> {
  const listado = await opendir(carpeta, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (!listado) return false;
  // Leaving the loop early closes the listing.
  for await (const entrada of listado) if (!entrada.isDirectory()) return true;
  return false;
}

/**
 * Checks the backup (its manifest and seal, its migration level) and that both targets are empty, then loads it,
 * checking each part against the seal as it reads. Refusals (`ArchivoInvalido`, `SelloInvalido` among them,
 * `DestinoOcupado`) leave both targets as they were found; so does any other failure while loading
 * (`CargaFallida`, unless its `limpio` says otherwise).
 */
export async function restaurar(opts: OpcionesRestauracion): Promise<ResultadoRestauracion> {
  const { archivo, destino, filesDir } = opts;
  const { manifiesto, crudo } = await manifiestoConCrudo(archivo);
  // Before anything else: every check below reads a manifest that must be the one sealed.
  const sello = new ComprobacionDeSello(manifiesto, crudo, opts.secretsKey, opts.forzar === true);
  const nivel = nivelDeMigraciones(manifiesto);
  if (await tieneArchivos(filesDir)) {
    throw new DestinoOcupado(
      `El almacén de archivos (${filesDir}) ya tiene archivos: la restauración necesita FILES_DIR vacío.`,
    );
  }
  const ocupada = await destino.ocupacion();
  if (ocupada.total > 0) {
    throw new DestinoOcupado(
      `La base de datos de destino (${destino.nombre}) no está vacía: tiene ${ocupada.total} ${ocupada.total === 1 ? 'tabla' : 'tablas'} ` +
        `(${ocupada.ejemplos.join(', ')}${ocupada.total > ocupada.ejemplos.length ? ', …' : ''}). La restauración necesita una base vacía.`,
    );
  }

  const carpetaNueva = !existsSync(filesDir);
  const filas: ResultadoRestauracion['filas'] = [];
  const guardados: string[] = [];
  let bytes = 0;
  try {
    await destino.restaurar(
      nivel,
      async (sesion) => {
        const terminar = await prepararCarga(sesion);
        await recorrer(archivo, async (entrada) => {
          sello.entrada(entrada.path);
          if (entrada.path === NOMBRE_MANIFIESTO) return descartar(entrada);
          const tabla = manifiesto.tablas.find((t) => entradaTabla(t.nombre) === entrada.path);
          if (tabla) {
            const mac = sello.medirTabla(entrada.path);
            const datos = entrada as AsyncIterable<Buffer>;
            const n = await sesion.copiarDesde(
              tabla,
              mac ? comprobando(datos, mac, () => sello.tablaLeida(entrada.path, mac)) : datos,
            );
            if (n !== tabla.filas)
              throw new ArchivoInvalido(`la tabla ${tabla.nombre} trae ${n} filas y su manifiesto dice ${tabla.filas}`);
            filas.push({ tabla: tabla.nombre, filas: n });
            return;
          }
          const sha256 = ARCHIVO.exec(entrada.path)?.[3];
          if (!sha256 || !entrada.path.startsWith(PREFIJO_ARCHIVOS))
            throw new ArchivoInvalido(`tiene una entrada que no es de un respaldo: ${entrada.path}`);
          const guardado = await guardarArchivo(filesDir, entrada, guardados);
          sello.archivoLeido(entrada.path, guardado.tamano, guardado.sha256);
          // Forced or not: the store finds each file by its SHA-256, so one whose content is not its name's cannot
          // go in.
          if (guardado.sha256 !== sha256)
            throw new ArchivoInvalido(`el archivo ${sha256} está dañado: su contenido no coincide con su SHA-256`);
          bytes += guardado.tamano;
        });
        sello.alTerminar();
        const faltan = manifiesto.tablas.filter((t) => !filas.some((f) => f.tabla === t.nombre)).map((t) => t.nombre);
        if (faltan.length > 0)
          throw new ArchivoInvalido(`le faltan tablas que su manifiesto lista: ${faltan.join(', ')}`);
        if (guardados.length !== manifiesto.archivos.cantidad) {
          throw new ArchivoInvalido(
            `trae ${guardados.length} archivos y su manifiesto dice ${manifiesto.archivos.cantidad}`,
          );
        }
        await terminar(manifiesto);
      },
      // Known only once every part was read: written, in the restored database, only if something was let through.
      async (db) => {
        if (sello.hallazgos.length > 0) await auditarForzada(db, archivo, manifiesto, sello.hallazgos);
      },
    );
  } catch (err) {
    await quitarArchivos(filesDir, guardados);
    if (carpetaNueva) await rmdir(filesDir).catch(() => undefined);
    // A seal that failed midway is a refusal like one found first, once all that was loaded is undone.
    if (err instanceof CargaFallida && err.limpio && err.causa instanceof SelloInvalido) throw err.causa;
    throw err;
  }
  return { manifiesto, filas, archivos: { cantidad: guardados.length, bytes }, forzado: [...sello.hallazgos] };
}

/**
 * A table's bytes on their way to the database, fed to its MAC; at their end, before the consumer hears of it,
 * `alFinal` compares: a mismatch fails the load (PGlite has not run its COPY yet; PostgreSQL's is cancelled).
 */
async function* comprobando(datos: AsyncIterable<Buffer>, mac: Hmac, alFinal: () => void): AsyncGenerator<Buffer> {
  for await (const trozo of datos) {
    mac.update(trozo);
    yield trozo;
  }
  alFinal();
}

/** The system account that ran the restore, for the audit row: it has no portal user. */
function operador(): string | null {
  try {
    return userInfo().username;
  } catch {
    return null;
  }
}

/** A forced restore, in the restored portal's own history: which archive, made when, and what did not check. */
async function auditarForzada(db: Executor, archivo: string, manifiesto: Manifiesto, motivos: string[]): Promise<void> {
  await writeAudit(db, {
    autor: null,
    ...AUDITORIA_FORZADA,
    entidadId: basename(archivo),
    despues: { archivo, creado: manifiesto.creado, origen: manifiesto.origen, motivos, operador: operador() },
  });
}

async function descartar(entrada: Entrada): Promise<void> {
  entrada.resume();
  if (!entrada.emittedEnd) await new Promise((listo) => entrada.once('end', listo));
}

/** Stores one file from the archive (noted in `guardados`, to be undone): its SHA-256 and size, of the bytes read. */
async function guardarArchivo(
  filesDir: string,
  entrada: Entrada,
  guardados: string[],
): Promise<{ sha256: string; tamano: number }> {
  const guardado = await diskStore(filesDir).put(Readable.from(entrada as AsyncIterable<Buffer>), {
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  guardados.push(guardado.sha256);
  return guardado;
}

/** Removes the files this restore stored (FILES_DIR had none before), and the folders left empty. */
async function quitarArchivos(filesDir: string, guardados: string[]): Promise<void> {
  const store = diskStore(filesDir);
  for (const sha256 of guardados) {
    await store.remove(sha256).catch(() => undefined);
    const carpeta = join(filesDir, sha256.slice(0, 2), sha256.slice(2, 4));
    await rmdir(carpeta).catch(() => undefined);
    await rmdir(dirname(carpeta)).catch(() => undefined);
  }
  await rm(join(filesDir, 'tmp'), { recursive: true, force: true }).catch(() => undefined);
}

/**
 * Before loading: the user triggers off (row counts, change notices), the foreign keys dropped (tables load in
 * any order, cycles included), every table emptied of what the migrations inserted. Answers what puts them
 * back once loaded: the keys (checked again over all rows), the triggers, and the sequences past every id.
 */
async function prepararCarga(sesion: SesionCarga): Promise<(manifiesto: Manifiesto) => Promise<void>> {
  const { consultar } = sesion;
  for (const ajuste of FORMATOS_ESTABLES.split(';')) await consultar(ajuste);
  const activos = await disparadores(consultar);
  for (const d of activos) await consultar(`alter table ${ident(d.tabla)} disable trigger ${ident(d.nombre)}`);
  const foreignKeys: ForeignKey[] = await foreignKeysOf(consultar);
  for (const c of foreignKeys) await consultar(`alter table ${ident(c.tabla)} drop constraint ${ident(c.nombre)}`);
  const tablas = await tablasDelEsquema(consultar);
  if (tablas.length > 0) await consultar(`truncate ${tablas.map((t) => ident(t.nombre)).join(', ')}`);

  return async (manifiesto) => {
    for (const c of foreignKeys)
      await consultar(`alter table ${ident(c.tabla)} add constraint ${ident(c.nombre)} ${c.definicion}`);
    for (const d of activos) await consultar(`alter table ${ident(d.tabla)} enable trigger ${ident(d.nombre)}`);
    for (const t of tablas) {
      for (const s of t.secuencias) {
        const guardado =
          manifiesto.tablas.find((m) => m.nombre === t.nombre)?.secuencias.find((m) => m.columna === s.columna)
            ?.valor ?? '0';
        // The source's last value or the largest id loaded, whichever is greater; a sequence never used restarts at 1.
        const mayor = `greatest($1::bigint, coalesce(max(${ident(s.columna)}), 0))`;
        await consultar(`select setval($2::regclass, greatest(${mayor}, 1), ${mayor} >= 1) from ${ident(t.nombre)}`, [
          guardado,
          s.secuencia,
        ]);
      }
    }
  };
}
