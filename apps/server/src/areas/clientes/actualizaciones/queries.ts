import {
  PRODUCTO_PHYSIS,
  RESULTADO_ETIQUETA,
  type Actualizacion,
  type actualizacionInput,
  type actualizacionListQuery,
  type ProductoDesactualizados,
} from '@intranet/contract/areas/clientes/actualizaciones';
import { isVersionNumero, versionOrden } from '@intranet/contract/shared/version-numero';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor, Tx } from '../../../db/client.ts';
import {
  actualizaciones,
  clientes,
  paquetes,
  personas,
  productos,
  servidoresCliente,
  versiones,
} from '../../../db/schema.ts';
import { columnValues, wireColumns } from '../../../db/wire.ts';
import type { CsvColumn } from '../../../lists/csv.ts';
import type { ListSource, ListSpec } from '../../../lists/list.ts';
import { ApiError } from '../../../core/api-error.ts';

type ListQuery = Omit<z.output<typeof actualizacionListQuery>, 'page' | 'size'>;
type Values = z.output<typeof actualizacionInput>;

export const ENTIDAD = 'actualizacion';

const desde = alias(versiones, 'version_desde');
const hasta = alias(versiones, 'version_hasta');
const LOCAL = sql`'America/Argentina/Buenos_Aires'`;
const fechaLocal = sql`(${actualizaciones.fecha} at time zone ${LOCAL})::date`;

export const actualizacionesList: ListSpec<ListQuery> = {
  search: sql`(${clientes.razonSocial} || ' ' || ${servidoresCliente.nombre} || ' ' || ${productos.nombre}
    || ' ' || ${hasta.numero})`,
  sorts: {
    fecha: actualizaciones.fecha,
    cliente: clientes.razonSocial,
    servidor: servidoresCliente.nombre,
    producto: productos.nombre,
    version_hasta: sql`${hasta.orden} collate "C"`,
    resultado: actualizaciones.resultado,
  },
  defaultSort: '-fecha',
  id: actualizaciones.id,
  filters: (q) => [
    q.desde ? sql`${fechaLocal} >= ${q.desde}::date` : undefined,
    q.hasta ? sql`${fechaLocal} <= ${q.hasta}::date` : undefined,
    q.empresa_id ? eq(actualizaciones.clienteId, q.empresa_id) : undefined,
    q.producto_id ? eq(actualizaciones.productoId, q.producto_id) : undefined,
    q.version_id ? eq(actualizaciones.versionHastaId, q.version_id) : undefined,
    q.resultado ? eq(actualizaciones.resultado, q.resultado) : undefined,
  ],
};

const campos = {
  ...wireColumns(actualizaciones, [
    'id',
    'empresa_id',
    'servidor_id',
    'producto_id',
    'version_desde_id',
    'version_hasta_id',
    'paquete_id',
    'fecha',
    'persona_id',
    'resultado',
    'log',
  ]),
  cliente: clientes.razonSocial,
  servidor: servidoresCliente.nombre,
  producto: productos.nombre,
  version_desde: desde.numero,
  version_hasta: hasta.numero,
  paquete: paquetes.nombre,
  persona: sql<
    string | null
  >`case when ${personas.id} is null then null else ${personas.apellido} || ', ' || ${personas.nombre} end`,
};

const joined = <T extends Record<string, unknown>>(db: Executor, select: T) =>
  db
    .select(select as never)
    .from(actualizaciones)
    .innerJoin(clientes, eq(clientes.id, actualizaciones.clienteId))
    .innerJoin(servidoresCliente, eq(servidoresCliente.id, actualizaciones.servidorId))
    .innerJoin(productos, eq(productos.id, actualizaciones.productoId))
    .innerJoin(hasta, eq(hasta.id, actualizaciones.versionHastaId))
    .leftJoin(desde, eq(desde.id, actualizaciones.versionDesdeId))
    .leftJoin(paquetes, eq(paquetes.id, actualizaciones.paqueteId))
    .leftJoin(personas, eq(personas.id, actualizaciones.personaId));

type Row = Omit<Actualizacion, 'fecha'> & { fecha: Date };
const wire = (r: Row): Actualizacion => ({ ...r, fecha: r.fecha.toISOString() });

export const actualizacionesSource = (db: Executor): ListSource<Actualizacion> => ({
  rows: async (f) => {
    const rows = (await joined(db, { ...campos, sortKey: f.sortKey })
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset)) as unknown as (Row & { sortKey: string })[];
    return rows.map((r) => ({ ...wire(r), sortKey: r.sortKey }));
  },
  count: async (where) => ((await joined(db, { n: count() }).where(where)) as unknown as { n: number }[])[0]?.n ?? 0,
});

