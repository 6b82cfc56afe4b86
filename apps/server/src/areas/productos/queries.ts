import type {
  Producto,
  ProductoFila,
  ProductoOpcion,
  productoListQuery,
  ProductoValues,
} from '@intranet/contract/areas/productos';
import { renderHtml } from '@intranet/editor';
import { asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { productoBusqueda, productos } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import type { ListSource, ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';

type ProductoListQuery = Omit<z.output<typeof productoListQuery>, 'page' | 'size'>;

/** The audit entity of a product's history. */
export const ENTIDAD = 'producto';

/** What a product's form sets, but its description. */
const propios = {
  codigo: productos.codigo,
  nombre: productos.nombre,
  linea: productos.linea,
  tipo: productos.tipo,
  activo: productos.activo,
  responsable: productos.responsable,
};
const fila = { id: productos.id, ...propios, creado: productos.creado, actualizado: productos.actualizado };
const completo = { ...fila, descripcion: productos.descripcion };
/** A product as its form sets it, in the contract's input shape: what the import compares and puts back. */
export const valoresProducto = { ...propios, descripcion: productos.descripcion };

type Fechas = { creado: Date; actualizado: Date };
const wire = <R extends Fechas>(row: R) => ({
  ...row,
  creado: row.creado.toISOString(),
  actualizado: row.actualizado.toISOString(),
});

const orDefault = (column: AnyPgColumn) => sql`coalesce(${column}, '')`;

/** The products list: search over code, name, line and owner; filters by line, kind and active. */
export const productosList: ListSpec<ProductoListQuery> = {
  search: productoBusqueda(productos),
  sorts: {
    codigo: productos.codigo,
    nombre: productos.nombre,
    linea: orDefault(productos.linea),
    tipo: productos.tipo,
    activo: productos.activo,
    responsable: orDefault(productos.responsable),
    actualizado: productos.actualizado,
  },
  defaultSort: 'nombre',
  id: productos.id,
  filters: (q) => [
    q.linea ? sql`lower(${productos.linea}) = lower(${q.linea})` : undefined,
    q.tipo ? eq(productos.tipo, q.tipo) : undefined,
    q.activo === undefined ? undefined : eq(productos.activo, q.activo),
  ],
};

export const productosSource = (db: Executor): ListSource<ProductoFila> => ({
  rows: async (f) => {
    const rows = await db
      .select({ ...fila, sortKey: f.sortKey })
      .from(productos)
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset);
    return rows.map(wire);
  },
  count: async (where) => (await db.select({ n: count() }).from(productos).where(where))[0]?.n ?? 0,
});

export const TIPO_NOMBRES: Record<ProductoFila['tipo'], string> = {
  escritorio: 'Escritorio',
  web: 'Web',
  movil: 'Móvil',
  servicio: 'Servicio',
};

export const productosCsv: CsvColumn<ProductoFila>[] = [
  { titulo: 'Código', valor: (p) => p.codigo },
  { titulo: 'Nombre', valor: (p) => p.nombre },
  { titulo: 'Línea', valor: (p) => p.linea },
  { titulo: 'Tipo', valor: (p) => TIPO_NOMBRES[p.tipo] },
  { titulo: 'Activo', valor: (p) => p.activo },
  { titulo: 'Responsable', valor: (p) => p.responsable },
  { titulo: 'Creado', valor: (p) => new Date(p.creado) },
  { titulo: 'Actualizado', valor: (p) => new Date(p.actualizado) },
];

const noExiste = () => new ApiError(404, 'El producto no existe');

async function productoRow(db: Executor, id: number, lock = false) {
  const query = db.select(completo).from(productos).where(eq(productos.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function productoDetalle(db: Executor, id: number): Promise<Producto> {
  const row = await productoRow(db, id);
  if (!row) throw noExiste();
  return wire(row);
}

/** The stored description as HTML, written only through the editor's schema. */
export async function descripcionHtml(db: Executor, id: number): Promise<string> {
  const [row] = await db.select({ descripcion: productos.descripcion }).from(productos).where(eq(productos.id, id));
  if (!row) throw noExiste();
  return renderHtml(row.descripcion);
}

/** Active products by name, for the selects of other areas. */
export async function productoOpciones(db: Executor): Promise<ProductoOpcion[]> {
  return db
    .select({ id: productos.id, codigo: productos.codigo, nombre: productos.nombre })
    .from(productos)
    .where(eq(productos.activo, true))
    .orderBy(asc(productos.nombre), asc(productos.id));
}

/** The product lines in use, for the list's filter. */
export async function productoLineas(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ linea: productos.linea })
    .from(productos)
    .where(isNotNull(productos.linea))
    .orderBy(asc(productos.linea));
  return rows.map((r) => r.linea).filter((l): l is string => l !== null);
}

/** The payload as the table's columns (the form's writes and the import's). */
export const columnas = (v: ProductoValues) => ({
  codigo: v.codigo,
  nombre: v.nombre,
  linea: v.linea,
  tipo: v.tipo,
  activo: v.activo,
  responsable: v.responsable,
  descripcion: v.descripcion,
});

export async function crearProducto(db: Db, values: ProductoValues, autor: Autor | null): Promise<Producto> {
  return db.transaction((tx) => crearEn(tx, values, autor));
}

/** Inserts inside the caller's transaction (the seed uses it too), with its audit row. */
export async function crearEn(tx: Tx, values: ProductoValues, autor: Autor | null): Promise<Producto> {
  const [row] = await tx.insert(productos).values(columnas(values)).returning(completo);
  const creado = wire(row!);
  await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD, entidadId: creado.id, despues: creado });
  return creado;
}

export async function modificarProducto(db: Db, id: number, values: ProductoValues, autor: Autor): Promise<Producto> {
  return db.transaction(async (tx) => {
    const antes = await productoRow(tx, id, true);
    if (!antes) throw noExiste();
    const [row] = await tx
      .update(productos)
      .set({ ...columnas(values), actualizado: sql`now()` })
      .where(eq(productos.id, id))
      .returning(completo);
    const despues = wire(row!);
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD, entidadId: id, antes: wire(antes), despues });
    return despues;
  });
}

/**
 * Deletes products inside the caller's transaction, each with its audit row. A product another record
 * references is refused by its foreign key, mapped to 409 in db/conflicts.ts, and nothing is deleted.
 */
async function eliminarEn(tx: Tx, ids: number[], autor: Autor): Promise<number> {
  const rows = await tx
    .select(completo)
    .from(productos)
    .where(inArray(productos.id, ids))
    .orderBy(asc(productos.id))
    .for('update');
  if (rows.length === 0) return 0;
  await tx.delete(productos).where(
    inArray(
      productos.id,
      rows.map((r) => r.id),
    ),
  );
  for (const row of rows) {
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: row.id, antes: wire(row) });
  }
  return rows.length;
}

export async function eliminarProducto(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await eliminarEn(tx, [id], autor)) === 0) throw noExiste();
  });
}

/** Bulk delete: all or none; ids already gone are not counted. */
export async function eliminarProductos(db: Db, ids: number[], autor: Autor): Promise<number> {
  return db.transaction((tx) => eliminarEn(tx, [...new Set(ids)], autor));
}
