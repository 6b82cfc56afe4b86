import type { StoreConfig, StoreConfigValues, StoreDestacada } from '@intranet/contract/areas/appsstore';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { aplicaciones, appsstoreConfig, appsstoreDestacadas } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { ApiError } from '../../core/api-error.ts';

/** The audit entity of the store's configuration; its one record is `CONFIG_ID`. */
export const ENTIDAD_CONFIG = 'appsstore_config';
export const CONFIG_ID = 'config';

/** What the store runs on until staff save a configuration. */
export const CONFIG_INICIAL = {
  nombre: 'AppsStore',
  canales: ['estable', 'beta'],
  versionMinima: null,
  mantenimiento: false,
  mantenimientoMensaje: null,
  mantenimientoDesde: null,
  actualizado: null,
} as const;

/** The stored configuration row, or the defaults while none was saved. */
async function configRow(db: Executor, lock = false) {
  const query = db.select().from(appsstoreConfig).where(eq(appsstoreConfig.id, 1));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? CONFIG_INICIAL;
}

const destacadaCampos = wireColumns(aplicaciones, ['id', 'package_name', 'nombre', 'publicada']);

/** The featured applications, in their order. */
export async function destacadas(db: Executor): Promise<StoreDestacada[]> {
  return db
    .select(destacadaCampos)
    .from(appsstoreDestacadas)
    .innerJoin(aplicaciones, eq(aplicaciones.id, appsstoreDestacadas.aplicacionId))
    .orderBy(asc(appsstoreDestacadas.orden));
}

/** `GET /api/appsstore/config`. */
export async function leerConfig(db: Executor): Promise<StoreConfig> {
  // One after the other: inside a transaction both would share one connection.
  const row = await configRow(db);
  const lista = await destacadas(db);
  return {
    nombre: row.nombre,
    canales: row.canales.filter((c): c is StoreConfig['canales'][number] => c === 'estable' || c === 'beta'),
    destacadas: lista.map((d) => d.id),
    destacadas_detalle: lista,
    version_minima: row.versionMinima,
    mantenimiento: {
      activo: row.mantenimiento,
      mensaje: row.mantenimientoMensaje,
      desde: row.mantenimientoDesde?.toISOString() ?? null,
    },
    actualizado: row.actualizado?.toISOString() ?? null,
  };
}

/** Every application, for the featured select; published first, then by name. */
export async function aplicacionesElegibles(db: Executor): Promise<StoreDestacada[]> {
  return db
    .select(destacadaCampos)
    .from(aplicaciones)
    .orderBy(sql`${aplicaciones.publicada} desc`, asc(aplicaciones.nombre), asc(aplicaciones.id));
}

/** Refuses featured ids that are not published applications (400 on `destacadas`), locking those that are. */
async function comprobarDestacadas(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: aplicaciones.id, nombre: aplicaciones.nombre, publicada: aplicaciones.publicada })
    .from(aplicaciones)
    .where(inArray(aplicaciones.id, ids))
    .for('share');
  const encontradas = new Map(rows.map((r) => [r.id, r]));
  const faltan = ids.filter((id) => !encontradas.has(id));
  const sinPublicar = rows.filter((r) => !r.publicada).map((r) => r.nombre);
  const mensajes = [
    ...(faltan.length > 0
      ? [`No existe${faltan.length === 1 ? ' la aplicación' : 'n las aplicaciones'} ${faltan.join(', ')}`]
      : []),
    ...(sinPublicar.length > 0
      ? [`Solo se pueden destacar aplicaciones publicadas: ${sinPublicar.join(', ')} no lo está`]
      : []),
  ];
  if (mensajes.length > 0) throw new ApiError(400, 'Las destacadas no son válidas', { destacadas: mensajes });
}

/** The configuration as its history shows it: flat fields, featured apps by name. */
export const auditoriaDe = (c: StoreConfig) => ({
  nombre: c.nombre,
  canales: c.canales,
  destacadas: c.destacadas_detalle.map(({ id, nombre }) => ({ id, nombre })),
  version_minima: c.version_minima,
  mantenimiento: c.mantenimiento.activo,
  mantenimiento_mensaje: c.mantenimiento.mensaje,
});

/** Saves the whole configuration (and its featured list) with its audit row, all or nothing. */
export async function guardarConfig(db: Db, values: StoreConfigValues, autor: Autor): Promise<StoreConfig> {
  return db.transaction(async (tx) => {
    const anterior = await configRow(tx, true);
    const antes = anterior.actualizado === null ? null : auditoriaDe(await leerConfig(tx));
    await comprobarDestacadas(tx, values.destacadas);
    const { activo, mensaje } = values.mantenimiento;
    const columnas = {
      nombre: values.nombre,
      canales: [...values.canales],
      versionMinima: values.version_minima,
      mantenimiento: activo,
      mantenimientoMensaje: mensaje,
      // The start of maintenance is kept while it lasts; turning it off clears it.
      mantenimientoDesde: activo ? (anterior.mantenimiento ? anterior.mantenimientoDesde : sql`now()`) : null,
      actualizado: sql`now()`,
    };
    await tx
      .insert(appsstoreConfig)
      .values({ id: 1, ...columnas })
      .onConflictDoUpdate({ target: appsstoreConfig.id, set: columnas });
    await tx.delete(appsstoreDestacadas);
    if (values.destacadas.length > 0) {
      await tx
        .insert(appsstoreDestacadas)
        .values(values.destacadas.map((aplicacionId, orden) => ({ aplicacionId, orden })));
    }
    const despues = await leerConfig(tx);
    await writeAudit(tx, {
      autor,
      accion: antes ? 'modificar' : 'crear',
      entidad: ENTIDAD_CONFIG,
      entidadId: CONFIG_ID,
      antes,
      despues: auditoriaDe(despues),
    });
    return despues;
  });
}