export const actualizacionesCsv: CsvColumn<Actualizacion>[] = [
  { titulo: 'Fecha', valor: (a) => new Date(a.fecha) },
  { titulo: 'Cliente', valor: (a) => a.cliente },
  { titulo: 'Servidor', valor: (a) => a.servidor },
  { titulo: 'Producto', valor: (a) => a.producto },
  { titulo: 'Versión desde', valor: (a) => a.version_desde },
  { titulo: 'Versión hasta', valor: (a) => a.version_hasta },
  { titulo: 'Paquete', valor: (a) => a.paquete },
  { titulo: 'Persona', valor: (a) => a.persona },
  { titulo: 'Resultado', valor: (a) => RESULTADO_ETIQUETA[a.resultado] },
  { titulo: 'Log', valor: (a) => a.log },
];

async function actualizacionRow(db: Executor, id: number): Promise<Actualizacion | undefined> {
  const [row] = (await joined(db, campos).where(eq(actualizaciones.id, id))) as unknown as Row[];
  return row && wire(row);
}

export async function actualizacionDetalle(db: Executor, id: number): Promise<Actualizacion> {
  const row = await actualizacionRow(db, id);
  if (!row) throw new ApiError(404, 'La actualización no existe');
  return row;
}

const campo = (nombre: string, mensaje: string) => new ApiError(400, mensaje, { [nombre]: [mensaje] });

/** The version of a product a server has now: its latest correct update, or for Physis its `version_physis`. */
async function versionInstalada(
  tx: Executor,
  servidor: { id: number; versionPhysis: string | null },
  producto: { id: number; codigo: string },
): Promise<{ id: number; numero: string; orden: string } | null> {
  const [ultima] = await tx
    .select({ id: versiones.id, numero: versiones.numero, orden: versiones.orden })
    .from(actualizaciones)
    .innerJoin(versiones, eq(versiones.id, actualizaciones.versionHastaId))
    .where(
      and(
        eq(actualizaciones.servidorId, servidor.id),
        eq(actualizaciones.productoId, producto.id),
        eq(actualizaciones.resultado, 'ok'),
      ),
    )
    .orderBy(desc(actualizaciones.fecha), desc(actualizaciones.id))
    .limit(1);
  if (ultima) return ultima;
  if (producto.codigo === PRODUCTO_PHYSIS && servidor.versionPhysis) {
    const [v] = await tx
      .select({ id: versiones.id, numero: versiones.numero, orden: versiones.orden })
      .from(versiones)
      .where(
        and(eq(versiones.productoId, producto.id), sql`lower(${versiones.numero}) = lower(${servidor.versionPhysis})`),
      );
    return v ?? null;
  }
  return null;
}

/**
 * Registers an update. A correct (`ok`) update of Physis moves the server's `version_physis` forward to the
 * installed version (never backwards), in the same transaction, with its audit row.
 */
