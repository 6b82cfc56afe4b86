import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archivos, insightsAdjuntos, insightsLogs, insightsProyectos } from '../../../db/schema.ts';
import { barrerArchivos } from '../../../storage/barrido.ts';
import { envelopesGrandes } from '../../../core/metricas.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';
import { guardarAdjuntos } from './adjuntos.ts';
import { ENVELOPE_MAX_BODY } from '../intake/adjuntos-logs.ts';
import { logsDe } from '../logs/logs.ts';
import { TABLAS_MENSUALES } from '../mensuales.ts';
import { eliminarProyecto } from '../proyectos.ts';
import { quitarViejos } from '../retencion.ts';
import { seedAdjunto } from './seed-adjuntos-logs.ts';
import { diskStore } from '../../../storage/disk.ts';

// The intake's limits for attachments (413 as Sentry answers), the logs' filters and paging, and how attachments
// leave: with their month by retention, with their project, and their bytes with the file sweep.

const template = useTemplate();
const ctx = freshApp(template, ['admin'], { tmpFiles: 'insights-adjuntos-' });

const MB = 1024 * 1024;

async function nuevoProyecto(slug: string) {
  const [p] = await ctx.t.db
    .insert(insightsProyectos)
    .values({ nombre: slug, slug, plataforma: 'node', publicKey: randomUUID().replaceAll('-', '') })
    .returning();
  return p!;
}

type Item = { header: Record<string, unknown>; payload: Buffer | string };
const envelopeDe = (items: Item[], header: Record<string, unknown> = {}) =>
  Buffer.concat([
    Buffer.from(`${JSON.stringify(header)}\n`),
    ...items.flatMap((i) => [Buffer.from(`${JSON.stringify(i.header)}\n`), Buffer.from(i.payload), Buffer.from('\n')]),
  ]);
const adjunto = (bytes: number, filename = 'a.bin'): Item => ({
  header: { type: 'attachment', length: bytes, filename },
  payload: Buffer.alloc(bytes),
});
const eventId = () => randomUUID().replaceAll('-', '');
const evento = (id: string): Item => ({
  header: { type: 'event' },
  payload: JSON.stringify({ event_id: id, message: `Evento ${id}`, level: 'error' }),
});

async function enviar(p: { id: number; publicKey: string }, body: Buffer, gzip = true) {
  return ctx.t.app.inject({
    method: 'POST',
    url: `/api/${p.id}/envelope/?sentry_key=${p.publicKey}`,
    payload: gzip ? gzipSync(body) : body,
    headers: gzip ? { 'content-encoding': 'gzip' } : {},
  });
}

