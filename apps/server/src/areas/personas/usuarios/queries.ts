import type { Cuenta, CuentaConPassword, cuentaCreate, cuentaUpdate } from '@intranet/contract/areas/personas/usuarios';
import { ADMIN_CODE } from '@intranet/contract/areas/personas/usuarios';
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor, Tx } from '../../../db/client.ts';
import { wireColumns } from '../../../db/wire.ts';
import { personas, rolPermisos, roles, sesiones, usuarioRoles, usuarios } from '../../../db/schema.ts';
import { ApiError } from '../../../core/api-error.ts';
import { demasiadosIntentos, recordWrongPassword, throttleWait } from '../../../core/intentos.ts';
import { generatePassword, hashPassword, verifyPassword } from '../../../core/passwords.ts';
import { familyOfSession, revokeFamiliesOf, type RevocationReason } from '../../../core/session-renewal.ts';

/** The audit entity of an account's history. */
export const ENTIDAD = 'usuario';

/** Serialises every change that could leave the portal without an administrator (see asegurarAdministrador). */
const ADMIN_LOCK = 7_201_006;

// Written out with table names: drizzle leaves columns unqualified in a one-table select, which a correlated
// subquery would read as its own columns.
// A browser's sign-in counts once, however many tabs and reloads it opened sessions for.
const sesionesActivas = sql<number>`((select count(*)::int from sesion_familias f
  where f.usuario_id = "usuarios"."id" and f.revocada is null and f.vence > now())
  + (select count(*)::int from sesiones s
  where s.usuario_id = "usuarios"."id" and s.familia_id is null and s.revocada is null and s.vence > now()))`;

const campos = {
  ...wireColumns(usuarios, ['id', 'usuario', 'email', 'nombre', 'persona_id', 'activo', 'ultimo_ingreso', 'creado']),
  sesiones_activas: sesionesActivas,
};

/** Accounts as answered (never their password hash), with their roles by name. */
async function cuentas(db: Executor, where: SQL): Promise<Cuenta[]> {
  const rows = await db.select(campos).from(usuarios).where(where).orderBy(asc(usuarios.id));
  if (rows.length === 0) return [];
  const rolesDe = await db
    .select({ usuarioId: usuarioRoles.usuarioId, id: roles.id, nombre: roles.nombre })
    .from(usuarioRoles)
    .innerJoin(roles, eq(roles.id, usuarioRoles.rolId))
    .where(
      inArray(
        usuarioRoles.usuarioId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(roles.nombre));
  return rows.map((r) => ({
    ...r,
    sesiones_activas: Number(r.sesiones_activas),
    ultimo_ingreso: r.ultimo_ingreso?.toISOString() ?? null,
    creado: r.creado.toISOString(),
    roles: rolesDe.filter((x) => x.usuarioId === r.id).map(({ id, nombre }) => ({ id, nombre })),
  }));
}

const noExiste = () => new ApiError(404, 'La cuenta no existe');

export async function cuenta(db: Executor, id: number): Promise<Cuenta> {
  const [c] = await cuentas(db, eq(usuarios.id, id));
  if (!c) throw noExiste();
  return c;
}

/** The account of a person, or null when they have none. */
export async function cuentaDePersona(db: Executor, personaId: number): Promise<Cuenta | null> {
  const [persona] = await db.select({ id: personas.id }).from(personas).where(eq(personas.id, personaId));
  if (!persona) throw new ApiError(404, 'La persona no existe');
  const [c] = await cuentas(db, eq(usuarios.personaId, personaId));
  return c ?? null;
}

/** What the audit log keeps of an account: everything but secrets. */
const auditada = (c: Cuenta) => ({
  usuario: c.usuario,
  email: c.email,
  nombre: c.nombre,
  persona_id: c.persona_id,
  activo: c.activo,
  roles: c.roles.map((r) => r.nombre),
});

/**
 * Revokes every open session of an account at once, with its browsers' renewal cookies; `salvo` keeps the
 * caller's own browser (every tab of it) signed in.
 */
async function revocarSesiones(
  tx: Executor,
  usuarioId: number,
  motivo: RevocationReason,
  salvo?: number,
): Promise<void> {
  const familia = salvo === undefined ? null : await familyOfSession(tx, salvo);
  await revokeFamiliesOf(tx, usuarioId, motivo, familia);
  if (salvo !== undefined && familia === null) {
    await tx
      .update(sesiones)
      .set({ revocada: sql`now()` })
      .where(and(eq(sesiones.usuarioId, usuarioId), isNull(sesiones.revocada), ne(sesiones.id, salvo)));
  }
}

/**
 * The portal can never lock everyone out: after a change, at least one active account must still hold
 * USUARIOS#ADMIN through its roles, else the change's transaction is refused with `mensaje`.
 * Callers take the lock first (tomarCandadoAdmin) so two concurrent changes cannot both pass.
 */
export async function asegurarAdministrador(tx: Tx, mensaje: string): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${usuarios.id})::int` })
    .from(usuarios)
    .innerJoin(usuarioRoles, eq(usuarioRoles.usuarioId, usuarios.id))
    .innerJoin(rolPermisos, eq(rolPermisos.rolId, usuarioRoles.rolId))
    .where(and(eq(usuarios.activo, true), eq(rolPermisos.codigo, ADMIN_CODE)));
  if (Number(row?.n ?? 0) === 0) throw new ApiError(409, mensaje);
}

export async function tomarCandadoAdmin(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`);
}

