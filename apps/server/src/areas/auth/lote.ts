import { cuentaTotpLote, grupoRolLote, tokenLote } from '@intranet/contract/areas/auth';
import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionRecord } from '../../core/sessions.ts';
import type { Db } from '../../db/client.ts';
import { apiTokens, gruposRoles, usuarios } from '../../db/schema.ts';
import { loteAccionRoutes, type LoteDeps } from '../../lists/lote.ts';
import { selectSource, type ListQueryBase, type ListSpec } from '../../lists/list.ts';
import { ApiError } from '../../core/api-error.ts';
import { quitarGrupo } from './grupos.ts';
import { restablecer } from './segundo-factor.ts';
import { revocarToken } from './tokens.ts';

// The bulk bars of the sign-in's admin screens: every list here is unpaged and has no filter, so
// "all that match" is every row the caller may see. None has a CSV of its own: nothing to export.

/** A token as the bulk revoke reads it: a revoked or expired one is refused, there is nothing left to revoke. */
interface TokenFila {
  id: number;
  nombre: string;
  revocado: boolean;
  vencido: boolean;
}

const tokensList: ListSpec<ListQueryBase> = { sorts: { id: apiTokens.id }, defaultSort: '-id', id: apiTokens.id };

/** The tokens of the session's person, or (`todos`) everyone's. */
const tokensSource = (todos: boolean) => (db: Db, sesion: SessionRecord) => {
  // Joined to the list's own conditions (the chosen ids, the filter): a `where` of the builder would be replaced
  // by them.
  const suyos = (where: SQL | undefined) => and(todos ? undefined : eq(apiTokens.usuarioId, sesion.usuario.id), where);
  return selectSource(
    (sortKey) => ({
      where: (where: SQL | undefined) =>
        db
          .select({
            id: apiTokens.id,
            nombre: apiTokens.nombre,
            revocado: sql<boolean>`${apiTokens.revocado} is not null`,
            vencido: sql<boolean>`${apiTokens.vence} <= now()`,
            sortKey,
          })
          .from(apiTokens)
          .where(suyos(where)),
    }),
    () => ({ where: (where: SQL | undefined) => db.select({ n: count() }).from(apiTokens).where(suyos(where)) }),
    (t: TokenFila) => t,
  );
};

/** Revokes one token of the selection through the single revoke; a token that no longer works is refused. */
const revocar = (todos: boolean) => async (db: Db, id: number, sesion: SessionRecord) => {
  const [fila] = await db
    .select({ revocado: apiTokens.revocado, vencido: sql<boolean>`${apiTokens.vence} <= now()` })
    .from(apiTokens)
    .where(eq(apiTokens.id, id));
  if (fila?.revocado) throw new ApiError(409, 'Ya estaba revocado');
  if (fila?.vencido) throw new ApiError(409, 'Ya venció: no se puede usar');
  return revocarToken(db, id, sesion, todos);
};

/** `POST /api/auth/tokens/lote`: revoke some of one's own tokens (any signed-in person, their own only). */
const tokensPropiosLote = loteAccionRoutes({
  ruta: '/api/auth/tokens',
  tags: ['auth'],
  editar: 'session',
  body: tokenLote,
  list: tokensList,
  source: tokensSource(false),
  nombre: (t) => t.nombre,
  cambiar: (db, id, _campo, _valor, _autor, sesion) => revocar(false)(db, id, sesion),
});

/** `POST /api/auth/tokens/todos/lote`: revoke anyone's tokens (USUARIOS#ADMIN). */
const tokensTodosLote = loteAccionRoutes({
  ruta: '/api/auth/tokens/todos',
  tags: ['auth'],
  editar: 'USUARIOS#ADMIN',
  body: tokenLote,
  list: tokensList,
  source: tokensSource(true),
  nombre: (t) => t.nombre,
  cambiar: (db, id, _campo, _valor, _autor, sesion) => revocar(true)(db, id, sesion),
});

/** The active accounts as the second-factor screen lists them, by name; one without it on is refused a reset. */
interface CuentaFila {
  id: number;
  nombre: string;
  activo: boolean;
}

const cuentasList: ListSpec<ListQueryBase> = {
  sorts: { nombre: usuarios.nombre },
  defaultSort: 'nombre',
  id: usuarios.id,
};

const cuentasSource = (db: Db) =>
  selectSource(
    // The active accounts only, joined to the list's own conditions (a `where` of the builder would be replaced).
    (sortKey) => ({
      where: (where: SQL | undefined) =>
        db
          .select({
            id: usuarios.id,
            nombre: usuarios.nombre,
            activo: sql<boolean>`${usuarios.totpActivo} is not null`,
            sortKey,
          })
          .from(usuarios)
          .where(and(eq(usuarios.activo, true), where)),
    }),
    () => ({
      where: (where: SQL | undefined) =>
        db
          .select({ n: count() })
          .from(usuarios)
          .where(and(eq(usuarios.activo, true), where)),
    }),
    (c: CuentaFila) => c,
  );

/**
 * `POST /api/auth/totp/cuentas/lote`: reset the second factor of many accounts (USUARIOS#ADMIN), as for a lost
 * phone each.
 */
const cuentasTotpLote = loteAccionRoutes({
  ruta: '/api/auth/totp/cuentas',
  tags: ['auth'],
  editar: 'USUARIOS#ADMIN',
  body: cuentaTotpLote,
  list: cuentasList,
  source: cuentasSource,
  nombre: (c) => c.nombre,
  cambiar: async (db, id, _campo, _valor, autor) => {
    const [cuenta] = await db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(and(eq(usuarios.id, id), isNull(usuarios.totpActivo)));
    if (cuenta) throw new ApiError(409, 'No tiene el segundo factor activo');
    return restablecer(db, autor, id);
  },
});

/** The directory's group-to-role mappings, by group as the screen lists them. */
const gruposList: ListSpec<ListQueryBase> = {
  sorts: { grupo: sql`lower(${gruposRoles.grupo})` },
  defaultSort: 'grupo',
  id: gruposRoles.id,
};

const gruposSource = (db: Db) =>
  selectSource(
    (sortKey) => db.select({ id: gruposRoles.id, grupo: gruposRoles.grupo, sortKey }).from(gruposRoles).$dynamic(),
    () => db.select({ n: count() }).from(gruposRoles).$dynamic(),
    (g: { id: number; grupo: string }) => g,
  );

/**
 * `POST /api/auth/directorio/grupos/lote`: remove many mappings at once (USUARIOS#ADMIN), each through the
 * single removal.
 */
const gruposLote = loteAccionRoutes({
  ruta: '/api/auth/directorio/grupos',
  tags: ['auth'],
  editar: 'USUARIOS#ADMIN',
  body: grupoRolLote,
  list: gruposList,
  source: gruposSource,
  nombre: (g) => g.grupo,
  eliminar: quitarGrupo,
});

/** Every bulk route of the sign-in's screens, as one route plugin of the area. */
export const authLote: FastifyPluginAsyncZod<LoteDeps> = async (app, deps) => {
  for (const rutas of [tokensPropiosLote, tokensTodosLote, cuentasTotpLote, gruposLote])
    await app.register(rutas, deps);
};
