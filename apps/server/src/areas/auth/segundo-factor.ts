import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { CuentaTotp, RolTotp, Sesion, TotpEstado, TotpInscripcion } from '@intranet/contract/areas/auth';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import { demasiadosIntentos, recordWrongPassword, throttleWait, type Intento } from '../../core/intentos.ts';
import { cifrar, descifrar, secretsKeyOf } from '../../core/secretos.ts';
import { createSession, hashToken, recordSuccess, roleNamesOf } from '../../core/sessions.ts';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { ingresoDesafios, roles, totpRecuperacion, usuarios } from '../../db/schema.ts';
import { MENSAJES } from '../../messages.ts';
import { ApiError } from '../../core/api-error.ts';

export const ENTIDAD_USUARIO = 'usuario';
export const ENTIDAD_ROL = 'rol';
const EMISOR = 'Intranet';
const CODIGOS_RECUPERACION = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const DESAFIO_MINUTOS = 5;

/** The authenticator's settings: RFC 6238 as every app reads it (SHA-1, 6 digits, 30 s). */
const totpDe = (secreto: string, etiqueta: string) =>
  new TOTP({
    issuer: EMISOR,
    label: etiqueta,
    secret: Secret.fromBase32(secreto),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
const hashCodigo = (codigo: string) => createHash('sha256').update(codigo.replace('-', '').toLowerCase()).digest('hex');
const codigoRecuperacion = () => {
  const letras = Array.from({ length: 10 }, () => BASE32[randomInt(BASE32.length)]).join('');
  return `${letras.slice(0, 5)}-${letras.slice(5)}`;
};

/** One of the account's roles requires the second factor (in a query that reads `usuarios`, named in full). */
const requerido = sql<boolean>`exists (select 1 from "usuario_roles" ur join "roles" r on r.id = ur.rol_id
  where ur.usuario_id = "usuarios"."id" and r.requiere_totp)`;

export async function estadoTotp(db: Executor, usuarioId: number): Promise<TotpEstado> {
  const [fila] = await db
    .select({
      activo: sql<boolean>`${usuarios.totpActivo} is not null`,
      requerido: requerido,
      restantes: sql<number>`(select count(*)::int from "totp_recuperacion" t
        where t.usuario_id = "usuarios"."id" and t.usado is null)`,
    })
    .from(usuarios)
    .where(eq(usuarios.id, usuarioId));
  return {
    activo: Boolean(fila?.activo),
    requerido: Boolean(fila?.requerido),
    codigos_restantes: Number(fila?.restantes ?? 0),
  };
}

/** A new key for the caller (replacing one not confirmed yet); the second factor stays off until a code confirms it. */
export async function inscribir(
  db: Db,
  config: Config,
  usuario: { id: number; usuario: string },
): Promise<TotpInscripcion> {
  const [fila] = await db.select({ activo: usuarios.totpActivo }).from(usuarios).where(eq(usuarios.id, usuario.id));
  if (fila?.activo)
    throw new ApiError(409, 'El segundo factor ya está activo: desactívelo primero para cambiar de aplicación');
  const secreto = new Secret({ size: 20 }).base32;
  await db
    .update(usuarios)
    .set({ totpSecreto: cifrar(secretsKeyOf(config), secreto), totpUltimoPaso: null })
    .where(eq(usuarios.id, usuario.id));
  const uri = totpDe(secreto, usuario.usuario).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secreto, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The 30-second step a code from the app stands for, if it is right now (one step either way for clocks
 * that drift) and newer than the last one taken; else null.
 */
function pasoValido(secreto: string, etiqueta: string, codigo: string, ultimo: number | null): number | null {
  const totp = totpDe(secreto, etiqueta);
  const delta = totp.validate({ token: codigo, window: 1 });
  if (delta === null) return null;
  const paso = totp.counter() + delta;
  return ultimo !== null && paso <= ultimo ? null : paso;
}

/** The first code confirms the key: the second factor is on, and its ten recovery codes are answered once. */
export async function confirmar(
  db: Db,
  config: Config,
  autor: Autor & { usuario: string },
  codigo: string,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [fila] = await tx
      .select({ secreto: usuarios.totpSecreto, activo: usuarios.totpActivo })
      .from(usuarios)
      .where(eq(usuarios.id, autor.id))
      .for('update');
    if (!fila?.secreto || fila.activo) throw new ApiError(409, 'Primero pida un código QR nuevo (Activar)');
    const paso = pasoValido(descifrar(secretsKeyOf(config), fila.secreto), autor.usuario, codigo, null);
    if (paso === null)
      throw new ApiError(400, MENSAJES.datosInvalidos, {
        codigo: ['El código no es correcto: revise la hora del teléfono y pruebe con el siguiente'],
      });
    await tx.update(usuarios).set({ totpActivo: sql`now()`, totpUltimoPaso: paso }).where(eq(usuarios.id, autor.id));
    await tx.delete(totpRecuperacion).where(eq(totpRecuperacion.usuarioId, autor.id));
    const codigos = Array.from({ length: CODIGOS_RECUPERACION }, codigoRecuperacion);
    await tx.insert(totpRecuperacion).values(codigos.map((c) => ({ usuarioId: autor.id, hash: hashCodigo(c) })));
    await writeAudit(tx, { autor, accion: 'activar_segundo_factor', entidad: ENTIDAD_USUARIO, entidadId: autor.id });
    return codigos;
  });
}

/** Turns the caller's second factor off with a current code, unless one of their roles requires it. */
export async function desactivar(
  db: Db,
  config: Config,
  autor: Autor & { usuario: string },
  codigo: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [fila] = await tx
      .select({
        secreto: usuarios.totpSecreto,
        activo: usuarios.totpActivo,
        ultimo: usuarios.totpUltimoPaso,
        requerido: requerido,
      })
      .from(usuarios)
      .where(eq(usuarios.id, autor.id))
      .for('update');
    if (!fila?.activo || !fila.secreto) throw new ApiError(409, 'El segundo factor no está activo');
    if (fila.requerido) throw new ApiError(409, 'Uno de sus roles requiere el segundo factor: no se puede desactivar');
    if (pasoValido(descifrar(secretsKeyOf(config), fila.secreto), autor.usuario, codigo, fila.ultimo) === null) {
      throw new ApiError(400, MENSAJES.datosInvalidos, { codigo: ['El código no es correcto'] });
    }
    await apagar(tx, autor.id);
    await writeAudit(tx, { autor, accion: 'desactivar_segundo_factor', entidad: ENTIDAD_USUARIO, entidadId: autor.id });
  });
}

