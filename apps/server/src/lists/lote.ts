import { LOTE_BORRADO_NO_SE_DESHACE, LOTE_EXCEDIDO, LOTE_MAXIMO, loteEndpoints } from '@intranet/contract/shared/lote';
import type { PermissionCode } from '@intranet/contract/registry';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AreaDeps } from '../area.ts';
import { route } from '../core/endpoint.ts';
import { autorDe, type Autor } from '../db/audit.ts';
import type { Db } from '../db/client.ts';
import type { Conflictos } from '../db/conflicts.ts';
import { ApiError } from '../core/api-error.ts';
import type { SessionRecord } from '../core/sessions.ts';
import { sessionOf } from '../plugins/access.ts';
import { sendCsv, type CsvColumn } from './csv.ts';
import {
  cambiadoDespues,
  cambiosDe,
  ejecutar,
  loteDe,
  lotesDe,
  registrar,
  tomar,
  type FilaPendiente,
  type LoteAccion,
} from './lotes-registro.ts';
import { listBatches, type ListQueryBase, type ListSource, type ListSpec } from './list.ts';

/** The rows chosen: by id, or every row the list's filter and search match. */
type Seleccion<Query> = { ids: number[] } | { filtro: Query };

/** A bulk action as the contract's `loteBody` parses it. */
type Pedido<Query> = { seleccion: Seleccion<Query> } & (
  | { accion: 'eliminar' }
  | { accion: 'cambiar'; cambio: { campo: string; valor: unknown } }
);

/** The list a bulk action or export selects from: its path, its rows' query and their source. */
interface LoteLista<Query extends ListQueryBase, Row extends { id: number }> {
  /** The list's path: the routes are `POST {ruta}/lote` and `POST {ruta}/lote/export.csv`. */
  ruta: string;
  tags: string[];
  list: ListSpec<Query>;
  /**
   * The rows' source; a list of the caller's own (their notifications, their tokens) keeps itself to the
   * session's person.
   */
  source: (db: Db, sesion: SessionRecord) => ListSource<Row>;
}

/**
 * The export of a list's selection: the list it selects from and its CSV. A list whose rows derive
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
 * The delete and set-field of a list's selection: the single-record delete and edit each row goes
 * through, so every row keeps the rules, the audit row and the refusal reasons of doing it by hand. A list
 * with no CSV of its own (the webhooks) takes only this.
 */
interface LoteAcciones<Query extends ListQueryBase, Row extends { id: number }> extends LoteLista<Query, Row> {
  /**
   * The code that edits the list (delete and change); 'session' for a list of the caller's own, whose source keeps it
   * to them.
   */
  editar: PermissionCode | 'session';
  /** The contract's `loteBody(...)` of this list. */
  body: z.ZodType<Pedido<Query>>;
  /** How a row is named in a refusal ('web-01'). */
  nombre: (row: Row) => string;
  /** The area's single delete, when it allows deleting; it runs in its own transaction with its audit row. */
  eliminar?: (db: Db, id: number, autor: Autor, sesion: SessionRecord) => Promise<unknown>;
  /**
   * The area's single edit with one field changed: reads the record, sets `campo` to `valor`, saves it as its
   * form does.
   */
  cambiar?: (
    db: Db,
    id: number,
    campo: string,
    valor: unknown,
    autor: Autor,
    sesion: SessionRecord,
  ) => Promise<unknown>;
}

/** How an area's list takes every bulk action, declared once beside its queries: delete, set a field, export. */
export interface Lote<Query extends ListQueryBase, Row extends { id: number }>
  extends LoteExport<Query, Row>,
    LoteAcciones<Query, Row> {}

/**
 * The list's rows under the selection: the chosen ids that still exist, or every match of the filter, in the
 * list's order.
 */
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
  const {
    search: _search,
    searchLowercase: _searchLowercase,
    searchWhere: _searchWhere,
    filters: _filters,
    scope: _scope,
    fixedSorts: _fixedSorts,
    ...orden
  } = lote.list;
  const porIds: ListSpec<ListQueryBase> = { ...orden, filters: () => [inArray(sql`${lote.list.id}`, ids)] };
  yield* listBatches(porIds, {}, lote.source(db, sesion) as ListSource<Row>);
}

/** The selection's rows, all read before anything is recorded or touched: beyond LOTE_MAXIMO nothing is done. */
async function filasElegidas<Query extends ListQueryBase, Row extends { id: number }>(
  lote: LoteAcciones<Query, Row>,
  db: Db,
  sesion: SessionRecord,
  seleccion: Seleccion<Query>,
): Promise<Row[]> {
  const filas: Row[] = [];
  for await (const batch of filasDe(lote, db, sesion, seleccion)) {
    filas.push(...batch);
    // Refused before any row is touched: acting on the first LOTE_MAXIMO would silently leave the others.
    if (filas.length > LOTE_MAXIMO) throw new ApiError(400, LOTE_EXCEDIDO, { seleccion: [LOTE_EXCEDIDO] });
  }
  return filas;
}

