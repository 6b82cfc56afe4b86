import {
  IGNORAR_VENTANA_MINUTOS,
  IGNORAR_VENTANAS,
  type Ignorada,
  type IgnorarVentana,
  type IssueEstado,
  type IssueIgnorar,
} from '@intranet/contract/areas/insights';
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { TareaDef } from '../../area.ts';
import type { Db, Executor } from '../../db/client.ts';
import { insightsEventos, insightsIssues } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';

// An issue ignored as Sentry ignores one: for a while, until N more events or N more users (within an hour or a day,
// or since it was ignored), or forever. It comes back as unresolved with `reabierta` set, which the alerts already
// read as a regression (alertas.ts). A count is crossed only by new events, so the intake checks it as it writes them
// (intake/escritura.ts). A time passes with no event at all, so a job brings those back each minute: evaluating the
// deadline only when the issue is read or gets an event would leave it ignored in the list's filter and its index, and
// tell no one, until somebody happened to look.

/** No condition: not ignored, or ignored forever. */
export const SIN_CONDICION = {
  ignoradaHasta: null,
  ignoradaEventos: null,
  ignoradaUsuarios: null,
  ignoradaVentana: null,
  ignoradaCantidad: null,
  ignoradaTrasEvento: null,
} as const;

/** The issue's newest event when it is ignored: what comes after it is what the counts count. */
const ULTIMO_EVENTO = sql<number>`(select coalesce(max(e.id), 0) from insights_eventos e
  where e.issue_id = ${insightsIssues.id})`;

/** The condition's columns, for an UPDATE of the issues being ignored (their count and last event read as they are). */
export function columnasIgnorada(condicion: IssueIgnorar, ahora: Date) {
  switch (condicion.modo) {
    case 'tiempo':
      return { ...SIN_CONDICION, ignoradaHasta: new Date(ahora.getTime() + condicion.minutos * 60_000) };
    case 'eventos':
      return {
        ...SIN_CONDICION,
        ignoradaEventos: condicion.cantidad,
        ignoradaVentana: condicion.ventana ? IGNORAR_VENTANA_MINUTOS[condicion.ventana] : null,
        ignoradaCantidad: sql<number>`${insightsIssues.cantidad}`,
        ignoradaTrasEvento: ULTIMO_EVENTO,
      };
    case 'usuarios':
      return {
        ...SIN_CONDICION,
        ignoradaUsuarios: condicion.cantidad,
        ignoradaVentana: condicion.ventana ? IGNORAR_VENTANA_MINUTOS[condicion.ventana] : null,
        ignoradaTrasEvento: ULTIMO_EVENTO,
      };
    case 'siempre':
      return SIN_CONDICION;
  }
}

/** The condition's columns as the issues' query reads them. */
export const camposIgnorada = wireColumns(insightsIssues, [
  'ignorada_hasta',
  'ignorada_eventos',
  'ignorada_usuarios',
  'ignorada_ventana',
  'ignorada_cantidad',
  'ignorada_tras_evento',
]);

interface FilaIgnorada {
  estado: IssueEstado;
  cantidad: number;
  ignorada_hasta: Date | null;
  ignorada_eventos: number | null;
  ignorada_usuarios: number | null;
  ignorada_ventana: number | null;
  ignorada_cantidad: number | null;
}

const ventanaDe = (minutos: number | null): IgnorarVentana | null =>
  IGNORAR_VENTANAS.find((v) => IGNORAR_VENTANA_MINUTOS[v] === minutos) ?? null;

/**
 * The condition as shown. `faltan` comes from the issue's count alone when it can (events since it was ignored);
 * the rest (a window, users) takes a look at its events, which only the detail does (`conFaltan`).
 */
export function ignoradaDe(r: FilaIgnorada): Ignorada | null {
  if (r.estado !== 'ignored') return null;
  const vacia = { hasta: null, cantidad: null, ventana: null, faltan: null };
  if (r.ignorada_hasta) return { ...vacia, modo: 'tiempo', hasta: r.ignorada_hasta.toISOString() };
  const ventana = ventanaDe(r.ignorada_ventana);
  if (r.ignorada_eventos !== null) {
    const vistos = Number(r.cantidad) - Number(r.ignorada_cantidad ?? r.cantidad);
    return {
      ...vacia,
      modo: 'eventos',
      cantidad: r.ignorada_eventos,
      ventana,
      faltan: ventana ? null : Math.max(0, r.ignorada_eventos - vistos),
    };
  }
  if (r.ignorada_usuarios !== null) return { ...vacia, modo: 'usuarios', cantidad: r.ignorada_usuarios, ventana };
  return { ...vacia, modo: 'siempre' };
}

/** The condition with what is left to cross it, counted from the events after it was ignored (within its window). */
export async function conFaltan(
  db: Executor,
  issueId: number,
  ignorada: Ignorada | null,
  trasEvento: number | null,
): Promise<Ignorada | null> {
  if (!ignorada || ignorada.cantidad === null || ignorada.faltan !== null) return ignorada;
  const ventana = ignorada.ventana ? IGNORAR_VENTANA_MINUTOS[ignorada.ventana] : null;
  const [fila] = await db
    .select({
      n: ignorada.modo === 'usuarios' ? sql<number>`count(distinct ${insightsEventos.usuario})::int` : count(),
    })
    .from(insightsEventos)
    .where(
      and(
        eq(insightsEventos.issueId, issueId),
        gt(insightsEventos.id, trasEvento ?? 0),
        ventana === null ? undefined : sql`${insightsEventos.recibido} > now() - make_interval(mins => ${ventana})`,
      ),
    );
  return { ...ignorada, faltan: Math.max(0, ignorada.cantidad - Number(fila?.n ?? 0)) };
}

/** Brings back, as unresolved and reopened (a regression for the alerts), the issues ignored until a time now past. */
export async function volverIgnorados(db: Db, ahora = new Date()): Promise<number> {
  const vuelven = await db
    .update(insightsIssues)
    .set({ estado: 'unresolved', reabierta: ahora, ...SIN_CONDICION })
    .where(and(eq(insightsIssues.estado, 'ignored'), lte(insightsIssues.ignoradaHasta, ahora)))
    .returning({ id: insightsIssues.id });
  return vuelven.length;
}

/** Each minute, the issues ignored for a while whose time has passed come back. */
export const volverIgnoradosTarea: TareaDef = {
  nombre: 'insights-ignorados',
  titulo: 'Devolver errores ignorados por un tiempo',
  descripcion:
    'Vuelve a poner sin resolver los errores ignorados por un tiempo (30 minutos, 2 horas, 24 horas o una semana) cuando ese tiempo pasó; las alertas lo avisan como una regresión. Los ignorados hasta N eventos o usuarios más vuelven al recibir esos eventos.',
  cron: () => '* * * * *',
  programacion: () => 'Cada minuto',
  ejecutar: async ({ db }) => {
    const n = await volverIgnorados(db);
    if (n === 0) return 'No había errores ignorados cuyo tiempo hubiera pasado.';
    return n === 1 ? 'Volvió 1 error ignorado cuyo tiempo pasó.' : `Volvieron ${n} errores ignorados cuyo tiempo pasó.`;
  },
};
