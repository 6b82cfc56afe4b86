import { randomBytes } from 'node:crypto';
import {
  TOKEN_MAX_DIAS,
  TOKEN_PREFIJO,
  type ApiToken,
  type TokenCreado,
  type TokenInput,
} from '@intranet/contract/areas/auth';
import { and, desc, eq, sql } from 'drizzle-orm';
import { fechaLocal, ZONA_HORARIA } from '../../core/fechas.ts';
import { hashToken, type SessionRecord } from '../../core/sessions.ts';
import { autorDe, writeAudit } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { apiTokens, usuarios } from '../../db/schema.ts';
import { MENSAJES } from '../../messages.ts';
import { ApiError } from '../../core/api-error.ts';

export const ENTIDAD_TOKEN = 'api_token';
const ZONA = sql.raw(`'${ZONA_HORARIA}'`);
const DIA = 86_400_000;

/** A token as screens show it: its last day in Buenos Aires, and whether it still works. */
const columnas = {
  id: apiTokens.id,
  nombre: apiTokens.nombre,
  prefijo: apiTokens.prefijo,
  permisos: apiTokens.codigos,
  vence: sql<string>`to_char((${apiTokens.vence} - interval '1 second') at time zone ${ZONA}, 'YYYY-MM-DD')`,
  creado: apiTokens.creado,
  ultimoUso: apiTokens.ultimoUso,
  revocado: apiTokens.revocado,
  vencido: sql<boolean>`${apiTokens.vence} <= now()`,
  usuarioId: usuarios.id,
  usuario: usuarios.usuario,
  usuarioNombre: usuarios.nombre,
};

const consulta = (db: Executor) =>
  db.select(columnas).from(apiTokens).innerJoin(usuarios, eq(usuarios.id, apiTokens.usuarioId));
type Fila = Awaited<ReturnType<typeof consulta>>[number];

const wire = (f: Fila): ApiToken => ({
  id: f.id,
  nombre: f.nombre,
  prefijo: f.prefijo,
  permisos: f.permisos,
  vence: f.vence,
  creado: f.creado.toISOString(),
  ultimo_uso: f.ultimoUso?.toISOString() ?? null,
  revocado: f.revocado?.toISOString() ?? null,
  estado: f.revocado ? 'revocado' : f.vencido ? 'vencido' : 'activo',
  usuario: { id: f.usuarioId, usuario: f.usuario, nombre: f.usuarioNombre },
});

/** The tokens of one person (or of everyone), those that still work first, newest first. */
export async function listarTokens(db: Executor, usuarioId: number | null): Promise<ApiToken[]> {
  const filas = await consulta(db)
    .where(usuarioId === null ? undefined : eq(apiTokens.usuarioId, usuarioId))
    .orderBy(sql`(${apiTokens.revocado} is null and ${apiTokens.vence} > now()) desc`, desc(apiTokens.id))
    .limit(1000);
  return filas.map(wire);
}

/**
 * A new token of the signed-in person: at most TOKEN_MAX_DIAS days, with some of their own codes only (a
 * token never holds more than its owner). Answers it with the token itself, which is never shown again.
 */
export async function crearToken(db: Db, sesion: SessionRecord, input: TokenInput): Promise<TokenCreado> {
  const campos: Record<string, string[]> = {};
  const hoy = fechaLocal(new Date());
  const hasta = fechaLocal(Date.now() + TOKEN_MAX_DIAS * DIA);
  if (input.vence < hoy) campos.vence = ['La fecha ya pasó'];
  else if (input.vence > hasta)
    campos.vence = [
      `Un token dura como máximo ${TOKEN_MAX_DIAS} días (hasta el ${hasta.split('-').reverse().join('/')})`,
    ];
  input.permisos.forEach((codigo, i) => {
    if (!(sesion.permisos as ReadonlySet<string>).has(codigo))
      campos[`permisos.${i}`] = [`No tiene el permiso ${codigo}: un token no puede tener más que su dueño`];
  });
  if (Object.keys(campos).length > 0) throw new ApiError(400, MENSAJES.datosInvalidos, campos);

  const token = `${TOKEN_PREFIJO}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    const [fila] = await tx
      .insert(apiTokens)
      .values({
        usuarioId: sesion.usuario.id,
        nombre: input.nombre,
        tokenHash: hashToken(token),
        prefijo: token.slice(0, TOKEN_PREFIJO.length + 6),
        codigos: input.permisos,
        // Through the end of its last day in Buenos Aires.
        vence: sql`(${input.vence}::date + 1)::timestamp at time zone ${ZONA}`,
      })
      .returning({ id: apiTokens.id });
    await writeAudit(tx, {
      autor: autorDe(sesion),
      accion: 'crear',
      entidad: ENTIDAD_TOKEN,
      entidadId: fila!.id,
      despues: { nombre: input.nombre, permisos: input.permisos, vence: input.vence },
    });
    const [creado] = await consulta(tx).where(eq(apiTokens.id, fila!.id));
    return { ...wire(creado!), token };
  });
}

/**
 * Revokes a token: its owner's, or anyone's for an administrator. Every process stops taking it within a
 * second (the change feed drops cached tokens). Another person's token is not found for a non-administrator.
 */
export async function revocarToken(db: Db, id: number, sesion: SessionRecord, esAdmin: boolean): Promise<ApiToken> {
  return db.transaction(async (tx) => {
    const propio = esAdmin ? undefined : eq(apiTokens.usuarioId, sesion.usuario.id);
    const [fila] = await tx
      .update(apiTokens)
      .set({
        revocado: sql`coalesce(${apiTokens.revocado}, now())`,
        revocadoPor: sql`coalesce(${apiTokens.revocadoPor}, ${sesion.usuario.nombre})`,
      })
      .where(and(eq(apiTokens.id, id), propio))
      .returning({ id: apiTokens.id, nombre: apiTokens.nombre, usuarioId: apiTokens.usuarioId });
    if (!fila) throw new ApiError(404, 'El token no existe');
    await writeAudit(tx, {
      autor: autorDe(sesion),
      accion: 'revocar',
      entidad: ENTIDAD_TOKEN,
      entidadId: id,
      despues: { nombre: fila.nombre, usuario_id: fila.usuarioId },
    });
    const [despues] = await consulta(tx).where(eq(apiTokens.id, id));
    return wire(despues!);
  });
}
