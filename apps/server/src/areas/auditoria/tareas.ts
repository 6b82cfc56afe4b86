import { sql } from 'drizzle-orm';
import type { TareaDef } from '../../area.ts';
import { borrarEnTandas } from '../../db/tandas.ts';

/** Every night, the audit rows past AUDITORIA_RETENCION_DIAS go; with 0 (the default) the history is kept for ever. */
export const retencionAuditoria: TareaDef = {
  nombre: 'auditoria-retencion',
  titulo: 'Quitar auditoría vieja',
  descripcion:
    'Quita los registros de la auditoría de más de AUDITORIA_RETENCION_DIAS días. Con 0 (por defecto) se guardan para siempre.',
  cron: () => '40 3 * * *',
  programacion: (config) =>
    `Todas las noches a las 03:40 (${config.auditoriaRetencionDias > 0 ? `registros de más de ${config.auditoriaRetencionDias} días` : 'desactivada: la auditoría se guarda para siempre'})`,
  ajuste: (config) => ({ variable: 'AUDITORIA_RETENCION_DIAS', valor: String(config.auditoriaRetencionDias) }),
  limiteSegundos: 60 * 60,
  ejecutar: async ({ db, config }) => {
    const dias = config.auditoriaRetencionDias;
    if (dias === 0) return 'Desactivada: la auditoría se guarda para siempre.';
    const n = await borrarEnTandas(db, 'auditoria', sql`fecha < now() - make_interval(days => ${dias})`);
    if (n === 0) return `No había registros de auditoría de más de ${dias} días.`;
    return `${n === 1 ? 'Se quitó 1 registro' : `Se quitaron ${n.toLocaleString('es-AR')} registros`} de auditoría de más de ${dias} días.`;
  },
};
