import type { AreaDeps } from '../../area.ts';
import type { Db } from '../../db/client.ts';
import { alertasCorreos, notificaciones } from '../../db/schema.ts';
import type { FalloDefinitivo } from '../../jobs/programador.ts';
import { destinatarios } from './destinatarios.ts';
import { encolarFallo } from './webhooks.ts';

/** A job failed for the last time: each admin (ALERTAS#ADMIN) who wants it is told in the portal and by e-mail. */
export async function avisarFallo(db: Db, config: AreaDeps['config'], fallo: FalloDefinitivo): Promise<void> {
  const admins = (await destinatarios(db)).filter((d) => d.codigos.has('ALERTAS#ADMIN'));
  const titulo = `Falló la tarea "${fallo.titulo}"`;
  const detalle = `Agotó sus reintentos. Último error: ${fallo.error}`.slice(0, 1000);
  await db.transaction(async (tx) => {
    for (const admin of admins) {
      const canales = admin.canales('tarea');
      if (canales.portal)
        await tx
          .insert(notificaciones)
          .values({ usuarioId: admin.id, tipo: 'tarea', titulo, detalle, enlace: '/alertas/tareas' });
      if (canales.email && admin.email && config.smtpUrl) {
        await tx
          .insert(alertasCorreos)
          .values({ usuarioId: admin.id, asunto: `Intranet: ${titulo}`, texto: detalle, enlace: '/alertas/tareas' });
      }
    }
    await encolarFallo(tx, config, fallo);
  });
}
