import { randomBytes } from 'node:crypto';
import type { Sesion } from '@intranet/contract/areas/auth';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { LdapConfig } from '../../config.ts';
import { recordWrongPassword, throttleWait, type Intento } from '../../core/intentos.ts';
import { hashPassword } from '../../core/passwords.ts';
import { createSession, recordSuccess, roleNamesOf } from '../../core/sessions.ts';
import { writeAudit } from '../../db/audit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { gruposRoles, personas, usuarioRoles, usuarios } from '../../db/schema.ts';
import { autenticarEnDirectorio, nombresDeGrupo, type PersonaDirectorio } from './directorio.ts';
import {
  administra,
  EMISOR_DIRECTORIO,
  identidadVinculada,
  refrescarIdentidad,
  registrarIdentidad,
  type Identidad,
} from './identities.ts';

export type IngresoDirectorio =
  | { kind: 'ok'; sesion: Sesion }
  | { kind: 'rechazado' }
  | { kind: 'bloqueado'; segundos: number }
  | { kind: 'caido' }
  /** Right password, but none of their groups opens the portal. */
  | { kind: 'sin_grupo' }
  /** Right password, but an account with their name or e-mail exists that no administrator has linked to them. */
  | { kind: 'sin_vinculo' };

/** The roles the person's directory groups map to (by DN or by name, case-insensitively). */
export async function rolesDeGrupos(db: Db | Tx, grupos: readonly string[]): Promise<number[]> {
  const nombres = [...new Set(grupos.flatMap(nombresDeGrupo).map((g) => g.toLowerCase()))];
  if (nombres.length === 0) return [];
  const filas = await db
    .selectDistinct({ rolId: gruposRoles.rolId })
    .from(gruposRoles)
    .where(inArray(sql`lower(${gruposRoles.grupo})`, nombres));
  return filas.map((f) => f.rolId);
}

/** An outside person at sign-in: their identity, and what their account shows. */
export interface PersonaExterna extends Identidad {
  nombre: string;
  /** Only an address the provider vouches for: the directory's, or an OpenID one with email_verified. */
  email: string | null;
  grupos: string[];
}

/** An identity nobody linked, whose name or e-mail an account already has: only an administrator links them. */
export const sinVinculo = (de = 'del directorio') =>
  `Ya existe una cuenta con su usuario o e-mail: pida a un administrador que la vincule a su cuenta ${de}.`;

export type CuentaExterna =
  | { kind: 'cuenta'; id: number; usuario: string; nombre: string; nueva: boolean }
  /** No link, and an account with that name or e-mail exists: refused, never linked by e-mail. */
  | { kind: 'existente'; id: number; usuario: string }
  /** Linked to an account that was deactivated. */
  | { kind: 'inactiva' };

/**
 * The account of a directory (or OpenID provider) person, just in time: the one their identity is linked to
 * (its name kept current; its e-mail and password never touched), else a new account with its Persona, linked
 * to them. An account that already has their user name or e-mail is never taken over. Roles become those of
 * their groups.
 */
