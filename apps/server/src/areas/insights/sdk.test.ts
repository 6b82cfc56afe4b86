import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as Sentry from '@sentry/node';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsProyectos } from '../../db/schema.ts';
import { type TestApp, useTemplate, until, listening } from '../../test/harness.ts';

// The real @sentry/node SDK against a listening server: what a company app does when it reports here.

const template = useTemplate();

/** An SDK client of its own (not the global one), so tests do not leak into each other. */
function sdkClient(dsn: string, opciones: { sendClientReports?: boolean } = {}) {
  const client = new Sentry.NodeClient({
    ...opciones,
    dsn,
    release: 'pruebas@1.2.3',
    environment: 'test',
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.contextLinesIntegration()],
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  client.init();
  return { client, scope };
}

async function issues(t: TestApp, admin: { authorization: string }, q: string) {
  const r = await t.app.inject({ url: `/api/insights/issues?q=${encodeURIComponent(q)}`, headers: admin });
  return r.json().datos.items as {
    id: number;
    titulo: string;
    culprit: string;
    cantidad: number;
    release: string;
    environment: string;
    proyecto_nombre: string;
  }[];
}

function cobrarFactura(): never {
  throw new TypeError('Cannot read properties of undefined (reading "importe")');
}

describe('@sentry/node reporting to the monitor', () => {
  it('captures thrown errors and messages, grouped into issues with stack, tags and user', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const [p] = await t.db
        .insert(insightsProyectos)
        .values({ nombre: 'App Node', slug: 'app-node', plataforma: 'node', publicKey: '1'.repeat(32) })
        .returning();
      const { client, scope } = sdkClient(`http://${'1'.repeat(32)}@${base}/${p!.id}`);
      scope.setTag('modulo', 'cobranzas');
      scope.setUser({ id: '42', email: 'ana@empresa.com' });
      for (let i = 0; i < 3; i++) {
        try {
          cobrarFactura();
        } catch (err) {
          scope.captureException(err);
        }
      }
      scope.captureMessage('Cola de mails atrasada', 'warning');
      expect(await client.flush(5000)).toBe(true);

      const [issue] = await issues(t, admin, 'reading "importe"');
      expect(issue).toMatchObject({
        titulo: 'TypeError: Cannot read properties of undefined (reading "importe")',
        cantidad: 3,
        release: 'pruebas@1.2.3',
        environment: 'test',
        proyecto_nombre: 'App Node',
      });
      expect(issue!.culprit).toMatch(/sdk\.test\.ts in cobrarFactura$/);
      const detalle = (await t.app.inject({ url: `/api/insights/issues/${issue!.id}`, headers: admin })).json().datos;
      const frames = detalle.ultimo_evento.exception.at(-1).frames;
      expect(frames.at(-1)).toMatchObject({ function: 'cobrarFactura', in_app: true });
      expect(frames.at(-1).context_line).toContain('throw new TypeError');
      expect(detalle.ultimo_evento.tags).toEqual(
        expect.arrayContaining([
          { key: 'modulo', value: 'cobranzas' },
          { key: 'user', value: 'ana@empresa.com' },
        ]),
      );
      expect(detalle.ultimo_evento.sdk.name).toBe('sentry.javascript.node');

      const [msg] = await issues(t, admin, 'Cola de mails');
      expect(msg).toMatchObject({ titulo: 'Cola de mails atrasada', cantidad: 1 });
      await client.close(1000);

      // A wrong key is refused: the SDK gets a 403 and nothing is stored.
      const bad = sdkClient(`http://${'2'.repeat(32)}@${base}/${p!.id}`);
      bad.scope.captureException(new Error('con clave equivocada'));
      await bad.client.flush(5000);
      expect(await issues(t, admin, 'clave equivocada')).toEqual([]);
      await bad.client.close(1000);
    } finally {
      await t.close();
    }
  });

  it('the portal reports its own 500s into its own project; MONITOR=0 turns that off', async () => {
    const { t, admin } = await listening(template);
    try {
      // Break a table another route reads, so that route answers a genuine 500.
      await t.db.execute(sql`alter table servidores rename to servidores_rotos`);
      const r = await t.app.inject({ url: '/api/servidores', headers: admin });
      expect(r.statusCode).toBe(500);
      const propio = await until(async () => {
        const items = await issues(t, admin, 'servidores');
        return items.find((i) => i.proyecto_nombre === 'Intranet (este portal)');
      });
      expect(propio.titulo).toMatch(/servidores/);
      const detalle = (await t.app.inject({ url: `/api/insights/issues/${propio.id}`, headers: admin })).json().datos;
      expect(detalle.ultimo_evento.tags).toEqual(
        expect.arrayContaining([{ key: 'ruta', value: 'GET /api/servidores' }]),
      );
      expect(detalle.ultimo_evento.request.headers.authorization).toBeUndefined();
    } finally {
      await t.close();
    }

    const off = await listening(template, { monitor: false });
    try {
      await off.t.db.execute(sql`alter table servidores rename to servidores_rotos`);
      expect((await off.t.app.inject({ url: '/api/servidores', headers: off.admin })).statusCode).toBe(500);
      await new Promise((r) => setTimeout(r, 1500));
      const items = await issues(off.t, off.admin, 'servidores');
      expect(items.filter((i) => i.proyecto_nombre === 'Intranet (este portal)')).toEqual([]);
      expect((await off.t.app.inject({ url: '/api/insights/monitor-propio' })).json().datos).toEqual({ dsn: null });
    } finally {
      await off.t.close();
    }
  });
});

