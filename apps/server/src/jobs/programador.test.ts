import type { Tarea } from '@intranet/contract/areas/alertas';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tareasEjecuciones } from '../db/schema.ts';
import { freshApp, useTemplate } from '../test/harness.ts';
import { Programador, proximaEjecucion, type FalloDefinitivo, type TareaProgramada } from './programador.ts';

const template = useTemplate();

/** Waits for `check` to hold, polling what a user would read; fails with the last value after `ms`. */
async function hasta<T>(leer: () => Promise<T>, check: (valor: T) => boolean, ms = 30_000): Promise<T> {
  const limite = Date.now() + ms;
  let valor = await leer();
  while (!check(valor)) {
    if (Date.now() > limite) throw new Error(`no se cumplió a tiempo; último valor: ${JSON.stringify(valor)}`);
    await new Promise((r) => setTimeout(r, 200));
    valor = await leer();
  }
  return valor;
}

const tarea = (
  nombre: string,
  ejecutar: TareaProgramada<object>['ejecutar'],
  extra: Partial<TareaProgramada<object>> = {},
): TareaProgramada<object> => ({
  nombre,
  titulo: `Prueba ${nombre}`,
  descripcion: '',
  cron: () => '0 0 1 1 *',
  programacion: () => 'Una vez al año',
  ejecutar,
  ...extra,
});

describe('the scheduler on the portal database', () => {
  const ctx = freshApp(template, ['admin'], { clone: { programador: true } });
  const tareas = async (): Promise<Tarea[]> =>
    (await ctx.t.app.inject({ method: 'GET', url: '/api/alertas/tareas', headers: ctx.admin })).json().datos.tareas;
  const escaneo = async () => (await tareas()).find((t) => t.nombre === 'alertas-vencimientos')!;

  it('runs the expiry scan at start, then again on "Ejecutar ahora", and shows each run', async () => {
    const inicial = await hasta(escaneo, (t) => t.ejecuciones[0]?.estado === 'ok');
    expect(inicial.ejecuciones[0]).toMatchObject({ manual: false, intento: 1, error: null });
    expect(inicial.ejecuciones[0]!.duracion_ms).toBeGreaterThanOrEqual(0);
    expect(inicial.programacion).toBe('Cada hora y al iniciar');
    expect(Date.parse(inicial.proxima!)).toBeGreaterThan(Date.now());

    const ejecutar = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/alertas/tareas/alertas-vencimientos/ejecutar',
      headers: ctx.admin,
    });
    expect(ejecutar.statusCode).toBe(202);
    const despues = await hasta(escaneo, (t) => t.ejecuciones.length === 2 && t.ejecuciones[0]!.estado === 'ok');
    expect(despues.ejecuciones[0]).toMatchObject({ manual: true, resultado: 'Sin vencimientos nuevos que avisar' });
  });
});