async function apagar(tx: Executor, usuarioId: number): Promise<void> {
  await tx
    .update(usuarios)
    .set({ totpSecreto: null, totpActivo: null, totpUltimoPaso: null })
    .where(eq(usuarios.id, usuarioId));
  await tx.delete(totpRecuperacion).where(eq(totpRecuperacion.usuarioId, usuarioId));
}

/** An admin's reset (a lost phone): the account's second factor is off, to be enrolled again. Audited. */
export async function restablecer(db: Db, autor: Autor, usuarioId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [fila] = await tx
      .select({ id: usuarios.id, activo: usuarios.totpActivo })
      .from(usuarios)
      .where(eq(usuarios.id, usuarioId));
    if (!fila) throw new ApiError(404, 'El usuario no existe');
    await apagar(tx, usuarioId);
    await writeAudit(tx, {
      autor,
      accion: 'restablecer_segundo_factor',
      entidad: ENTIDAD_USUARIO,
      entidadId: usuarioId,
      antes: { activo: fila.activo !== null },
    });
  });
}

/** The password was right and the second factor is on: a challenge for the code, valid five minutes, used once. */
export async function crearDesafio(db: Executor, usuarioId: number, ip: string): Promise<string> {
  const desafio = randomBytes(32).toString('base64url');
  await db
    .insert(ingresoDesafios)
    .values({ hash: hashToken(desafio), usuarioId, ip, vence: sql`now() + make_interval(mins => ${DESAFIO_MINUTOS})` });
  return desafio;
}

/**
 * The second step of signing in: the challenge and a code from the app (a step not taken before) or an unused
 * recovery code. Wrong codes are throttled per account and address, among wrong codes only; the session is
 * opened as the password step would have.
 */
