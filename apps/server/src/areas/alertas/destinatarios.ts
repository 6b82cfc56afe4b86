import type { AlertaTipo } from '@intranet/contract/areas/alertas';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export interface Canales {
  email: boolean;
  portal: boolean;
}

/** A person who may be told: an active account, its codes, and its channels for each kind of alert. */
export interface Destinatario {
  id: number;
  nombre: string;
  email: string | null;
  codigos: ReadonlySet<string>;
  canales(tipo: AlertaTipo): Canales;
}

const AMBOS: Canales = { email: true, portal: true };

/**
 * Every active account with its permission codes and its channels per kind: its own choice ("Mis alertas"),
 * else what any of its roles gives (a role without a row for the kind gives both channels).
 */
export async function destinatarios(db: Executor, soloUsuario?: number): Promise<Destinatario[]> {
  const filtro = soloUsuario === undefined ? sql`true` : sql`u.id = ${soloUsuario}`;
  const { rows } = await db.execute<{
    id: number;
    nombre: string;
    email: string | null;
    codigos: string[] | null;
    propias: { tipo: string; email: boolean; portal: boolean }[] | null;
    de_roles: { tipo: string; email: boolean; portal: boolean }[] | null;
    roles: number;
  }>(sql`
    select u.id, u.nombre, u.email,
           (select array_agg(distinct rp.codigo)
              from usuario_roles ur join rol_permisos rp on rp.rol_id = ur.rol_id
              where ur.usuario_id = u.id) as codigos,
           (select json_agg(json_build_object('tipo', p.tipo, 'email', p.email, 'portal', p.portal))
              from alertas_preferencias p where p.usuario_id = u.id) as propias,
           (select json_agg(json_build_object('tipo', d.tipo, 'email', d.email, 'portal', d.portal))
              from usuario_roles ur join alertas_rol_defaults d on d.rol_id = ur.rol_id
              where ur.usuario_id = u.id) as de_roles,
           (select count(*)::int from usuario_roles ur where ur.usuario_id = u.id) as roles
      from usuarios u
     where u.activo and ${filtro}
     order by u.id`);
  return rows.map((r) => {
    const propias = new Map((r.propias ?? []).map((p) => [p.tipo, { email: p.email, portal: p.portal }]));
    const deRoles = r.de_roles ?? [];
    return {
      id: r.id,
      nombre: r.nombre,
      email: r.email,
      codigos: new Set(r.codigos ?? []),
      canales: (tipo) =>
        propias.get(tipo) ??
        porRoles(
          deRoles.filter((d) => d.tipo === tipo),
          Number(r.roles),
        ),
    };
  });
}

/** A role without a row for the kind gives both channels; several roles add up. */
export function porRoles(filas: readonly Canales[], roles: number): Canales {
  if (filas.length < roles) return AMBOS;
  return { email: filas.some((f) => f.email), portal: filas.some((f) => f.portal) };
}
