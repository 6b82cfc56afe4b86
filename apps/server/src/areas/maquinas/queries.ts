import type {
  Asignacion,
  asignarInput,
  devolverInput,
  Maquina,
  MaquinaDetalle,
  maquinaInput,
  maquinaListQuery,
} from '@intranet/contract/areas/maquinas';
import { MAQUINA_ESTADO_NOMBRES, MAQUINA_TIPO_NOMBRES } from '@intranet/contract/areas/maquinas';
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { maquinaAsignaciones, maquinaBusqueda, maquinas, personas, usuarios } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import { selectSource, type ListSource, type ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';

type MaquinaValues = z.output<typeof maquinaInput>;
type MaquinaListQuery = Omit<z.output<typeof maquinaListQuery>, 'page' | 'size'>;

/** The audit entity of a machine's history. */
export const ENTIDAD = 'maquina';

/** The open assignment (at most one per machine, by a partial unique index) is the current holder. */
const abierta = alias(maquinaAsignaciones, 'abierta');
const titular = alias(personas, 'titular');
const personaNombre = sql<string | null>`${titular.apellido} || ', ' || ${titular.nombre}`;
const garantiaVencida = sql<boolean>`coalesce(${maquinas.garantiaHasta} < current_date, false)`;

const campos = {
  ...wireColumns(maquinas),
  garantia_vencida: garantiaVencida,
  ...wireColumns(abierta, ['persona_id']),
  persona_nombre: personaNombre,
  asignada_desde: abierta.desde,
};

type MaquinaRow = Omit<Maquina, 'creado' | 'actualizado'> & { creado: Date; actualizado: Date };
const wire = (row: MaquinaRow): Maquina => ({
  ...row,
  creado: row.creado.toISOString(),
  actualizado: row.actualizado.toISOString(),
});

const asignacionAbierta = and(eq(abierta.maquinaId, maquinas.id), isNull(abierta.hasta));
const suTitular = eq(titular.id, abierta.personaId);

/** The machines with their current holder joined: the list, the count and the detail all read this. */
const conTitular = (db: Executor) =>
  db.select(campos).from(maquinas).leftJoin(abierta, asignacionAbierta).leftJoin(titular, suTitular).$dynamic();

const orEmpty = (column: AnyPgColumn) => sql`coalesce(${column}, '')`;

export const maquinasList: ListSpec<MaquinaListQuery> = {
  search: maquinaBusqueda(maquinas),
  sorts: {
    nombre: maquinas.nombre,
    nro_inventario: orEmpty(maquinas.nroInventario),
    tipo: maquinas.tipo,
    estado: maquinas.estado,
    persona_nombre: sql`coalesce(${personaNombre}, '')`,
    ubicacion: orEmpty(maquinas.ubicacion),
    garantia_hasta: sql`coalesce(${maquinas.garantiaHasta}, '9999-12-31'::date)`,
    actualizado: maquinas.actualizado,
  },
  defaultSort: 'nombre',
  id: maquinas.id,
  filters: (q) => [
    q.tipo ? eq(maquinas.tipo, q.tipo) : undefined,
    q.estado ? eq(maquinas.estado, q.estado) : undefined,
    q.persona_id ? eq(abierta.personaId, q.persona_id) : undefined,
    q.ubicacion ? sql`lower(${maquinas.ubicacion}) = lower(${q.ubicacion})` : undefined,
    q.garantia_vencida === undefined ? undefined : q.garantia_vencida ? garantiaVencida : sql`not ${garantiaVencida}`,
  ],
};

export const maquinasSource = (db: Executor): ListSource<Maquina> =>
  selectSource(
    (sortKey) =>
      db
        .select({ ...campos, sortKey })
        .from(maquinas)
        .leftJoin(abierta, asignacionAbierta)
        .leftJoin(titular, suTitular)
        .$dynamic(),
    () =>
      db
        .select({ n: count() })
        .from(maquinas)
        .leftJoin(abierta, asignacionAbierta)
        .leftJoin(titular, suTitular)
        .$dynamic(),
    wire,
  );

const fechaAr = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : null);

