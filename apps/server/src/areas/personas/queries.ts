import type {
  Persona,
  PersonaDeleteResult,
  PersonaDetalle,
  personaInput,
  personaListQuery,
  PersonaOpcion,
  personaOpcionesQuery,
} from '@intranet/contract/areas/personas';
import { PERSONA_OPCIONES_MAX } from '@intranet/contract/areas/personas';
import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { desarrollos, maquinaAsignaciones, maquinas, personaBusqueda, personas, usuarios } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import { likePattern, type ListSource, type ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import { desactivarCuentaDePersona } from './usuarios/queries.ts';

type PersonaValues = z.output<typeof personaInput>;
type PersonaListQuery = Omit<z.output<typeof personaListQuery>, 'page' | 'size'>;

/** The audit entity of a person's history. */
export const ENTIDAD = 'persona';

const responsable = alias(personas, 'responsable');

/** "Apellido, Nombre": how lists and selects name a person. */
export const nombreCompleto = (t: typeof personas) => sql<string>`${t.apellido} || ', ' || ${t.nombre}`;

// Table names written out: drizzle leaves columns unqualified in a one-table select (see usuarios/queries.ts).
const maquinasCount = sql<number>`(select count(*)::int from maquina_asignaciones ma
  where ma.persona_id = "personas"."id" and ma.hasta is null)`;

const campos = {
  ...wireColumns(personas),
  nombre_completo: nombreCompleto(personas),
  responsable_nombre: sql<string | null>`${responsable.apellido} || ', ' || ${responsable.nombre}`,
  usuario: sql<string | null>`(select u.usuario from usuarios u where u.persona_id = "personas"."id")`,
  maquinas_count: maquinasCount,
};

type PersonaRow = Omit<Persona, 'creado' | 'actualizado'> & { creado: Date; actualizado: Date };
const wire = (row: PersonaRow): Persona => ({
  ...row,
  maquinas_count: Number(row.maquinas_count),
  creado: row.creado.toISOString(),
  actualizado: row.actualizado.toISOString(),
});

const orEmpty = (column: AnyPgColumn) => sql`coalesce(${column}, '')`;

/** Spanish alphabetical order whatever the database's collation: Álvarez among the A, not after Z. */
const ordenAlfabetico = (text: SQL) =>
  sql`translate(lower(${text}), 'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc')`;

/** The people list: search over name, email, legajo, position, area and extension. */
export const personasList: ListSpec<PersonaListQuery> = {
  search: personaBusqueda(personas),
  sorts: {
    apellido: ordenAlfabetico(sql`${personas.apellido} || ' ' || ${personas.nombre}`),
    nombre: personas.nombre,
    legajo: orEmpty(personas.legajo),
    area: orEmpty(personas.area),
    puesto: orEmpty(personas.puesto),
    email: orEmpty(personas.email),
    interno: orEmpty(personas.interno),
    activo: personas.activo,
    maquinas_count: maquinasCount,
    actualizado: personas.actualizado,
  },
  defaultSort: 'apellido',
  id: personas.id,
  filters: (q) => [
    q.area ? sql`lower(${personas.area}) = lower(${q.area})` : undefined,
    q.activo === undefined ? undefined : eq(personas.activo, q.activo),
    q.tipo === 'personal'
      ? isNull(personas.clienteId)
      : q.tipo === 'contacto'
        ? isNotNull(personas.clienteId)
        : undefined,
    q.responsable_id ? eq(personas.responsableId, q.responsable_id) : undefined,
    q.empresa_id ? eq(personas.clienteId, q.empresa_id) : undefined,
  ],
};

export const personasSource = (db: Executor): ListSource<Persona> => ({
  rows: async (f) => {
    const rows = await db
      .select({ ...campos, sortKey: f.sortKey })
      .from(personas)
      .leftJoin(responsable, eq(responsable.id, personas.responsableId))
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset);
    return rows.map((r) => ({ ...wire(r), sortKey: r.sortKey }));
  },
  count: async (where) => (await db.select({ n: count() }).from(personas).where(where))[0]?.n ?? 0,
});