export async function registrarActualizacion(db: Db, values: Values, autor: Autor): Promise<Actualizacion> {
  return db.transaction(async (tx: Tx) => {
    const [servidor] = await tx
      .select({
        id: servidoresCliente.id,
        clienteId: servidoresCliente.clienteId,
        nombre: servidoresCliente.nombre,
        versionPhysis: servidoresCliente.versionPhysis,
      })
      .from(servidoresCliente)
      .where(eq(servidoresCliente.id, values.servidor_id))
      .for('update');
    if (!servidor) throw campo('servidor_id', 'El servidor elegido no existe');
    const [producto] = await tx
      .select({ id: productos.id, codigo: productos.codigo })
      .from(productos)
      .where(eq(productos.id, values.producto_id));
    if (!producto) throw campo('producto_id', 'El producto elegido no existe');
    const ids = [values.version_hasta_id, ...(values.version_desde_id ? [values.version_desde_id] : [])];
    const vs = await tx
      .select({ id: versiones.id, productoId: versiones.productoId, numero: versiones.numero, orden: versiones.orden })
      .from(versiones)
      .where(inArray(versiones.id, ids));
    const nueva = vs.find((v) => v.id === values.version_hasta_id);
    if (!nueva || nueva.productoId !== producto.id)
      throw campo('version_hasta_id', 'La versión elegida no es de ese producto');
    let versionDesdeId = values.version_desde_id;
    if (versionDesdeId !== null) {
      const anterior = vs.find((v) => v.id === versionDesdeId);
      if (!anterior || anterior.productoId !== producto.id)
        throw campo('version_desde_id', 'La versión de origen no es de ese producto');
    } else {
      versionDesdeId = (await versionInstalada(tx, servidor, producto))?.id ?? null;
    }
    if (values.paquete_id !== null) {
      const [p] = await tx.select({ id: paquetes.id }).from(paquetes).where(eq(paquetes.id, values.paquete_id));
      if (!p) throw campo('paquete_id', 'El paquete elegido no existe');
    }
    if (values.persona_id !== null) {
      const [p] = await tx.select({ id: personas.id }).from(personas).where(eq(personas.id, values.persona_id));
      if (!p) throw campo('persona_id', 'La persona elegida no existe');
    }
    const [row] = await tx
      .insert(actualizaciones)
      .values({
        ...columnValues(actualizaciones, values),
        clienteId: servidor.clienteId,
        versionDesdeId,
        fecha: new Date(values.fecha),
      })
      .returning({ id: actualizaciones.id });
    let servidorVersion: { antes: string | null; despues: string } | null = null;
    const actual =
      servidor.versionPhysis && isVersionNumero(servidor.versionPhysis) ? versionOrden(servidor.versionPhysis) : null;
    if (values.resultado === 'ok' && producto.codigo === PRODUCTO_PHYSIS && (actual === null || nueva.orden > actual)) {
      await tx
        .update(servidoresCliente)
        .set({ versionPhysis: nueva.numero, actualizado: sql`now()` })
        .where(eq(servidoresCliente.id, servidor.id));
      servidorVersion = { antes: servidor.versionPhysis, despues: nueva.numero };
    }
    const creada = (await actualizacionRow(tx, row!.id))!;
    await writeAudit(tx, {
      autor,
      accion: 'crear',
      entidad: ENTIDAD,
      entidadId: creada.id,
      despues: { ...creada, version_physis_servidor: servidorVersion },
    });
    return creada;
  });
}

export async function eliminarActualizacion(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await actualizacionRow(tx, id);
    if (!antes) throw new ApiError(404, 'La actualización no existe');
    await tx.delete(actualizaciones).where(eq(actualizaciones.id, id));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: id, antes });
  });
}

/**
 * "Clientes desactualizados": for each product, its newest published release (estable or hotfix; betas do not
 * count) and the clients with a server on an older one, with how many published releases behind they are.
 */
export async function desactualizados(
  db: Executor,
  filtro: { producto_id?: number | undefined; empresa_id?: number | undefined },
): Promise<ProductoDesactualizados[]> {
  const publicadas = await db
    .select({
      id: versiones.id,
      productoId: versiones.productoId,
      numero: versiones.numero,
      orden: versiones.orden,
      producto: productos.nombre,
      codigo: productos.codigo,
    })
    .from(versiones)
    .innerJoin(productos, eq(productos.id, versiones.productoId))
    .where(
      and(
        eq(versiones.estado, 'publicada'),
        inArray(versiones.canal, ['estable', 'hotfix']),
        filtro.producto_id ? eq(versiones.productoId, filtro.producto_id) : undefined,
      ),
    )
    .orderBy(asc(productos.nombre), asc(versiones.productoId), sql`${versiones.orden} collate "C"`);
  const porProducto = new Map<number, typeof publicadas>();
  for (const v of publicadas) porProducto.set(v.productoId, [...(porProducto.get(v.productoId) ?? []), v]);
  if (porProducto.size === 0) return [];

  // What each server has of each product: its latest correct update (one query), and Physis's version_physis.
  const instaladas = await db.execute<{ servidor_id: number; producto_id: number; orden: string; numero: string }>(sql`
    select distinct on (a.servidor_id, a.producto_id) a.servidor_id, a.producto_id, v.orden, v.numero
      from ${actualizaciones} a join ${versiones} v on v.id = a.version_hasta_id
     where a.resultado = 'ok' and a.producto_id in (${sql.join(
       [...porProducto.keys()].map((k) => sql`${k}`),
       sql`, `,
     )})
     order by a.servidor_id, a.producto_id, a.fecha desc, a.id desc`);
  const instalada = new Map(instaladas.rows.map((r) => [`${r.servidor_id}:${r.producto_id}`, r]));
  const servidores = await db
    .select({
      ...wireColumns(servidoresCliente, ['id', 'nombre', 'empresa_id', 'version_physis']),
      cliente: clientes.razonSocial,
    })
    .from(servidoresCliente)
    .innerJoin(clientes, eq(clientes.id, servidoresCliente.clienteId))
    .where(and(eq(clientes.activo, true), filtro.empresa_id ? eq(clientes.id, filtro.empresa_id) : undefined))
    .orderBy(asc(clientes.razonSocial), asc(clientes.id), asc(servidoresCliente.nombre));

  const resultado: ProductoDesactualizados[] = [];
  for (const [productoId, lista] of porProducto) {
    const ultima = lista[lista.length - 1]!;
    const clientes = new Map<number, ProductoDesactualizados['clientes'][number]>();
    for (const s of servidores) {
      // Physis ERP: the server's own version_physis is what it runs; other products: their latest correct update.
      const physis =
        ultima.codigo === PRODUCTO_PHYSIS && s.version_physis && isVersionNumero(s.version_physis)
          ? s.version_physis
          : null;
      const tiene = physis
        ? { servidor_id: s.id, producto_id: productoId, orden: versionOrden(physis), numero: physis }
        : instalada.get(`${s.id}:${productoId}`);
      if (!tiene) continue;
      const atraso = lista.filter((v) => v.orden > tiene.orden).length;
      if (atraso === 0) continue;
      const cliente = clientes.get(s.empresa_id) ?? {
        empresa_id: s.empresa_id,
        cliente: s.cliente,
        atraso: 0,
        servidores: [],
      };
      cliente.servidores.push({ id: s.id, nombre: s.nombre, version: tiene.numero, atraso });
      cliente.atraso = Math.max(cliente.atraso, atraso);
      clientes.set(s.empresa_id, cliente);
    }
    resultado.push({
      producto_id: productoId,
      producto: ultima.producto,
      ultima_version: ultima.numero,
      clientes: [...clientes.values()].sort((a, b) => b.atraso - a.atraso || a.cliente.localeCompare(b.cliente, 'es')),
    });
  }
  return resultado;
}

