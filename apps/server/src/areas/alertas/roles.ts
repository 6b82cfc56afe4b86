import { ALERTA_TIPOS, type AlertaTipo, type RolAlertas, type RolAlertasInput } from '@intranet/contract/areas/alertas';
import type { PermissionCode } from '@intranet/contract/registry';
import { asc, eq, inArray } from 'drizzle-orm';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { alertasRolDefaults, rolPermisos, roles } from '../../db/schema.ts';
import { MENSAJES } from '../../messages.ts';
import { ApiError } from '../../core/api-error.ts';

export const ENTIDAD_ROL = 'alertas_rol';

/** The kinds of alert a set of codes may receive. */
export type Visibles = (codigos: ReadonlySet<PermissionCode>) => AlertaTipo[];

/** Every role, by name, with the kinds its codes read and the channels its members get until they choose. */
export async function canalesDeRoles(db: Executor, visibles: Visibles, soloRol?: number): Promise<RolAlertas[]> {
  const filtro = soloRol === undefined ? undefined : eq(roles.id, soloRol);
  const lista = await db
    .select({ id: roles.id, nombre: roles.nombre })
    .from(roles)
    .where(filtro)
    .orderBy(asc(roles.nombre));
  if (lista.length === 0) return [];
  const ids = lista.map((r) => r.id);
  const codigos = await db.select().from(rolPermisos).where(inArray(rolPermisos.rolId, ids));
  const filas = await db.select().from(alertasRolDefaults).where(inArray(alertasRolDefaults.rolId, ids));
  return lista.map((rol) => {
    const suyos = new Set(codigos.filter((c) => c.rolId === rol.id).map((c) => c.codigo as PermissionCode));
    const propias = new Map(filas.filter((f) => f.rolId === rol.id).map((f) => [f.tipo, f]));
    return {
      ...rol,
      tipos: visibles(suyos).map((tipo) => {
        const propia = propias.get(tipo);
        return {
          tipo,
          titulo: ALERTA_TIPOS[tipo],
          email: propia?.email ?? true,
          portal: propia?.portal ?? true,
          propia: propia !== undefined,
        };
      }),
    };
  });
}

/**
 * Sets a role's channels for the kinds sent (a kind its codes do not read is refused), in one transaction with
 * its audit row; answers the role as the screen shows it.
 */
export async function guardarCanalesDeRol(
  db: Db,
  visibles: Visibles,
  rolId: number,
  { preferencias }: RolAlertasInput,
  autor: Autor,
): Promise<RolAlertas> {
  return db.transaction(async (tx) => {
    const [antes] = await canalesDeRoles(tx, visibles, rolId);
    if (!antes) throw new ApiError(404, 'El rol no existe');
    const suyos = new Set(antes.tipos.map((t) => t.tipo));
    const campos: Record<string, string[]> = {};
    preferencias.forEach((p, i) => {
      if (!suyos.has(p.tipo))
        campos[`preferencias.${i}.tipo`] = ['Los permisos del rol no le dejan recibir estas alertas'];
    });
    if (Object.keys(campos).length > 0) throw new ApiError(400, MENSAJES.datosInvalidos, campos);
    for (const p of preferencias) {
      await tx
        .insert(alertasRolDefaults)
        .values({ rolId, tipo: p.tipo, email: p.email, portal: p.portal })
        .onConflictDoUpdate({
          target: [alertasRolDefaults.rolId, alertasRolDefaults.tipo],
          set: { email: p.email, portal: p.portal },
        });
    }
    const [despues] = await canalesDeRoles(tx, visibles, rolId);
    const resumen = (r: RolAlertas) =>
      Object.fromEntries(r.tipos.map((t) => [t.tipo, { email: t.email, portal: t.portal }]));
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD_ROL,
      entidadId: rolId,
      antes: resumen(antes),
      despues: resumen(despues!),
    });
    return despues!;
  });
}
