import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMPORTACION_DESHACER_HORAS,
  type Codificacion,
  type ImportacionConteo,
  type ImportacionResultado,
  type ImportacionSubida,
} from '@intranet/contract/shared/importacion';
import { stringify } from 'csv-stringify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { importacionInput } from '@intranet/contract/shared/importacion';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { importaciones } from '../../db/schema/importaciones.ts';
import { ApiError } from '../../core/api-error.ts';
import type { FileStore } from '../../storage/store.ts';
import type { Upload } from '../../storage/upload.ts';
import { csvFilename, sinFormula } from '../csv.ts';
import { adivinarMapeo } from './mapeo.ts';
import {
  archivoVencido,
  ejecutar,
  enPorciones,
  filasCambiadas,
  filasDelArchivo,
  RECHAZOS_MOSTRADOS,
  type Importacion,
  type Plan,
} from './motor.ts';
import { convertirArchivo } from './filas.ts';
import { formatoDe, leerEntero } from './archivo.ts';
import { camposDe, tituloClave, type ImportacionSpec } from './spec.ts';

type Pedido = z.output<typeof importacionInput>;

const noExiste = () => new ApiError(404, 'La importación no existe');

/** The import of this user and this kind, or 404. */
export async function importacionDe(
  db: Db,
  spec: ImportacionSpec,
  id: number,
  usuarioId: number,
): Promise<Importacion> {
  const [imp] = await db
    .select()
    .from(importaciones)
    .where(and(eq(importaciones.id, id), eq(importaciones.tipo, spec.tipo), eq(importaciones.usuarioId, usuarioId)));
  if (!imp) throw noExiste();
  return imp;
}

async function inicio(store: FileStore, sha256: string): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const parte of store.read(sha256, { start: 0, end: 3 })) partes.push(parte as Buffer);
  return Buffer.concat(partes);
}

