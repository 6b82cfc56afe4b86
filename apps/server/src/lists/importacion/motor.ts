import type {
  ImportacionConteo,
  ImportacionFila,
  ImportacionMapeo,
  ImportacionModo,
  ImportacionRechazo,
  ImportacionVistaPrevia,
} from '@intranet/contract/shared/importacion';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Autor } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { conflictOf } from '../../db/conflicts.ts';
import { ApiError } from '../../core/api-error.ts';
import { importaciones } from '../../db/schema/importaciones.ts';
import type { FileStore } from '../../storage/store.ts';
import { indicesDe, leerFila, textoDeErrores, validar, type FilaLeida } from './celdas.ts';
import { filasGuardadas } from './filas.ts';
import { leerEntero } from './archivo.ts';
import { CAMPO_ID, campoId, tituloClave, type Crudos, type Existente, type ImportacionSpec } from './spec.ts';

export type Importacion = typeof importaciones.$inferSelect;

/** Thrown to roll a savepoint back on purpose. */
const DESCARTE = Symbol('descartar');

/** Rows looked up, validated and written together: one lookup and one INSERT per batch. */
const TANDA = 1000;
/** The refused rows an answer lists (all of them are in the CSV). */
export const RECHAZOS_MOSTRADOS = 100;

/** The file's rows after its header, each with its number in the file (the header is row 1). */
/** The file of an import is gone (the store keeps an upload a day), or it came before its rows were stored. */
export const archivoVencido = () =>
  new ApiError(410, 'El archivo de esta importación ya no está guardado (se guarda un día): vuelva a subirlo.');

export async function* filasDelArchivo(
  store: FileStore,
  imp: Importacion,
  spec: Pick<ImportacionSpec, 'leerArchivo'>,
): AsyncGenerator<{ fila: number; celdas: string[] }> {
  // The files are loose files of the store: the sweep takes them once a day old and unreferenced.
  const sha256 = imp.formato === 'certificados' ? imp.archivoSha256 : imp.filasSha256;
  if (!sha256 || !(await store.exists(sha256))) throw archivoVencido();
  let fila = 0;
  const filas =
    imp.formato === 'certificados' && spec.leerArchivo
      ? await spec.leerArchivo(await leerEntero(store.read(sha256)))
      : filasGuardadas(store, sha256);
  for await (const celdas of filas) {
    fila += 1;
    if (fila > 1) yield { fila, celdas };
  }
}

/** Step 3: each row read through the mapping and checked by the schema alone (as a new record), a page of them. */
export async function vistaPrevia(
  store: FileStore,
  spec: ImportacionSpec,
  imp: Importacion,
  pedido: { mapeo: ImportacionMapeo; pagina: number; tamano: number; solo_errores: boolean },
): Promise<ImportacionVistaPrevia> {
  const indices = indicesDe(spec, imp.columnas, pedido.mapeo);
  const desde = (pedido.pagina - 1) * pedido.tamano;
  const filas: ImportacionFila[] = [];
  let total = 0;
  let conErrores = 0;
  for await (const { fila, celdas } of filasDelArchivo(store, imp, spec)) {
    const leida = leerFila(indices, celdas, fila);
    const { errores } = validar(spec, leida, undefined);
    if (errores) conErrores += 1;
    if (pedido.solo_errores && !errores) continue;
    if (total >= desde && filas.length < pedido.tamano)
      filas.push({ fila, valores: leida.textos, errores: errores ?? {} });
    total += 1;
  }
  return { filas, total, con_errores: conErrores };
}

/** What a run did, or would do: its counts, every refused row, and what the undo needs. */
export interface Plan {
  conteo: Omit<ImportacionConteo, 'rechazos'>;
  rechazos: ImportacionRechazo[];
  /** [id, row] of each record created. */
  creados: [number, number][];
  /** Each record updated, its row and its values before. */
  modificados: { id: number; fila: number; antes: Crudos }[];
}

/** Two payloads are the same record when their values are, whatever their keys' order. */
const mismo = (a: Crudos, b: Crudos): boolean => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => JSON.stringify(a[k] ?? null) === JSON.stringify(b[k] ?? null));
};

/**
 * The row's record id when the area finds rows by it (`existentesPorId`) and the row has one; the Spanish reason
 * when the cell is no id. Rows without one are found by their key.
 */