/**
 * What the bulk routes need of an area's deps: an area whose routes hold state of their own (the monitor's project
 * cache) registers them itself.
 */
export type LoteDeps = Pick<AreaDeps, 'db' | 'conflictos'>;

/**
 * `POST {ruta}/lote/export.csv`: the selection's rows in the list's CSV, a read sent by POST (its ids or filter in
 * the body).
 */
function exportRoute<Query extends ListQueryBase, Row extends { id: number }>(
  app: Parameters<FastifyPluginAsyncZod<LoteDeps>>[0],
  db: Db,
  lote: LoteExport<Query, Row>,
) {
  route(app, loteEndpoints(lote.ruta, { body: z.never(), exportBody: lote.exportBody }).exportar, {
    config: { access: lote.ver },
    tags: lote.tags,
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: lote.csv.nombre,
        columnas: lote.csv.columnas,
        filas: filasDe(lote, db, sessionOf(request), request.body.seleccion),
      });
      return reply;
    },
  });
}

/** The export of a list's selection alone, for a list that takes no other bulk action. */
export function loteExportRoutes<Query extends ListQueryBase, Row extends { id: number }>(
  lote: LoteExport<Query, Row>,
): FastifyPluginAsyncZod<LoteDeps> {
  return async (app, { db }) => {
    exportRoute(app, db, lote);
  };
}

/** A row action of a recorded batch, run inside the row's transaction (`tx`). */
type AccionFila = (tx: Db, fila: FilaPendiente) => Promise<unknown>;

/**
 * What the area does to one row for a batch's action: its single delete, its single edit, or (an undo) its edit back to
 * the row's former value.
 */
function accionDe<Query extends ListQueryBase, Row extends { id: number }>(
  lote: LoteAcciones<Query, Row>,
  sesion: SessionRecord,
  accion: LoteAccion,
  cambio: { campo: string; valor: unknown } | null,
  deshaceA: number | null,
): AccionFila {
  const autor = autorDe(sesion);
  if (accion === 'eliminar') {
    const eliminar = lote.eliminar;
    if (!eliminar) throw new ApiError(400, 'Esta lista no admite eliminar');
    return (tx, fila) => eliminar(tx, fila.id, autor, sesion);
  }
  const cambiar = lote.cambiar;
  if (!cambiar || !cambio) throw new ApiError(400, 'Esta lista no admite cambios en lote');
  if (accion === 'cambiar') return (tx, fila) => cambiar(tx, fila.id, cambio.campo, cambio.valor, autor, sesion);
  return async (tx, fila) => {
    // Honest undo: a row changed again since the batch keeps its newer value, and says so.
    if (deshaceA !== null && (await cambiadoDespues(tx, deshaceA, fila.id)))
      throw new ApiError(409, 'Cambió después de la acción masiva: no se deshace');
    return cambiar(tx, fila.id, cambio.campo, fila.valor, autor, sesion);
  };
}

/**
 * `POST {ruta}/lote`: delete or set a field on the selection's rows, each through the area's single delete or edit, as
 * a recorded batch.
 */
function accionRoute<Query extends ListQueryBase, Row extends { id: number }>(
  app: Parameters<FastifyPluginAsyncZod<LoteDeps>>[0],
  db: Db,
  conflictos: Conflictos,
  lote: LoteAcciones<Query, Row>,
) {
  route(app, loteEndpoints(lote.ruta, { body: lote.body, exportBody: z.never() }).accion, {
    config: { access: lote.editar },
    tags: lote.tags,
    handler: async (request) => {
      const pedido = request.body;
      const sesion = sessionOf(request);
      const cambio = pedido.accion === 'cambiar' ? pedido.cambio : null;
      // Checked before anything is recorded: a list that cannot take the action records no batch.
      const accion = accionDe(lote, sesion, pedido.accion, cambio, null);
      const filas = await filasElegidas(lote, db, sesion, pedido.seleccion);
      const loteId = await registrar(
        db,
        { ruta: lote.ruta, autor: autorDe(sesion), accion: pedido.accion, cambio, seleccion: pedido.seleccion },
        filas.map((f) => ({ id: f.id, nombre: lote.nombre(f) })),
      );
      const corrida = await ejecutar(db, loteId, cambio?.campo ?? null, conflictos, accion);
      return { error: null, datos: { total: filas.length, ...corrida } };
    },
  });
}

const noEncontrado = () => new ApiError(404, 'Acción masiva no encontrada');

/**
 * The recorded batches of a list: its history, one batch, and "Continuar" / "Deshacer". Continuing
 * or undoing needs the list's edit code (the route's access), as running the batch did: the author who lost it
 * may no longer change those rows. A list of the caller's own ('session': their tokens, their notifications)
 * records its batches but gets no history routes: every session would reach them, and the routes any session
 * reaches are a reviewed list (plugins/access.test.ts).
 */
