import { randomUUID } from 'node:crypto';
import {
  LOTE_LATIDO_VENCIDO_MS,
  type LoteDetalle,
  type LoteEstado,
  type LoteRechazo,
  type LoteResumen,
} from '@intranet/contract/shared/lote';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Autor } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { wireColumns } from '../db/wire.ts';
import { conflictOf, type Conflictos } from '../db/conflicts.ts';
import { loteFilas, lotes } from '../db/schema.ts';
import { ApiError } from '../core/api-error.ts';

// The record of every bulk action: the batch and its selected rows are written before the first row
// is touched; each row's change and its mark commit in one transaction. A process that dies mid-way leaves the
// batch 'en_curso' with a heartbeat that stops: readers show it as interrumpido, and "Continuar" applies only
// what is still pending.

/** This process's boot id: whose heartbeat a batch carries, so a continuing process takes it over visibly. */
const PROCESO = randomUUID();

/**
 * How often a working process proves it is alive: well inside the window after which its batch reads as interrumpido.
 */
const LATIDO_MS = 5_000;

const VENCIDO = sql.raw(`interval '${LOTE_LATIDO_VENCIDO_MS / 1000} seconds'`);

/** The state as readers see it: a batch 'en_curso' whose process stopped beating was interrupted. */
const estadoVisto = sql<LoteEstado>`case when ${lotes.estado} = 'en_curso' and ${lotes.actualizado} < now() - ${VENCIDO} then 'interrumpido' else ${lotes.estado} end`;

export type LoteAccion = 'eliminar' | 'cambiar' | 'deshacer';

/** A row as a batch records it when selected; an undo row carries the value it puts back, or is refused at once. */
export interface FilaRegistrada {
  id: number;
  nombre: string;
  valor?: unknown;
  motivo?: string;
}

export interface NuevoLote {
  ruta: string;
  autor: Autor;
  accion: LoteAccion;
  cambio: { campo: string; valor: unknown } | null;
  seleccion: unknown;
  deshaceA?: number;
}

/** A row being applied: its id, name and (an undo's) value. */
export interface FilaPendiente {
  id: number;
  nombre: string;
  valor: unknown;
}

/**
 * Writes the batch and every selected row, pending, in one transaction, before any row is touched; an undo also claims
 * the batch it undoes.
 */
export async function registrar(db: Db, nuevo: NuevoLote, filas: readonly FilaRegistrada[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [lote] = await tx
      .insert(lotes)
      .values({
        ruta: nuevo.ruta,
        usuarioId: nuevo.autor.id,
        usuarioNombre: nuevo.autor.nombre,
        accion: nuevo.accion,
        cambio: nuevo.cambio,
        seleccion: nuevo.seleccion,
        proceso: PROCESO,
        deshaceA: nuevo.deshaceA ?? null,
      })
      .returning({ id: lotes.id });
    const loteId = lote!.id;
    if (nuevo.deshaceA !== undefined) {
      // Claimed in the same transaction as the undo is recorded: two simultaneous undos cannot both put rows back.
      const claimed = await tx
        .update(lotes)
        .set({ deshechoPor: loteId })
        .where(and(eq(lotes.id, nuevo.deshaceA), isNull(lotes.deshechoPor)))
        .returning({ id: lotes.id });
      if (claimed.length === 0) throw new ApiError(409, 'Esta acción masiva ya se deshizo');
    }
    for (let i = 0; i < filas.length; i += 1_000) {
      await tx.insert(loteFilas).values(
        filas.slice(i, i + 1_000).map((f, j) => ({
          loteId,
          filaId: f.id,
          orden: i + j,
          nombre: f.nombre,
          valor: f.valor ?? null,
          ...(f.motivo === undefined
            ? {}
            : { estado: 'rechazado' as const, motivo: f.motivo, actualizado: sql`now()` }),
        })),
      );
    }
    return loteId;
  });
}

/**
 * The refusal a single delete or edit answered (its ApiError, or a database rule the areas name); anything else is
 * a fault.
 */
export function motivoDe(err: unknown, conflictos: Conflictos): string {
  if (err instanceof ApiError && err.statusCode < 500) return err.message;
  const conflicto = conflictOf(err, conflictos);
  if (conflicto) return conflicto.mensaje;
  throw err;
}

/** What one run over a batch's pending rows did. */
export interface Corrida {
  hechos: number[];
  rechazados: LoteRechazo[];
}

