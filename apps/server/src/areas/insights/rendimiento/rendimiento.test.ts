import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import * as Sentry from '@sentry/node';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsProyectos, insightsTransacciones } from '../../../db/schema.ts';
import { freshApp, type TestApp, useTemplate, until, listening } from '../../../test/harness.ts';
import { insightsAlertas } from '../alertas.ts';
import { TABLAS_MENSUALES } from '../mensuales.ts';
import { mesesDeEventos, quitarViejos } from '../retencion.ts';
import { quitarResumenViejo } from './rendimiento.ts';

// Performance data sent by the real SDKs (tracing on): transactions with their spans, the trace an error belongs
// to, and the Rendimiento tab's aggregates, read through the HTTP API.

const template = useTemplate();

async function proyecto(t: TestApp, key: string, extra: { limitePorMinuto?: number } = {}) {
  const [p] = await t.db
    .insert(insightsProyectos)
    .values({ nombre: `App ${key}`, slug: `app-${key}`, plataforma: 'node', publicKey: key.repeat(32), ...extra })
    .returning();
  return p!;
}

interface Resumen {
  event_id: string;
  nombre: string;
  trace_id: string;
  estado: string;
  duracion_ms: number;
  spans: number;
  release: string | null;
  environment: string | null;
}
interface SpanW {
  span_id: string;
  parent_span_id: string | null;
  op: string | null;
  description: string | null;
  duracion_ms: number;
  estado: string | null;
}

function cobrarFactura(): never {
  throw new TypeError('Cannot read properties of undefined (reading "importe")');
}

/** A duration read from the rollup's histogram: within 4.5 % (half a bucket) of the exact one. */
const cerca = (exacto: number) => expect.toSatisfy((x: number) => Math.abs(x - exacto) <= exacto * 0.045 + 1e-9);

/** percentile_cont over the durations, as PostgreSQL computes it. */
function percentilExacto(ms: number[], p: number): number {
  const o = [...ms].sort((a, b) => a - b);
  const r = p * (o.length - 1);
  const lo = Math.floor(r);
  return o[lo]! + (r - lo) * ((o[Math.min(lo + 1, o.length - 1)] ?? 0) - o[lo]!);
}

const get = async (t: TestApp, admin: { authorization: string }, url: string) => {
  const r = await t.app.inject({ url, headers: admin });
  return { status: r.statusCode, body: r.json() };
};