async function contar(tabla: 'insights_adjuntos' | 'insights_eventos', proyectoId: number): Promise<number> {
  const { rows } = await ctx.t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(tabla)} where proyecto_id = ${proyectoId}`,
  );
  return rows[0]!.n;
}

describe('attachment limits at the intake', () => {
  it('refuses an envelope with an attachment over 20 MB, or over 40 MB together, with 413 and a detail', async () => {
    const p = await nuevoProyecto('limites-adjuntos');
    const uno = await enviar(p, envelopeDe([evento(eventId()), adjunto(20 * MB + 1)], {}));
    expect(uno.statusCode).toBe(413);
    expect(uno.json()).toEqual({
      error: 'Adjunto de más de 20 MB',
      detail: 'Adjunto de más de 20 MB',
      datos: null,
    });
    const id = eventId();
    const juntos = await enviar(
      p,
      envelopeDe([evento(id), adjunto(20 * MB, 'a'), adjunto(20 * MB, 'b'), adjunto(MB, 'c')], { event_id: id }),
    );
    expect(juntos.statusCode).toBe(413);
    expect(juntos.json().detail).toBe('Adjuntos de un evento de más de 40 MB');
    expect(await contar('insights_eventos', p.id)).toBe(0);
    expect(await contar('insights_adjuntos', p.id)).toBe(0);

    // At the limits, kept; not gzipped, the body may carry them beside the events' own megabyte.
    const bien = eventId();
    const ok = await enviar(
      p,
      envelopeDe([evento(bien), adjunto(20 * MB, 'a'), adjunto(20 * MB, 'b')], { event_id: bien }),
      false,
    );
    expect(ok.statusCode).toBe(200);
    expect(await contar('insights_adjuntos', p.id)).toBe(2);
    // The rest of an envelope keeps its limit: an event of 1.5 MB sent plain is still too large.
    const evGrande: Item = { header: { type: 'event' }, payload: JSON.stringify({ message: 'x'.repeat(1.5 * MB) }) };
    const grande = await enviar(p, envelopeDe([evGrande, adjunto(10)]), false);
    expect(grande.statusCode).toBe(413);
    expect(grande.json().error).toBe('El cuerpo supera el máximo admitido');

    // A body over the events' limit is read only with the key in the address or the headers (not only in the body).
    const sinClave = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/${p.id}/envelope/`,
      payload: envelopeDe([evento(eventId()), adjunto(2 * MB)], { dsn: `http://${p.publicKey}@localhost/${p.id}` }),
    });
    expect(sinClave.statusCode).toBe(401);
    const chico = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/${p.id}/envelope/`,
      payload: envelopeDe([evento(eventId()), adjunto(10)], { dsn: `http://${p.publicKey}@localhost/${p.id}` }),
    });
    expect(chico.statusCode).toBe(200);

    // A standalone attachment needs the envelope's event_id to belong somewhere.
    expect((await enviar(p, envelopeDe([adjunto(10)]))).statusCode).toBe(200);
    expect(await contar('insights_adjuntos', p.id)).toBe(3);
  });

  it('holds at most two of the largest envelopes at once: a third waits its turn (429), and goes once one is done', async () => {
    const p = await nuevoProyecto('adjuntos-a-la-vez');
    const address = await ctx.t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const path = `/api/${p.id}/envelope/?sentry_key=${p.publicKey}`;
    // Two senders start the largest bodies over real connections and keep them coming (nothing more is written).
    const lentos = [0, 1].map(() => {
      const req = request({
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-length': String(ENVELOPE_MAX_BODY), 'content-type': 'application/x-sentry-envelope' },
      });
      const respuesta = new Promise<number>((resolve) => {
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', () => resolve(0));
      });
      req.write(Buffer.alloc(1024));
      return { req, respuesta };
    });
    // Both admitted once their headers reach the server: the gauge operators read says so.
    const enCurso = async () => (await envelopesGrandes.get()).values[0]?.value ?? 0;
    await expect.poll(enCurso, { timeout: 10_000, interval: 20 }).toBe(2 * ENVELOPE_MAX_BODY);
    const body = envelopeDe([evento(eventId()), adjunto(2 * MB)]);
    const tercero = await enviar(p, body, false);
    expect(tercero.statusCode).toBe(429);
    expect(tercero.headers['retry-after']).toBe('5');

    // One sender gives up: its connection closes and its share is free again.
    lentos[0]!.req.destroy();
    await lentos[0]!.respuesta;
    await expect.poll(enCurso, { timeout: 10_000, interval: 20 }).toBe(ENVELOPE_MAX_BODY);
    expect((await enviar(p, body, false)).statusCode).toBe(200);
    lentos[1]!.req.destroy();
    await lentos[1]!.respuesta;
    await expect.poll(enCurso, { timeout: 10_000, interval: 20 }).toBe(0);
  });

  it('a body of no stated length (an SDK streams what it compresses) counts among the large ones only past an event', async () => {
    const p = await nuevoProyecto('adjuntos-sin-largo');
    if (!ctx.t.app.server.listening) await ctx.t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.t.app.server.address() as AddressInfo;
    const enCurso = async () => (await envelopesGrandes.get()).values[0]?.value ?? 0;
    /** A POST with no content-length (sent chunked) whose first bytes go now and the rest when `terminar` is called. */
    const sinLargo = (body: Buffer, primeros = 10) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: `/api/${p.id}/envelope/?sentry_key=${p.publicKey}`,
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope' },
      });
      const respuesta = new Promise<number>((resolve) => {
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', () => resolve(0));
      });
      req.write(body.subarray(0, primeros));
      return { respuesta, terminar: () => req.end(body.subarray(primeros)) };
    };
    // Three events at once, each of unknown length while it comes: none is held as a large envelope.
    const eventos = [0, 1, 2].map(() => sinLargo(envelopeDe([evento(eventId())])));
    expect(await enCurso()).toBe(0);
    for (const e of eventos) e.terminar();
    expect(await Promise.all(eventos.map((e) => e.respuesta))).toEqual([200, 200, 200]);
    expect(await contar('insights_eventos', p.id)).toBe(3);

    // One that grows past an event's limit counts as the largest from then on, and is bounded as they are: with two
    // such held, a third is refused (429) once it passes an event's limit; the two go on when they are done.
    const grande = () => envelopeDe([evento(eventId()), adjunto(2 * MB)]);
    const lentos = [0, 1].map(() => sinLargo(grande(), 1.5 * MB));
    await expect.poll(enCurso, { timeout: 10_000, interval: 20 }).toBe(2 * ENVELOPE_MAX_BODY);
    const tercero = sinLargo(grande());
    tercero.terminar();
    expect(await tercero.respuesta).toBe(429);
    for (const l of lentos) l.terminar();
    expect(await Promise.all(lentos.map((l) => l.respuesta))).toEqual([200, 200]);
    await expect.poll(enCurso, { timeout: 10_000, interval: 20 }).toBe(0);
  });
});

