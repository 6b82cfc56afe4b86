import { randomBytes } from 'node:crypto';
import type { Sesion } from '@intranet/contract/auth';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { LdapConfig } from '../../config.ts';
import { recordWrongPassword, throttleWait, type Intento } from '../../core/intentos.ts';
import { hashPassword } from '../../core/passwords.ts';
import { createSession, recordSuccess, roleNamesOf } from '../../core/sessions.ts';
import { writeAudit } from '../../db/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { gruposRoles, personas, usuarioRoles, usuarios } from '../../db/schema.ts';
import { autenticarEnDirectorio, nombresDeGrupo, type PersonaDirectorio } from './directorio.ts';

export type IngresoDirectorio =
  | { kind: 'ok'; sesion: Sesion }
  | { kind: 'rechazado' }
  | { kind: 'bloqueado'; segundos: number }
  | { kind: 'caido' }
  /** Right password, but none of their groups opens the portal. */
  | { kind: 'sin_grupo' };

/** The roles the person's directory groups map to (by DN or by name, case-insensitively). */
export async function rolesDeGrupos(db: Db | Tx, grupos: readonly string[]): Promise<number[]> {
  const nombres = [...new Set(grupos.flatMap(nombresDeGrupo).map((g) => g.toLowerCase()))];
  if (nombres.length === 0) return [];
  const filas = await db.selectDistinct({ rolId: gruposRoles.rolId }).from(gruposRoles).where(inArray(sql`lower(${gruposRoles.grupo})`, nombres));
  return filas.map((f) => f.rolId);
}

/**
 * The account of a directory (or OpenID provider) person, just in time: the one already linked (by name), else a local one with
 * their e-mail (linked now), else a new account with its Persona. Its roles become those of their groups.
 */
export async function cuentaDe(
  tx: Tx,
  login: string,
  p: PersonaDirectorio,
  roles: readonly number[],
  origen: 'ldap' | 'oidc' = 'ldap',
): Promise<{ id: number; usuario: string; nombre: string; nueva: boolean }> {
  const porNombre = sql`lower(${usuarios.usuario}) = ${login.toLowerCase()}`;
  const porEmail = p.email ? sql`lower(${usuarios.email}) = ${p.email.toLowerCase()}` : sql`false`;
  const [existente] = await tx
    .select({ id: usuarios.id, usuario: usuarios.usuario, personaId: usuarios.personaId })
    .from(usuarios)
    .where(or(porNombre, porEmail))
    .orderBy(sql`${porNombre} desc`)
    .limit(1);
  let id: number;
  let usuario: string;
  if (existente) {
    ({ id, usuario } = existente);
    await tx.update(usuarios).set({ origen, directorioDn: p.dn, nombre: p.nombre, ...(p.email ? { email: p.email } : {}), actualizado: sql`now()` }).where(eq(usuarios.id, id));
  } else {
    const partes = p.nombre.trim().split(/\s+/);
    const apellido = partes.length > 1 ? partes.pop()! : '';
    const [persona] = await tx.insert(personas).values({ nombre: partes.join(' ') || p.nombre, apellido: apellido || '-', email: p.email }).returning({ id: personas.id });
    // A password nobody knows: the account signs in through the directory only.
    const [nueva] = await tx
      .insert(usuarios)
      .values({ usuario: login.toLowerCase(), nombre: p.nombre, email: p.email, passwordHash: await hashPassword(randomBytes(24).toString('hex')), origen, directorioDn: p.dn, personaId: persona!.id })
      .returning({ id: usuarios.id, usuario: usuarios.usuario });
    ({ id, usuario } = nueva!);
  }
  await tx.delete(usuarioRoles).where(eq(usuarioRoles.usuarioId, id));
  await tx.insert(usuarioRoles).values(roles.map((rolId) => ({ usuarioId: id, rolId })));
  return { id, usuario, nombre: p.nombre, nueva: !existente };
}

/**
 * Signing in through the directory (a name that is no local account, or an account linked to the directory):
 * throttled as local passwords are; roles follow the groups at every sign-in.
 */
export async function ingresoDirectorio(
  db: Db,
  cfg: LdapConfig,
  opts: { login: string; password: string; ip: string; ttlHours: number; usuarioId: number | null },
): Promise<IngresoDirectorio> {
  const intento: Intento = { usuario: opts.login.toLowerCase(), usuarioId: opts.usuarioId, ip: opts.ip };
  const espera = await throttleWait(db, intento);
  if (espera > 0) return { kind: 'bloqueado', segundos: espera };
  const r = await autenticarEnDirectorio(cfg, opts.login, opts.password);
  if (r.kind === 'caido') return { kind: 'caido' };
  if (r.kind === 'rechazado') {
    const despues = await recordWrongPassword(db, intento);
    return despues > 0 ? { kind: 'bloqueado', segundos: despues } : { kind: 'rechazado' };
  }
  const roles = await rolesDeGrupos(db, r.persona.grupos);
  if (roles.length === 0) return { kind: 'sin_grupo' };
  return db.transaction(async (tx) => {
    const cuenta = await cuentaDe(tx, opts.login, r.persona, roles);
    await recordSuccess(tx, intento.usuario, opts.ip);
    const token = await createSession(tx, { usuarioId: cuenta.id, ttlHours: opts.ttlHours, ip: opts.ip });
    await writeAudit(tx, {
      autor: { id: cuenta.id, nombre: cuenta.nombre },
      accion: 'ingreso',
      entidad: 'usuario',
      entidadId: cuenta.id,
      despues: { ip: opts.ip, origen: 'ldap', dn: r.persona.dn, grupos: r.persona.grupos, ...(cuenta.nueva ? { cuenta_creada: true } : {}) },
    });
    return { kind: 'ok', sesion: { token, usuario: { nombre: cuenta.nombre, roles: await roleNamesOf(tx, cuenta.id), usuario: cuenta.usuario } } };
  });
}
