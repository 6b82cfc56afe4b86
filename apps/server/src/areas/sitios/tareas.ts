import { and, asc, gt, ne } from 'drizzle-orm';
import type { TareaDef } from '../../area.ts';
import { sitios } from '../../db/schema.ts';
import { verificarSitios } from './verificar.ts';

const TANDA = 200;

/** Every night, "Verificar" on every site not retired (its TLS certificate read again, the check stored). */
export const verificarTodos: TareaDef = {
  nombre: 'sitios-verificar',
  titulo: 'Verificar sitios web',
  descripcion:
    'Lee el certificado TLS de cada sitio que no está dado de baja y guarda el resultado, como "Verificar" en Sitios Webs.',
  cron: () => '0 3 * * *',
  programacion: () => 'Todas las noches a las 03:00',
  limiteSegundos: 60 * 60,
  ejecutar: async ({ db }) => {
    const cuenta = { ok: 0, advertencia: 0, error: 0 };
    let desde = 0;
    for (;;) {
      const tanda = await db
        .select({ id: sitios.id })
        .from(sitios)
        .where(and(gt(sitios.id, desde), ne(sitios.estado, 'baja')))
        .orderBy(asc(sitios.id))
        .limit(TANDA);
      if (tanda.length === 0) break;
      desde = tanda.at(-1)!.id;
      for (const r of await verificarSitios(
        db,
        tanda.map((s) => s.id),
        null,
      )) {
        cuenta[r.resultado] += 1;
      }
    }
    const total = cuenta.ok + cuenta.advertencia + cuenta.error;
    return `${total} sitios verificados: ${cuenta.ok} correctos, ${cuenta.advertencia} con advertencias, ${cuenta.error} con error`;
  },
};
