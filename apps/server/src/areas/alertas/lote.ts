import { webhookLote } from '@intranet/contract/alertas';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhooks } from '../../db/schema.ts';
import { loteAccionRoutes } from '../../lists/lote.ts';
import { selectSource, type ListQueryBase, type ListSpec } from '../../lists/list.ts';
import { eliminarWebhook } from './webhooks.ts';

/** The webhooks as the bulk delete reads them: all of them, by name as the screen lists them (it has no filter). */
const webhooksList: ListSpec<ListQueryBase> = { sorts: { nombre: webhooks.nombre }, defaultSort: 'nombre', id: webhooks.id };

const webhooksSource = (db: Db) =>
  selectSource(
    (clave) => db.select({ id: webhooks.id, nombre: webhooks.nombre, clave }).from(webhooks).$dynamic(),
    () => db.select({ n: count() }).from(webhooks).$dynamic(),
    (w: { id: number; nombre: string }) => w,
  );

/**
 * Bulk delete of the webhooks (ALERTAS#ADMIN, the code of their single delete), each through that delete with
 * its audit row. Delete only: there is no field to set for many, and the list has no CSV to export.
 */
export const webhooksLote = loteAccionRoutes({
  ruta: '/api/alertas/webhooks',
  tags: ['alertas'],
  editar: 'ALERTAS#ADMIN',
  body: webhookLote,
  list: webhooksList,
  source: webhooksSource,
  nombre: (w) => w.nombre,
  eliminar: eliminarWebhook,
});