/** One server behind on one product: a row of the "desactualizados" CSV. */
interface ServidorDesactualizado {
  producto: string;
  ultima_version: string;
  cliente: string;
  servidor: string;
  version: string;
  atraso: number;
}

/**
 * "Clientes desactualizados" as a CSV: one row per server behind on a product, in the view's order.
 * The view is per product and client, not a list of records: nothing in it to delete or set, so it exports whole.
 */
export const desactualizadosCsv: readonly CsvColumn<ServidorDesactualizado>[] = [
  { titulo: 'Producto', valor: (r) => r.producto },
  { titulo: 'Última versión', valor: (r) => r.ultima_version },
  { titulo: 'Cliente', valor: (r) => r.cliente },
  { titulo: 'Servidor', valor: (r) => r.servidor },
  { titulo: 'Versión instalada', valor: (r) => r.version },
  { titulo: 'Versiones de atraso', valor: (r) => r.atraso },
];

export async function* desactualizadosFilas(
  db: Executor,
  filtro: Parameters<typeof desactualizados>[1],
): AsyncGenerator<ServidorDesactualizado[]> {
  for (const p of await desactualizados(db, filtro)) {
    yield p.clientes.flatMap((c) =>
      c.servidores.map((s) => ({
        producto: p.producto,
        ultima_version: p.ultima_version,
        cliente: c.cliente,
        servidor: s.nombre,
        version: s.version,
        atraso: s.atraso,
      })),
    );
  }
}

/** What the registration form offers: the client's servers and every version, newest first. */
export async function opciones(db: Executor, clienteId: number | undefined) {
  const [servidores, vs, ps] = await Promise.all([
    db
      .select(wireColumns(servidoresCliente, ['id', 'nombre', 'empresa_id', 'version_physis']))
      .from(servidoresCliente)
      .where(clienteId ? eq(servidoresCliente.clienteId, clienteId) : sql`false`)
      .orderBy(asc(servidoresCliente.nombre)),
    db
      .select(wireColumns(versiones, ['id', 'producto_id', 'numero', 'estado']))
      .from(versiones)
      .where(sql`${versiones.estado} <> 'borrador'`)
      .orderBy(asc(versiones.productoId), sql`${versiones.orden} collate "C" desc`),
    db
      .select({
        id: paquetes.id,
        nombre: paquetes.nombre,
        producto: paquetes.producto,
        version: paquetes.version,
        canal: paquetes.canal,
      })
      .from(paquetes)
      .where(isNull(paquetes.retirado))
      .orderBy(desc(paquetes.fecha), desc(paquetes.id)),
  ]);
  return { servidores, versiones: vs, paquetes: ps };
}