describe('a job that fails, and one cut off by a restart', () => {
  const ctx = freshApp(template);

  it('retries a failing job, then marks it failed and tells whoever listens', async () => {
    const programador = new Programador<object>(ctx.t.db, ctx.t.config);
    let intentos = 0;
    programador.definir(
      [
        tarea('prueba-falla', async () => {
          intentos += 1;
          throw new Error(`sin conexión (${intentos})`);
        }),
      ],
      {},
    );
    const fallos: FalloDefinitivo[] = [];
    programador.alFallar(async (fallo) => {
      fallos.push(fallo);
    });
    await programador.iniciar(ctx.t.database.sql, { sondeoSegundos: 0.5, esperaReintento: 1 });
    try {
      await programador.ejecutarAhora('prueba-falla');
      const filas = await hasta(
        () =>
          ctx.t.db
            .select()
            .from(tareasEjecuciones)
            .where(eq(tareasEjecuciones.tarea, 'prueba-falla'))
            .orderBy(asc(tareasEjecuciones.id)),
        (f) => f.length === 3 && f[2]!.estado === 'error',
      );
      expect(filas.map((f) => [f.intento, f.definitivo, f.estado, f.error])).toEqual([
        [1, false, 'error', 'sin conexión (1)'],
        [2, false, 'error', 'sin conexión (2)'],
        [3, true, 'error', 'sin conexión (3)'],
      ]);
      expect(fallos).toEqual([{ tarea: 'prueba-falla', titulo: 'Prueba prueba-falla', error: 'sin conexión (3)' }]);
      // Given up: the queue holds the job as failed, with no retry left.
      const { rows } = await ctx.t.database.sql(`select state from pgboss.job where name = 'prueba-falla'`);
      expect(rows).toEqual([{ state: 'failed' }]);
      expect(intentos).toBe(3);
    } finally {
      await programador.detener(0);
    }
  });

  it('runs an "Ejecutar ahora" at once, not at its worker\'s next poll', async () => {
    const programador = new Programador<object>(ctx.t.db, ctx.t.config);
    programador.definir([tarea('prueba-despertar', async () => 'hecho')], {});
    // A poll every ten minutes: only the wake-up of the queued run can make it run within the test's time.
    await programador.iniciar(ctx.t.database.sql, { sondeoSegundos: 600 });
    try {
      await programador.ejecutarAhora('prueba-despertar');
      const filas = await hasta(
        () => ctx.t.db.select().from(tareasEjecuciones).where(eq(tareasEjecuciones.tarea, 'prueba-despertar')),
        (f) => f[0]?.estado === 'ok',
      );
      expect(filas.map((f) => [f.manual, f.resultado])).toEqual([[true, 'hecho']]);
    } finally {
      await programador.detener(0);
    }
  });

  it('takes up a run cut off by a stop again, in another process', async () => {
    let primera = true;
    const definicion = tarea(
      'prueba-corte',
      async () => {
        if (primera) {
          primera = false;
          // Never ends: the process "dies" with it running.
          return new Promise<string>(() => undefined);
        }
        return 'hecho';
      },
      { limiteSegundos: 1 },
    );
    const a = new Programador<object>(ctx.t.db, ctx.t.config);
    a.definir([definicion], {});
    await a.iniciar(ctx.t.database.sql, { sondeoSegundos: 0.5, esperaReintento: 1, mantenimientoSegundos: 1 });
    await a.ejecutarAhora('prueba-corte');
    const leer = () =>
      ctx.t.db
        .select()
        .from(tareasEjecuciones)
        .where(eq(tareasEjecuciones.tarea, 'prueba-corte'))
        .orderBy(asc(tareasEjecuciones.id));
    await hasta(leer, (f) => f.length === 1);
    expect(a.enCurso()).toBe(1);
    await a.detener(0);
    // Still going after the wait: the process must not close the pool under it (main.ts).
    expect(a.enCurso()).toBe(1);

    const b = new Programador<object>(ctx.t.db, ctx.t.config);
    b.definir([definicion], {});
    await b.iniciar(ctx.t.database.sql, { sondeoSegundos: 0.5, esperaReintento: 1, mantenimientoSegundos: 1 });
    try {
      const filas = await hasta(leer, (f) => f.some((x) => x.estado === 'ok'));
      expect(filas.map((f) => [f.intento, f.estado])).toEqual([
        [1, 'en_curso'],
        [2, 'ok'],
      ]);
      const [vista] = (await b.estado()).tareas;
      expect(vista!.ejecuciones.map((e) => e.estado)).toEqual(['ok', 'interrumpida']);
    } finally {
      await b.detener(0);
    }
  });
});

describe('proximaEjecucion', () => {
  it('reads cron in Buenos Aires time', () => {
    // 03:00 in Buenos Aires is 06:00 UTC.
    expect(proximaEjecucion('0 3 * * *', new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-26T06:00:00.000Z');
  });
});
