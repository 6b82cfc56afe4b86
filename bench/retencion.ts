import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { aceptarEvento, escribirLote } from '../apps/server/src/areas/insights/intake/escritura.ts';
import { quitarEventosViejos } from '../apps/server/src/areas/insights/retencion.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { borrarEnTandas } from '../apps/server/src/db/tandas.ts';
import { chooseTarget } from './api-list.ts';
import { eventoDeGrupo } from './intake.ts';
import { figure } from './report.ts';

// The monitor's retention: a month of the intake bench's events (≈ 6 kB each) removed as the nightly job does, its
// partition detached and dropped, against deleting the same rows in batches. Also the space one such event takes stored
// (table, TOAST and indexes), the figure the operator's guide's sizing uses (docs/operations.md).

const RETENCION_DIAS = 90;
const LOTE = 500;

export async function retencion(): Promise<void> {
  const target = await chooseTarget();
  const eventos = target.databaseUrl ? 100_000 : 20_000;
  try {
    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      const db = database.db;
      await migrate(db);
      const { rows } = await db.execute<{ id: number }>(sql`
        insert into insights_proyectos (nombre, slug, plataforma, public_key, limite_por_minuto)
        values ('Bench', 'bench', 'node', ${'b'.repeat(32)}, 1000000) returning id`);
      const proyectoId = Number(rows[0]!.id);
      // Six months back: wholly past the 90 days kept.
      const hoy = new Date();
      const desde = new Date(Date.UTC(hoy.getUTCFullYear(), hoy.getUTCMonth() - 6, 1));
      const hasta = new Date(Date.UTC(hoy.getUTCFullYear(), hoy.getUTCMonth() - 5, 1));
      const particion = `insights_eventos_${desde.toISOString().slice(0, 7).replace('-', '_')}`;
      // Through the intake's own statement, so the rows and their indexes are as the intake leaves them.
      const llenar = async () => {
        await db.execute(
          sql.raw(
            `create table ${particion} partition of insights_eventos for values from ('${desde.toISOString()}') to ('${hasta.toISOString()}')`,
          ),
        );
        for (let i = 0; i < eventos; i += LOTE) {
          const lote = Array.from({ length: Math.min(LOTE, eventos - i) }, (_, j) => {
            const g = i + j;
            const raw = {
              event_id: randomUUID().replaceAll('-', ''),
              timestamp: (desde.getTime() + (g % 27) * 86_400_000 + g) / 1000,
              ...eventoDeGrupo(g % 1000),
            };
            return aceptarEvento(JSON.stringify(raw), raw, { proyectoId, recibido: new Date() });
          });
          await escribirLote(db, lote);
        }
      };
      console.log(
        `Base de datos: ${target.label}; un mes de ${eventos.toLocaleString('es-AR')} eventos como los del benchmark intake`,
      );

      await llenar();
      const { rows: tamano } = await db.execute<{ bytes: string | number }>(
        sql.raw(`select pg_total_relation_size('${particion}') as bytes`),
      );
      let t0 = performance.now();
      const r = await quitarEventosViejos(db, RETENCION_DIAS);
      const quitar = performance.now() - t0;
      if (r.eventos !== eventos || r.meses !== 1)
        throw new Error(
          `se esperaba quitar un mes de ${eventos} eventos; se quitaron ${r.eventos} en ${r.meses} meses`,
        );

      await llenar();
      t0 = performance.now();
      const borrados = await borrarEnTandas(db, particion, sql`fecha < ${hasta}`);
      const borrar = performance.now() - t0;
      if (borrados !== eventos) throw new Error(`se esperaba borrar ${eventos} eventos; se borraron ${borrados}`);
      // Deleted rows keep their space (and their TOAST) until a vacuum goes through them: part of the cost.
      t0 = performance.now();
      await db.execute(sql.raw(`vacuum ${particion}`));
      const vacuum = performance.now() - t0;

      figure(
        'Espacio por evento guardado (tabla, TOAST e índices)',
        Math.round(Number(tamano[0]!.bytes) / eventos),
        'bytes',
      );
      figure(
        `Quitar el mes (contar, DETACH y DROP de ${eventos.toLocaleString('es-AR')} eventos)`,
        Math.round(quitar),
        'ms',
        { max: 1000 },
      );
      figure('Borrar los mismos eventos en tandas de 5.000', Math.round(borrar), 'ms');
      figure('VACUUM que recupera su espacio después', Math.round(vacuum), 'ms');
    } finally {
      await database.close();
    }
  } finally {
    await target.drop();
  }
}