describe('transactions sent by @sentry/node (tracesSampleRate: 1)', () => {
  it('keeps each transaction with its nested spans, links the error to its trace and aggregates by name', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const p = await proyecto(t, '5');
      const client = new Sentry.NodeClient({
        dsn: `http://${'5'.repeat(32)}@${base}/${p.id}`,
        release: 'pruebas@1.2.3',
        environment: 'test',
        tracesSampleRate: 1,
        transport: Sentry.makeNodeTransport,
        stackParser: Sentry.defaultStackParser,
        integrations: [],
      });
      const scope = new Sentry.Scope();
      scope.setClient(client);
      client.init();

      let errorId = '';
      // One request that goes well (the error inside is caught and reported), one that fails. Without the
      // OpenTelemetry setup of Sentry.init the SDK leaves a span's status unset when nothing failed: 'unknown'.
      Sentry.startSpan({ name: 'POST /facturas', op: 'http.server', scope }, () => {
        Sentry.startSpan({ name: 'cargar cliente', op: 'db.query' }, () => {
          Sentry.startSpan({ name: 'select * from clientes', op: 'db.sql' }, () => undefined);
        });
        Sentry.startSpan({ name: 'cobrar', op: 'function' }, () => {
          try {
            cobrarFactura();
          } catch (err) {
            errorId = Sentry.captureException(err);
          }
        });
      });
      expect(() =>
        Sentry.startSpan({ name: 'POST /facturas', op: 'http.server', scope }, () => {
          Sentry.startSpan({ name: 'cargar cliente', op: 'db.query' }, () => cobrarFactura());
        }),
      ).toThrow(TypeError);
      expect(await client.flush(5000)).toBe(true);
      await client.close(5000);

      const lista = await until(async () => {
        const r = await get(t, admin, `/api/insights/proyectos/${p.id}/transacciones?nombre=POST%20%2Ffacturas`);
        return r.body.datos?.length === 2 ? (r.body.datos as Resumen[]) : undefined;
      });
      expect(lista.map((x) => x.estado).sort()).toEqual(['internal_error', 'unknown']);
      const bien = lista.find((x) => x.estado === 'unknown')!;
      expect(bien).toMatchObject({ spans: 3, release: 'pruebas@1.2.3', environment: 'test' });

      // Its spans, each under its parent.
      const detalle = (await get(t, admin, `/api/insights/proyectos/${p.id}/transacciones/${bien.event_id}`)).body
        .datos as { span_id: string; trace_id: string; op: string; spans: SpanW[] };
      expect(detalle.op).toBe('http.server');
      const porNombre = (d: string) => detalle.spans.find((s) => s.description === d)!;
      expect(porNombre('cargar cliente')).toMatchObject({ op: 'db.query', parent_span_id: detalle.span_id });
      expect(porNombre('select * from clientes').parent_span_id).toBe(porNombre('cargar cliente').span_id);
      expect(porNombre('cobrar').parent_span_id).toBe(detalle.span_id);

      // The error reported inside it names its trace, and the trace lists both.
      const issue = await until(async () => {
        const r = await get(t, admin, '/api/insights/issues?q=reading%20%22importe%22');
        return r.body.datos.items[0] as { id: number } | undefined;
      });
      const evento = (await get(t, admin, `/api/insights/issues/${issue.id}/eventos/${errorId}`)).body.datos as {
        contexts: { trace?: { trace_id?: string } };
      };
      expect(evento.contexts.trace?.trace_id).toBe(bien.trace_id);
      const traza = (await get(t, admin, `/api/insights/trazas/${bien.trace_id}`)).body.datos;
      // Both requests ran on the same scope, so the SDK sent them in one trace.
      expect(traza.transacciones.map((x: Resumen) => x.event_id).sort()).toEqual(lista.map((x) => x.event_id).sort());
      expect(traza.errores).toEqual([
        expect.objectContaining({ event_id: errorId, issue_id: issue.id, proyecto_id: p.id, proyecto_nombre: 'App 5' }),
      ]);

      // The Rendimiento tab: one name, two transactions, one of them failed; percentiles over their durations.
      const r = (await get(t, admin, `/api/insights/proyectos/${p.id}/rendimiento?rango=24h&environment=test`)).body
        .datos;
      const [d1, d2] = lista.map((x) => x.duracion_ms).sort((a, b) => a - b) as [number, number];
      // Read from the rollup's histogram: within half a bucket (4.5 %) of the exact figure.
      expect(r.filas).toEqual([
        {
          nombre: 'POST /facturas',
          cantidad: 2,
          por_minuto: 2 / (24 * 60),
          p50: cerca((d1 + d2) / 2),
          p75: cerca(d1 + 0.75 * (d2 - d1)),
          p95: cerca(d1 + 0.95 * (d2 - d1)),
          tasa_fallas: 0.5,
        },
      ]);
      expect(r.environments).toEqual(['test']);
      expect(r.releases).toEqual(['pruebas@1.2.3']);
      expect(r.serie.at(-1)).toEqual({ fecha: new Date().toISOString().slice(0, 10), cantidad: 2 });
      // Another environment's filter finds none.
      const otro = (await get(t, admin, `/api/insights/proyectos/${p.id}/rendimiento?rango=7d&environment=prod`)).body
        .datos;
      expect(otro.filas).toEqual([]);

      // Counted as accepted on "Datos recibidos".
      const recibidos = await until(async () => {
        const x = (await get(t, admin, `/api/insights/proyectos/${p.id}/recibidos`)).body.datos as {
          categoria: string;
          resultado: string;
          cantidad: number;
        }[];
        const fila = x.find((f) => f.categoria === 'transaction' && f.resultado === 'aceptado');
        return fila?.cantidad === 2 ? fila : undefined;
      });
      expect(recibidos.cantidad).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('counts a transaction past the limit as limited, and a bad one as dropped with its reason', async () => {
    const { t, admin } = await listening(template);
    try {
      const p = await proyecto(t, '6', { limitePorMinuto: 1 });
      const ahora = Date.now() / 1000;
      const tx = (nombre: string, extra: Record<string, unknown> = {}) =>
        JSON.stringify({
          type: 'transaction',
          transaction: nombre,
          start_timestamp: ahora - 0.25,
          timestamp: ahora,
          contexts: { trace: { trace_id: 'c'.repeat(32), span_id: 'd'.repeat(16), op: 'http.server', status: 'ok' } },
          spans: [],
          ...extra,
        });
      const envio = (items: string[]) =>
        t.app.inject({
          method: 'POST',
          url: `/api/${p.id}/envelope/?sentry_key=${'6'.repeat(32)}`,
          headers: { 'content-type': 'application/x-sentry-envelope' },
          payload: ['{}', ...items.flatMap((i) => ['{"type":"transaction"}', i])].join('\n'),
        });
      expect((await envio([tx('GET /uno')])).statusCode).toBe(200);
      const r = await envio([
        tx('GET /dos'),
        tx('', {}),
        tx('GET /tres', { contexts: {} }),
        tx('GET /cuatro', { timestamp: ahora - 10 }),
        '{no es json',
        tx('GET /grande', { extra: { x: 'x'.repeat(600_000) } }),
      ]);
      expect(r.statusCode).toBe(200);
      const filas = await until(async () => {
        const x = (await get(t, admin, `/api/insights/proyectos/${p.id}/recibidos`)).body.datos as {
          categoria: string;
          resultado: string;
          motivo: string;
          cantidad: number;
        }[];
        const tx = x.filter((f) => f.categoria === 'transaction');
        return tx.length >= 7 ? tx : undefined;
      });
      expect(filas.map(({ resultado, motivo, cantidad }) => [resultado, motivo, cantidad]).sort()).toEqual(
        [
          ['aceptado', '', 1],
          ['limitado', 'Límite por minuto del proyecto', 1],
          ['descartado', 'Transacción sin nombre', 1],
          ['descartado', 'Transacción sin contexto de traza', 1],
          ['descartado', 'Transacción sin horario válido', 1],
          ['descartado', 'Transacción que no es JSON', 1],
          ['descartado', 'Transacción demasiado grande', 1],
        ].sort(),
      );
      const lista = (await get(t, admin, `/api/insights/proyectos/${p.id}/rendimiento?rango=24h`)).body.datos;
      expect(lista.filas.map((f: { nombre: string }) => f.nombre)).toEqual(['GET /uno']);
    } finally {
      await t.close();
    }
  });

  it('answers a bad filter with a Spanish 400 and its field, and an unknown project or transaction with 404', async () => {
    const { t, admin } = await listening(template);
    try {
      const p = await proyecto(t, '7');
      const base = `/api/insights/proyectos/${p.id}`;
      const rango = await get(t, admin, `${base}/rendimiento?rango=1y`);
      expect(rango.status).toBe(400);
      expect(rango.body.campos.rango).toEqual(['Rango inválido: 24h, 7d, 14d o 30d']);
      const entorno = await get(t, admin, `${base}/rendimiento?environment=${'x'.repeat(201)}`);
      expect(entorno.status).toBe(400);
      expect(entorno.body.campos.environment).toEqual(['Entorno: máximo 200 caracteres']);
      const sinNombre = await get(t, admin, `${base}/transacciones?rango=7d`);
      expect(sinNombre.status).toBe(400);
      expect(sinNombre.body.campos.nombre).toEqual([expect.any(String)]);
      const mal = await get(t, admin, `${base}/transacciones/no-es-un-id`);
      expect(mal.status).toBe(400);
      expect(mal.body.campos.transaccion).toEqual(['Id de transacción inválido']);
      const traza = await get(t, admin, `/api/insights/trazas/${'z'.repeat(32)}`);
      expect(traza.status).toBe(400);
      expect(traza.body.campos.traza).toEqual(['Id de traza inválido']);
      expect((await get(t, admin, `${base}/transacciones/${'a'.repeat(32)}`)).status).toBe(404);
      expect((await get(t, admin, `/api/insights/trazas/${'a'.repeat(32)}`)).status).toBe(404);
      expect((await get(t, admin, '/api/insights/proyectos/999999/rendimiento')).status).toBe(404);
      const regla = await t.app.inject({
        method: 'POST',
        url: `${base}/reglas-lentitud`,
        headers: admin,
        payload: { transaccion: 'GET /x', p95_ms: 0 },
      });
      expect(regla.statusCode).toBe(400);
      expect(regla.json().campos.p95_ms).toEqual(['p95: mínimo 1']);
    } finally {
      await t.close();
    }
  });
});

describe("the Rendimiento tab's rollup", () => {
  interface Enviada {
    nombre: string;
    ms: number;
    estado: string;
    environment?: string;
    release?: string;
    inicio: number;
    id: string;
  }
  const sobre = (items: Enviada[]) =>
    [
      '{}',
      ...items.flatMap((x) => [
        '{"type":"transaction"}',
        JSON.stringify({
          type: 'transaction',
          event_id: x.id,
          transaction: x.nombre,
          start_timestamp: x.inicio / 1000,
          timestamp: (x.inicio + x.ms) / 1000,
          release: x.release,
          environment: x.environment,
          contexts: {
            trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16), op: 'http.server', status: x.estado },
          },
          spans: [],
        }),
      ]),
    ].join('\n');

  it('adds up what the intake stores, batch after batch of the same hour, once per transaction', async () => {
    const { t, admin } = await listening(template);
    try {
      const p = await proyecto(t, '3', { limitePorMinuto: 100_000 });
      const enviar = async (items: Enviada[]) => {
        const r = await t.app.inject({
          method: 'POST',
          url: `/api/${p.id}/envelope/?sentry_key=${'3'.repeat(32)}`,
          headers: { 'content-type': 'application/x-sentry-envelope' },
          payload: sobre(items),
        });
        expect(r.statusCode).toBe(200);
      };
      // Envelopes of up to 100 items; all within the current hour (its first minutes), so both batches add to the
      // same rows.
      const hora = Math.floor(Date.now() / 3_600_000) * 3_600_000;
      let n = 0;
      const tx = (nombre: string, ms: number, extra: Partial<Enviada> = {}): Enviada => ({
        nombre,
        ms,
        estado: 'ok',
        inicio: hora + 1000 + (n % 50) * 1000,
        id: (++n).toString(16).padStart(32, '0'),
        ...extra,
      });
      // A name's durations spread from 3 ms to 3 s (log-uniform), one in 8 failed, two environments and releases.
      const lote = (desde: number, cuantas: number) =>
        Array.from({ length: cuantas }, (_, i) => {
          const k = desde + i;
          return tx('GET /facturas', 3 * 1000 ** ((k * 0.618_034) % 1), {
            estado: k % 8 === 0 ? 'internal_error' : k % 8 === 1 ? 'cancelled' : 'ok',
            environment: k % 3 === 0 ? 'staging' : 'production',
            release: k % 2 === 0 ? 'api@1.0.0' : 'api@1.1.0',
          });
        });
      const primero = [...lote(0, 90), tx('POST /pagos', 40), tx('POST /pagos', 60, { estado: 'deadline_exceeded' })];
      const segundo = [...lote(90, 60), tx('POST /pagos', 80, { environment: 'staging' })];
      await enviar(primero);
      await enviar(segundo);
      // Two more at once, with the first again (an SDK's retry), which is stored and counted once.
      const tercero = [tx('POST /pagos', 50, { release: 'api@1.0.0' })];
      const cuarto = [tx('POST /pagos', 70, { estado: 'internal_error' })];
      await Promise.all([enviar(tercero), enviar(primero), enviar(cuarto)]);
      const todas = [...primero, ...segundo, ...tercero, ...cuarto];

      const leer = async (q: string) =>
        (await get(t, admin, `/api/insights/proyectos/${p.id}/rendimiento?rango=24h${q}`)).body.datos as {
          filas: { nombre: string; cantidad: number; p50: number; p75: number; p95: number; tasa_fallas: number }[];
          serie: { fecha: string; cantidad: number }[];
          environments: string[];
          releases: string[];
        };
      const esperado = (filtro: (x: Enviada) => boolean) => {
        const grupos = new Map<string, Enviada[]>();
        for (const x of todas.filter(filtro)) grupos.set(x.nombre, [...(grupos.get(x.nombre) ?? []), x]);
        return [...grupos.entries()]
          .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
          .map(([nombre, xs]) => ({
            nombre,
            cantidad: xs.length,
            por_minuto: xs.length / (24 * 60),
            p50: cerca(
              percentilExacto(
                xs.map((x) => x.ms),
                0.5,
              ),
            ),
            p75: cerca(
              percentilExacto(
                xs.map((x) => x.ms),
                0.75,
              ),
            ),
            p95: cerca(
              percentilExacto(
                xs.map((x) => x.ms),
                0.95,
              ),
            ),
            tasa_fallas: xs.filter((x) => !['ok', 'cancelled', 'unknown'].includes(x.estado)).length / xs.length,
          }));
      };
      const todo = await leer('');
      expect(todo.filas).toEqual(esperado(() => true));
      expect(todo.filas[0]).toMatchObject({ nombre: 'GET /facturas', cantidad: 150, tasa_fallas: 19 / 150 });
      expect(todo.serie.at(-1)).toEqual({ fecha: new Date(hora).toISOString().slice(0, 10), cantidad: 155 });
      expect(todo.environments).toEqual(['production', 'staging']);
      expect(todo.releases).toEqual(['api@1.0.0', 'api@1.1.0']);
      // Each filter, and both, read their own level of the rollup.
      expect((await leer('&environment=staging')).filas).toEqual(esperado((x) => x.environment === 'staging'));
      expect((await leer('&release=api%401.1.0')).filas).toEqual(esperado((x) => x.release === 'api@1.1.0'));
      const ambos = await leer('&environment=production&release=api%401.0.0');
      expect(ambos.filas).toEqual(esperado((x) => x.environment === 'production' && x.release === 'api@1.0.0'));
      expect(ambos.serie.at(-1)!.cantidad).toBe(ambos.filas[0]!.cantidad);
      // The transactions themselves are there once each too.
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from insights_transacciones where proyecto_id = ${p.id}`,
      );
      expect(Number(rows[0]!.n)).toBe(155);
    } finally {
      await t.close();
    }
  });

  it('reads whole days from its daily rows and the rest from its hourly ones; retention removes the old', async () => {
    const { t, admin } = await listening(template);
    try {
      const p = await proyecto(t, '4', { limitePorMinuto: 100_000 });
      const ahora = Date.now();
      const hace = (horas: number, ms: number, i: number): Enviada => ({
        nombre: 'GET /x',
        ms,
        estado: 'ok',
        inicio: ahora - horas * 3_600_000,
        id: `${horas.toString(16)}${i}`.padStart(32, '0'),
      });
      const items = [
        hace(1, 10, 0),
        hace(2, 20, 0),
        hace(30, 100, 0),
        hace(30, 110, 1),
        hace(24 * 5, 1000, 0),
        hace(24 * 20, 5000, 0),
        hace(24 * 40, 9000, 0),
      ];
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/${p.id}/envelope/?sentry_key=${'4'.repeat(32)}`,
        headers: { 'content-type': 'application/x-sentry-envelope' },
        payload: sobre(items),
      });
      expect(r.statusCode).toBe(200);
      const leer = async (rango: string) =>
        (await get(t, admin, `/api/insights/proyectos/${p.id}/rendimiento?rango=${rango}`)).body.datos as {
          filas: { cantidad: number; p95: number }[];
          serie: { fecha: string; cantidad: number }[];
        };
      expect((await leer('24h')).filas[0]!.cantidad).toBe(2);
      expect((await leer('7d')).filas[0]!.cantidad).toBe(5);
      const mes = await leer('30d');
      expect(mes.filas[0]).toMatchObject({
        cantidad: 6,
        p95: cerca(percentilExacto([10, 20, 100, 110, 1000, 5000], 0.95)),
      });
      const dia = (horas: number) => new Date(ahora - horas * 3_600_000).toISOString().slice(0, 10);
      expect(mes.serie.length).toBeGreaterThanOrEqual(30);
      expect(mes.serie.filter((d) => d.cantidad > 0).reduce((a, d) => a + d.cantidad, 0)).toBe(6);
      expect(mes.serie.find((d) => d.fecha === dia(24 * 20))!.cantidad).toBe(1);

      // Retention at 10 days: the rollup keeps nothing older, as the transactions.
      await quitarResumenViejo(t.db, 10);
      const { rows } = await t.db.execute<{ viejas: number }>(sql`
        select count(*) filter (where hora < now() - interval '10 days'
                                      and (horas = 1 or hora < now() - interval '11 days'))::int as viejas,
               count(*)::int as todas
          from insights_transacciones_horas where proyecto_id = ${p.id}`);
      expect(Number(rows[0]!.viejas)).toBe(0);
      expect((await leer('30d')).filas[0]!.cantidad).toBe(5);
    } finally {
      await t.close();
    }
  });
});

