import type { Rol, RolDetalle, rolInput, rolListQuery } from '@intranet/contract/areas/personas/usuarios';
import { ADMIN_CODE } from '@intranet/contract/areas/personas/usuarios';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { wireColumns } from '../../../db/wire.ts';
import { rolPermisos, roles, usuarioRoles, usuarios } from '../../../db/schema.ts';
import type { ListSource, ListSpec } from '../../../lists/list.ts';
import { ApiError } from '../../../core/api-error.ts';
import { asegurarAdministrador, tomarCandadoAdmin, ULTIMO_ADMIN } from '../usuarios/queries.ts';

type RolValues = z.output<typeof rolInput>;
type RolListQuery = Omit<z.output<typeof rolListQuery>, 'page' | 'size'>;

/** The audit entity of a role's history. */
export const ENTIDAD = 'rol';

// Table names written out: drizzle leaves columns unqualified in a one-table select (see usuarios/queries.ts).
const usuariosCount = sql<number>`(select count(*)::int from usuario_roles ur where ur.rol_id = "roles"."id")`;
const permisos = sql<
  string[]
>`coalesce((select array_agg(rp.codigo order by rp.codigo) from rol_permisos rp where rp.rol_id = "roles"."id"), '{}')`;

const campos = {
  id: roles.id,
  nombre: roles.nombre,
  descripcion: roles.descripcion,
  permisos,
  usuarios_count: usuariosCount,
  actualizado: roles.actualizado,
};

type RolRow = Omit<Rol, 'actualizado'> & { actualizado: Date };
const wire = (r: RolRow): Rol => ({
  ...r,
  usuarios_count: Number(r.usuarios_count),
  actualizado: r.actualizado.toISOString(),
});

export const rolesList: ListSpec<RolListQuery> = {
  search: sql`(${roles.nombre} || ' ' || ${roles.descripcion})`,
  sorts: { nombre: roles.nombre, usuarios_count: usuariosCount, actualizado: roles.actualizado },
  defaultSort: 'nombre',
  id: roles.id,
};

export const rolesSource = (db: Executor): ListSource<Rol> => ({
  rows: async (f) => {
    const rows = await db
      .select({ ...campos, sortKey: f.sortKey })
      .from(roles)
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset);
    return rows.map((r) => ({ ...wire(r), sortKey: r.sortKey }));
  },
  count: async (where) => (await db.select({ n: count() }).from(roles).where(where))[0]?.n ?? 0,
});

const noExiste = () => new ApiError(404, 'El rol no existe');

async function rolRow(db: Executor, id: number): Promise<Rol | undefined> {
  const [row] = await db.select(campos).from(roles).where(eq(roles.id, id));
  return row ? wire(row) : undefined;
}

export async function rolDetalle(db: Executor, id: number): Promise<RolDetalle> {
  const rol = await rolRow(db, id);
  if (!rol) throw noExiste();
  const cuentas = await db
    .select(wireColumns(usuarios, ['id', 'usuario', 'nombre', 'persona_id', 'activo']))
    .from(usuarioRoles)
    .innerJoin(usuarios, eq(usuarios.id, usuarioRoles.usuarioId))
    .where(eq(usuarioRoles.rolId, id))
    .orderBy(asc(usuarios.usuario));
  return { ...rol, usuarios: cuentas };
}

const auditado = (r: Rol) => ({ nombre: r.nombre, descripcion: r.descripcion, permisos: r.permisos });

/** The record as its create route writes it to the history (the demo seed writes its history too). */
export async function auditadoDe(db: Executor, id: number) {
  const rol = await rolRow(db, id);
  return rol && auditado(rol);
}

export async function crearRol(db: Db, values: RolValues, autor: Autor): Promise<Rol> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roles)
      .values({ nombre: values.nombre, descripcion: values.descripcion })
      .returning({ id: roles.id });
    if (values.permisos.length > 0)
      await tx.insert(rolPermisos).values(values.permisos.map((codigo) => ({ rolId: row!.id, codigo })));
    const creado = (await rolRow(tx, row!.id))!;
    await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD, entidadId: creado.id, despues: auditado(creado) });
    return creado;
  });
}

/** Replaces name, description and codes; holders see the new codes on their very next request. */
export async function modificarRol(db: Db, id: number, values: RolValues, autor: Autor): Promise<Rol> {
  return db.transaction(async (tx) => {
    await tomarCandadoAdmin(tx);
    const [locked] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
    if (!locked) throw noExiste();
    const antes = (await rolRow(tx, id))!;
    await tx
      .update(roles)
      .set({ nombre: values.nombre, descripcion: values.descripcion, actualizado: sql`now()` })
      .where(eq(roles.id, id));
    await tx.delete(rolPermisos).where(eq(rolPermisos.rolId, id));
    if (values.permisos.length > 0)
      await tx.insert(rolPermisos).values(values.permisos.map((codigo) => ({ rolId: id, codigo })));
    if (antes.permisos.includes(ADMIN_CODE) && !values.permisos.includes(ADMIN_CODE)) {
      await asegurarAdministrador(tx, ULTIMO_ADMIN.quitarCodigo);
    }
    const despues = (await rolRow(tx, id))!;
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD,
      entidadId: id,
      antes: auditado(antes),
      despues: auditado(despues),
    });
    return despues;
  });
}

/** A role still held by accounts is not deleted (409): take it from them first, so nobody loses access unawares. */
export async function eliminarRol(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
    if (!locked) throw noExiste();
    const antes = (await rolRow(tx, id))!;
    if (antes.usuarios_count > 0) {
      const n = antes.usuarios_count;
      throw new ApiError(
        409,
        `El rol está asignado a ${n} ${n === 1 ? 'cuenta' : 'cuentas'}; quíteselo antes de eliminarlo`,
      );
    }
    await tx.delete(roles).where(eq(roles.id, id));
    await writeAudit(tx, { autor, accion: 'eliminar', entidad: ENTIDAD, entidadId: id, antes: auditado(antes) });
  });
}
