import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { conflictOf } from '../db/conflicts.ts';
import { archivos } from '../db/schema.ts';
import { archivosEnDisco, carpetaTemporal, temporalesEnDisco, type EnDisco } from './disk.ts';
import { archivoReferenciado, estaReferenciado } from './referencias.ts';

export const UN_DIA = 24 * 60 * 60 * 1000;
/** Old files whose use is asked in one query. */
const LOTE = 500;

export interface Cuenta {
  archivos: number;
  bytes: number;
}

export interface Quitado {
  /** Relative to the store's folder: `ab/cd/abcd…` or `tmp/…`. */
  ruta: string;
  tamano: number;
  motivo: 'sin uso' | 'subida incompleta';
}

export interface ResultadoBarrido {
  /** Files that nothing uses, untouched for `edadMinima`: removed (or, simulating, to be removed). */
  borrados: Cuenta;
  /** Files that a package, version asset, app icon or APK holds. */
  enUso: Cuenta;
  /** Unused files younger than `edadMinima`: a row may still be on its way (an upload being recorded). */
  recientes: Cuenta;
  /** Partial uploads older than `edadMinima`: removed (or to be removed). */
  temporalesBorrados: Cuenta;
  /** Partial uploads younger than that: uploads in progress. */
  temporalesEnCurso: Cuenta;
  quitados: Quitado[];
}

export interface OpcionesBarrido {
  db: Db;
  /** The disk store's folder (config FILES_DIR). */
  filesDir: string;
  ahora?: Date;
  /** Milliseconds a file must have gone untouched (its mtime) before it may go; a day by default. */
  edadMinima?: number;
  /** Only tell what would go. */
  simular?: boolean;
}

const cero = (): Cuenta => ({ archivos: 0, bytes: 0 });
const sumar = (c: Cuenta, tamano: number) => {
  c.archivos += 1;
  c.bytes += tamano;
};

/**
 * The file-store sweep: removes the stored files that no row uses any more and the partial uploads left in
 * tmp/, once untouched for `edadMinima`. Safe beside a running server: a file being uploaded or just
 * stored is young, re-storing existing content refreshes its mtime, and each file is checked again right
 * before it goes (see `quitar`). Idempotent: a second run finds nothing more.
 */
export async function barrerArchivos({
  db,
  filesDir,
  ahora = new Date(),
  edadMinima = UN_DIA,
  simular = false,
}: OpcionesBarrido): Promise<ResultadoBarrido> {
  const limite = new Date(ahora.getTime() - edadMinima);
  const r: ResultadoBarrido = {
    borrados: cero(),
    enUso: cero(),
    recientes: cero(),
    temporalesBorrados: cero(),
    temporalesEnCurso: cero(),
    quitados: [],
  };
  const quitado = (f: EnDisco, motivo: Quitado['motivo']) =>
    r.quitados.push({ ruta: relative(filesDir, f.ruta), tamano: f.tamano, motivo });

  for await (const parte of temporalesEnDisco(filesDir)) {
    if (parte.modificado >= limite) {
      sumar(r.temporalesEnCurso, parte.tamano);
      continue;
    }
    if (!simular) await rm(parte.ruta, { force: true });
    sumar(r.temporalesBorrados, parte.tamano);
    quitado(parte, 'subida incompleta');
  }

  let lote: (EnDisco & { sha256: string })[] = [];
  const revisarLote = async () => {
    const usados = await enUso(
      db,
      lote.map((f) => f.sha256),
    );
    for (const f of lote) {
      const destino = usados.has(f.sha256) ? 'enUso' : await quitar(db, filesDir, f, limite, simular);
      sumar(r[destino], f.tamano);
      if (destino === 'borrados') quitado(f, 'sin uso');
    }
    lote = [];
  };
  for await (const f of archivosEnDisco(filesDir)) {
    if (f.modificado >= limite) {
      sumar(r.recientes, f.tamano);
      continue;
    }
    lote.push(f);
    if (lote.length >= LOTE) await revisarLote();
  }
  if (lote.length > 0) await revisarLote();
  return r;
}

/** Which of these files some row uses: one query for a whole batch. */
async function enUso(db: Db, sha256s: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ sha256: archivos.sha256 })
    .from(archivos)
    .where(and(inArray(archivos.sha256, sha256s), archivoReferenciado()));
  return new Set(rows.map((row) => row.sha256));
}

/**
 * Removes one old unused file, unless it turns out used or touched meanwhile. Its `archivos` row goes first,
 * in a transaction that asks again; a reference committed in between makes the delete fail (the foreign keys
 * RESTRICT), so no row is ever left pointing at a missing file. Then the file is moved aside before it is
 * deleted: an upload of the same content either refreshed its mtime before the move (seen now: it is put
 * back) or finds it gone and stores its own copy.
 */
async function quitar(
  db: Db,
  filesDir: string,
  f: EnDisco & { sha256: string },
  limite: Date,
  simular: boolean,
): Promise<'borrados' | 'enUso' | 'recientes'> {
  if (simular) return 'borrados';
  const libre = await db
    .transaction(async (tx) => {
      if (await estaReferenciado(tx, f.sha256)) return false;
      await tx.delete(archivos).where(eq(archivos.sha256, f.sha256));
      return true;
    })
    .catch((err: unknown) => {
      // Only a foreign key can refuse this delete: the file was taken into use meanwhile.
      if (conflictOf(err)) return false;
      throw err;
    });
  if (!libre) return 'enUso';

  await mkdir(carpetaTemporal(filesDir), { recursive: true });
  const aparte = join(carpetaTemporal(filesDir), `barrido-${randomUUID()}`);
  try {
    await rename(f.ruta, aparte);
  } catch (err) {
    // Already gone (another sweep, or an upload that failed and cleaned up): nothing left to remove.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'borrados';
    throw err;
  }
  if ((await stat(aparte)).mtime >= limite) {
    await rename(aparte, f.ruta);
    return 'recientes';
  }
  await rm(aparte, { force: true });
  return 'borrados';
}

/** Bytes as staff read them: "12,4 MB". */
export function formatoBytes(bytes: number): string {
  const unidades = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let valor = bytes;
  let i = 0;
  while (valor >= 1024 && i < unidades.length - 1) {
    valor /= 1024;
    i += 1;
  }
  return i === 0 ? `${bytes} bytes` : `${(Math.round(valor * 10) / 10).toLocaleString('es-AR')} ${unidades[i]}`;
}

const cuenta = (c: Cuenta, uno: string, varios: string) =>
  `${c.archivos} ${c.archivos === 1 ? uno : varios} (${formatoBytes(c.bytes)})`;

/** What a sweep removed and kept, in Spanish (the command's closing lines, the scheduled job's result). */
export function resumenBarrido(r: ResultadoBarrido, simular = false): string[] {
  const lineas = [
    `${simular ? 'Se borrarían' : 'Borrados'}: ${cuenta(r.borrados, 'archivo sin uso', 'archivos sin uso')} y ` +
      `${cuenta(r.temporalesBorrados, 'subida incompleta', 'subidas incompletas')}.`,
    `Conservados: ${cuenta(r.enUso, 'archivo en uso', 'archivos en uso')}, ` +
      `${cuenta(r.recientes, 'archivo sin uso de menos de un día', 'archivos sin uso de menos de un día')} y ` +
      `${cuenta(r.temporalesEnCurso, 'subida en curso', 'subidas en curso')}.`,
  ];
  if (simular) lineas.push('Simulación: no se borró nada.');
  return lineas;
}
