import {
  DESARROLLO_ESTADO_NOMBRES,
  DESARROLLO_ESTADOS,
  DESARROLLO_PRIORIDAD_NOMBRES,
  DESARROLLO_PRIORIDADES,
  TABLERO_MAX_TARJETAS,
  type Desarrollo,
  type DesarrolloCambio,
  type DesarrolloEstado,
  type DesarrolloFila,
  type desarrolloListQuery,
  type DesarrolloOpciones,
  type Tablero,
  type tableroQuery,
} from '@intranet/contract/areas/desarrollos';
import { and, asc, count, desc, eq, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { wireColumns } from '../../db/wire.ts';
import { desarrolloEstados, desarrollos, clientes, personas, productos, versiones } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import { listWhere, type ListSource, type ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import { HOY } from '../../core/fechas.ts';

type ListQuery = Omit<z.output<typeof desarrolloListQuery>, 'page' | 'size'>;
type BoardQuery = z.output<typeof tableroQuery>;

/** The audit entity of a development's history. */
export const ENTIDAD = 'desarrollo';

const vencido = sql<boolean>`(${desarrollos.fechaCompromiso} is not null and ${desarrollos.fechaCompromiso} < ${HOY}
  and ${desarrollos.estado} not in ('entregado', 'cancelado'))`;
const responsable = sql<
  string | null
>`case when ${personas.id} is null then null else ${personas.apellido} || ', ' || ${personas.nombre} end`;
const enOrden = (values: readonly string[], column: SQLWrapper) =>
  sql`array_position(array[${sql.raw(values.map((v) => `'${v}'`).join(', '))}]::text[], ${column})`;
const NUNCA = sql`'9999-12-31'::date`;

const fila = {
  ...wireColumns(desarrollos, [
    'id',
    'titulo',
    'empresa_id',
    'producto_id',
    'estado',
    'prioridad',
    'responsable_id',
    'horas_estimadas',
    'horas_reales',
    'fecha_solicitud',
    'fecha_compromiso',
    'fecha_entrega',
    'version_id',
    'creado',
    'actualizado',
  ]),
  empresa: clientes.razonSocial,
  producto: productos.nombre,
  responsable,
  version: versiones.numero,
  vencido,
};
const completo = { ...fila, descripcion: desarrollos.descripcion };

const joined = <T extends Record<string, unknown>>(db: Executor, select: T) =>
  db
    .select(select as never)
    .from(desarrollos)
    .innerJoin(productos, eq(productos.id, desarrollos.productoId))
    .leftJoin(clientes, eq(clientes.id, desarrollos.clienteId))
    .leftJoin(personas, eq(personas.id, desarrollos.responsableId))
    .leftJoin(versiones, eq(versiones.id, desarrollos.versionId));

type Fechas = { creado: Date; actualizado: Date };
const wire = <R extends Fechas>(row: R) => ({
  ...row,
  creado: row.creado.toISOString(),
  actualizado: row.actualizado.toISOString(),
});
type FilaRow = Omit<DesarrolloFila, 'creado' | 'actualizado'> & Fechas;

/** The filters the list and the board share (client, product, owner, priority, overdue). */
function filtrosComunes(
  q: Pick<BoardQuery, 'empresa_id' | 'producto_id' | 'responsable_id' | 'prioridad' | 'vencido'>,
): (SQL | undefined)[] {
  return [
    q.empresa_id ? eq(desarrollos.clienteId, q.empresa_id) : undefined,
    q.producto_id ? eq(desarrollos.productoId, q.producto_id) : undefined,
    q.responsable_id ? eq(desarrollos.responsableId, q.responsable_id) : undefined,
    q.prioridad ? eq(desarrollos.prioridad, q.prioridad) : undefined,
    q.vencido === undefined ? undefined : q.vencido ? vencido : sql`not ${vencido}`,
  ];
}

/** The developments list: search over title, client and product; the filters of the contract. */
export const desarrollosList: ListSpec<ListQuery> = {
  search: sql`(${desarrollos.titulo} || ' ' || coalesce(${clientes.razonSocial}, '') || ' ' || ${productos.nombre})`,
  sorts: {
    ...wireColumns(desarrollos, ['titulo', 'fecha_solicitud', 'actualizado']),
    empresa: sql`coalesce(${clientes.razonSocial}, '')`,
    producto: productos.nombre,
    estado: enOrden(DESARROLLO_ESTADOS, desarrollos.estado),
    prioridad: enOrden(DESARROLLO_PRIORIDADES, desarrollos.prioridad),
    responsable: sql`coalesce(${personas.apellido} || ', ' || ${personas.nombre}, '')`,
    fecha_compromiso: sql`coalesce(${desarrollos.fechaCompromiso}, ${NUNCA})`,
    fecha_entrega: sql`coalesce(${desarrollos.fechaEntrega}, ${NUNCA})`,
  },
  defaultSort: '-fecha_solicitud',
  id: desarrollos.id,
  filters: (q) => [q.estado ? eq(desarrollos.estado, q.estado) : undefined, ...filtrosComunes(q)],
};

export const desarrollosSource = (db: Executor): ListSource<DesarrolloFila> => ({
  rows: async (f) => {
    const rows = (await joined(db, { ...fila, sortKey: f.sortKey })
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset)) as unknown as (FilaRow & { sortKey: string })[];
    return rows.map(wire);
  },
  count: async (where) => ((await joined(db, { n: count() }).where(where)) as unknown as { n: number }[])[0]?.n ?? 0,
});

export const desarrollosCsv: CsvColumn<DesarrolloFila>[] = [
  { titulo: 'Id', valor: (d) => d.id },
  { titulo: 'Título', valor: (d) => d.titulo },
  { titulo: 'Cliente', valor: (d) => d.empresa ?? 'Interno' },
  { titulo: 'Producto', valor: (d) => d.producto },
  { titulo: 'Estado', valor: (d) => DESARROLLO_ESTADO_NOMBRES[d.estado] },
  { titulo: 'Prioridad', valor: (d) => DESARROLLO_PRIORIDAD_NOMBRES[d.prioridad] },
  { titulo: 'Responsable', valor: (d) => d.responsable },
  { titulo: 'Horas estimadas', valor: (d) => d.horas_estimadas },
  { titulo: 'Horas reales', valor: (d) => d.horas_reales },
  { titulo: 'Solicitud', valor: (d) => d.fecha_solicitud },
  { titulo: 'Compromiso', valor: (d) => d.fecha_compromiso },
  { titulo: 'Entrega', valor: (d) => d.fecha_entrega },
  { titulo: 'Vencido', valor: (d) => d.vencido },
  { titulo: 'Versión', valor: (d) => d.version },
  { titulo: 'Actualizado', valor: (d) => new Date(d.actualizado) },
];

export const noExiste = () => new ApiError(404, 'El desarrollo no existe');

export async function desarrolloDetalle(db: Executor, id: number): Promise<Desarrollo> {
  const [row] = (await joined(db, completo).where(eq(desarrollos.id, id))) as unknown as (FilaRow &
    Pick<Desarrollo, 'descripcion'>)[];
  if (!row) throw noExiste();
  return wire(row);
}

/** A development's dated state changes, oldest first (creation first). */
export async function desarrolloCambios(db: Executor, id: number): Promise<DesarrolloCambio[]> {
  const [existe] = await db.select({ id: desarrollos.id }).from(desarrollos).where(eq(desarrollos.id, id));
  if (!existe) throw noExiste();
  const rows = await db
    .select({
      id: desarrolloEstados.id,
      desde: desarrolloEstados.desde,
      hacia: desarrolloEstados.hacia,
      usuario: desarrolloEstados.usuarioNombre,
      fecha: desarrolloEstados.fecha,
    })
    .from(desarrolloEstados)
    .where(eq(desarrolloEstados.desarrolloId, id))
    .orderBy(asc(desarrolloEstados.fecha), asc(desarrolloEstados.id));
  return rows.map((r) => ({ ...r, fecha: r.fecha.toISOString() }));
}

/** Most urgent first on open columns; the latest change first on closed ones. */
function ordenTarjetas(estado: DesarrolloEstado): SQL[] {
  if (estado === 'entregado' || estado === 'cancelado') return [desc(desarrollos.actualizado), desc(desarrollos.id)];
  return [
    desc(enOrden(DESARROLLO_PRIORIDADES, desarrollos.prioridad)),
    asc(sql`coalesce(${desarrollos.fechaCompromiso}, ${NUNCA})`),
    asc(desarrollos.id),
  ];
}

/** The board: one column per state with its full count and its first cards, under the list's filters. */
export async function tableroDesarrollos(db: Executor, q: BoardQuery): Promise<Tablero> {
  const where = listWhere<BoardQuery>({ ...desarrollosList, filters: filtrosComunes }, q);
  const totales = (await joined(db, { estado: desarrollos.estado, n: count() })
    .where(where)
    .groupBy(desarrollos.estado)) as unknown as { estado: DesarrolloEstado; n: number }[];
  const columnas = await Promise.all(
    DESARROLLO_ESTADOS.map(async (estado) => {
      const total = totales.find((t) => t.estado === estado)?.n ?? 0;
      if (total === 0) return { estado, total, items: [] };
      const rows = (await joined(db, fila)
        .where(and(where, eq(desarrollos.estado, estado)))
        .orderBy(...ordenTarjetas(estado))
        .limit(TABLERO_MAX_TARJETAS)) as unknown as FilaRow[];
      return { estado, total, items: rows.map(wire) };
    }),
  );
  return columnas;
}

/** Staff who can own a development (active ones, and inactive ones already owning some), and every version. */
export async function desarrolloOpciones(db: Executor): Promise<DesarrolloOpciones> {
  const [responsables, versionesLista] = await Promise.all([
    db
      .select({
        id: personas.id,
        nombre: sql<string>`${personas.apellido} || ', ' || ${personas.nombre}`,
        activo: personas.activo,
      })
      .from(personas)
      .where(
        and(
          isNull(personas.clienteId),
          // Written out: drizzle leaves columns unqualified in a one-table select, and "id" would be d.id here.
          sql`(${personas.activo} or exists (select 1 from desarrollos d where d.responsable_id = "personas"."id"))`,
        ),
      )
      .orderBy(asc(personas.apellido), asc(personas.nombre), asc(personas.id)),
    db
      .select(wireColumns(versiones, ['id', 'producto_id', 'numero', 'estado']))
      .from(versiones)
      .orderBy(asc(versiones.productoId), desc(sql`${versiones.orden} collate "C"`)),
  ]);
  return { responsables, versiones: versionesLista };
}
