import type { Directorio, GrupoRol, GrupoRolInput } from '@intranet/contract/areas/auth';
import { asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { gruposRoles, roles } from '../../db/schema.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { MENSAJES } from '../../messages.ts';
import { ApiError } from '../../core/api-error.ts';

export const ENTIDAD_GRUPO = 'grupo_rol';

const lista = (db: Executor) =>
  db
    .select({ ...wireColumns(gruposRoles, ['id', 'grupo', 'rol_id', 'creado']), rol: roles.nombre })
    .from(gruposRoles)
    .innerJoin(roles, eq(roles.id, gruposRoles.rolId));

const wire = (f: Awaited<ReturnType<typeof lista>>[number]): GrupoRol => ({ ...f, creado: f.creado.toISOString() });

/** The directory's settings as the screen tells them (its address without credentials) and the mapping. */
export async function directorioDe(db: Executor, config: Config): Promise<Directorio> {
  const url = config.ldap ? new URL(config.ldap.url) : null;
  if (url) url.username = url.password = '';
  return {
    configurado: config.ldap !== null,
    url: url?.toString() ?? null,
    grupos: (await lista(db).orderBy(asc(sql`lower(${gruposRoles.grupo})`), asc(roles.nombre))).map(wire),
  };
}

export async function agregarGrupo(db: Db, input: GrupoRolInput, autor: Autor): Promise<GrupoRol> {
  return db.transaction(async (tx) => {
    const [rol] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, input.rol_id));
    if (!rol) throw new ApiError(400, MENSAJES.datosInvalidos, { rol_id: ['El rol no existe'] });
    const [fila] = await tx
      .insert(gruposRoles)
      .values(columnValues(gruposRoles, input))
      .onConflictDoNothing()
      .returning({ id: gruposRoles.id });
    if (!fila) throw new ApiError(409, 'Ese grupo ya da ese rol', { grupo: ['Ese grupo ya da ese rol'] });
    const [creada] = await lista(tx).where(eq(gruposRoles.id, fila.id));
    await writeAudit(tx, {
      autor,
      accion: 'crear',
      entidad: ENTIDAD_GRUPO,
      entidadId: fila.id,
      despues: { grupo: input.grupo, rol: creada!.rol },
    });
    return wire(creada!);
  });
}

export async function quitarGrupo(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const [antes] = await lista(tx).where(eq(gruposRoles.id, id));
    if (!antes) throw new ApiError(404, 'La asignación no existe');
    await tx.delete(gruposRoles).where(eq(gruposRoles.id, id));
    await writeAudit(tx, {
      autor,
      accion: 'eliminar',
      entidad: ENTIDAD_GRUPO,
      entidadId: id,
      antes: { grupo: antes.grupo, rol: antes.rol },
    });
  });
}