export const ULTIMO_ADMIN = {
  desactivar:
    'No se puede desactivar: es la última cuenta activa que administra usuarios (USUARIOS#ADMIN). Otorgue ese permiso a otra cuenta primero.',
  quitarRol:
    'No se puede quitar el rol: es la última cuenta activa que administra usuarios (USUARIOS#ADMIN). Otorgue ese permiso a otra cuenta primero.',
  quitarCodigo:
    'No se puede quitar USUARIOS#ADMIN de este rol: ninguna otra cuenta activa administraría usuarios y el portal quedaría sin administradores.',
} as const;

async function validarRoles(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const existentes = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids));
  if (existentes.length !== new Set(ids).size)
    throw new ApiError(400, 'Algún rol elegido no existe', { roles: ['Algún rol elegido no existe'] });
}

async function asignarRoles(tx: Tx, usuarioId: number, ids: number[]): Promise<void> {
  await tx.delete(usuarioRoles).where(eq(usuarioRoles.usuarioId, usuarioId));
  const unicos = [...new Set(ids)];
  if (unicos.length > 0) await tx.insert(usuarioRoles).values(unicos.map((rolId) => ({ usuarioId, rolId })));
}

/** An account for a person: their name and email, the password given or a generated one (answered once). */
export async function crearCuenta(
  db: Db,
  values: z.output<typeof cuentaCreate>,
  autor: Autor,
): Promise<CuentaConPassword> {
  return db.transaction(async (tx) => {
    const [persona] = await tx.select().from(personas).where(eq(personas.id, values.persona_id)).for('update');
    if (!persona) throw new ApiError(400, 'La persona no existe', { persona_id: ['La persona no existe'] });
    if (!persona.activo) throw new ApiError(409, 'La persona está inactiva; actívela antes de darle una cuenta');
    const [existente] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.personaId, persona.id));
    if (existente)
      throw new ApiError(409, 'La persona ya tiene una cuenta de usuario', {
        persona_id: ['La persona ya tiene una cuenta de usuario'],
      });
    await validarRoles(tx, values.roles);
    const generada = values.password === null ? generatePassword() : null;
    const [row] = await tx
      .insert(usuarios)
      .values({
        usuario: values.usuario,
        nombre: `${persona.nombre} ${persona.apellido}`,
        email: persona.email,
        personaId: persona.id,
        passwordHash: await hashPassword(values.password ?? generada!),
        activo: values.activo,
      })
      .returning({ id: usuarios.id });
    await asignarRoles(tx, row!.id, values.roles);
    const creada = await cuenta(tx, row!.id);
    await writeAudit(tx, { autor, accion: 'crear', entidad: ENTIDAD, entidadId: creada.id, despues: auditada(creada) });
    return { ...creada, password_generada: generada };
  });
}

