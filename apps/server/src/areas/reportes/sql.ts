import type { ReporteFila } from '@intranet/contract/areas/reportes';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { ZONA_HORARIA } from '../../core/fechas.ts';

// ---- SQL pieces every report shares. Months are counted in Buenos Aires time. ----

/**
 * The months of a range (yyyy-mm), one row each as `m.mes` (a timestamp at the month's start): empty months show too.
 */
export const mesesSerie = (desde: string, hasta: string): SQL =>
  sql`generate_series(${`${desde}-01`}::timestamp, ${`${hasta}-01`}::timestamp, interval '1 month') as m(mes)`;

/** The month of an instant in Buenos Aires, comparable with `m.mes`. */
export const mesDe = (instante: SQL): SQL => sql`date_trunc('month', ${instante} at time zone ${ZONA_HORARIA})`;

/** The month of a calendar date (cast first: on a date, date_trunc would answer in the session's time zone). */
export const mesDeFecha = (fecha: SQL): SQL => sql`date_trunc('month', (${fecha})::timestamp)`;

/** The instant a day (yyyy-mm-dd) starts in Buenos Aires. */
export const inicioDia = (dia: string): SQL => sql`(${dia}::timestamp at time zone ${ZONA_HORARIA})`;
/** The instant the day after `dia` starts: ranges end before it, so `hasta` is included whole. */
export const finDia = (dia: string): SQL => sql`((${dia}::date + 1)::timestamp at time zone ${ZONA_HORARIA})`;
/** The first day of a month, and the first day after it. */
export const primerDia = (mes: string): SQL => sql`${`${mes}-01`}::date`;
export const finMes = (mes: string): SQL => sql`(${`${mes}-01`}::date + interval '1 month')::date`;

/** An instant column within a month range in Buenos Aires: from its first day to the first day after its last month. */
export const enMeses = (columna: SQL, desde: string, hasta: string): SQL =>
  sql`${columna} >= ${inicioDia(`${desde}-01`)}
    and ${columna} < (${finMes(hasta)}::timestamp at time zone ${ZONA_HORARIA})`;

/** A text[] literal of the given values, each a parameter. */
export const textos = (values: readonly string[]): SQL =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;

/** The rows of a report query, as the wire carries them. */
export async function filas(db: Executor, query: SQL): Promise<ReporteFila[]> {
  return (await db.execute<ReporteFila>(query)).rows;
}
