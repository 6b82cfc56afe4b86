import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

interface Ventana {
  minuto: number;
  /** Accepted here and not yet added to the shared row. */
  local: number;
  /** The shared total (every process) as last read. */
  global: number;
}

export type Admision = { ok: true } | { ok: false; retryAfter: number };

const MINUTO = 60_000;

/**
 * Per-project events per minute, shared by every server process through `insights_cupos`: each process
 * counts locally (no database round trip on the request path) and, about once a second, adds its count
 * to the project's row for the minute and reads the total back. A process so learns the others' intake
 * within a second; the limit can be overshot by at most what the other processes accept in that second,
 * an acceptable error for a flood guard and the price of not touching the database per event.
 */
export class LimitePorProyecto {
  private readonly ventanas = new Map<number, Ventana>();
  private readonly timer: NodeJS.Timeout;
  private sincronizando = false;
  private ultimaLimpieza = 0;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
    private readonly ahora: () => number = Date.now,
    intervaloMs = 1000,
  ) {
    this.timer = setInterval(() => void this.sincronizar(), intervaloMs);
    this.timer.unref();
  }

  admitir(proyectoId: number, limite: number, n = 1): Admision {
    const now = this.ahora();
    const minuto = Math.floor(now / MINUTO) * MINUTO;
    let v = this.ventanas.get(proyectoId);
    if (!v || v.minuto !== minuto) {
      v = { minuto, local: 0, global: 0 };
      this.ventanas.set(proyectoId, v);
    }
    if (v.global + v.local + n > limite)
      return { ok: false, retryAfter: Math.max(1, Math.ceil((minuto + MINUTO - now) / 1000)) };
    v.local += n;
    return { ok: true };
  }

  /** Adds the local counts to the shared rows and reads the totals back. */
  async sincronizar(): Promise<void> {
    if (this.sincronizando) return;
    const filas = [...this.ventanas.entries()]
      .filter(([, v]) => v.local > 0)
      .map(([proyectoId, v]) => ({ proyectoId, v, n: v.local }));
    if (filas.length === 0) return;
    this.sincronizando = true;
    try {
      const datos = filas
        .map((f) => ({ proyecto_id: f.proyectoId, minuto: new Date(f.v.minuto).toISOString(), n: f.n }))
        .sort((a, b) => a.proyecto_id - b.proyecto_id);
      const { rows } = await this.db.execute<{ proyecto_id: number; cantidad: string | number }>(sql`
        insert into insights_cupos as c (proyecto_id, minuto, cantidad)
        select x.proyecto_id, x.minuto, x.n
          from jsonb_to_recordset(${JSON.stringify(datos)}::jsonb) as x(proyecto_id int, minuto timestamptz, n bigint)
        where exists (select 1 from insights_proyectos p where p.id = x.proyecto_id)
        order by x.proyecto_id
        on conflict (proyecto_id, minuto) do update set cantidad = c.cantidad + excluded.cantidad
        returning proyecto_id, cantidad`);
      const total = new Map(rows.map((r) => [Number(r.proyecto_id), Number(r.cantidad)]));
      for (const f of filas) {
        f.v.local -= f.n;
        f.v.global = total.get(f.proyectoId) ?? f.v.global + f.n;
      }
      const now = this.ahora();
      if (now - this.ultimaLimpieza > 10 * MINUTO) {
        this.ultimaLimpieza = now;
        await this.db.execute(
          sql`delete from insights_cupos where minuto < ${new Date(now - 10 * MINUTO).toISOString()}::timestamptz`,
        );
      }
    } catch (err) {
      this.onError(err);
    } finally {
      this.sincronizando = false;
    }
  }

  detener(): void {
    clearInterval(this.timer);
  }
}