describe('user feedback sent by @sentry/node', () => {
  it('is kept with its name, e-mail and message, on its project and on the issue of the event it names', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const [p] = await t.db
        .insert(insightsProyectos)
        .values({ nombre: 'App opinada', slug: 'app-opinada', plataforma: 'node', publicKey: '4'.repeat(32) })
        .returning();
      const { client, scope } = sdkClient(`http://${'4'.repeat(32)}@${base}/${p!.id}`);
      let eventId = '';
      try {
        cobrarFactura();
      } catch (err) {
        eventId = scope.captureException(err);
      }
      await client.flush(5000);
      // What the person who saw the error wrote, about that event; and a comment about nothing in particular.
      Sentry.captureFeedback(
        {
          message: 'Al cobrar la factura se colgó la pantalla',
          name: 'Ana Pérez',
          email: 'ana@cliente.com',
          associatedEventId: eventId,
        },
        {},
        scope,
      );
      Sentry.captureFeedback({ message: 'Me gustaría exportar a Excel' }, {}, scope);
      await client.flush(5000);
      await client.close(5000);

      const issue = await until(async () => (await issues(t, admin, 'Cannot read properties'))[0]);
      const delIssue = (await t.app.inject({ url: `/api/insights/issues/${issue.id}/feedback`, headers: admin })).json()
        .datos;
      expect(delIssue).toEqual([
        expect.objectContaining({
          evento_asociado: eventId,
          issue_id: issue.id,
          nombre: 'Ana Pérez',
          email: 'ana@cliente.com',
          mensaje: 'Al cobrar la factura se colgó la pantalla',
        }),
      ]);
      const delProyecto = (
        await t.app.inject({ url: `/api/insights/proyectos/${p!.id}/feedback`, headers: admin })
      ).json().datos;
      expect(delProyecto.map((f: { mensaje: string; issue_id: number | null }) => [f.mensaje, f.issue_id])).toEqual([
        ['Me gustaría exportar a Excel', null],
        ['Al cobrar la factura se colgó la pantalla', issue.id],
      ]);
      expect((await t.app.inject({ url: '/api/insights/issues/999999/feedback', headers: admin })).statusCode).toBe(
        404,
      );
    } finally {
      await t.close();
    }
  });
});

