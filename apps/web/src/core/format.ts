import dayjs from 'dayjs';

const DIA = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day as staff read it: dd/mm/aaaa. A calendar date ('2026-03-01') is shown as it is; an instant, as the day
 * it is in the browser's time zone.
 */
export function formatFecha(fecha: string): string {
  const dia = DIA.exec(fecha);
  return dia ? `${dia[3]}/${dia[2]}/${dia[1]}` : dayjs(fecha).format('DD/MM/YYYY');
}

/**
 * An instant as staff read it: dd/mm/aaaa hh:mm, with the seconds where they matter (an error's events), in the
 * browser's zone or in `zona` (an IANA name: the portal's, where a schedule's own clock matters).
 */
export function formatFechaHora(
  fecha: string,
  { segundos = false, zona }: { segundos?: boolean; zona?: string } = {},
): string {
  if (!zona) return dayjs(fecha).format(segundos ? 'DD/MM/YYYY HH:mm:ss' : 'DD/MM/YYYY HH:mm');
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat('es-AR', {
      timeZone: zona,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(fecha))
      .map((p) => [p.type, p.value]),
  );
  return `${partes.day}/${partes.month}/${partes.year} ${partes.hour}:${partes.minute}${segundos ? `:${partes.second}` : ''}`;
}

/** A count as staff read it: 1.234. */
export const formatNumero = (n: number): string => n.toLocaleString('es-AR');

// Spanish as a whole: es-AR's compact form is "330 k", the Spanish one "330 mil". Two figures: it is an estimate.
const compacto = new Intl.NumberFormat('es', { notation: 'compact', maximumSignificantDigits: 2 });

/** A large figure rounded as people say it, two figures: 330 mil, 1,2 M. */
export const formatCompacto = (n: number): string => compacto.format(n);

const UNIDADES = ['B', 'KB', 'MB', 'GB', 'TB'];

/** A size as staff read it: 512 B, 1,5 KB, 24,0 MB, 200 MB (powers of 1024, one decimal below 100); '—' if unknown. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNIDADES.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('es-AR', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${UNIDADES[unit]}`;
}