export const maquinasCsv: CsvColumn<Maquina>[] = [
  { titulo: 'Nombre', valor: (m) => m.nombre },
  { titulo: 'Nº de inventario', valor: (m) => m.nro_inventario },
  { titulo: 'Serie', valor: (m) => m.serie },
  { titulo: 'Tipo', valor: (m) => MAQUINA_TIPO_NOMBRES[m.tipo] },
  { titulo: 'Fabricante', valor: (m) => m.fabricante },
  { titulo: 'Modelo', valor: (m) => m.modelo },
  // The system and its version in two columns, so the file imports back as it is.
  { titulo: 'Sistema operativo', valor: (m) => m.so },
  { titulo: 'Versión del SO', valor: (m) => m.so_version },
  { titulo: 'CPU', valor: (m) => m.cpu },
  { titulo: 'RAM (GB)', valor: (m) => m.ram_gb },
  { titulo: 'Disco (GB)', valor: (m) => m.disco_gb },
  { titulo: 'IP', valor: (m) => m.ip },
  { titulo: 'MAC', valor: (m) => m.mac },
  { titulo: 'Ubicación', valor: (m) => m.ubicacion },
  { titulo: 'Estado', valor: (m) => MAQUINA_ESTADO_NOMBRES[m.estado] },
  { titulo: 'Asignada a', valor: (m) => m.persona_nombre },
  // Days as they are, aaaa-mm-dd: the CSV writes dates in ISO 8601 (lists/csv.ts).
  { titulo: 'Asignada desde', valor: (m) => m.asignada_desde },
  { titulo: 'Fecha de compra', valor: (m) => m.fecha_compra },
  { titulo: 'Garantía hasta', valor: (m) => m.garantia_hasta },
  { titulo: 'Notas', valor: (m) => m.notas },
];

async function maquinaRow(db: Executor, id: number): Promise<Maquina | undefined> {
  const [row] = await conTitular(db).where(eq(maquinas.id, id));
  return row ? wire(row) : undefined;
}

/** The record as its create route writes it to the history (the demo seed writes its history too). */
export const auditadoDe = (db: Executor, id: number) => maquinaRow(db, id);

const noExiste = () => new ApiError(404, 'La máquina no existe');

const asignador = alias(usuarios, 'asignador');
const receptor = alias(usuarios, 'receptor');

async function asignacionesDe(db: Executor, maquinaId: number): Promise<Asignacion[]> {
  return db
    .select({
      ...wireColumns(maquinaAsignaciones, ['id', 'persona_id', 'desde', 'hasta', 'notas']),
      persona_nombre: sql<string>`${personas.apellido} || ', ' || ${personas.nombre}`,
      asignado_por: asignador.nombre,
      devuelto_por: receptor.nombre,
    })
    .from(maquinaAsignaciones)
    .innerJoin(personas, eq(personas.id, maquinaAsignaciones.personaId))
    .leftJoin(asignador, eq(asignador.id, maquinaAsignaciones.asignadoPor))
    .leftJoin(receptor, eq(receptor.id, maquinaAsignaciones.devueltoPor))
    .where(eq(maquinaAsignaciones.maquinaId, maquinaId))
    .orderBy(desc(maquinaAsignaciones.desde), desc(maquinaAsignaciones.id));
}

export async function maquinaDetalle(db: Executor, id: number): Promise<MaquinaDetalle> {
  const maquina = await maquinaRow(db, id);
  if (!maquina) throw noExiste();
  return { ...maquina, asignaciones: await asignacionesDe(db, id) };
}

export async function ubicacionesEnUso(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ u: maquinas.ubicacion })
    .from(maquinas)
    .where(isNotNull(maquinas.ubicacion))
    .orderBy(asc(maquinas.ubicacion));
  return rows.map((r) => r.u).filter((u): u is string => u !== null);
}

/** The payload as the table's columns (the form's writes and the import's). */
export const columnas = (v: MaquinaValues) => columnValues(maquinas, v);

const enUsoSoloAsignando = 'El estado «En uso» lo pone «Asignar»; elija otro estado';

export async function crearMaquina(db: Db, values: MaquinaValues, autor: Autor): Promise<Maquina> {
  if (values.estado === 'en_uso') throw new ApiError(400, enUsoSoloAsignando, { estado: [enUsoSoloAsignando] });
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(maquinas).values(columnas(values)).returning({ id: maquinas.id });
    const creada = (await maquinaRow(tx, row!.id))!;
    await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD, entidadId: creada.id, despues: creada });
    return creada;
  });
}

async function bloquear(tx: Tx, id: number): Promise<Maquina> {
  const [locked] = await tx.select({ id: maquinas.id }).from(maquinas).where(eq(maquinas.id, id)).for('update');
  if (!locked) throw noExiste();
  return (await maquinaRow(tx, id))!;
}

/** The inventory data; the state follows the assignment: an assigned machine stays «En uso» until returned. */
export async function modificarMaquina(db: Db, id: number, values: MaquinaValues, autor: Autor): Promise<Maquina> {
  return db.transaction(async (tx) => {
    const antes = await bloquear(tx, id);
    if (antes.persona_id !== null && values.estado !== 'en_uso') {
      const m = `La máquina está asignada a ${antes.persona_nombre}; use «Devolver» para cambiar su estado`;
      throw new ApiError(409, m, { estado: [m] });
    }
    if (antes.persona_id === null && values.estado === 'en_uso')
      throw new ApiError(400, enUsoSoloAsignando, { estado: [enUsoSoloAsignando] });
    await tx
      .update(maquinas)
      .set({ ...columnas(values), actualizado: sql`now()` })
      .where(eq(maquinas.id, id));
    const despues = (await maquinaRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD, entidadId: id, antes, despues });
    return despues;
  });
}

