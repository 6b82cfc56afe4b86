import { sql } from 'drizzle-orm';
import type { TareaDef } from '../../area.ts';
import type { Db, Tx } from '../../db/client.ts';
import { borrarEnTandas } from '../../db/tandas.ts';
import { EVENTOS, TABLAS_MENSUALES, type TablaMensual } from './mensuales.ts';
import { quitarResumenViejo } from './rendimiento/rendimiento.ts';
import { quitarResumenesViejos } from './salud/sesiones.ts';

// The monitor's events, and every other kind of item an SDK sends that is kept, live in one partition per UTC
// month of their time column (migration 0032 for the events), plus a default one for timestamps outside them:
// retention drops whole months and deletes the older rest in batches.

/** Months prepared after the current one, so an item never waits on a partition being made. */
export const MESES_ADELANTE = 2;
/** A statement that would wait longer than this for its lock (behind a long read) gives up and is tried again. */
const ESPERA_LOCK = '1s';
const INTENTOS_LOCK = 5;

interface Mes {
  nombre: string;
  /** The month's first instant (UTC) and the next month's. */
  desde: Date;
  hasta: Date;
}

const inicioDeMes = (anio: number, mes: number) => new Date(Date.UTC(anio, mes, 1));
const nombreDe = (t: TablaMensual, desde: Date) =>
  `${t.tabla}_${desde.getUTCFullYear()}_${String(desde.getUTCMonth() + 1).padStart(2, '0')}`;
const defectoDe = (t: TablaMensual) => `${t.tabla}_defecto`;
const literal = (d: Date) => `'${d.toISOString()}'`;

/** The month partitions of a table (the events' unless said), oldest first. */
export async function mesesDeEventos(db: Db, t: TablaMensual = EVENTOS): Promise<Mes[]> {
  const { rows } = await db.execute<{ nombre: string }>(sql`
    select c.relname as nombre from pg_inherits i join pg_class c on c.oid = i.inhrelid
     where i.inhparent = ${t.tabla}::regclass`);
  const nombreMes = new RegExp(`^${t.tabla}_(\\d{4})_(\\d{2})$`);
  const meses: Mes[] = [];
  for (const { nombre } of rows) {
    const m = nombreMes.exec(nombre);
    if (!m) continue;
    const desde = inicioDeMes(Number(m[1]), Number(m[2]) - 1);
    meses.push({ nombre, desde, hasta: inicioDeMes(desde.getUTCFullYear(), desde.getUTCMonth() + 1) });
  }
  return meses.sort((a, b) => a.desde.getTime() - b.desde.getTime());
}

/** Runs `work` in a transaction that waits briefly for its locks, again a few times if another query held them. */
async function conLockBreve(db: Db, work: (tx: Tx) => Promise<unknown>): Promise<void> {
  for (let intento = 1; ; intento++) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local lock_timeout = '${ESPERA_LOCK}'`));
        await work(tx);
      });
      return;
    } catch (err) {
      const code =
        (err as { code?: string; cause?: { code?: string } }).code ??
        (err as { cause?: { code?: string } }).cause?.code;
      if (code !== '55P03' || intento >= INTENTOS_LOCK) throw err;
      await new Promise((r) => setTimeout(r, 2000 * intento));
    }
  }
}

/**
 * Makes the partition of the month starting at `desde`: built apart, given the default partition's events of
 * that month (a client's clock ahead), then attached — which, unlike CREATE … PARTITION OF, does not stop the
 * intake's inserts while it waits for its lock.
 */
async function crearMes(db: Db, t: TablaMensual, desde: Date): Promise<void> {
  const hasta = inicioDeMes(desde.getUTCFullYear(), desde.getUTCMonth() + 1);
  const nombre = nombreDe(t, desde);
  const defecto = defectoDe(t);
  const columna = t.columna;
  await conLockBreve(db, async (tx) => {
    // Taken now rather than by ATTACH at the end: no event of that month may reach the default partition meanwhile.
    await tx.execute(sql.raw(`lock table ${defecto} in access exclusive mode`));
    await tx.execute(sql.raw(`create table ${nombre} (like ${t.tabla} including all)`));
    await tx.execute(
      sql.raw(`with m as (delete from ${defecto} where ${columna} >= ${literal(desde)}
                 and ${columna} < ${literal(hasta)} returning *)
               insert into ${nombre} select * from m`),
    );
    await tx.execute(
      sql.raw(
        `alter table ${t.tabla} attach partition ${nombre} for values from (${literal(desde)}) to (${literal(hasta)})`,
      ),
    );
  });
}

/** Detaches and drops a month's partition; answers how many events it held. */
async function quitarMes(db: Db, t: TablaMensual, mes: Mes): Promise<number> {
  await conLockBreve(db, (tx) => tx.execute(sql.raw(`alter table ${t.tabla} detach partition ${mes.nombre}`)));
  // Counted once detached: no event can arrive in it any more, and the intake is not kept waiting meanwhile.
  const { rows } = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${mes.nombre}`));
  await conLockBreve(db, (tx) => tx.execute(sql.raw(`drop table ${mes.nombre}`)));
  return Number(rows[0]?.n ?? 0);
}