export const personasCsv: CsvColumn<Persona>[] = [
  // The import finds each person by it, email or not.
  { titulo: 'Id', valor: (p) => p.id },
  { titulo: 'Apellido', valor: (p) => p.apellido },
  { titulo: 'Nombre', valor: (p) => p.nombre },
  { titulo: 'Legajo', valor: (p) => p.legajo },
  { titulo: 'Email', valor: (p) => p.email },
  { titulo: 'Teléfono', valor: (p) => p.telefono },
  { titulo: 'Interno', valor: (p) => p.interno },
  { titulo: 'Puesto', valor: (p) => p.puesto },
  { titulo: 'Área', valor: (p) => p.area },
  { titulo: 'Responsable', valor: (p) => p.responsable_nombre },
  { titulo: 'Tipo', valor: (p) => (p.empresa_id === null ? 'Personal' : 'Contacto de cliente') },
  { titulo: 'Usuario', valor: (p) => p.usuario },
  { titulo: 'Máquinas asignadas', valor: (p) => p.maquinas_count },
  { titulo: 'Activo', valor: (p) => p.activo },
  { titulo: 'Actualizado', valor: (p) => new Date(p.actualizado) },
];

async function personaRow(db: Executor, id: number): Promise<Persona | undefined> {
  const [row] = await db
    .select(campos)
    .from(personas)
    .leftJoin(responsable, eq(responsable.id, personas.responsableId))
    .where(eq(personas.id, id));
  return row ? wire(row) : undefined;
}

/** The record as its create route writes it to the history (the demo seed writes its history too). */
export const auditadoDe = (db: Executor, id: number) => personaRow(db, id);

const noExiste = () => new ApiError(404, 'La persona no existe');

/** The person with the machines they hold now and the people who report to them. */
export async function personaDetalle(db: Executor, id: number): Promise<PersonaDetalle> {
  const persona = await personaRow(db, id);
  if (!persona) throw noExiste();
  const [enUso, aCargo] = await Promise.all([
    db
      .select({
        ...wireColumns(maquinas, ['id', 'nombre', 'tipo', 'nro_inventario']),
        desde: maquinaAsignaciones.desde,
      })
      .from(maquinaAsignaciones)
      .innerJoin(maquinas, eq(maquinas.id, maquinaAsignaciones.maquinaId))
      .where(and(eq(maquinaAsignaciones.personaId, id), isNull(maquinaAsignaciones.hasta)))
      .orderBy(asc(maquinas.nombre)),
    db
      .select({ id: personas.id, nombre_completo: nombreCompleto(personas), activo: personas.activo })
      .from(personas)
      .where(eq(personas.responsableId, id))
      .orderBy(asc(personas.apellido), asc(personas.nombre)),
  ]);
  return { ...persona, maquinas: enUso, a_cargo: aCargo };
}

/** People for a select: by name, the active first, at most PERSONA_OPCIONES_MAX. */
export async function personaOpciones(
  db: Executor,
  q: z.output<typeof personaOpcionesQuery>,
): Promise<PersonaOpcion[]> {
  return db
    .select({ id: personas.id, nombre_completo: nombreCompleto(personas), activo: personas.activo })
    .from(personas)
    .where(
      and(
        q.q ? sql`${personaBusqueda(personas)} ilike ${likePattern(q.q)}` : undefined,
        q.activo === undefined ? undefined : eq(personas.activo, q.activo),
        q.tipo === 'personal'
          ? isNull(personas.clienteId)
          : q.tipo === 'contacto'
            ? isNotNull(personas.clienteId)
            : undefined,
        q.id ? eq(personas.id, q.id) : undefined,
      ),
    )
    .orderBy(asc(personas.apellido), asc(personas.nombre), asc(personas.id))
    .limit(PERSONA_OPCIONES_MAX);
}

/** The areas in use, for the list's filter. */
export async function personaAreas(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ area: personas.area })
    .from(personas)
    .where(isNotNull(personas.area))
    .orderBy(asc(personas.area));
  return rows.map((r) => r.area).filter((a): a is string => a !== null);
}

/** A person's values as the contract gives them, as their row's columns (creating, editing, importing). */
export const columnasPersona = (v: PersonaValues) => columnValues(personas, v);

/** A responsable must exist and must not report, directly or not, to the person themself. */
async function validarResponsable(tx: Tx, id: number | null, responsableId: number | null): Promise<void> {
  if (responsableId === null) return;
  const campo = (mensaje: string) => new ApiError(400, mensaje, { responsable_id: [mensaje] });
  if (responsableId === id) throw campo('Una persona no puede ser su propio responsable');
  const cadena = await tx.execute<{ id: number }>(sql`
    with recursive arriba(id, responsable_id, n) as (
      select ${personas.id}, ${personas.responsableId}, 0 from ${personas} where ${personas.id} = ${responsableId}
      union all
      select p.id, p.responsable_id, arriba.n + 1 from ${personas} p join arriba on p.id = arriba.responsable_id
        where arriba.n < 100
    ) select id from arriba`);
  if (cadena.rows.length === 0) throw campo('El responsable elegido no existe');
  if (id !== null && cadena.rows.some((r) => Number(r.id) === id)) {
    throw campo('El responsable elegido depende de esta persona');
  }
}