describe('"Datos recibidos": what an SDK sent, and what became of it', () => {
  it('counts the errors accepted and rate-limited, the kinds not kept yet, and what the SDK discarded itself', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const [p] = await t.db
        .insert(insightsProyectos)
        .values({
          nombre: 'App contada',
          slug: 'app-contada',
          plataforma: 'node',
          publicKey: '3'.repeat(32),
          limitePorMinuto: 2,
        })
        .returning();
      // As Sentry.init sets it: the SDK reports what it discarded.
      const { client, scope } = sdkClient(`http://${'3'.repeat(32)}@${base}/${p!.id}`, { sendClientReports: true });
      // Three errors against a limit of two a minute: two stored, the third turned away.
      for (let i = 0; i < 3; i++) {
        try {
          cobrarFactura();
        } catch (err) {
          scope.captureException(err);
          await client.flush(5000);
        }
      }
      // A transaction, past the limit too: counted as limited, as the errors are.
      const ahora = Date.now() / 1000;
      client.captureEvent({
        type: 'transaction',
        transaction: 'GET /facturas',
        start_timestamp: ahora - 0.2,
        timestamp: ahora,
        contexts: { trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16), op: 'http.server' } },
        spans: [],
      });
      // What the SDK discarded before sending: its client report.
      client.recordDroppedEvent('sample_rate', 'transaction');
      client.recordDroppedEvent('sample_rate', 'transaction');
      await client.flush(5000);
      await client.close(5000);

      const leer = async () =>
        (await t.app.inject({ url: `/api/insights/proyectos/${p!.id}/recibidos`, headers: admin })).json().datos as {
          dia: string;
          categoria: string;
          resultado: string;
          motivo: string;
          cantidad: number;
        }[];
      const filas = await until(async () => {
        const r = await leer();
        return r.some((f) => f.resultado === 'descartado_sdk') && r.some((f) => f.resultado === 'limitado')
          ? r
          : undefined;
      });
      const hoy = new Date().toISOString().slice(0, 10);
      expect(filas).toEqual(
        expect.arrayContaining([
          { dia: hoy, categoria: 'error', resultado: 'aceptado', motivo: '', cantidad: 2 },
          {
            dia: hoy,
            categoria: 'error',
            resultado: 'limitado',
            motivo: 'Límite por minuto del proyecto',
            cantidad: 1,
          },
          {
            dia: hoy,
            categoria: 'transaction',
            resultado: 'limitado',
            motivo: 'Límite por minuto del proyecto',
            cantidad: 1,
          },
          { dia: hoy, categoria: 'transaction', resultado: 'descartado_sdk', motivo: 'sample_rate', cantidad: 2 },
        ]),
      );
      const otro = await t.app.inject({ url: '/api/insights/proyectos/999999/recibidos', headers: admin });
      expect(otro.statusCode).toBe(404);
      const mal = await t.app.inject({ url: `/api/insights/proyectos/${p!.id}/recibidos?dias=0`, headers: admin });
      expect(mal.statusCode).toBe(400);
      expect(mal.json().campos.dias).toEqual(['Mínimo 1']);
    } finally {
      await t.close();
    }
  });
});

// Debian's python3-sentry-sdk (installed by `npm test` as Chromium is), run by Debian's own Python: it sends the
// local variables of each frame, which the event's detail keeps and shows.
const PYTHON = '/usr/bin/python3';
const SCRIPT = `
import sys, sentry_sdk
# What a web framework's integration adds with send_default_pii=True, after the SDK's own scrubbing: only the
# monitor's scrubbing is left to filter it.
def con_pedido(event, hint):
    event["request"] = {
        "url": "https://pagos.test/cobrar?token=abc123&cuota=2",
        "method": "POST",
        "headers": {"Cookie": "sessionid=s3s10n", "Authorization": "Bearer b34r3r", "Accept": "application/json"},
    }
    event.setdefault("extra", {})["stripe_secret"] = "sk_live_9"
    return event
sentry_sdk.init(dsn=sys.argv[1], release="pagos@2.0.0", environment="test", before_send=con_pedido,
               attach_stacktrace=True)
def cobrar(factura_id, importe):
    descuento = None
    password = "hunter2"
    tarjeta = "4111 1111 1111 1111"
    cuit_cliente = "20-12345678-9"
    return importe / 0
try:
    cobrar(1234, 99.5)
except Exception:
    print(sentry_sdk.capture_exception())
def avisar_demora():
    return sentry_sdk.capture_message("Cobro demorado", level="warning")
print(avisar_demora())
sentry_sdk.flush(10)
`;