/** Name, roles and whether the account may sign in; deactivating revokes every session at once. */
export async function modificarCuenta(
  db: Db,
  id: number,
  values: z.output<typeof cuentaUpdate>,
  autor: Autor,
): Promise<Cuenta> {
  return db.transaction(async (tx) => {
    await tomarCandadoAdmin(tx);
    const [locked] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, id)).for('update');
    if (!locked) throw noExiste();
    const antes = await cuenta(tx, id);
    await validarRoles(tx, values.roles);
    await tx
      .update(usuarios)
      .set({ usuario: values.usuario, activo: values.activo, actualizado: sql`now()` })
      .where(eq(usuarios.id, id));
    await asignarRoles(tx, id, values.roles);
    if (antes.activo && !values.activo) await revocarSesiones(tx, id, 'cuenta');
    await asegurarAdministrador(tx, antes.activo && !values.activo ? ULTIMO_ADMIN.desactivar : ULTIMO_ADMIN.quitarRol);
    const despues = await cuenta(tx, id);
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD,
      entidadId: id,
      antes: auditada(antes),
      despues: auditada(despues),
    });
    return despues;
  });
}

/** A person leaving (deactivated) takes their account with them, under the last-administrator rule. */
export async function desactivarCuentaDePersona(tx: Tx, personaId: number, autor: Autor): Promise<void> {
  const [c] = await tx
    .select({ id: usuarios.id, activo: usuarios.activo })
    .from(usuarios)
    .where(eq(usuarios.personaId, personaId));
  if (!c?.activo) return;
  await tomarCandadoAdmin(tx);
  const antes = await cuenta(tx, c.id);
  await tx.update(usuarios).set({ activo: false, actualizado: sql`now()` }).where(eq(usuarios.id, c.id));
  await revocarSesiones(tx, c.id, 'cuenta');
  await asegurarAdministrador(tx, ULTIMO_ADMIN.desactivar);
  await writeAudit(tx, {
    autor,
    accion: 'desactivar',
    entidad: ENTIDAD,
    entidadId: c.id,
    antes: auditada(antes),
    despues: { ...auditada(antes), activo: false },
  });
}

/** A new generated password (answered once); the account's open sessions end. */
export async function restablecerPassword(db: Db, id: number, autor: Autor): Promise<CuentaConPassword> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.id, id)).for('update');
    if (!locked) throw noExiste();
    const password = generatePassword();
    await tx
      .update(usuarios)
      .set({ passwordHash: await hashPassword(password), actualizado: sql`now()` })
      .where(eq(usuarios.id, id));
    await revocarSesiones(tx, id, 'password');
    const despues = await cuenta(tx, id);
    await writeAudit(tx, { autor, accion: 'restablecer_password', entidad: ENTIDAD, entidadId: id });
    return { ...despues, password_generada: password };
  });
}

/**
 * The signed-in user's own change: the current password must match, and wrong ones are throttled like sign-in
 * (429 once locked); their other sessions end.
 */
export async function cambiarPasswordPropia(
  db: Db,
  sesion: { sesionId: number | null; usuario: { id: number; usuario: string; nombre: string } },
  ip: string,
  actual: string,
  nueva: string,
): Promise<void> {
  const intento = { usuario: sesion.usuario.usuario.toLowerCase(), usuarioId: sesion.usuario.id, ip };
  const wait = await throttleWait(db, intento);
  if (wait > 0) throw demasiadosIntentos(wait);
  const cambiada = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ hash: usuarios.passwordHash })
      .from(usuarios)
      .where(eq(usuarios.id, sesion.usuario.id))
      .for('update');
    if (!row) throw noExiste();
    if (!(await verifyPassword(row.hash, actual))) return false;
    await tx
      .update(usuarios)
      .set({ passwordHash: await hashPassword(nueva), actualizado: sql`now()` })
      .where(eq(usuarios.id, sesion.usuario.id));
    await revocarSesiones(tx, sesion.usuario.id, 'password', sesion.sesionId ?? undefined);
    await writeAudit(tx, {
      autor: sesion.usuario,
      accion: 'cambiar_password',
      entidad: ENTIDAD,
      entidadId: sesion.usuario.id,
    });
    return true;
  });
  if (cambiada) return;
  const after = await recordWrongPassword(db, intento);
  if (after > 0) throw demasiadosIntentos(after);
  throw new ApiError(400, 'La contraseña actual no es correcta', { actual: ['La contraseña actual no es correcta'] });
}
