import { sql } from 'drizzle-orm';

/** The portal's zone unless PORTAL_TIMEZONE names another. */
export const ZONA_PREDETERMINADA = 'America/Argentina/Buenos_Aires';

/** An IANA zone name Node knows ("America/Argentina/Cordoba"), or an error that says what is wrong. */
export function zonaValida(nombre: string): string {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(nombre))
    throw new RangeError(`"${nombre}" no es el nombre de una zona horaria (p. ej. America/Argentina/Buenos_Aires)`);
  try {
    new Intl.DateTimeFormat('es', { timeZone: nombre });
  } catch {
    throw new RangeError(`La zona horaria "${nombre}" no existe (p. ej. America/Argentina/Buenos_Aires)`);
  }
  return nombre;
}

/** PORTAL_TIMEZONE as given, or the default when unset or not a zone (then config.ts refuses to start, saying why). */
function zonaDelEntorno(): string {
  try {
    return zonaValida(process.env.PORTAL_TIMEZONE?.trim() || ZONA_PREDETERMINADA);
  } catch {
    return ZONA_PREDETERMINADA;
  }
}

/**
 * The portal's days and scheduled times are in this zone (PORTAL_TIMEZONE, Buenos Aires by default), whatever the
 * server's or the database session's. Read once, when the process starts.
 */
export const ZONA_HORARIA = zonaDelEntorno();

const dia = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONA_HORARIA,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** yyyy-mm-dd of an instant, in Buenos Aires. */
export const fechaLocal = (instant: Date | number): string => dia.format(instant);

/** Today in Buenos Aires, as SQL (a date). */
export const HOY = sql`(now() at time zone ${sql.raw(`'${ZONA_HORARIA}'`)})::date`;