function idDe(spec: Pick<ImportacionSpec, 'existentesPorId'>, f: FilaLeida): number | string | undefined {
  if (!spec.existentesPorId) return undefined;
  const v = f.crudos[CAMPO_ID];
  if (v === undefined || v === null) return undefined;
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0
    ? v
    : `${campoId.titulo}: debe ser un número entero positivo`;
}

async function buscarPorId(
  tx: Tx,
  spec: Pick<ImportacionSpec, 'existentesPorId'>,
  ids: readonly (number | string | undefined)[],
): Promise<Map<number, Existente>> {
  const validos = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  return spec.existentesPorId && validos.length > 0 ? spec.existentesPorId(tx, validos) : new Map();
}

interface Escritura<V> {
  fila: number;
  valores: V;
  existente?: Existente;
}

/**
 * Steps 5 and 6: the whole file in batches inside the caller's transaction — looked up by key (update mode),
 * validated and written (once a row is refused, each batch is written in a savepoint and rolled back: the caller
 * rolls everything back). A batch the database refuses (a unique index, an unknown client) is written again row
 * by row, each in its savepoint, to name the rows.
 */
export async function ejecutar<V extends Crudos>(
  tx: Tx,
  store: FileStore,
  spec: ImportacionSpec<V>,
  imp: Importacion,
  pedido: { mapeo: ImportacionMapeo; modo: ImportacionModo; solo_validas?: boolean | undefined },
  autor: Autor,
): Promise<Plan> {
  const { mapeo, modo } = pedido;
  const soloValidas = pedido.solo_validas === true;
  const indices = indicesDe(spec, imp.columnas, mapeo);
  const plan: Plan = {
    conteo: { crear: 0, actualizar: 0, sin_cambios: 0, rechazadas: 0 },
    rechazos: [],
    creados: [],
    modificados: [],
  };
  const vistas = new Map<string, number>();
  const normalizar = spec.normalizarClave ?? ((v: string) => v.trim());
  const rechazar = (fila: number, errores: string[]) => {
    plan.rechazos.push({ fila, errores });
    plan.conteo.rechazadas += 1;
  };

  const escribir = async (db: Tx, f: Escritura<V>[]) => {
    const nuevas = f.filter((x) => !x.existente);
    const ids =
      nuevas.length > 0
        ? await spec.crear(
            db,
            nuevas.map((n) => n.valores),
            autor,
          )
        : [];
    for (const c of f) if (c.existente) await spec.actualizar(db, c.existente.id, c.valores);
    for (const [i, id] of ids.entries()) plan.creados.push([id, nuevas[i]!.fila]);
    for (const c of f)
      if (c.existente) plan.modificados.push({ id: c.existente.id, fila: c.fila, antes: c.existente.valores });
  };
  /** Each row in its savepoint, to name the ones the database refuses; rolled back too when `descartar`. */
  const escribirUnaPorUna = async (filas: Escritura<V>[], descartar: boolean) => {
    for (const f of filas) {
      try {
        await tx.transaction(async (sp) => {
          await escribir(sp, [f]);
          if (descartar) throw DESCARTE;
        });
      } catch (err) {
        if (err === DESCARTE) continue;
        const mensaje = err instanceof ApiError ? err.message : conflictOf(err, spec.conflictos)?.mensaje;
        if (mensaje === undefined) throw err;
        // Counted as refused, no longer as created or updated.
        if (f.existente) plan.conteo.actualizar -= 1;
        else plan.conteo.crear -= 1;
        rechazar(f.fila, [mensaje]);
      }
    }
  };

  const procesar = async (tanda: FilaLeida[]) => {
    const claveDe = (f: FilaLeida) => {
      if (spec.claveDe) return spec.claveDe(f.crudos);
      const v = f.crudos[spec.clave];
      return typeof v === 'string' && v.trim() !== '' ? normalizar(v) : null;
    };
    const ids = new Map(tanda.map((f) => [f, modo === 'actualizar' ? idDe(spec, f) : undefined]));
    const porClave = tanda.filter((f) => ids.get(f) === undefined);
    const existentes =
      modo === 'actualizar'
        ? await spec.existentes(tx, [...new Set(porClave.map(claveDe).filter((c): c is string => c !== null))])
        : new Map<string, Existente>();
    const existentesPorId = await buscarPorId(tx, spec, [...ids.values()]);
    const nuevas: Escritura<V>[] = [];
    const cambios: Escritura<V>[] = [];
    for (const leida of tanda) {
      const id = ids.get(leida);
      if (typeof id === 'string') {
        rechazar(leida.fila, [id]);
        continue;
      }
      const dedupeKey = id !== undefined ? `#${id}` : claveDe(leida);
      const previa = dedupeKey === null ? undefined : vistas.get(dedupeKey);
      if (previa !== undefined) {
        rechazar(leida.fila, [
          `${id !== undefined ? campoId.titulo : tituloClave(spec)}: se repite en la fila ${previa}`,
        ]);
        continue;
      }
      if (dedupeKey !== null) vistas.set(dedupeKey, leida.fila);
      const existente =
        id !== undefined ? existentesPorId.get(id) : dedupeKey === null ? undefined : existentes.get(dedupeKey);
      if (id !== undefined && !existente) {
        rechazar(leida.fila, [
          `${campoId.titulo}: no hay un registro con el id ${id} (¿se eliminó?); deje la celda vacía para crearlo de nuevo`,
        ]);
        continue;
      }
      const { valores, errores } = validar(spec, leida, existente);
      if (errores) rechazar(leida.fila, textoDeErrores(spec, errores));
      else if (!existente) nuevas.push({ fila: leida.fila, valores });
      else {
        const antes = spec.sinCambios ? undefined : spec.esquema.safeParse(existente.valores);
        if (spec.sinCambios ? spec.sinCambios(existente, valores) : antes?.success && mismo(antes.data, valores))
          plan.conteo.sin_cambios += 1;
        else cambios.push({ fila: leida.fila, valores, existente });
      }
    }
    plan.conteo.crear += nuevas.length;
    plan.conteo.actualizar += cambios.length;
    // Once a row is refused nothing will be kept (unless only the valid rows are imported), but the batch is still
    // written (and rolled back) so that what the database refuses (an unknown client, a name taken) is named too,
    // in one answer.
    const descartar = !soloValidas && plan.rechazos.length > 0;
    try {
      await tx.transaction(async (sp) => {
        await escribir(sp, [...nuevas, ...cambios]);
        if (descartar) throw DESCARTE;
      });
    } catch (err) {
      if (err === DESCARTE) return;
      if (!(err instanceof ApiError) && !conflictOf(err, spec.conflictos)) throw err;
      await escribirUnaPorUna([...nuevas, ...cambios], descartar);
    }
  };

  let tanda: FilaLeida[] = [];
  for await (const { fila, celdas } of filasDelArchivo(store, imp, spec)) {
    tanda.push(leerFila(indices, celdas, fila));
    if (tanda.length === TANDA) {
      await procesar(tanda);
      tanda = [];
    }
  }
  if (tanda.length > 0) await procesar(tanda);
  plan.rechazos.sort((a, b) => a.fila - b.fila);
  return plan;
}

