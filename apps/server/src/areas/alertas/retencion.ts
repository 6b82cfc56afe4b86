import { sql } from 'drizzle-orm';
import type { TareaDef } from '../../area.ts';
import { borrarEnTandas } from '../../db/tandas.ts';

/**
 * Every night, the webhook deliveries and the e-mails past ENTREGAS_RETENCION_DIAS go, once sent or failed for
 * good: what still waits to be sent stays whatever its age. With 0 (the default) they are kept for ever.
 */
export const retencionEntregas: TareaDef = {
  nombre: 'alertas-retencion',
  titulo: 'Quitar entregas viejas',
  descripcion:
    'Quita las entregas a webhooks y los correos ya enviados o con error de más de ENTREGAS_RETENCION_DIAS días; los que esperan envío se conservan. Con 0 (por defecto) se guardan para siempre.',
  cron: () => '50 3 * * *',
  programacion: (config) =>
    `Todas las noches a las 03:50 (${config.entregasRetencionDias > 0 ? `entregas de más de ${config.entregasRetencionDias} días` : 'desactivada: las entregas se guardan para siempre'})`,
  ajuste: (config) => ({ variable: 'ENTREGAS_RETENCION_DIAS', valor: String(config.entregasRetencionDias) }),
  limiteSegundos: 60 * 60,
  ejecutar: async ({ db, config }) => {
    const dias = config.entregasRetencionDias;
    if (dias === 0) return 'Desactivada: las entregas a webhooks y los correos se guardan para siempre.';
    const corte = sql`now() - make_interval(days => ${dias})`;
    const entregas = await borrarEnTandas(db, 'webhook_entregas', sql`estado <> 'pendiente' and creada < ${corte}`);
    const correos = await borrarEnTandas(db, 'alertas_correos', sql`estado <> 'pendiente' and creado < ${corte}`);
    if (entregas + correos === 0) return `No había entregas ni correos enviados de más de ${dias} días.`;
    return `Se quitaron ${entregas.toLocaleString('es-AR')} entregas a webhooks y ${correos.toLocaleString('es-AR')} correos de más de ${dias} días; los que esperan envío se conservan.`;
  },
};