export interface ResultadoRetencion {
  /** Events removed, those of whole months included. */
  eventos: number;
  /** Whole months dropped. */
  meses: number;
  /** Months prepared ahead ('2027-02'). */
  creados: string[];
}

/**
 * Removes the events whose `fecha` is more than `dias` days before `ahora`: the months wholly older are dropped,
 * the rest (the month the limit falls in, the default partition) deleted in batches. Issues and their daily
 * counts stay. Also prepares this month and the next MESES_ADELANTE.
 */
export async function quitarEventosViejos(db: Db, dias: number, ahora = new Date()): Promise<ResultadoRetencion> {
  return quitarViejos(db, EVENTOS, dias, ahora);
}

/** As `quitarEventosViejos`, for any table kept in month partitions. */
export async function quitarViejos(
  db: Db,
  t: TablaMensual,
  dias: number,
  ahora = new Date(),
): Promise<ResultadoRetencion> {
  const corte = new Date(ahora.getTime() - dias * 86_400_000);
  const existentes = await mesesDeEventos(db, t);
  const creados: string[] = [];
  for (let i = 0; i <= MESES_ADELANTE; i++) {
    const desde = inicioDeMes(ahora.getUTCFullYear(), ahora.getUTCMonth() + i);
    if (existentes.some((m) => m.desde.getTime() === desde.getTime())) continue;
    await crearMes(db, t, desde);
    creados.push(desde.toISOString().slice(0, 7));
  }
  const antes = sql`${sql.identifier(t.columna)} < ${corte}`;
  let eventos = 0;
  let meses = 0;
  for (const mes of existentes) {
    if (mes.hasta <= corte) {
      eventos += await quitarMes(db, t, mes);
      meses += 1;
    } else if (mes.desde < corte) {
      eventos += await borrarEnTandas(db, mes.nombre, antes);
    }
  }
  eventos += await borrarEnTandas(db, defectoDe(t), antes);
  return { eventos, meses, creados };
}

const numero = (n: number) => n.toLocaleString('es-AR');

/** Every night, the events past INSIGHTS_RETENCION_DIAS go. */
export const retencionEventos: TareaDef = {
  nombre: 'insights-retencion',
  titulo: 'Quitar eventos viejos del monitor',
  descripcion:
    'Quita los eventos del monitor de errores de más de INSIGHTS_RETENCION_DIAS días (un mes entero de una vez) y prepara los meses siguientes; los errores y sus conteos por día se conservan.',
  cron: () => '30 3 * * *',
  programacion: (config) => `Todas las noches a las 03:30 (eventos de más de ${config.insightsRetencionDias} días)`,
  ajuste: (config) => ({ variable: 'INSIGHTS_RETENCION_DIAS', valor: String(config.insightsRetencionDias) }),
  limiteSegundos: 60 * 60,
  ejecutar: async ({ db, config }) => {
    const dias = config.insightsRetencionDias;
    const r = await quitarEventosViejos(db, dias);
    // The other kinds kept in month partitions (transactions, sessions, check-ins, logs...) go the same way.
    for (const t of TABLAS_MENSUALES) await quitarViejos(db, t, dias);
    // Release health's rollups go with the sessions they count.
    await quitarResumenesViejos(db, dias);
    // So does the Rendimiento tab's rollup with the transactions.
    await quitarResumenViejo(db, dias);
    // The daily counts of what was received ("Datos recibidos") go with the events of their days.
    await db.execute(sql`delete from insights_recibidos where dia < current_date - ${dias}::int`);
    // Users' feedback goes after as long as the events it is about.
    await db.execute(sql`delete from insights_feedback where recibido < now() - make_interval(days => ${dias}::int)`);
    const quitados =
      r.eventos === 0
        ? `No había eventos de más de ${dias} días.`
        : `${r.eventos === 1 ? 'Se quitó 1 evento' : `Se quitaron ${numero(r.eventos)} eventos`} de más de ${dias} días${r.meses > 0 ? ` (${r.meses === 1 ? 'un mes entero' : `${r.meses} meses enteros`})` : ''}; los errores y sus conteos por día se conservan.`;
    return r.creados.length > 0 ? `${quitados} Meses preparados: ${r.creados.join(', ')}.` : quitados;
  },
};
