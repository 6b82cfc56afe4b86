import type { PermissionCode } from '@intranet/contract/registry';
import { hashPassword } from '../core/passwords.ts';
import type { Db } from '../db/client.ts';
import { rolPermisos, roles, usuarioRoles, usuarios } from '../db/schema.ts';

// Accounts made for a test or a bench straight in the database (no vitest here: the benches import it too).

/** A user whose only role grants exactly `codigos` (possibly none). */
export async function createUser(
  db: Db,
  opts: { usuario: string; password?: string; codigos?: readonly PermissionCode[]; activo?: boolean; email?: string },
): Promise<{ id: number; rolId: number }> {
  const [rol] = await db
    .insert(roles)
    .values({ nombre: `rol-${opts.usuario}` })
    .returning({ id: roles.id });
  const [user] = await db
    .insert(usuarios)
    .values({
      usuario: opts.usuario,
      nombre: `Usuario ${opts.usuario}`,
      email: opts.email ?? null,
      passwordHash: await hashPassword(opts.password ?? 'clave-prueba'),
      activo: opts.activo ?? true,
    })
    .returning({ id: usuarios.id });
  if (!rol || !user) throw new Error('no se pudo crear el usuario de prueba');
  if (opts.codigos?.length)
    await db.insert(rolPermisos).values(opts.codigos.map((codigo) => ({ rolId: rol.id, codigo })));
  await db.insert(usuarioRoles).values({ usuarioId: user.id, rolId: rol.id });
  return { id: user.id, rolId: rol.id };
}
