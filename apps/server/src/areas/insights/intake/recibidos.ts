import type { RecibidoResultado } from '@intranet/contract/areas/insights';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { insightsRecibidos } from '../../../db/schema.ts';

// What the intake received, counted per project, UTC day, kind, outcome and reason: nothing an SDK sends is
// dropped without a trace. Counted in memory on the request path and added to `insights_recibidos` about every
// two seconds by each process (one upsert for all its counts), as the rate limit's counts are shared.

/** The longest reason kept: an SDK's `client_report` names its own. */
const MAX_MOTIVO = 100;
/** Kinds and reasons a process keeps apart at most between two writes: a flood of made-up names adds nothing. */
const MAX_CLAVES = 5_000;

interface Clave {
  proyectoId: number;
  dia: string;
  categoria: string;
  resultado: RecibidoResultado;
  motivo: string;
}

export class ContadorRecibidos {
  private readonly cuentas = new Map<string, { clave: Clave; n: number }>();
  private readonly timer: NodeJS.Timeout;
  private escribiendo: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
    intervaloMs = 2000,
  ) {
    this.timer = setInterval(() => void this.escribir(), intervaloMs);
    this.timer.unref();
  }

  sumar(
    proyectoId: number,
    categoria: string,
    resultado: RecibidoResultado,
    n: number,
    motivo = '',
    cuando = new Date(),
  ): void {
    if (!(n > 0) || !Number.isFinite(n)) return;
    const clave: Clave = {
      proyectoId,
      dia: cuando.toISOString().slice(0, 10),
      categoria: categoria.slice(0, 40) || 'desconocido',
      resultado,
      motivo: motivo.slice(0, MAX_MOTIVO),
    };
    const id = `${clave.proyectoId}|${clave.dia}|${clave.categoria}|${clave.resultado}|${clave.motivo}`;
    const cuenta = this.cuentas.get(id);
    if (cuenta) cuenta.n += Math.floor(n);
    else if (this.cuentas.size < MAX_CLAVES) this.cuentas.set(id, { clave, n: Math.floor(n) });
  }

  /** Adds what was counted since the last write to the table; one write at a time. */
  async escribir(): Promise<void> {
    await this.escribiendo;
    if (this.cuentas.size === 0) return;
    const filas = [...this.cuentas.values()].map(({ clave, n }) => ({ ...clave, cantidad: n }));
    this.cuentas.clear();
    this.escribiendo = this.db
      .insert(insightsRecibidos)
      .values(filas)
      .onConflictDoUpdate({
        target: [
          insightsRecibidos.proyectoId,
          insightsRecibidos.dia,
          insightsRecibidos.categoria,
          insightsRecibidos.resultado,
          insightsRecibidos.motivo,
        ],
        set: { cantidad: sql`${insightsRecibidos.cantidad} + excluded.cantidad` },
      })
      .then(
        () => undefined,
        (err: unknown) => {
          // A project deleted meanwhile (its counts have nowhere to go) or the database away: the counts are lost,
          // the intake goes on.
          this.onError(err);
        },
      );
    await this.escribiendo;
  }

  /** The server closing: the last counts are written. */
  async detener(): Promise<void> {
    clearInterval(this.timer);
    await this.escribir();
  }
}

/** The data category Sentry counts an envelope item under (its item type, but for a few). */
export function categoriaDe(tipo: string): string {
  switch (tipo) {
    case 'sessions':
    case 'session':
      return 'session';
    case 'check_in':
      return 'monitor';
    case 'user_report':
      return 'feedback';
    case 'log':
      return 'log_item';
    case 'replay_event':
    case 'replay_recording':
    case 'replay_video':
      return 'replay';
    default:
      return tipo;
  }
}

/** The discarded events a `client_report` item lists (`discarded_events: [{reason, category, quantity}]`). */
export function descartesDelSdk(payload: Buffer): { categoria: string; motivo: string; cantidad: number }[] {
  let informe: unknown;
  try {
    informe = JSON.parse(payload.toString('utf8'));
  } catch {
    return [];
  }
  const lista = (informe as { discarded_events?: unknown } | null)?.discarded_events;
  if (!Array.isArray(lista)) return [];
  return lista.slice(0, 100).flatMap((d: unknown) => {
    const { reason, category, quantity } = (d ?? {}) as Record<string, unknown>;
    if (typeof reason !== 'string' || typeof category !== 'string' || typeof quantity !== 'number') return [];
    if (!Number.isSafeInteger(quantity) || quantity <= 0) return [];
    return [{ categoria: category, motivo: reason, cantidad: quantity }];
  });
}
