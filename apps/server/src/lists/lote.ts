import { envelope, errorBody } from '@intranet/contract/envelope';
import { LOTE_EXCEDIDO, LOTE_MAXIMO, loteResultado, type LoteRechazo, type LoteResultado } from '@intranet/contract/lote';
import type { PermissionCode } from '@intranet/contract/permissions';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AreaDeps } from '../core/area.ts';
import { autorDe, type Autor } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import { conflictOf, type Conflictos } from '../db/conflicts.ts';
import { ApiError } from '../plugins/errors.ts';
import type { SessionRecord } from '../core/sessions.ts';
import { sessionOf } from '../plugins/access.ts';
import { sendCsv, type CsvColumn } from './csv.ts';
import { listBatches, type ListQueryBase, type ListSource, type ListSpec } from './list.ts';

/** The rows chosen: by id, or every row the list's filter and search match. */
type Seleccion<Query> = { ids: number[] } | { filtro: Query };

/** A bulk action as the contract's `loteBody` parses it. */
type Pedido<Query> = { seleccion: Seleccion<Query> } & ({ accion: 'eliminar' } | { accion: 'cambiar'; cambio: { campo: string; valor: unknown } });

/** The list a bulk action or export selects from (issue 21): its path, its rows' query and their source. */
interface LoteLista<Query extends ListQueryBase, Row extends { id: number }> {
  /** The list's path: the routes are `POST {ruta}/lote` and `POST {ruta}/lote/export.csv`. */
  ruta: string;
  tags: string[];
  list: ListSpec<Query>;
  /** The rows' source; a list of the caller's own (their notifications, their tokens) keeps itself to the session's person. */
  source: (db: Db, sesion: SessionRecord) => ListSource<Row>;
}

/**
 * The export of a list's selection (issue 21): the list it selects from and its CSV. A list whose rows derive
 * from other records (the sites' expiry grid) takes only this: nothing of its own to delete or set.
 */
export interface LoteExport<Query extends ListQueryBase, Row extends { id: number }> extends LoteLista<Query, Row> {
  /** The code that reads the list. */
  ver: PermissionCode;
  /** The contract's `loteExportBody(...)` of this list. */
  exportBody: z.ZodType<{ seleccion: Seleccion<Query> }>;
  csv: { nombre: string; columnas: readonly CsvColumn<Row>[] };
}

/**
 * The delete and set-field of a list's selection (issue 21): the single-record delete and edit each row goes
 * through, so every row keeps the rules, the audit row and the refusal reasons of doing it by hand. A list
 * with no CSV of its own (the webhooks) takes only this.
 */
interface LoteAcciones<Query extends ListQueryBase, Row extends { id: number }> extends LoteLista<Query, Row> {
  /** The code that edits the list (delete and change); 'session' for a list of the caller's own, whose source keeps it to them. */
  editar: PermissionCode | 'session';
  /** The contract's `loteBody(...)` of this list. */
  body: z.ZodType<Pedido<Query>>;
  /** How a row is named in a refusal ('web-01'). */
  nombre: (row: Row) => string;
  /** The area's single delete, when it allows deleting; it runs in its own transaction with its audit row. */
  eliminar?: (db: Db, id: number, autor: Autor, sesion: SessionRecord) => Promise<unknown>;
  /** The area's single edit with one field changed: reads the record, sets `campo` to `valor`, saves it as its form does. */
  cambiar?: (db: Db, id: number, campo: string, valor: unknown, autor: Autor, sesion: SessionRecord) => Promise<unknown>;
}

/** How an area's list takes every bulk action, declared once beside its queries: delete, set a field, export. */
export interface Lote<Query extends ListQueryBase, Row extends { id: number }> extends LoteExport<Query, Row>, LoteAcciones<Query, Row> {}

/** The list's rows under the selection: the chosen ids that still exist, or every match of the filter, in the list's order. */
async function* filasDe<Query extends ListQueryBase, Row extends { id: number }>(
  lote: LoteLista<Query, Row>,
  db: Db,
  sesion: SessionRecord,
  seleccion: Seleccion<Query>,
): AsyncGenerator<Row[]> {
  if ('filtro' in seleccion) {
    yield* listBatches(lote.list, seleccion.filtro, lote.source(db, sesion));
    return;
  }
  const ids = [...new Set(seleccion.ids)];
  const { search: _search, searchWhere: _searchWhere, filters: _filters, fixedSorts: _fixedSorts, ...orden } = lote.list;
  const porIds: ListSpec<ListQueryBase> = { ...orden, filters: () => [inArray(sql`${lote.list.id}`, ids)] };
  yield* listBatches(porIds, {}, lote.source(db, sesion) as ListSource<Row>);
}

/** The refusal a single delete or edit answered (its ApiError, or a database rule the areas name); anything else is a fault. */
function motivoDe(err: unknown, conflictos: Conflictos): string {
  if (err instanceof ApiError && err.statusCode < 500) return err.message;
  const conflicto = conflictOf(err, conflictos);
  if (conflicto) return conflicto.mensaje;
  throw err;
}

/** Runs `accion` on each selected row, one after the other, each in its own transaction: a refused row leaves the others done. */
async function aplicar<Query extends ListQueryBase, Row extends { id: number }>(
  lote: LoteAcciones<Query, Row>,
  db: Db,
  sesion: SessionRecord,
  seleccion: Seleccion<Query>,
  conflictos: Conflictos,
  accion: (id: number) => Promise<unknown>,
): Promise<LoteResultado> {
  const filas: Row[] = [];
  for await (const batch of filasDe(lote, db, sesion, seleccion)) {
    filas.push(...batch);
    // Refused before any row is touched: acting on the first LOTE_MAXIMO would silently leave the others.
    if (filas.length > LOTE_MAXIMO) throw new ApiError(400, LOTE_EXCEDIDO, { seleccion: [LOTE_EXCEDIDO] });
  }
  const hechos: number[] = [];
  const rechazados: LoteRechazo[] = [];
  for (const fila of filas) {
    try {
      await accion(fila.id);
      hechos.push(fila.id);
    } catch (err) {
      rechazados.push({ id: fila.id, nombre: lote.nombre(fila), motivo: motivoDe(err, conflictos) });
    }
  }
  return { total: filas.length, hechos, rechazados };
}

