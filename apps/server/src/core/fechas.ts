import { sql } from 'drizzle-orm';

/** The portal's days are Buenos Aires days, whatever the server's or the database session's time zone. */
export const ZONA_HORARIA = 'America/Argentina/Buenos_Aires';

const dia = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA_HORARIA, year: 'numeric', month: '2-digit', day: '2-digit' });

/** yyyy-mm-dd of an instant, in Buenos Aires. */
export const fechaLocal = (instant: Date | number): string => dia.format(instant);

/** Today in Buenos Aires, as SQL (a date). */
export const HOY = sql`(now() at time zone ${sql.raw(`'${ZONA_HORARIA}'`)})::date`;