// Debian's python3-sentry-sdk (1.9.10), run by Debian's own Python, with tracing on.
const PYTHON = '/usr/bin/python3';
const SCRIPT = `
import sys, sentry_sdk
sentry_sdk.init(dsn=sys.argv[1], traces_sample_rate=1.0, release="pagos@2.0.0", environment="test")
with sentry_sdk.start_transaction(name="cobrar-lote", op="task") as tx:
    with sentry_sdk.start_span(op="db", description="select facturas"):
        with sentry_sdk.start_span(op="http.client", description="GET afip"):
            pass
print(tx.trace_id)
sentry_sdk.flush(10)
`;

describe('transactions sent by python3-sentry-sdk', () => {
  it('keeps the transaction with its spans nested as the SDK sent them', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const p = await proyecto(t, '8');
      const dsn = `http://${'8'.repeat(32)}@${base}/${p.id}`;
      const { stdout } = await promisify(execFile)(PYTHON, ['-c', SCRIPT, dsn], { timeout: 60_000 });
      const traceId = stdout.trim();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      const [resumen] = await until(async () => {
        const r = await get(t, admin, `/api/insights/proyectos/${p.id}/transacciones?nombre=cobrar-lote&rango=24h`);
        return r.body.datos?.length ? (r.body.datos as Resumen[]) : undefined;
      });
      expect(resumen).toMatchObject({ trace_id: traceId, release: 'pagos@2.0.0', environment: 'test', spans: 2 });
      const detalle = (await get(t, admin, `/api/insights/proyectos/${p.id}/transacciones/${resumen!.event_id}`)).body
        .datos as { span_id: string; op: string; spans: SpanW[] };
      expect(detalle.op).toBe('task');
      const [db, http] = detalle.spans;
      expect(db).toMatchObject({ op: 'db', description: 'select facturas', parent_span_id: detalle.span_id });
      expect(http).toMatchObject({ op: 'http.client', description: 'GET afip', parent_span_id: db!.span_id });
      expect(http!.duracion_ms).toBeGreaterThanOrEqual(0);
    } finally {
      await t.close();
    }
  });
});

