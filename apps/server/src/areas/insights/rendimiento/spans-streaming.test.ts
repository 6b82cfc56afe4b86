// The span streaming of @sentry/browser 11 lives in @sentry/core 11 (hoisted from the e2e workspace): its own
// client, span buffer and serializer send the envelopes here, as a browser with default options does.
import {
  type BaseTransportOptions,
  Client,
  type ClientOptions,
  createTransport,
  type Event,
  resolvedSyncPromise,
  setCurrentClient,
  spanStreamingIntegration,
  startInactiveSpan,
  startSpan,
  withActiveSpan,
} from '@sentry/core';
import { describe, expect, it } from 'vitest';
import { insightsProyectos } from '../../../db/schema.ts';
import { type TestApp, useTemplate, until, listening } from '../../../test/harness.ts';

const template = useTemplate();

async function proyecto(t: TestApp, key: string, extra: { limitePorMinuto?: number } = {}) {
  const [p] = await t.db
    .insert(insightsProyectos)
    .values({ nombre: `App ${key}`, slug: `app-${key}`, plataforma: 'javascript', publicKey: key.repeat(32), ...extra })
    .returning();
  return p!;
}

/** The SDK's client without a platform: events are not what this test sends. */
class ClientePrueba extends Client<ClientOptions> {
  // The base class's constructor is protected: the SDKs' own clients open it this way.
  public constructor(options: ClientOptions) {
    super(options);
  }
  eventFromException(): PromiseLike<Event> {
    return resolvedSyncPromise({});
  }
  eventFromMessage(): PromiseLike<Event> {
    return resolvedSyncPromise({});
  }
}

/** `enviados`: each envelope's bytes as the transport sent them, to send one again as an SDK retrying would. */
function cliente(dsn: string, enviados: (Uint8Array | string)[] = []): ClientePrueba {
  const client = new ClientePrueba({
    dsn,
    release: 'web@2.0.0',
    environment: 'test',
    tracesSampleRate: 1,
    integrations: [spanStreamingIntegration()],
    stackParser: () => [],
    transport: (o: BaseTransportOptions) =>
      createTransport(o, async (req) => {
        enviados.push(req.body);
        const r = await fetch(o.url, { method: 'POST', body: req.body as Uint8Array<ArrayBuffer> | string });
        return { statusCode: r.status, headers: { 'retry-after': null, 'x-sentry-rate-limits': null } };
      }),
  });
  setCurrentClient(client);
  client.init();
  return client;
}

const get = async (t: TestApp, admin: { authorization: string }, url: string) => {
  const r = await t.app.inject({ url, headers: admin });
  return { status: r.statusCode, body: r.json() };
};

interface Recibido {
  categoria: string;
  resultado: string;
  motivo: string;
  cantidad: number;
}
const recibidosSpan = async (t: TestApp, admin: { authorization: string }, id: number) =>
  ((await get(t, admin, `/api/insights/proyectos/${id}/recibidos`)).body.datos as Recibido[]).filter(
    (x) => x.categoria === 'span',
  );
const suma = (r: Recibido[], resultado: string) =>
  r.reduce((n, x) => n + (x.resultado === resultado ? x.cantidad : 0), 0);