export async function cuentaDe(
  tx: Tx,
  login: string,
  p: PersonaExterna,
  roles: readonly number[],
  origen: 'ldap' | 'oidc' = 'ldap',
): Promise<CuentaExterna> {
  const directorioDn = p.dn ?? `${p.emisor}#${p.sujeto}`;
  const vinculada = await identidadVinculada(tx, p);
  let id: number;
  let usuario: string;
  if (vinculada) {
    const [cuenta] = await tx
      .select({ usuario: usuarios.usuario, activo: usuarios.activo })
      .from(usuarios)
      .where(eq(usuarios.id, vinculada.usuarioId));
    if (!cuenta?.activo) return { kind: 'inactiva' };
    // An older automatic link by DN (made by e-mail before identities were kept) is not trusted with an
    // administrator's account.
    const porDn = vinculada.sujeto.toLowerCase() !== p.sujeto.toLowerCase();
    if (porDn && vinculada.vinculo === 'automatica' && (await administra(tx, vinculada.usuarioId)))
      return { kind: 'existente', id: vinculada.usuarioId, usuario: cuenta.usuario };
    await refrescarIdentidad(tx, vinculada, p);
    ({ usuarioId: id } = vinculada);
    ({ usuario } = cuenta);
    await tx
      .update(usuarios)
      .set({ directorioDn, nombre: p.nombre, actualizado: sql`now()` })
      .where(eq(usuarios.id, id));
  } else {
    const nombres = [...new Set([login.toLowerCase(), ...(p.email ? [p.email.toLowerCase()] : [])])];
    const [existente] = await tx
      .select({ id: usuarios.id, usuario: usuarios.usuario })
      .from(usuarios)
      .where(or(inArray(sql`lower(${usuarios.usuario})`, nombres), inArray(sql`lower(${usuarios.email})`, nombres)))
      .orderBy(asc(usuarios.id))
      .limit(1);
    if (existente) return { kind: 'existente', ...existente };
    const partes = p.nombre.trim().split(/\s+/);
    const apellido = partes.length > 1 ? partes.pop()! : '';
    const [persona] = await tx
      .insert(personas)
      .values({ nombre: partes.join(' ') || p.nombre, apellido: apellido || '-', email: p.email })
      .returning({ id: personas.id });
    // A password nobody knows: the account signs in through the directory only.
    const [nueva] = await tx
      .insert(usuarios)
      .values({
        usuario: login.toLowerCase(),
        nombre: p.nombre,
        email: p.email,
        passwordHash: await hashPassword(randomBytes(24).toString('hex')),
        origen,
        directorioDn,
        personaId: persona!.id,
      })
      .returning({ id: usuarios.id, usuario: usuarios.usuario });
    ({ id, usuario } = nueva!);
    await registrarIdentidad(tx, id, p, 'automatica');
  }
  await tx.delete(usuarioRoles).where(eq(usuarioRoles.usuarioId, id));
  await tx.insert(usuarioRoles).values(roles.map((rolId) => ({ usuarioId: id, rolId })));
  return { kind: 'cuenta', id, usuario, nombre: p.nombre, nueva: !vinculada };
}

/** The refusal of an identity nobody linked to an existing account, in that account's history (no secrets). */
export async function auditarSinVinculo(
  db: Db,
  existente: { id: number; usuario: string },
  p: PersonaExterna,
  datos: { login: string; ip: string | null },
): Promise<void> {
  await writeAudit(db, {
    autor: null,
    accion: 'ingreso_rechazado',
    entidad: 'usuario',
    entidadId: existente.id,
    despues: {
      motivo: 'identidad sin vincular',
      proveedor: p.proveedor,
      emisor: p.emisor,
      sujeto: p.sujeto,
      descripcion: p.descripcion,
      email: p.email,
      usuario: datos.login,
      ip: datos.ip,
    },
  });
}

/** A directory person as an outside identity. */
const identidadDirectorio = (p: PersonaDirectorio): PersonaExterna => ({
  proveedor: 'ldap',
  emisor: EMISOR_DIRECTORIO,
  sujeto: p.sujeto,
  dn: p.dn,
  descripcion: p.dn,
  nombre: p.nombre,
  email: p.email,
  grupos: p.grupos,
});

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
  const persona = identidadDirectorio(r.persona);
  const resultado = await db.transaction(
    async (tx): Promise<IngresoDirectorio | Exclude<CuentaExterna, { kind: 'cuenta' }>> => {
      const cuenta = await cuentaDe(tx, opts.login, persona, roles);
      if (cuenta.kind !== 'cuenta') return cuenta;
      await recordSuccess(tx, intento.usuario, opts.ip);
      const token = await createSession(tx, { usuarioId: cuenta.id, ttlHours: opts.ttlHours, ip: opts.ip });
      await writeAudit(tx, {
        autor: { id: cuenta.id, nombre: cuenta.nombre },
        accion: 'ingreso',
        entidad: 'usuario',
        entidadId: cuenta.id,
        despues: {
          ip: opts.ip,
          origen: 'ldap',
          dn: r.persona.dn,
          grupos: r.persona.grupos,
          ...(cuenta.nueva ? { cuenta_creada: true } : {}),
        },
      });
      return {
        kind: 'ok',
        sesion: {
          token,
          usuario: { nombre: cuenta.nombre, roles: await roleNamesOf(tx, cuenta.id), usuario: cuenta.usuario },
        },
      };
    },
  );
  if (resultado.kind === 'existente') {
    await auditarSinVinculo(db, resultado, persona, { login: opts.login, ip: opts.ip });
    return { kind: 'sin_vinculo' };
  }
  // A deactivated account: the same answer as a local one's.
  if (resultado.kind === 'inactiva') {
    const despues = await recordWrongPassword(db, intento);
    return despues > 0 ? { kind: 'bloqueado', segundos: despues } : { kind: 'rechazado' };
  }
  return resultado;
}