function lotesRoutes<Query extends ListQueryBase, Row extends { id: number }>(
  app: Parameters<FastifyPluginAsyncZod<LoteDeps>>[0],
  db: Db,
  conflictos: Conflictos,
  lote: LoteAcciones<Query, Row>,
  ver: PermissionCode,
  editar: PermissionCode,
) {
  const leer = async (id: number) => {
    const detalle = await loteDe(db, lote.ruta, id);
    if (!detalle) throw noEncontrado();
    return detalle;
  };
  const api = loteEndpoints(lote.ruta, { body: lote.body, exportBody: z.never() });

  route(app, api.historial, {
    config: { access: ver },
    tags: lote.tags,
    handler: async (request) => ({ error: null, datos: { items: await lotesDe(db, lote.ruta, request.query.limite) } }),
  });

  route(app, api.detalle, {
    config: { access: ver },
    tags: lote.tags,
    handler: async (request) => ({ error: null, datos: await leer(request.params.id) }),
  });

  route(app, api.continuar, {
    config: { access: editar },
    tags: lote.tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      const antes = await leer(request.params.id);
      if (antes.deshecho_por !== null) throw new ApiError(409, 'Esta acción masiva se deshizo: no se continúa');
      if (antes.estado !== 'interrumpido') throw new ApiError(409, 'Solo se continúa una acción masiva interrumpida');
      const accion = accionDe(lote, sesion, antes.accion, antes.cambio, antes.deshace_a);
      if (!(await tomar(db, antes.id)))
        throw new ApiError(409, 'Otra solicitud ya está continuando esta acción masiva');
      await ejecutar(db, antes.id, antes.cambio?.campo ?? null, conflictos, accion);
      return { error: null, datos: await leer(antes.id) };
    },
  });

  route(app, api.deshacer, {
    config: { access: editar },
    tags: lote.tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      const original = await leer(request.params.id);
      if (original.accion === 'eliminar') throw new ApiError(409, LOTE_BORRADO_NO_SE_DESHACE);
      if (original.accion === 'deshacer') throw new ApiError(409, 'Deshacer no se deshace: aplique el cambio de nuevo');
      if (original.deshecho_por !== null) throw new ApiError(409, 'Esta acción masiva ya se deshizo');
      if (original.estado === 'en_curso')
        throw new ApiError(409, 'La acción masiva sigue en curso: espere a que termine');
      const campo = original.cambio!.campo;
      const cambio = { campo, valor: null };
      const accion = accionDe(lote, sesion, 'deshacer', cambio, original.id);
      const filas = (await cambiosDe(db, original.id)).map((f) => {
        const antes =
          f.antes !== null && typeof f.antes === 'object' ? (f.antes as Record<string, unknown>) : undefined;
        if (!antes || !(campo in antes))
          return { id: f.id, nombre: f.nombre, motivo: `El historial no guarda el valor anterior de «${campo}»` };
        return { id: f.id, nombre: f.nombre, valor: antes[campo] };
      });
      const loteId = await registrar(
        db,
        {
          ruta: lote.ruta,
          autor: autorDe(sesion),
          accion: 'deshacer',
          cambio,
          seleccion: { ids: filas.map((f) => f.id) },
          deshaceA: original.id,
        },
        filas,
      );
      await ejecutar(db, loteId, campo, conflictos, accion);
      return { error: null, datos: await leer(loteId) };
    },
  });
}

/**
 * The delete and set-field of a list's selection alone, for a list that has no CSV export; its history reads with the
 * edit code.
 */
export function loteAccionRoutes<Query extends ListQueryBase, Row extends { id: number }>(
  lote: LoteAcciones<Query, Row>,
): FastifyPluginAsyncZod<LoteDeps> {
  return async (app, { db, conflictos = {} }) => {
    accionRoute(app, db, conflictos, lote);
    if (lote.editar !== 'session') lotesRoutes(app, db, conflictos, lote, lote.editar, lote.editar);
  };
}

/** The bulk routes of one list, registered as one more route plugin of the area (its descriptor's `routes`). */
export function loteRoutes<Query extends ListQueryBase, Row extends { id: number }>(
  lote: Lote<Query, Row>,
): FastifyPluginAsyncZod<LoteDeps> {
  return async (app, { db, conflictos = {} }) => {
    accionRoute(app, db, conflictos, lote);
    if (lote.editar !== 'session') lotesRoutes(app, db, conflictos, lote, lote.ver, lote.editar);
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
    if (!leido.success)
      throw new ApiError(
        400,
        `El registro tiene datos que el formulario no acepta: ${leido.error.issues[0]?.message ?? ''}`,
      );
    return modificar(db, id, leido.data as z.output<Input>, autor);
  };
}