describe('python3-sentry-sdk reporting to the monitor', () => {
  it("keeps each frame's local variables and its request, scrubbed of secrets and card numbers, shown in the event's detail", async () => {
    const { t, base, admin } = await listening(template);
    try {
      const [p] = await t.db
        .insert(insightsProyectos)
        .values({
          nombre: 'App Python',
          slug: 'app-python',
          plataforma: 'python',
          publicKey: '2'.repeat(32),
          // The project's own sensitive key, besides the defaults.
          camposSensibles: ['CUIT'],
        })
        .returning();
      const dsn = `http://${'2'.repeat(32)}@${base}/${p!.id}`;
      const { stdout } = await promisify(execFile)(PYTHON, ['-c', SCRIPT, dsn], { timeout: 60_000 });
      const [eventId, avisoId] = stdout.trim().split('\n');
      expect(eventId).toMatch(/^[0-9a-f]{32}$/);
      expect(avisoId).toMatch(/^[0-9a-f]{32}$/);
      const issue = await until(async () => (await issues(t, admin, 'ZeroDivisionError'))[0]);
      expect(issue).toMatchObject({ release: 'pagos@2.0.0', environment: 'test' });
      const evento = (
        await t.app.inject({ url: `/api/insights/issues/${issue.id}/eventos/${eventId}`, headers: admin })
      ).json().datos;
      const frame = evento.exception.at(-1).frames.at(-1);
      expect(frame.function).toBe('cobrar');
      expect(frame.vars).toEqual({
        factura_id: '1234',
        importe: '99.5',
        descuento: 'None',
        password: '[Filtered]',
        tarjeta: '[Filtered]',
        cuit_cliente: '[Filtered]',
      });
      expect(evento.request).toMatchObject({
        url: 'https://pagos.test/cobrar?token=[Filtered]&cuota=2',
        method: 'POST',
        headers: { Cookie: '[Filtered]', Authorization: '[Filtered]', Accept: 'application/json' },
      });
      expect(evento.extra.stripe_secret).toBe('[Filtered]');
      // The packages of the Python that ran it, as its SDK lists them.
      expect(evento.modules['sentry-sdk']).toMatch(/^\d+\.\d+/);
      // The event as stored: all the SDK sent, what the detail does not show too (its integrations), scrubbed.
      const json = await t.app.inject({
        url: `/api/insights/issues/${issue.id}/eventos/${eventId}/json`,
        headers: admin,
      });
      expect(json.statusCode).toBe(200);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json.headers['content-disposition']).toBe(`inline; filename="evento-${eventId}.json"`);
      const enviado = json.json();
      expect(enviado.event_id).toBe(eventId);
      expect(enviado.sdk.integrations).toEqual(expect.arrayContaining(['modules']));
      expect(enviado.request.headers.Cookie).toBe('[Filtered]');
      expect(JSON.stringify(enviado)).not.toContain('hunter2');
      const otro = `/api/insights/issues/${issue.id}/eventos/${'0'.repeat(32)}/json`;
      expect((await t.app.inject({ url: otro, headers: admin })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ url: `/api/insights/issues/${issue.id}/eventos/x/json`, headers: admin })).statusCode,
      ).toBe(400);
      // Not kept anywhere: the stored event is the scrubbed one.
      const crudo = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from insights_eventos where datos::text like '%hunter2%'
          or datos::text like '%4111%' or datos::text like '%s3s10n%' or datos::text like '%b34r3r%'
          or datos::text like '%abc123%' or datos::text like '%sk_live_9%'`,
      );
      expect(crudo.rows[0]!.n).toBe(0);
      // A message sent with attach_stacktrace: its stack comes as the current thread's, shown as such.
      const aviso = await until(async () => (await issues(t, admin, 'Cobro demorado'))[0]);
      const hilos = (
        await t.app.inject({ url: `/api/insights/issues/${aviso.id}/eventos/${avisoId}`, headers: admin })
      ).json().datos.threads;
      expect(hilos).toHaveLength(1);
      expect(hilos[0]).toMatchObject({ current: true, crashed: false });
      expect(hilos[0].frames.map((f: { function: string }) => f.function)).toContain('avisar_demora');
    } finally {
      await t.close();
    }
  });
});