export async function crearPersona(db: Db, values: PersonaValues, autor: Autor): Promise<Persona> {
  return db.transaction(async (tx) => {
    await validarResponsable(tx, null, values.responsable_id);
    const [row] = await tx.insert(personas).values(columnasPersona(values)).returning({ id: personas.id });
    const creada = (await personaRow(tx, row!.id))!;
    await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD, entidadId: creada.id, despues: creada });
    return creada;
  });
}

export async function modificarPersona(db: Db, id: number, values: PersonaValues, autor: Autor): Promise<Persona> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: personas.id }).from(personas).where(eq(personas.id, id)).for('update');
    if (!locked) throw noExiste();
    const antes = (await personaRow(tx, id))!;
    await validarResponsable(tx, id, values.responsable_id);
    await tx
      .update(personas)
      .set({ ...columnasPersona(values), actualizado: sql`now()` })
      .where(eq(personas.id, id));
    // Someone who is no longer active cannot keep signing in.
    if (antes.activo && !values.activo) await desactivarCuentaDePersona(tx, id, autor);
    const despues = (await personaRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD, entidadId: id, antes, despues });
    return despues;
  });
}

/** What points at a person, in words; empty when nothing does. Later areas add their references here. */
async function referenciasDe(tx: Tx, id: number): Promise<string[]> {
  // One query at a time: a transaction is one connection.
  const [cuenta] = await tx.select({ n: count() }).from(usuarios).where(eq(usuarios.personaId, id));
  const [asignaciones] = await tx
    .select({ n: count() })
    .from(maquinaAsignaciones)
    .where(eq(maquinaAsignaciones.personaId, id));
  const [aCargo] = await tx.select({ n: count() }).from(personas).where(eq(personas.responsableId, id));
  const [proyectos] = await tx.select({ n: count() }).from(desarrollos).where(eq(desarrollos.responsableId, id));
  const motivos: string[] = [];
  if (cuenta && cuenta.n > 0) motivos.push('tiene una cuenta de usuario');
  if (asignaciones && asignaciones.n > 0)
    motivos.push(
      asignaciones.n === 1
        ? 'figura en 1 asignación de máquinas'
        : `figura en ${asignaciones.n} asignaciones de máquinas`,
    );
  if (aCargo && aCargo.n > 0)
    motivos.push(aCargo.n === 1 ? 'es responsable de 1 persona' : `es responsable de ${aCargo.n} personas`);
  if (proyectos && proyectos.n > 0)
    motivos.push(proyectos.n === 1 ? 'es responsable de 1 desarrollo' : `es responsable de ${proyectos.n} desarrollos`);
  return motivos;
}

const enumerar = (partes: string[]) =>
  partes.length <= 1 ? partes.join('') : `${partes.slice(0, -1).join(', ')} y ${partes.at(-1)}`;

/**
 * Deletes a person nothing points at; a referenced person is deactivated instead (their history stays
 * whole), and the answer says which happened and why.
 */
export async function eliminarPersona(db: Db, id: number, autor: Autor): Promise<PersonaDeleteResult> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: personas.id }).from(personas).where(eq(personas.id, id)).for('update');
    if (!locked) throw noExiste();
    const antes = (await personaRow(tx, id))!;
    const motivos = await referenciasDe(tx, id);
    if (motivos.length === 0) {
      await tx.delete(personas).where(eq(personas.id, id));
      await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: id, antes });
      return { accion: 'eliminada', motivo: null };
    }
    const motivo = `No se eliminó porque ${enumerar(motivos)}; se desactivó en su lugar.`;
    if (antes.activo) {
      await tx.update(personas).set({ activo: false, actualizado: sql`now()` }).where(eq(personas.id, id));
      await desactivarCuentaDePersona(tx, id, autor);
      const despues = (await personaRow(tx, id))!;
      await writeAudit(tx, { autor, accion: 'desactivar', entidad: ENTIDAD, entidadId: id, antes, despues });
    }
    return { accion: 'desactivada', motivo };
  });
}