const denied = { 401: errorBody, 403: errorBody };

/** What the bulk routes need of an area's deps: an area whose routes hold state of their own (the monitor's project cache) registers them itself. */
export type LoteDeps = Pick<AreaDeps, 'db' | 'conflictos'>;

/** `POST {ruta}/lote/export.csv`: the selection's rows in the list's CSV, a read sent by POST (its ids or filter in the body). */
function exportRoute<Query extends ListQueryBase, Row extends { id: number }>(app: Parameters<FastifyPluginAsyncZod<LoteDeps>>[0], db: Db, lote: LoteExport<Query, Row>) {
  app.post(`${lote.ruta}/lote/export.csv`, {
    config: { access: lote.ver },
    schema: {
      tags: lote.tags,
      summary: 'Las filas elegidas (o todas las que coinciden con el filtro), en el CSV de la lista',
      body: lote.exportBody,
      produces: ['text/csv'],
      response: { 400: errorBody, ...denied },
    },
    handler: (request, reply) => {
      sendCsv(reply, { nombre: lote.csv.nombre, columnas: lote.csv.columnas, filas: filasDe(lote, db, sessionOf(request), request.body.seleccion) });
    },
  });
}

/** The export of a list's selection alone, for a list that takes no other bulk action. */
export function loteExportRoutes<Query extends ListQueryBase, Row extends { id: number }>(lote: LoteExport<Query, Row>): FastifyPluginAsyncZod<LoteDeps> {
  return async (app, { db }) => {
    exportRoute(app, db, lote);
  };
}

/** `POST {ruta}/lote`: delete or set a field on the selection's rows, each through the area's single delete or edit. */
function accionRoute<Query extends ListQueryBase, Row extends { id: number }>(
  app: Parameters<FastifyPluginAsyncZod<LoteDeps>>[0],
  db: Db,
  conflictos: Conflictos,
  lote: LoteAcciones<Query, Row>,
) {
  app.post(`${lote.ruta}/lote`, {
    config: { access: lote.editar },
    schema: {
      tags: lote.tags,
      summary: 'Acción en lote: eliminar o cambiar un campo de las filas elegidas o de todas las que coinciden con el filtro',
      description:
        'Una sola solicitud. Cada fila pasa por la misma baja o modificación que a mano (con su auditoría); las que no se pueden se rechazan con su motivo y las demás se hacen.',
      body: lote.body,
      response: { 200: envelope(loteResultado), 400: errorBody, ...denied },
    },
    handler: async (request) => {
      const pedido = request.body;
      const sesion = sessionOf(request);
      const autor = autorDe(sesion);
      let accion: (id: number) => Promise<unknown>;
      if (pedido.accion === 'eliminar') {
        const eliminar = lote.eliminar;
        if (!eliminar) throw new ApiError(400, 'Esta lista no admite eliminar');
        accion = (id) => eliminar(db, id, autor, sesion);
      } else {
        const cambiar = lote.cambiar;
        if (!cambiar) throw new ApiError(400, 'Esta lista no admite cambios en lote');
        const { campo, valor } = pedido.cambio;
        accion = (id) => cambiar(db, id, campo, valor, autor, sesion);
      }
      return { error: null, datos: await aplicar(lote, db, sesion, pedido.seleccion, conflictos, accion) };
    },
  });
}

/** The delete and set-field of a list's selection alone, for a list that has no CSV export. */
export function loteAccionRoutes<Query extends ListQueryBase, Row extends { id: number }>(lote: LoteAcciones<Query, Row>): FastifyPluginAsyncZod<LoteDeps> {
  return async (app, { db, conflictos = {} }) => {
    accionRoute(app, db, conflictos, lote);
  };
}

/** The bulk routes of one list, registered as one more route plugin of the area (its descriptor's `routes`). */
export function loteRoutes<Query extends ListQueryBase, Row extends { id: number }>(lote: Lote<Query, Row>): FastifyPluginAsyncZod<LoteDeps> {
  return async (app, { db, conflictos = {} }) => {
    accionRoute(app, db, conflictos, lote);
    exportRoute(app, db, lote);
  };
}

/**
 * A bulk change through the area's own edit: the record as its detail reads it, `campo` set to `valor`, read
 * through the form's schema (unknown keys dropped) and saved by `modificar`, which checks and audits it.
 */
export function cambioPorEdicion<Input extends z.ZodObject, Leido extends object>(
  input: Input,
  leer: (db: Db, id: number) => Promise<Leido>,
  modificar: (db: Db, id: number, values: z.output<Input>, autor: Autor) => Promise<unknown>,
): (db: Db, id: number, campo: string, valor: unknown, autor: Autor) => Promise<unknown> {
  const formulario = z.object(input.shape);
  return async (db, id, campo, valor, autor) => {
    const leido = formulario.safeParse({ ...(await leer(db, id)), [campo]: valor });
    if (!leido.success) throw new ApiError(400, `El registro tiene datos que el formulario no acepta: ${leido.error.issues[0]?.message ?? ''}`);
    return modificar(db, id, leido.data as z.output<Input>, autor);
  };
}