/** A machine that was ever assigned keeps its history: it is given «Baja», not deleted (409). */
export async function eliminarMaquina(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await bloquear(tx, id);
    const [hist] = await tx
      .select({ n: count() })
      .from(maquinaAsignaciones)
      .where(eq(maquinaAsignaciones.maquinaId, id));
    if ((hist?.n ?? 0) > 0)
      throw new ApiError(409, 'La máquina tiene historial de asignaciones; désela de baja en lugar de eliminarla');
    await tx.delete(maquinas).where(eq(maquinas.id, id));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: id, antes });
  });
}

const hoy = async (tx: Tx): Promise<string> => {
  const r = await tx.execute<{ hoy: string }>(sql`select current_date::text as hoy`);
  return r.rows[0]!.hoy;
};

const campoFecha = (mensaje: string) => new ApiError(400, mensaje, { fecha: [mensaje] });

/** "Asignar": opens a dated assignment row and puts the machine «En uso». */
export async function asignarMaquina(
  db: Db,
  id: number,
  values: z.output<typeof asignarInput>,
  autor: Autor,
): Promise<MaquinaDetalle> {
  return db.transaction(async (tx) => {
    const antes = await bloquear(tx, id);
    if (antes.estado === 'baja') throw new ApiError(409, 'Una máquina dada de baja no se puede asignar');
    if (antes.persona_id !== null)
      throw new ApiError(409, `La máquina ya está asignada a ${antes.persona_nombre}; devuélvala primero`);
    const [persona] = await tx
      .select({ activo: personas.activo })
      .from(personas)
      .where(eq(personas.id, values.persona_id));
    if (!persona)
      throw new ApiError(400, 'La persona elegida no existe', { persona_id: ['La persona elegida no existe'] });
    if (!persona.activo)
      throw new ApiError(409, 'La persona elegida está inactiva', { persona_id: ['La persona elegida está inactiva'] });
    const fecha = values.fecha ?? (await hoy(tx));
    if (fecha > (await hoy(tx))) throw campoFecha('La fecha no puede ser futura');
    const [ultima] = await tx
      .select({ hasta: maquinaAsignaciones.hasta })
      .from(maquinaAsignaciones)
      .where(eq(maquinaAsignaciones.maquinaId, id))
      .orderBy(desc(maquinaAsignaciones.hasta))
      .limit(1);
    if (ultima?.hasta && fecha < ultima.hasta)
      throw campoFecha(`La fecha no puede ser anterior a la última devolución (${fechaAr(ultima.hasta)})`);
    await tx.insert(maquinaAsignaciones).values({
      ...columnValues(maquinaAsignaciones, values),
      maquinaId: id,
      desde: fecha,
      asignadoPor: autor.id,
    });
    await tx.update(maquinas).set({ estado: 'en_uso', actualizado: sql`now()` }).where(eq(maquinas.id, id));
    const despues = (await maquinaRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'asignar', entidad: ENTIDAD, entidadId: id, antes, despues });
    return { ...despues, asignaciones: await asignacionesDe(tx, id) };
  });
}

/** "Devolver": closes the open assignment on a date and leaves the machine in the state chosen. */
export async function devolverMaquina(
  db: Db,
  id: number,
  values: z.output<typeof devolverInput>,
  autor: Autor,
): Promise<MaquinaDetalle> {
  return db.transaction(async (tx) => {
    const antes = await bloquear(tx, id);
    if (antes.persona_id === null || antes.asignada_desde === null)
      throw new ApiError(409, 'La máquina no está asignada');
    const fecha = values.fecha ?? (await hoy(tx));
    if (fecha > (await hoy(tx))) throw campoFecha('La fecha no puede ser futura');
    if (fecha < antes.asignada_desde)
      throw campoFecha(`La fecha no puede ser anterior a la asignación (${fechaAr(antes.asignada_desde)})`);
    await tx
      .update(maquinaAsignaciones)
      .set({
        hasta: fecha,
        devueltoPor: autor.id,
        ...(values.notas
          ? { notas: sql`coalesce(${maquinaAsignaciones.notas} || ' · ', '') || ${`Devolución: ${values.notas}`}` }
          : {}),
      })
      .where(and(eq(maquinaAsignaciones.maquinaId, id), isNull(maquinaAsignaciones.hasta)));
    await tx.update(maquinas).set({ estado: values.estado, actualizado: sql`now()` }).where(eq(maquinas.id, id));
    const despues = (await maquinaRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'devolver', entidad: ENTIDAD, entidadId: id, antes, despues });
    return { ...despues, asignaciones: await asignacionesDe(tx, id) };
  });
}