describe('streamed spans (traceLifecycle: stream, the default of @sentry/browser 11)', () => {
  it('keeps a segment as a transaction with its children, whether they come before or after it', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const p = await proyecto(t, 'c');
      const enviados: (Uint8Array | string)[] = [];
      const client = cliente(`http://${'c'.repeat(32)}@${base}/${p.id}`, enviados);

      const raiz = startInactiveSpan({ name: 'GET /facturas', op: 'http.server', forceTransaction: true });
      withActiveSpan(raiz, () =>
        startSpan({ name: 'cargar cliente', op: 'db.query' }, () =>
          startSpan({ name: 'select * from clientes', op: 'db.sql' }, () => undefined),
        ),
      );
      // A flush while the segment is open sends its ended children alone, before it (as the buffer's timer does).
      expect(await client.flush(5000)).toBe(true);
      raiz.end();
      expect(await client.flush(5000)).toBe(true);
      // A child that ends after its segment was sent.
      withActiveSpan(raiz, () => startInactiveSpan({ name: 'enviar correo', op: 'function' }).end());
      expect(await client.flush(5000)).toBe(true);
      await client.close(1000);

      const lista = await until(async () => {
        const r = await get(t, admin, `/api/insights/proyectos/${p.id}/transacciones?nombre=GET%20%2Ffacturas`);
        const d = r.body.datos as { event_id: string; spans: number }[] | undefined;
        return d?.length === 1 && d[0]!.spans === 3 ? d : undefined;
      });
      const detalle = (await get(t, admin, `/api/insights/proyectos/${p.id}/transacciones/${lista[0]!.event_id}`)).body
        .datos as {
        span_id: string;
        trace_id: string;
        op: string;
        estado: string;
        release: string;
        environment: string;
        spans: { span_id: string; parent_span_id: string | null; op: string | null; description: string | null }[];
      };
      expect(detalle).toMatchObject({
        span_id: raiz.spanContext().spanId,
        trace_id: raiz.spanContext().traceId,
        op: 'http.server',
        estado: 'ok',
        release: 'web@2.0.0',
        environment: 'test',
      });
      const porNombre = (d: string) => detalle.spans.find((s) => s.description === d)!;
      expect(porNombre('cargar cliente')).toMatchObject({ op: 'db.query', parent_span_id: detalle.span_id });
      expect(porNombre('select * from clientes').parent_span_id).toBe(porNombre('cargar cliente').span_id);
      expect(porNombre('enviar correo')).toMatchObject({ op: 'function', parent_span_id: detalle.span_id });

      // The trace page lists it; "Datos recibidos" counts each span.
      const traza = (await get(t, admin, `/api/insights/trazas/${detalle.trace_id}`)).body.datos as {
        transacciones: { event_id: string }[];
      };
      expect(traza.transacciones.map((x) => x.event_id)).toEqual([lista[0]!.event_id]);
      const r = await until(async () => {
        const x = await recibidosSpan(t, admin, p.id);
        return suma(x, 'aceptado') === 4 ? x : undefined;
      });
      expect(r.every((x) => x.resultado === 'aceptado')).toBe(true);

      // The late child's envelope sent again (an SDK retrying): accepted, and the waterfall keeps one of it.
      const tarde = await fetch(`http://${base}/api/${p.id}/envelope/?sentry_key=${'c'.repeat(32)}`, {
        method: 'POST',
        body: enviados.at(-1) as Uint8Array<ArrayBuffer> | string,
      });
      expect(tarde.status).toBe(200);
      await until(async () => (suma(await recibidosSpan(t, admin, p.id), 'aceptado') === 5 ? true : undefined));
      const otraVez = (await get(t, admin, `/api/insights/proyectos/${p.id}/transacciones/${lista[0]!.event_id}`)).body
        .datos as { spans: { description: string | null }[] };
      expect(otraVez.spans.filter((s) => s.description === 'enviar correo')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it("counts a segment against the project's limit as one transaction, and malformed spans as dropped", async () => {
    const { t, base, admin } = await listening(template);
    try {
      const p = await proyecto(t, 'd', { limitePorMinuto: 1 });
      const client = cliente(`http://${'d'.repeat(32)}@${base}/${p.id}`);
      for (const nombre of ['GET /uno', 'GET /dos']) {
        startSpan({ name: nombre, op: 'pageload' }, () => startSpan({ name: 'hijo', op: 'ui' }, () => undefined));
        expect(await client.flush(5000)).toBe(true);
      }
      await client.close(1000);
      // A span item the SDK would not write: one span without ids, and one item that is not JSON.
      const malo = [
        JSON.stringify({}),
        JSON.stringify({ type: 'span', item_count: 2, content_type: 'application/vnd.sentry.items.span.v2+json' }),
        JSON.stringify({ items: [{ name: 'x', start_timestamp: 1, end_timestamp: 2 }, 'y'] }),
        JSON.stringify({ type: 'span', item_count: 1, content_type: 'application/vnd.sentry.items.span.v2+json' }),
        '{no es json',
      ].join('\n');
      const res = await fetch(`http://${base}/api/${p.id}/envelope/?sentry_key=${'d'.repeat(32)}`, {
        method: 'POST',
        body: malo,
      });
      expect(res.status).toBe(200);

      const r = await until(async () => {
        const x = await recibidosSpan(t, admin, p.id);
        return suma(x, 'aceptado') === 2 && suma(x, 'limitado') === 2 && suma(x, 'descartado') === 3 ? x : undefined;
      });
      expect(r.filter((x) => x.resultado === 'descartado').map((x) => x.motivo)).toHaveLength(2);
      const filas = (await get(t, admin, `/api/insights/proyectos/${p.id}/rendimiento?rango=24h`)).body.datos as {
        filas: { nombre: string; cantidad: number }[];
      };
      expect(filas.filas).toEqual([expect.objectContaining({ nombre: 'GET /uno', cantidad: 1 })]);
    } finally {
      await t.close();
    }
  });
});