/** The headers made unique, so each column can be named in the mapping ("Notas", "Notas (2)"). */
function unicas(encabezados: string[]): string[] {
  const vistas = new Map<string, number>();
  return encabezados.map((e, i) => {
    const base = e.trim() || `Columna ${i + 1}`;
    const n = (vistas.get(base) ?? 0) + 1;
    vistas.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** The header and the row count of an area's own file (certificates), read by the area. */
async function leerPropio(
  store: FileStore,
  spec: ImportacionSpec,
  sha256: string,
): Promise<{ columnas?: string[]; filas: number }> {
  let columnas: string[] | undefined;
  let filas = 0;
  try {
    for await (const fila of await spec.leerArchivo!(await leerEntero(store.read(sha256)))) {
      if (columnas) filas += 1;
      else columnas = unicas(fila);
    }
  } catch {
    throw new ApiError(400, 'No se pudo leer el archivo (un .zip, .crt o .pem)');
  }
  return { columnas, filas };
}

/**
 * Step 1: the file stored and read once, in a worker thread (its rows stored as JSON lines, its encoding
 * recognised), the mapping guessed from its headers.
 */
export async function subir(
  db: Db,
  store: FileStore,
  spec: ImportacionSpec,
  upload: Upload,
  nombre: string,
  usuarioId: number,
): Promise<ImportacionSubida> {
  const formato = spec.leerArchivo ? 'certificados' : formatoDe(nombre, await inicio(store, upload.sha256));
  let leido: { columnas?: string[]; filas: number; codificacion: Codificacion | null; filasSha256: string | null };
  if (formato === 'certificados')
    leido = { ...(await leerPropio(store, spec, upload.sha256)), codificacion: null, filasSha256: null };
  else {
    const convertida = await convertirArchivo(store, upload, formato, null);
    leido = { ...convertida, columnas: convertida.columnas.length > 0 ? unicas(convertida.columnas) : undefined };
  }
  const { columnas, filas, codificacion, filasSha256 } = leido;
  if (!columnas || filas === 0) throw new ApiError(400, 'El archivo no tiene filas de datos debajo de los encabezados');
  const mapeo = adivinarMapeo(spec.campos, columnas);
  const [imp] = await db
    .insert(importaciones)
    .values({
      tipo: spec.tipo,
      usuarioId,
      archivoSha256: upload.sha256,
      archivoNombre: nombre,
      archivoTamano: upload.tamano,
      formato,
      columnas,
      filas,
      mapeo,
      codificacion,
      filasSha256,
    })
    .returning({ id: importaciones.id });
  return {
    id: imp!.id,
    archivo: nombre,
    codificacion,
    columnas,
    filas,
    campos: camposDe(spec),
    mapeo,
    clave: spec.clave,
    clave_titulo: tituloClave(spec),
  };
}

/** A CSV read again in the encoding the user picked: its headers, rows and guessed mapping anew. */
export async function recodificar(
  db: Db,
  store: FileStore,
  spec: ImportacionSpec,
  imp: Importacion,
  codificacion: Codificacion,
): Promise<ImportacionSubida> {
  if (imp.formato !== 'csv')
    throw new ApiError(400, 'Solo un archivo CSV se lee en otra codificación', {
      codificacion: ['Solo un archivo CSV se lee en otra codificación'],
    });
  if (imp.estado !== 'subida')
    throw new ApiError(409, 'Esta importación ya se hizo; suba el archivo otra vez para importarlo de nuevo');
  if (imp.archivoTamano === null || !(await store.exists(imp.archivoSha256))) throw archivoVencido();
  const convertida = await convertirArchivo(
    store,
    { sha256: imp.archivoSha256, tamano: imp.archivoTamano },
    'csv',
    codificacion,
  );
  const columnas = unicas(convertida.columnas);
  if (columnas.length === 0 || convertida.filas === 0)
    throw new ApiError(400, 'El archivo no tiene filas de datos debajo de los encabezados');
  const mapeo = adivinarMapeo(spec.campos, columnas);
  await db
    .update(importaciones)
    .set({
      columnas,
      filas: convertida.filas,
      mapeo,
      codificacion,
      filasSha256: convertida.filasSha256,
      resultado: null,
    })
    .where(eq(importaciones.id, imp.id));
  return {
    id: imp.id,
    archivo: imp.archivoNombre,
    codificacion,
    columnas,
    filas: convertida.filas,
    campos: camposDe(spec),
    mapeo,
    clave: spec.clave,
    clave_titulo: tituloClave(spec),
  };
}

/** A mapping names only the file's columns and the area's fields. */
function revisarMapeo(spec: ImportacionSpec, imp: Importacion, mapeo: Pedido['mapeo']): void {
  const campos = new Set(spec.campos.map((c) => c.campo));
  const errores: Record<string, string[]> = {};
  for (const [campo, columna] of Object.entries(mapeo)) {
    if (!campos.has(campo)) errores[campo] = ['No es un campo de esta importación'];
    else if (columna !== null && !imp.columnas.includes(columna))
      errores[campo] = [`El archivo no tiene la columna «${columna}»`];
  }
  if (Object.keys(errores).length > 0)
    throw new ApiError(400, 'La asignación de columnas no corresponde al archivo', errores);
  if (!Object.values(mapeo).some((c) => c !== null)) throw new ApiError(400, 'Asigne al menos una columna a un campo');
}

const conteoDe = (plan: Plan): ImportacionConteo => ({
  ...plan.conteo,
  rechazos: plan.rechazos.slice(0, RECHAZOS_MOSTRADOS),
});

/** Rolls the dry run back once it has counted. */
class Ensayo extends Error {
  constructor(readonly plan: Plan) {
    super('ensayo');
  }
}

async function guardarResultado(db: Db, imp: Importacion, pedido: Pedido, plan: Plan): Promise<void> {
  await db
    .update(importaciones)
    .set({ mapeo: pedido.mapeo, modo: pedido.modo, resultado: { conteo: plan.conteo, rechazos: plan.rechazos } })
    .where(eq(importaciones.id, imp.id));
}

/**
 * Step 5: the import run for real in a transaction that is rolled back: exact counts, the database's refusals included.
 */
export async function ensayar(
  db: Db,
  store: FileStore,
  spec: ImportacionSpec,
  imp: Importacion,
  pedido: Pedido,
  autor: Autor,
): Promise<ImportacionConteo> {
  revisarMapeo(spec, imp, pedido.mapeo);
  if (imp.estado !== 'subida')
    throw new ApiError(409, 'Esta importación ya se hizo; suba el archivo otra vez para importarlo de nuevo');
  let plan: Plan | undefined;
  try {
    await db.transaction(async (tx) => {
      throw new Ensayo(await ejecutar(tx, store, spec, imp, pedido, autor));
    });
  } catch (err) {
    if (!(err instanceof Ensayo)) throw err;
    plan = err.plan;
  }
  await guardarResultado(db, imp, pedido, plan!);
  return conteoDe(plan!);
}

const deshacerHasta = (imp: { importado: Date | null }) =>
  imp.importado ? new Date(imp.importado.getTime() + IMPORTACION_DESHACER_HORAS * 3_600_000) : null;

const resultadoDe = (imp: Importacion, conteo: ImportacionConteo): ImportacionResultado => ({
  ...conteo,
  id: imp.id,
  estado: imp.estado,
  deshacer_hasta: imp.estado === 'importada' ? (deshacerHasta(imp)?.toISOString() ?? null) : null,
});

/** The refused rows as the answer's field errors: «Fila 3» -> its reasons. */
const camposDeRechazos = (plan: Plan) =>
  Object.fromEntries(plan.rechazos.slice(0, RECHAZOS_MOSTRADOS).map((r) => [`fila ${r.fila}`, r.errores]));

/**
 * Step 6: the whole file in one transaction, all or nothing. A refused row rolls everything back and the answer
 * (400) names every refused row and why; else one history entry names the rows created and updated. With
 * `solo_validas` the valid rows are imported and the refused ones left out (named in the result and its CSV).
 */
export async function importar(
  db: Db,
  store: FileStore,
  spec: ImportacionSpec,
  imp: Importacion,
  pedido: Pedido,
  autor: Autor,
): Promise<ImportacionResultado> {
  revisarMapeo(spec, imp, pedido.mapeo);
  if (imp.estado !== 'subida')
    throw new ApiError(409, 'Esta importación ya se hizo; suba el archivo otra vez para importarlo de nuevo');
  let rechazado: Plan | undefined;
  try {
    const hecha = await db.transaction(async (tx) => {
      const [bloqueada] = await tx
        .select({ estado: importaciones.estado })
        .from(importaciones)
        .where(eq(importaciones.id, imp.id))
        .for('update');
      if (bloqueada?.estado !== 'subida')
        throw new ApiError(409, 'Esta importación ya se hizo; suba el archivo otra vez para importarlo de nuevo');
      const plan = await ejecutar(tx, store, spec, imp, pedido, autor);
      // All or nothing, unless the user chose to leave the refused rows out; with no valid row there is nothing
      // to import.
      const importadas = plan.creados.length + plan.modificados.length;
      if (plan.rechazos.length > 0 && (!pedido.solo_validas || importadas === 0)) throw new Ensayo(plan);
      const [fila] = await tx
        .update(importaciones)
        .set({
          mapeo: pedido.mapeo,
          modo: pedido.modo,
          estado: 'importada',
          // The refused rows stay, for their CSV.
          resultado: { conteo: plan.conteo, rechazos: plan.rechazos },
          creados: plan.creados,
          modificados: plan.modificados,
          importado: sql`now()`,
        })
        .where(eq(importaciones.id, imp.id))
        .returning();
      await writeAudit(tx, {
        autor,
        accion: 'importar',
        entidad: spec.entidad,
        entidadId: null,
        despues: {
          importacion: imp.id,
          tipo: spec.tipo,
          archivo: imp.archivoNombre,
          modo: pedido.modo,
          creados: plan.creados.map(([id]) => id),
          modificados: plan.modificados.map((m) => m.id),
          ...(plan.rechazos.length > 0 ? { rechazadas: plan.rechazos.length } : {}),
        },
      });
      return resultadoDe(fila!, conteoDe(plan));
    });
    return hecha;
  } catch (err) {
    if (!(err instanceof Ensayo)) throw err;
    rechazado = err.plan;
  }
  await guardarResultado(db, imp, pedido, rechazado);
  const n = rechazado.rechazos.length;
  throw new ApiError(
    400,
    `No se importó nada: ${n === 1 ? 'una fila tiene errores' : `${n} filas tienen errores`}`,
    camposDeRechazos(rechazado),
  );
}

/** «3, 7 y 12», or the first twenty and how many more. */
function nombrarFilas(filas: number[]): string {
  const primeras = filas.slice(0, 20).map(String);
  if (filas.length > 20) return `${primeras.join(', ')} y ${filas.length - 20} más`;
  return primeras.length === 1 ? primeras[0]! : `${primeras.slice(0, -1).join(', ')} y ${primeras.at(-1)}`;
}

/**
 * "Deshacer": within 24 h, and only while none of its rows changed since (their `actualizado` is still the
 * import's instant): the records it created are deleted and those it updated get their values back, in one
 * transaction, with one history entry. Else 409 naming the rows.
 */
export async function deshacer(
  db: Db,
  spec: ImportacionSpec,
  id: number,
  usuarioId: number,
  autor: Autor,
): Promise<ImportacionResultado> {
  return db.transaction(async (tx) => {
    const [imp] = await tx
      .select()
      .from(importaciones)
      .where(and(eq(importaciones.id, id), eq(importaciones.tipo, spec.tipo), eq(importaciones.usuarioId, usuarioId)))
      .for('update');
    if (!imp) throw noExiste();
    if (imp.estado === 'deshecha') throw new ApiError(409, 'Esta importación ya se deshizo');
    if (imp.estado !== 'importada') throw new ApiError(409, 'Esta importación todavía no se hizo');
    if ((deshacerHasta(imp)?.getTime() ?? 0) < Date.now())
      throw new ApiError(
        409,
        `Pasaron más de ${IMPORTACION_DESHACER_HORAS} h desde la importación; ya no se puede deshacer`,
      );
    const cambiadas = await filasCambiadas(tx, spec, imp);
    if (cambiadas.length > 0) {
      const filas =
        cambiadas.length === 1
          ? `la fila ${cambiadas[0]} del archivo se modificó o eliminó`
          : `las filas ${nombrarFilas(cambiadas)} del archivo se modificaron o eliminaron`;
      throw new ApiError(409, `No se puede deshacer: ${filas} después de importarse`);
    }
    const creados = (imp.creados ?? []).map(([i]) => i);
    for (const ids of enPorciones(creados)) {
      if (spec.borrar) await spec.borrar(tx, ids);
      else await tx.delete(spec.tabla.tabla).where(inArray(spec.tabla.id, ids));
    }
    for (const m of imp.modificados ?? []) await spec.actualizar(tx, m.id, spec.esquema.parse(m.antes));
    const [fila] = await tx
      .update(importaciones)
      .set({ estado: 'deshecha', deshecho: sql`now()` })
      .where(eq(importaciones.id, id))
      .returning();
    await writeAudit(tx, {
      autor,
      accion: 'deshacer importación',
      entidad: spec.entidad,
      entidadId: null,
      antes: {
        importacion: id,
        tipo: spec.tipo,
        archivo: imp.archivoNombre,
        creados,
        modificados: (imp.modificados ?? []).map((m) => m.id),
      },
    });
    const conteo = imp.resultado?.conteo ?? {};
    return resultadoDe(fila!, {
      crear: conteo.crear ?? 0,
      actualizar: conteo.actualizar ?? 0,
      sin_cambios: conteo.sin_cambios ?? 0,
      rechazadas: 0,
      rechazos: [],
    });
  });
}

/** A CSV answer: UTF-8 with a BOM, a header, text guarded against formulas (as the exports write). */
function enviarCsv(
  reply: FastifyReply,
  nombre: string,
  columnas: string[],
  filas: AsyncIterable<string[]> | Iterable<string[]>,
): void {
  const csv = stringify({ bom: true, header: true, columns: columnas, cast: { string: sinFormula } });
  pipeline(Readable.from(filas), csv).catch((err: unknown) =>
    reply.log.error({ err }, 'CSV de importación interrumpido'),
  );
  void reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFilename(nombre)}"`)
    .send(csv);
}

/** The refused rows of the last dry run or import, as the file had them, with an `error` column. */
export function enviarRechazadas(reply: FastifyReply, store: FileStore, spec: ImportacionSpec, imp: Importacion): void {
  const porFila = new Map((imp.resultado?.rechazos ?? []).map((r) => [r.fila, r.errores.join('; ')]));
  if (porFila.size === 0) throw new ApiError(404, 'Esta importación no tiene filas rechazadas; haga primero el ensayo');
  async function* filas() {
    for await (const { fila, celdas } of filasDelArchivo(store, imp, spec)) {
      const error = porFila.get(fila);
      if (error !== undefined) yield [...imp.columnas.map((_, i) => celdas[i] ?? ''), error];
    }
  }
  enviarCsv(reply, `${spec.nombre}-rechazadas`, [...imp.columnas, 'error'], filas());
}

/** The template: the export's headers and one example row. */
export function enviarPlantilla(reply: FastifyReply, spec: ImportacionSpec): void {
  enviarCsv(
    reply,
    `${spec.nombre}-plantilla`,
    spec.campos.map((c) => c.titulo),
    [spec.campos.map((c) => c.ejemplo ?? '')],
  );
}