export async function segundoPaso(
  db: Db,
  config: Config,
  opts: { desafio: string; codigo: string; ip: string; ttlHours: number },
): Promise<Sesion> {
  const [fila] = await db
    .select({
      desafioId: ingresoDesafios.id,
      id: usuarios.id,
      usuario: usuarios.usuario,
      nombre: usuarios.nombre,
      secreto: usuarios.totpSecreto,
      ultimo: usuarios.totpUltimoPaso,
    })
    .from(ingresoDesafios)
    .innerJoin(usuarios, eq(usuarios.id, ingresoDesafios.usuarioId))
    .where(
      and(
        eq(ingresoDesafios.hash, hashToken(opts.desafio)),
        isNull(ingresoDesafios.usado),
        sql`${ingresoDesafios.vence} > now()`,
        eq(usuarios.activo, true),
      ),
    );
  if (!fila?.secreto) throw new ApiError(400, 'El ingreso venció: vuelva a ingresar su usuario y contraseña');
  const intento: Intento = {
    usuario: fila.usuario.toLowerCase(),
    usuarioId: fila.id,
    ip: opts.ip,
    clase: 'segundo_factor',
  };
  const espera = await throttleWait(db, intento);
  if (espera > 0) throw demasiadosIntentos(espera);

  const codigo = opts.codigo.trim();
  const sesion = await db.transaction(async (tx) => {
    let paso: number | null = null;
    if (/^\d{6}$/.test(codigo)) {
      paso = pasoValido(descifrar(secretsKeyOf(config), fila.secreto!), fila.usuario, codigo, fila.ultimo);
      if (paso === null) return null;
      // The step only moves forward, checked in the update itself: of simultaneous requests with one code, one
      // takes it.
      const [avanzado] = await tx
        .update(usuarios)
        .set({ totpUltimoPaso: paso })
        .where(
          and(
            eq(usuarios.id, fila.id),
            sql`(${usuarios.totpUltimoPaso} is null or ${usuarios.totpUltimoPaso} < ${paso})`,
          ),
        )
        .returning({ id: usuarios.id });
      if (!avanzado) return null;
    } else {
      const [usado] = await tx
        .update(totpRecuperacion)
        .set({ usado: sql`now()` })
        .where(
          and(
            eq(totpRecuperacion.usuarioId, fila.id),
            eq(totpRecuperacion.hash, hashCodigo(codigo)),
            isNull(totpRecuperacion.usado),
          ),
        )
        .returning({ id: totpRecuperacion.id });
      if (!usado) return null;
    }
    const [tomado] = await tx
      .update(ingresoDesafios)
      .set({ usado: sql`now()` })
      .where(and(eq(ingresoDesafios.id, fila.desafioId), isNull(ingresoDesafios.usado)))
      .returning({ id: ingresoDesafios.id });
    if (!tomado) return null;
    await recordSuccess(tx, intento.usuario, opts.ip, 'segundo_factor');
    const token = await createSession(tx, { usuarioId: fila.id, ttlHours: opts.ttlHours, ip: opts.ip });
    await writeAudit(tx, {
      autor: { id: fila.id, nombre: fila.nombre },
      accion: 'ingreso',
      entidad: ENTIDAD_USUARIO,
      entidadId: fila.id,
      despues: { ip: opts.ip, segundo_factor: paso === null ? 'codigo_de_recuperacion' : 'aplicacion' },
    });
    return { token, usuario: { nombre: fila.nombre, roles: await roleNamesOf(tx, fila.id), usuario: fila.usuario } };
  });
  if (sesion) return sesion;
  const despues = await recordWrongPassword(db, intento);
  if (despues > 0) throw demasiadosIntentos(despues);
  throw new ApiError(400, MENSAJES.datosInvalidos, { codigo: ['El código no es correcto'] });
}

/** Admins: the roles and whether each requires the second factor. */
export const rolesTotp = async (db: Executor): Promise<RolTotp[]> =>
  (
    await db
      .select({ id: roles.id, nombre: roles.nombre, requiere: roles.requiereTotp })
      .from(roles)
      .orderBy(asc(roles.nombre))
  ).map((r) => ({
    id: r.id,
    nombre: r.nombre,
    requiere_totp: r.requiere,
  }));

export async function requerirEnRol(db: Db, autor: Autor, rolId: number, requiere: boolean): Promise<RolTotp> {
  return db.transaction(async (tx) => {
    const [antes] = await tx.select({ requiere: roles.requiereTotp }).from(roles).where(eq(roles.id, rolId));
    if (!antes) throw new ApiError(404, 'El rol no existe');
    const [fila] = await tx
      .update(roles)
      .set({ requiereTotp: requiere })
      .where(eq(roles.id, rolId))
      .returning({ id: roles.id, nombre: roles.nombre, requiere: roles.requiereTotp });
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD_ROL,
      entidadId: rolId,
      antes: { requiere_totp: antes.requiere },
      despues: { requiere_totp: requiere },
    });
    return { id: fila!.id, nombre: fila!.nombre, requiere_totp: fila!.requiere };
  });
}

/** Admins: every active account, its second factor, and whether a role requires it. */
export const cuentasTotp = async (db: Executor): Promise<CuentaTotp[]> =>
  (
    await db
      .select({
        id: usuarios.id,
        usuario: usuarios.usuario,
        nombre: usuarios.nombre,
        desde: usuarios.totpActivo,
        requerido: requerido,
      })
      .from(usuarios)
      .where(eq(usuarios.activo, true))
      .orderBy(asc(usuarios.nombre))
  ).map((c) => ({
    id: c.id,
    usuario: c.usuario,
    nombre: c.nombre,
    activo: c.desde !== null,
    desde: c.desde?.toISOString() ?? null,
    requerido: Boolean(c.requerido),
  }));
