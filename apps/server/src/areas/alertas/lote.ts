import { notificacionLote, webhookLote } from '@intranet/contract/areas/alertas';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionRecord } from '../../core/sessions.ts';
import type { Db } from '../../db/client.ts';
import { notificaciones, webhooks } from '../../db/schema.ts';
import { loteAccionRoutes, type LoteDeps } from '../../lists/lote.ts';
import { selectSource, type ListQueryBase, type ListSpec } from '../../lists/list.ts';
import { eliminarNotificacion, marcarLeida, marcarNoLeida } from './queries.ts';
import { eliminarWebhook } from './webhooks.ts';

/** The webhooks as the bulk delete reads them: all of them, by name as the screen lists them (it has no filter). */
const webhooksList: ListSpec<ListQueryBase> = {
  sorts: { nombre: webhooks.nombre },
  defaultSort: 'nombre',
  id: webhooks.id,
};

const webhooksSource = (db: Db) =>
  selectSource(
    (sortKey) => db.select({ id: webhooks.id, nombre: webhooks.nombre, sortKey }).from(webhooks).$dynamic(),
    () => db.select({ n: count() }).from(webhooks).$dynamic(),
    (w: { id: number; nombre: string }) => w,
  );

/**
 * Bulk delete of the webhooks (ALERTAS#ADMIN, the code of their single delete), each through that delete with
 * its audit row. Delete only: there is no field to set for many, and the list has no CSV to export.
 */
const webhooksLote = loteAccionRoutes({
  ruta: '/api/alertas/webhooks',
  tags: ['alertas'],
  editar: 'ALERTAS#ADMIN',
  body: webhookLote,
  list: webhooksList,
  source: webhooksSource,
  nombre: (w) => w.nombre,
  eliminar: eliminarWebhook,
});

/** The caller's notifications, newest first as the bell lists them. */
const notificacionesList: ListSpec<ListQueryBase> = {
  sorts: { id: notificaciones.id },
  defaultSort: '-id',
  id: notificaciones.id,
};

/** Only the session's person's: another's chosen by id is not a row of the list, neither done nor refused. */
const notificacionesSource = (db: Db, sesion: SessionRecord) => {
  // Joined to the list's own conditions (the chosen ids): a `where` of the builder would be replaced by them.
  const suyas = (where: SQL | undefined) => and(eq(notificaciones.usuarioId, sesion.usuario.id), where);
  return selectSource(
    (sortKey) => ({
      where: (where: SQL | undefined) =>
        db
          .select({ id: notificaciones.id, titulo: notificaciones.titulo, sortKey })
          .from(notificaciones)
          .where(suyas(where)),
    }),
    () => ({ where: (where: SQL | undefined) => db.select({ n: count() }).from(notificaciones).where(suyas(where)) }),
    (n: { id: number; titulo: string }) => n,
  );
};

/**
 * Bulk actions on one's own notifications (any signed-in person): mark them read or unread, or delete them.
 * Like opening one, none of it is audited: the inbox is the person's own.
 */
const notificacionesLote = loteAccionRoutes({
  ruta: '/api/alertas/notificaciones',
  tags: ['alertas'],
  editar: 'session',
  body: notificacionLote,
  list: notificacionesList,
  source: notificacionesSource,
  nombre: (n) => n.titulo,
  eliminar: (db, id, _autor, sesion) => eliminarNotificacion(db, sesion.usuario.id, id),
  cambiar: (db, id, _campo, valor, _autor, sesion) =>
    valor === false ? marcarNoLeida(db, sesion.usuario.id, id) : marcarLeida(db, sesion.usuario.id, id),
});

/** The alerts' bulk routes: the webhooks and the bell's notifications. */
export const alertasLote: FastifyPluginAsyncZod<LoteDeps> = async (app, deps) => {
  await app.register(webhooksLote, deps);
  await app.register(notificacionesLote, deps);
};