/**
 * Applies the batch's pending rows in the list's order, each in one transaction with its mark: the row is
 * locked as pending first (another process continuing the same batch skips it), the area's single action runs
 * inside that transaction (its own transaction becomes a savepoint), then the row is marked done with the audit
 * row its change wrote, or refused with the reason. A crash at any point rolls back both the change and its mark.
 * A fault (not a refusal) stops the batch as interrumpido and is thrown, as the single action would.
 */
export async function ejecutar(
  db: Db,
  loteId: number,
  campo: string | null,
  conflictos: Conflictos,
  accion: (tx: Db, fila: FilaPendiente) => Promise<unknown>,
): Promise<Corrida> {
  const latido = setInterval(() => {
    db.update(lotes)
      .set({ actualizado: sql`now()` })
      .where(and(eq(lotes.id, loteId), eq(lotes.proceso, PROCESO), eq(lotes.estado, 'en_curso')))
      .catch(() => undefined);
  }, LATIDO_MS);
  latido.unref();
  const corrida: Corrida = { hechos: [], rechazados: [] };
  try {
    const pendientes = await db
      .select({ id: loteFilas.filaId })
      .from(loteFilas)
      .where(and(eq(loteFilas.loteId, loteId), eq(loteFilas.estado, 'pendiente')))
      .orderBy(asc(loteFilas.orden));
    for (const { id } of pendientes) {
      await db.transaction(async (tx) => {
        const [fila] = await tx
          .select({ nombre: loteFilas.nombre, valor: loteFilas.valor })
          .from(loteFilas)
          .where(and(eq(loteFilas.loteId, loteId), eq(loteFilas.filaId, id), eq(loteFilas.estado, 'pendiente')))
          .for('update');
        if (!fila) return;
        const txDb = tx as unknown as Db;
        await tx.execute(sql`savepoint lote_fila`);
        let motivo: string | null = null;
        try {
          await accion(txDb, { id, nombre: fila.nombre, valor: fila.valor });
          await tx.execute(sql`release savepoint lote_fila`);
        } catch (err) {
          motivo = motivoDe(err, conflictos);
          // A refusal keeps what the single action committed before refusing (a person deactivated instead of
          // deleted, as one by one); a failed statement left the transaction aborted: then nothing of the row stays.
          await tx
            .execute(sql`release savepoint lote_fila`)
            .catch(() => tx.execute(sql`rollback to savepoint lote_fila`));
        }
        // The audit row this transaction wrote for the row (its `fecha` is the transaction's now()): an undo reads
        // its `antes`.
        const orden =
          campo === null ? sql`id desc` : sql`jsonb_exists(coalesce(antes, '{}'::jsonb), ${campo}) desc, id desc`;
        const auditoria = motivo
          ? []
          : ((
              await tx.execute(
                sql`select id from auditoria where entidad_id = ${String(id)} and fecha = now() order by ${orden} limit 1`,
              )
            ).rows as { id: number }[]);
        await tx
          .update(loteFilas)
          .set({
            estado: motivo ? 'rechazado' : 'hecho',
            motivo,
            auditoriaId: auditoria[0]?.id ?? null,
            actualizado: sql`now()`,
          })
          .where(and(eq(loteFilas.loteId, loteId), eq(loteFilas.filaId, id)));
        if (motivo) corrida.rechazados.push({ id, nombre: fila.nombre, motivo });
        else corrida.hechos.push(id);
      });
    }
    await db
      .update(lotes)
      .set({ estado: 'terminado', terminado: sql`now()`, actualizado: sql`now()` })
      .where(and(eq(lotes.id, loteId), eq(lotes.proceso, PROCESO)));
    return corrida;
  } catch (err) {
    await db
      .update(lotes)
      .set({ estado: 'interrumpido', actualizado: sql`now()` })
      .where(and(eq(lotes.id, loteId), eq(lotes.proceso, PROCESO), eq(lotes.estado, 'en_curso')))
      .catch(() => undefined);
    throw err;
  } finally {
    clearInterval(latido);
  }
}

/**
 * Takes over an interrupted batch for this process: one conditional update, so of two processes continuing it
 * only one gets it (the other finds a fresh heartbeat). False when it is not interrupted (running, done or undone).
 */