/** Ids in slices small enough for one `in (…)`. */
export function* enPorciones<T>(ids: readonly T[], tamano = 5000): Generator<T[]> {
  for (let i = 0; i < ids.length; i += tamano) yield ids.slice(i, i + tamano);
}

/**
 * The rows of an import that changed since it (their `actualizado` is no longer the import's instant) or
 * that are gone: their numbers in the file.
 */
export async function filasCambiadas(tx: Tx, spec: ImportacionSpec, imp: Importacion): Promise<number[]> {
  const filaDe = new Map<number, number>([
    ...(imp.creados ?? []),
    ...(imp.modificados ?? []).map((m) => [m.id, m.fila] as [number, number]),
  ]);
  const { tabla, id, actualizado } = spec.tabla;
  const intactos = new Set<number>();
  for (const ids of enPorciones([...filaDe.keys()])) {
    const rows = await tx
      .select({ id: sql<number>`${id}` })
      .from(tabla)
      .where(
        and(
          inArray(id, ids),
          sql`${actualizado} = (select ${importaciones.importado} from ${importaciones} where ${eq(importaciones.id, imp.id)})`,
        ),
      );
    for (const r of rows) intactos.add(Number(r.id));
  }
  return [...filaDe]
    .filter(([i]) => !intactos.has(i))
    .map(([, fila]) => fila)
    .sort((a, b) => a - b);
}