describe('the slowness alert', () => {
  it("tells the project's followers when a transaction's p95 in the window passes the rule's threshold", async () => {
    const { t, admin } = await listening(template);
    try {
      const p = await proyecto(t, '9');
      const regla = await t.app.inject({
        method: 'POST',
        url: `/api/insights/proyectos/${p.id}/reglas-lentitud`,
        headers: admin,
        payload: { transaccion: 'POST /pagos', p95_ms: 500, minimo: 3 },
      });
      expect(regla.statusCode).toBe(200);
      expect(regla.json().datos).toMatchObject({ transaccion: 'POST /pagos', p95_ms: 500, ventana_minutos: 60 });
      const lentas = async () => {
        const { rows } = await t.db.execute<{ clave: string; titulo: string; enlace: string; proyecto_id: number }>(
          sql`select * from (${insightsAlertas[0]!.consulta}) a where a.clave like 'monitor:lenta:%'`,
        );
        return rows;
      };
      const enviar = (ms: number[]) =>
        t.db.insert(insightsTransacciones).values(
          ms.map((d, i) => ({
            proyectoId: p.id,
            eventId: randomUUID().replaceAll('-', ''),
            nombre: 'POST /pagos',
            traceId: 'e'.repeat(32),
            spanId: String(i).padStart(16, '0'),
            estado: 'ok',
            inicio: new Date(Date.now() - 60_000),
            fin: new Date(Date.now() - 60_000 + d),
            duracionMs: d,
            spans: [],
          })),
        );
      // Too few, then enough but fast: nothing.
      await enviar([100, 120]);
      expect(await lentas()).toEqual([]);
      await enviar([110]);
      expect(await lentas()).toEqual([]);
      // Two slow ones: the p95 of the five passes 500 ms.
      await enviar([2000, 1800]);
      const [aviso] = await lentas();
      expect(aviso).toMatchObject({
        proyecto_id: p.id,
        enlace: `/insights/proyectos/${p.id}/rendimiento?nombre=POST /pagos`,
      });
      expect(aviso!.titulo).toMatch(/^Transacción lenta en App 9: POST \/pagos con p95 de \d+ ms \(umbral 500 ms\)$/);
      // Deleted, it says nothing more.
      const id = regla.json().datos.id;
      const borrar = await t.app.inject({
        method: 'DELETE',
        url: `/api/insights/proyectos/${p.id}/reglas-lentitud/${id}`,
        headers: admin,
      });
      expect(borrar.statusCode).toBe(200);
      expect(await lentas()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe("the demo's performance data", () => {
  const ctx = freshApp(template, ['admin']);

  it('gives "Portal de clientes" transactions with nested spans over the last 14 days', async () => {
    const get = async (url: string) => (await ctx.t.app.inject({ url, headers: ctx.admin })).json().datos;
    const proyectos = (await get('/api/insights/proyectos')) as { id: number; nombre: string }[];
    const portal = proyectos.find((p) => p.nombre === 'Portal de clientes')!;
    const r = await get(`/api/insights/proyectos/${portal.id}/rendimiento?rango=14d`);
    expect(r.filas.map((f: { nombre: string }) => f.nombre).sort()).toEqual([
      '/facturas',
      '/facturas/:id',
      '/login',
      '/pagos/nuevo',
    ]);
    expect(r.serie.filter((d: { cantidad: number }) => d.cantidad > 0).length).toBeGreaterThanOrEqual(14);
    const [ultima] = await get(`/api/insights/proyectos/${portal.id}/transacciones?nombre=%2Ffacturas&rango=14d`);
    const detalle = await get(`/api/insights/proyectos/${portal.id}/transacciones/${ultima.event_id}`);
    const llamada = detalle.spans.find((s: SpanW) => s.op === 'http.client');
    expect(detalle.spans.find((s: SpanW) => s.op === 'db').parent_span_id).toBe(llamada.span_id);
    expect(llamada.parent_span_id).toBe(detalle.span_id);
  });

  it('keeps transactions in month partitions that retention drops as it drops events', async () => {
    const db = ctx.t.db;
    const tabla = TABLAS_MENSUALES.find((x) => x.tabla === 'insights_transacciones')!;
    const [p] = await db.select({ id: insightsProyectos.id }).from(insightsProyectos).limit(1);
    const fila = (inicio: Date) => ({
      proyectoId: p!.id,
      eventId: randomUUID().replaceAll('-', ''),
      nombre: 'GET /viejo',
      traceId: 'f'.repeat(32),
      spanId: 'f'.repeat(16),
      estado: 'ok',
      inicio,
      fin: inicio,
      duracionMs: 0,
      spans: [],
    });
    await db
      .insert(insightsTransacciones)
      .values([fila(new Date('2001-01-01T00:00:00Z')), fila(new Date('2003-06-01T00:00:00Z'))]);
    const r = await quitarViejos(db, tabla, 9000);
    expect(r.eventos).toBe(1);
    const { rows } = await db.execute<{ inicio: string }>(
      sql`select to_char(inicio at time zone 'UTC', 'YYYY') as inicio
        from insights_transacciones where nombre = 'GET /viejo'`,
    );
    expect(rows.map((x) => x.inicio)).toEqual(['2003']);
    expect((await mesesDeEventos(db, tabla)).length).toBeGreaterThanOrEqual(3);
  });
});