describe('logs of a project', () => {
  it('pages newest first by (time, id), with no row twice or skipped', async () => {
    const p = await nuevoProyecto('logs-paginas');
    const base = Date.parse('2026-11-20T10:00:00.000Z');
    // Two share their instant: the id tells them apart.
    const fechas = [0, 1000, 1000, 2000, 3000].map((d) => new Date(base + d));
    await ctx.t.db
      .insert(insightsLogs)
      .values(
        fechas.map((fecha, i) => ({ proyectoId: p.id, fecha, nivel: 'info', cuerpo: `log ${i}`, atributos: {} })),
      );
    const vistos: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const r = await ctx.t.app.inject({
        url: `/api/insights/proyectos/${p.id}/logs?size=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: ctx.admin,
      });
      expect(r.statusCode).toBe(200);
      const datos = r.json().datos as { items: { cuerpo: string }[]; siguiente: string | null };
      vistos.push(...datos.items.map((l) => l.cuerpo));
      cursor = datos.siguiente;
    }
    expect(vistos).toEqual(['log 4', 'log 3', 'log 2', 'log 1', 'log 0']);
  });

  it.each([
    ['nivel=grave', 'nivel', 'Nivel inválido: trace, debug, info, warn, error o fatal'],
    ['desde=ayer', 'desde', 'Desde: fecha inválida (ISO 8601)'],
    ['desde=2026-11-02T00:00:00Z&hasta=2026-11-01T00:00:00Z', 'hasta', 'Hasta es anterior a Desde'],
    ['cursor=x', 'cursor', 'Cursor inválido'],
    ['size=0', 'size', 'Mínimo 1'],
    ['size=500', 'size', 'Máximo 200'],
    ['trace_id=xyz', 'trace_id', 'Id de traza inválido'],
  ])('answers 400 in Spanish for %s', async (query, campo, mensaje) => {
    const p = await nuevoProyecto(`logs-mal-${campo}-${randomUUID().slice(0, 6)}`);
    const r = await ctx.t.app.inject({ url: `/api/insights/proyectos/${p.id}/logs?${query}`, headers: ctx.admin });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[campo]).toEqual([mensaje]);
  });

  it('answers 404 for a project that does not exist', async () => {
    const r = await ctx.t.app.inject({ url: '/api/insights/proyectos/999999/logs', headers: ctx.admin });
    expect(r.statusCode).toBe(404);
  });

  it('reads `log` and `otel_log` items, leaving out what is not a log', () => {
    const ahora = new Date('2026-11-29T12:00:00Z');
    const { logs, invalidos } = logsDe(
      'log',
      {
        items: [
          {
            timestamp: 1_795_000_000.5,
            level: 'warning',
            body: 'Hola',
            trace_id: 'A'.repeat(32),
            attributes: { 'sentry.release': { value: 'r@1', type: 'string' }, n: { value: 3, type: 'integer' }, x: {} },
          },
          { level: 'info' },
          'no',
        ],
      },
      ahora,
    );
    expect(invalidos).toBe(2);
    expect(logs).toEqual([
      {
        fecha: new Date(1_795_000_000_500),
        nivel: 'warn',
        cuerpo: 'Hola',
        traceId: 'a'.repeat(32),
        atributos: { 'sentry.release': { value: 'r@1', type: 'string' }, n: { value: 3, type: 'integer' } },
        release: 'r@1',
        environment: null,
      },
    ]);
    const otel = logsDe(
      'otel_log',
      {
        severityText: 'error',
        body: { stringValue: 'Viejo' },
        timeUnixNano: '1795000000000000000',
        attributes: [{ key: 'sentry.environment', value: { stringValue: 'prod' } }],
      },
      ahora,
    );
    expect(otel.logs[0]).toMatchObject({ nivel: 'error', cuerpo: 'Viejo', environment: 'prod', traceId: null });
    expect(otel.logs[0]!.fecha).toEqual(new Date(1_795_000_000_000));
    // A clock far ahead: kept at its arrival.
    expect(logsDe('log', { items: [{ timestamp: 4e9, body: 'x' }] }, ahora).logs[0]!.fecha).toEqual(ahora);
  });
});

describe('attachments leaving', () => {
  it('go with their month by retention, with their project, and their bytes with the file sweep', async () => {
    const p = await nuevoProyecto('adjuntos-retencion');
    const store = diskStore(ctx.filesDir);
    const viejo = new Date(Date.now() - 200 * 86_400_000);
    await guardarAdjuntos(ctx.t.db, store, p.id, 'a'.repeat(32), viejo, [
      {
        nombre: 'viejo.txt',
        tipo: 'text/plain',
        clase: 'event.attachment',
        datos: Buffer.from(`viejo ${randomUUID()}`),
      },
    ]);
    await guardarAdjuntos(ctx.t.db, store, p.id, 'b'.repeat(32), new Date(), [
      {
        nombre: 'nuevo.txt',
        tipo: 'text/plain',
        clase: 'event.attachment',
        datos: Buffer.from(`nuevo ${randomUUID()}`),
      },
    ]);
    const sha = async (nombre: string) =>
      (
        await ctx.t.db
          .select({ sha256: archivos.sha256 })
          .from(insightsAdjuntos)
          .innerJoin(archivos, eq(archivos.id, insightsAdjuntos.archivoId))
          .where(eq(insightsAdjuntos.nombre, nombre))
      )[0]?.sha256;
    const shaViejo = (await sha('viejo.txt'))!;
    const shaNuevo = (await sha('nuevo.txt'))!;

    const tabla = TABLAS_MENSUALES.find((t) => t.tabla === 'insights_adjuntos')!;
    await quitarViejos(ctx.t.db, tabla, 90);
    expect(await sha('viejo.txt')).toBeUndefined();
    expect(await sha('nuevo.txt')).toBe(shaNuevo);
    // The sweep takes the bytes no row holds any more (here without waiting its usual day).
    await barrerArchivos({ db: ctx.t.db, filesDir: ctx.filesDir, edadMinima: 0 });
    expect(await store.exists(shaViejo)).toBe(false);
    expect(await store.exists(shaNuevo)).toBe(true);

    await eliminarProyecto(ctx.t.db, 'http://localhost', p.id, { id: 1, nombre: 'prueba' });
    expect(await contar('insights_adjuntos', p.id)).toBe(0);
    await barrerArchivos({ db: ctx.t.db, filesDir: ctx.filesDir, edadMinima: 0 });
    expect(await store.exists(shaNuevo)).toBe(false);
  });
});

describe("the demo's logs and attachment", () => {
  it('has logs of several levels on Portal de clientes, and with a file store an attachment on its latest event', async () => {
    const [p] = await ctx.t.db
      .select({ id: insightsProyectos.id })
      .from(insightsProyectos)
      .where(eq(insightsProyectos.slug, 'portal-clientes'));
    const logs = (
      await ctx.t.app.inject({ url: `/api/insights/proyectos/${p!.id}/logs?size=200`, headers: ctx.admin })
    ).json().datos.items as { nivel: string }[];
    expect(new Set(logs.map((l) => l.nivel))).toEqual(new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']));
    const errores = (
      await ctx.t.app.inject({
        url: `/api/insights/proyectos/${p!.id}/logs?nivel=error&q=pasarela`,
        headers: ctx.admin,
      })
    ).json().datos.items;
    expect(errores.length).toBeGreaterThan(0);

    await ctx.t.db.transaction((tx) => seedAdjunto(tx, diskStore(ctx.filesDir), p!.id));
    const { rows } = await ctx.t.db.execute<{ event_id: string; issue_id: number }>(
      sql`select event_id, issue_id from insights_eventos where proyecto_id = ${p!.id} order by fecha desc limit 1`,
    );
    const url = `/api/insights/issues/${rows[0]!.issue_id}/eventos/${rows[0]!.event_id}/adjuntos`;
    const [a] = (await ctx.t.app.inject({ url, headers: ctx.admin })).json().datos as { id: number; nombre: string }[];
    expect(a).toMatchObject({ nombre: 'consola.log', tipo: 'text/plain' });
    const descarga = await ctx.t.app.inject({ url: `${url}/${a!.id}`, headers: ctx.admin });
    expect(descarga.body).toContain('Sesión iniciada por cliente 1043');
    // Its SHA-256 (the download's ETag) opens no public download, unlike a package's file.
    const sha = String(descarga.headers.etag).replaceAll('"', '');
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    expect((await ctx.t.app.inject({ url: `/api/archivos/${sha}` })).statusCode).toBe(404);
  });
});