export async function tomar(db: Db, loteId: number): Promise<boolean> {
  const tomado = await db
    .update(lotes)
    .set({ estado: 'en_curso', proceso: PROCESO, actualizado: sql`now()` })
    .where(
      and(
        eq(lotes.id, loteId),
        isNull(lotes.deshechoPor),
        sql`(${lotes.estado} = 'interrumpido' or (${lotes.estado} = 'en_curso' and ${lotes.actualizado} < now() - ${VENCIDO}))`,
      ),
    )
    .returning({ id: lotes.id });
  return tomado.length > 0;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

const resumenCols = {
  ...wireColumns(lotes, [
    'id',
    'ruta',
    'usuario_id',
    'usuario_nombre',
    'accion',
    'cambio',
    'creado',
    'actualizado',
    'terminado',
    'deshace_a',
    'deshecho_por',
    'seleccion',
  ]),
  estado: estadoVisto,
  total: sql<number>`(select count(*)::int from ${loteFilas} f where f.lote_id = ${lotes.id})`,
  hechos: sql<number>`(select count(*)::int from ${loteFilas} f where f.lote_id = ${lotes.id} and f.estado = 'hecho')`,
  rechazados: sql<number>`(select count(*)::int from ${loteFilas} f where f.lote_id = ${lotes.id} and f.estado = 'rechazado')`,
};

/** A batch as `resumenCols` reads it. */
const consultaResumen = (db: Db) => db.select(resumenCols).from(lotes).$dynamic();
type ResumenFila = Awaited<ReturnType<typeof consultaResumen>>[number];

function resumenDe(f: ResumenFila): LoteResumen & { seleccion: unknown } {
  return {
    ...f,
    cambio: f.cambio ?? null,
    creado: iso(f.creado)!,
    actualizado: iso(f.actualizado)!,
    terminado: iso(f.terminado),
    total: Number(f.total),
    hechos: Number(f.hechos),
    rechazados: Number(f.rechazados),
    pendientes: Number(f.total) - Number(f.hechos) - Number(f.rechazados),
  };
}

/** A list's batches, newest first; `usuarioId` keeps a list of the caller's own to their batches. */
export async function lotesDe(db: Db, ruta: string, limite: number, usuarioId?: number): Promise<LoteResumen[]> {
  const donde: SQL[] = [eq(lotes.ruta, ruta)];
  if (usuarioId !== undefined) donde.push(eq(lotes.usuarioId, usuarioId));
  const filas = await consultaResumen(db)
    .where(and(...donde))
    .orderBy(desc(lotes.id))
    .limit(limite);
  return filas.map((f) => {
    const { seleccion: _seleccion, ...resumen } = resumenDe(f);
    return resumen;
  });
}

/** One batch of the list with every row it selected, in the list's order; undefined when the list has no such batch. */
export async function loteDe(db: Db, ruta: string, id: number): Promise<LoteDetalle | undefined> {
  const [fila] = await consultaResumen(db).where(and(eq(lotes.ruta, ruta), eq(lotes.id, id)));
  if (!fila) return undefined;
  const filas = await db
    .select({ id: loteFilas.filaId, nombre: loteFilas.nombre, estado: loteFilas.estado, motivo: loteFilas.motivo })
    .from(loteFilas)
    .where(eq(loteFilas.loteId, id))
    .orderBy(asc(loteFilas.orden));
  return { ...resumenDe(fila), filas };
}

/** The rows a batch changed, with the `antes` of the audit row each change wrote: what an undo puts back. */
export async function cambiosDe(
  db: Db,
  loteId: number,
): Promise<{ id: number; nombre: string; auditoriaId: number | null; antes: unknown }[]> {
  const filas = await db.execute(
    sql`select f.fila_id as id, f.nombre, f.auditoria_id as "auditoriaId", a.antes
        from lote_filas f left join auditoria a on a.id = f.auditoria_id
        where f.lote_id = ${loteId} and f.estado = 'hecho' order by f.orden`,
  );
  return filas.rows as { id: number; nombre: string; auditoriaId: number | null; antes: unknown }[];
}

/** Whether the row changed after the batch's change of it: an audit row of the same record written later. */
export async function cambiadoDespues(db: Db, loteId: number, filaId: number): Promise<boolean> {
  const res = await db.execute(
    sql`select 1 from lote_filas f join auditoria a on a.id = f.auditoria_id
        join auditoria b on b.entidad = a.entidad and b.entidad_id = a.entidad_id and b.id > a.id
        where f.lote_id = ${loteId} and f.fila_id = ${filaId} limit 1`,
  );
  return res.rows.length > 0;
}
