import { randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { INTAKE_MAX_BODY } from '@intranet/contract/areas/insights';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { envelopesGrandes, eventosIntake } from '../../../core/metricas.ts';
import type { Db } from '../../../db/client.ts';
import { baseNoDisponible } from '../../../db/disponibilidad.ts';
import { insightsBundles, insightsProyectos } from '../../../db/schema.ts';
import { type CheckinRecibido, checkinDe, guardarCheckin } from '../monitores/crons.ts';
import { type FeedbackRecibido, feedbackDe, guardarFeedback } from '../feedback.ts';
import { type FilaSesion, guardarSesiones, itemDeSesiones, sesionesDelItem } from '../salud/sesiones.ts';
import {
  guardarTransacciones,
  type TransaccionRecibida,
  TransaccionInvalida,
  transaccionDe,
} from '../rendimiento/rendimiento.ts';
import {
  agregarASegmento,
  type SpanStreamed,
  SpansEnEspera,
  spansDe,
  transaccionDeSegmento,
} from '../rendimiento/spans-streaming.ts';
import { AgrupacionAlCrear } from '../sourcemaps/al-crear.ts';
import { clavesDe } from './depurar.ts';
import { AdjuntosYLogs, ENVELOPE_MAX_BODY, ENVELOPE_MAX_INFLATED, esItemDeLog, ITEM_ADJUNTO } from './adjuntos-logs.ts';
import type { FileStore } from '../../../storage/store.ts';
import { categoriaDe, ContadorRecibidos, descartesDelSdk } from './recibidos.ts';
import type { Simbolizador } from '../sourcemaps/simbolizar.ts';
import { aceptarEvento, EscrituraEventos, type EventoAceptado } from './escritura.ts';
import { LimitePorProyecto } from './limite.ts';
import { EventoInvalido } from './normalize.ts';
import { IntakeError, inflated, keyOfDsn, parseEnvelope, parseJsonObject, sentryKey } from './wire.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the Sentry intake routes: their own errors are never reported into the monitor (no loop). */
    sentryIntake?: true;
  }
}

interface ProyectoIntake {
  id: number;
  publicKey: string;
  activo: boolean;
  limitePorMinuto: number;
  /** Source maps were uploaded to it: an event that creates an issue is grouped by its resolved frames. */
  conMapas: boolean;
  /** The keys its events' local variables are scrubbed of (the defaults and its own, depurar.ts). */
  claves: string[];
}

/** Project lookups of the intake, cached briefly: a key rotation or a disable reaches every process within it. */
const CACHE_MS = 5000;

/** The intake's project cache, shared with the project routes so that a change in this process applies at once. */
export class CacheProyectos {
  readonly entradas = new Map<number, { at: number; p: ProyectoIntake | undefined }>();
  olvidar(id: number): void {
    this.entradas.delete(id);
  }
}

export interface IntakeOpciones {
  db: Db;
  cache: CacheProyectos;
  /** Write queue sizing; PostgreSQL can take two batches at once, PGlite one. */
  escritura: { maxPendientes: number; maxLote: number; paralelo: number; loteParaOtro?: number };
  /** Resolves the frames of an event that creates an issue in a project with source maps. */
  simbolizador: Simbolizador;
  /** Where attachments' bytes go (the portal's file store). */
  store: FileStore;
}

/** Item types of an envelope that are accepted and dropped (everything except `event`). */
const ITEM_EVENTO = 'event';
/** What an SDK discarded before sending (sampling, its own rate limit, a full buffer), counted on "Datos recibidos". */
const ITEM_INFORME = 'client_report';
const CATEGORIA_EVENTO = 'error';
const MOTIVO_LIMITE = 'Límite por minuto del proyecto';
const MOTIVO_SATURADO = 'Monitor saturado';
const MOTIVO_GRANDES = 'Demasiados envíos grandes a la vez';
/** Two envelopes at their largest (events and attachments) held at once by a process; the rest wait their turn. */
const GRANDES_MAX_BYTES = 2 * ENVELOPE_MAX_BODY;
const MOTIVO_NO_ADMITIDO = 'Tipo que el monitor todavía no guarda';
const MOTIVO_SIN_MENSAJE = 'Comentario sin mensaje';
const MOTIVO_ESPERA_LLENA = 'Demasiados spans esperando su segmento';

/** An item's JSON, or undefined when it is not JSON. */
function leerJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

const retryHeaders = (reply: FastifyReply, seconds: number, scope: 'project' | 'organization') =>
  reply.header('Retry-After', String(seconds)).header('X-Sentry-Rate-Limits', `${seconds}:default;error:${scope}`);

/**
 * `POST /api/:project_id/envelope/` and `/store/`: the Sentry intake. Registered in its own encapsulated
 * plugin so that its raw-body parser (any content type, any encoding) does not touch the rest of the API.
 */
export async function intakeRoutes(app: FastifyInstance, opts: IntakeOpciones): Promise<void> {
  const { db } = opts;
  const cache = opts.cache.entradas;
  const limite = new LimitePorProyecto(db, (err) => app.log.error({ err }, 'insights: límite por proyecto'));
  const escritura = new EscrituraEventos(db, opts.escritura, (err) =>
    app.log.error({ err }, 'insights: escritura de eventos'),
  );
  const agrupacion = new AgrupacionAlCrear(db, opts.simbolizador, (err) =>
    app.log.error({ err }, 'insights: agrupación por source maps'),
  );
  const enEspera = new SpansEnEspera();
  const recibidos = new ContadorRecibidos(db, (err) => app.log.warn({ err }, 'insights: datos recibidos'));
  const adjuntosYLogs = new AdjuntosYLogs(db, opts.store, limite, recibidos, (err) =>
    app.log.error({ err }, 'insights: adjuntos'),
  );
  app.addHook('onClose', async () => {
    limite.detener();
    await escritura.cerrar();
    await limite.sincronizar();
    await recibidos.detener();
  });

  // Every content type (browsers send text/plain, SDKs application/x-sentry-envelope or JSON) as raw bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INTAKE_MAX_BODY }, (_request, body, done) =>
    done(null, body),
  );

  async function proyecto(id: number): Promise<ProyectoIntake | undefined> {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.p;
    const [fila] = await db
      .select({
        id: insightsProyectos.id,
        publicKey: insightsProyectos.publicKey,
        activo: insightsProyectos.activo,
        limitePorMinuto: insightsProyectos.limitePorMinuto,
        conMapas: sql<boolean>`exists (select 1 from ${insightsBundles} where ${insightsBundles.proyectoId} = ${id})`,
        camposSensibles: insightsProyectos.camposSensibles,
      })
      .from(insightsProyectos)
      .where(eq(insightsProyectos.id, id));
    const p = fila && { ...fila, claves: clavesDe(fila.camposSensibles) };
    cache.set(id, { at: Date.now(), p });
    return p;
  }

  async function autorizado(request: FastifyRequest, envelopeDsn?: unknown): Promise<ProyectoIntake> {
    const raw = (request.params as { project_id: string }).project_id;
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0) throw new IntakeError(404, 'El proyecto no existe');
    const key = sentryKey(request) ?? keyOfDsn(envelopeDsn);
    if (!key) throw new IntakeError(401, 'Falta la clave del proyecto (sentry_key)');
    const p = await proyecto(id);
    if (!p) throw new IntakeError(404, 'El proyecto no existe');
    if (p.publicKey !== key) throw new IntakeError(403, 'La clave no corresponde al proyecto');
    if (!p.activo) throw new IntakeError(403, 'El proyecto está desactivado');
    return p;
  }

  /** Bytes of envelopes over the events' own limit being read or handled at once, and their ceiling. */
  let grandesEnCurso = 0;

  /**
   * An envelope larger than the events' own limit (one carrying attachments) is read only once its key is checked,
   * from the address or the headers: nobody without a project's key makes the server hold tens of megabytes.
   */
  async function clavePrevia(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const declarado = request.headers['content-length'];
    const largo = Number(declarado);
    if (declarado !== undefined && largo <= INTAKE_MAX_BODY) return;
    const p = await autorizado(request);
    // A body of no stated length (the SDKs stream what they compress) holds nothing until it is read past the
    // events' own limit: counted as the largest from then on (medirSinLargo).
    if (declarado === undefined) proyectoSinLargo.set(request, p.id);
    else reservar(p.id, reply, Number.isFinite(largo) ? largo : ENVELOPE_MAX_BODY);
  }

  /** The project of a body of no stated length, from its key's check to its reading. */
  const proyectoSinLargo = new WeakMap<FastifyRequest, number>();

  /**
   * A project's key is public (it ships in a web page's script): besides the key, large bodies held at once are
   * bounded, so that no sender keeps the process's memory for itself. Past it, the SDK waits and sends again.
   */
  function reservar(proyectoId: number, reply: FastifyReply, bytes: number): void {
    if (grandesEnCurso + bytes > GRANDES_MAX_BYTES) {
      reply.header('retry-after', '5');
      recibidos.sumar(proyectoId, CATEGORIA_EVENTO, 'limitado', 1, MOTIVO_GRANDES);
      throw new IntakeError(429, 'Hay demasiados envíos grandes en curso; reintente en un momento');
    }
    grandesEnCurso += bytes;
    envelopesGrandes.set(grandesEnCurso);
    reply.raw.once('close', () => {
      grandesEnCurso -= bytes;
      envelopesGrandes.set(grandesEnCurso);
    });
  }

  /** A body of no stated length counts among the large ones once more than an event's worth of it has come. */
  async function medirSinLargo(request: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> {
    const proyectoId = proyectoSinLargo.get(request);
    if (proyectoId === undefined) return payload;
    let leidos = 0;
    let grande = false;
    const medido = new Transform({
      transform(trozo: Buffer, _codificacion, listo) {
        leidos += trozo.length;
        medido.receivedEncodedLength = leidos;
        if (!grande && leidos > INTAKE_MAX_BODY) {
          try {
            reservar(proyectoId, reply, ENVELOPE_MAX_BODY);
            grande = true;
          } catch (err) {
            listo(err as Error);
            return;
          }
        }
        listo(null, trozo);
      },
    }) as Transform & { receivedEncodedLength: number };
    payload.on('error', (err) => medido.destroy(err));
    return payload.pipe(medido);
  }

  /** Admits and stores the events; answers only once they are committed. */
  async function guardar(reply: FastifyReply, p: ProyectoIntake, admitidos: EventoAceptado[]): Promise<boolean> {
    if (admitidos.length === 0) return true;
    const admision = limite.admitir(p.id, p.limitePorMinuto, admitidos.length);
    if (!admision.ok) {
      retryHeaders(reply, admision.retryAfter, 'project');
      eventosIntake.inc({ resultado: 'limitado' }, admitidos.length);
      recibidos.sumar(p.id, CATEGORIA_EVENTO, 'limitado', admitidos.length, MOTIVO_LIMITE);
      throw new IntakeError(429, 'Se superó el límite de eventos por minuto del proyecto');
    }
    // Only an event whose key has no issue yet is resolved through the maps; known keys pass as they are.
    const eventos = p.conMapas ? await agrupacion.preparar(p.id, admitidos) : admitidos;
    const esperas = eventos.map((e) => escritura.encolar(e));
    if (esperas.some((w) => w === undefined)) {
      // Those that did get in will be stored; the SDK resends the lot and the repeated event_ids are stored once.
      await Promise.allSettled(esperas);
      retryHeaders(reply, 1, 'organization');
      eventosIntake.inc({ resultado: 'limitado' }, eventos.length);
      recibidos.sumar(p.id, CATEGORIA_EVENTO, 'limitado', eventos.length, MOTIVO_SATURADO);
      throw new IntakeError(429, 'El monitor está saturado; reintente en un momento');
    }
    try {
      await Promise.all(esperas);
    } catch (err) {
      if (baseNoDisponible(err)) throw err;
      // The SDKs wait as long as Retry-After says before sending again.
      reply.header('retry-after', '5');
      throw new IntakeError(503, 'No se pudo guardar el evento; reintente');
    }
    eventosIntake.inc({ resultado: 'aceptado' }, eventos.length);
    recibidos.sumar(p.id, CATEGORIA_EVENTO, 'aceptado', eventos.length);
    return true;
  }

  /** User feedback, counted against the project's limit as events are; past it, counted as limited and not kept. */
  async function guardarComentarios(p: ProyectoIntake, comentarios: FeedbackRecibido[], ahora: Date): Promise<void> {
    if (!limite.admitir(p.id, p.limitePorMinuto, comentarios.length).ok) {
      recibidos.sumar(p.id, 'feedback', 'limitado', comentarios.length, MOTIVO_LIMITE, ahora);
      return;
    }
    for (const f of comentarios) await guardarFeedback(db, p.id, f);
    recibidos.sumar(p.id, 'feedback', 'aceptado', comentarios.length, '', ahora);
  }

  /**
   * Sessions (release health), counted against the project's limit by the sessions they carry: a `session` item
   * one, a `sessions` item (request-mode aggregates) the sum of its aggregates, at least one.
   */
  async function guardarSesionesRecibidas(p: ProyectoIntake, items: FilaSesion[][], ahora: Date): Promise<void> {
    const cuenta = items.reduce((s, filas) => s + sesionesDelItem(filas), 0);
    if (!limite.admitir(p.id, p.limitePorMinuto, cuenta).ok) {
      recibidos.sumar(p.id, 'session', 'limitado', cuenta, MOTIVO_LIMITE, ahora);
      return;
    }
    try {
      await guardarSesiones(db, p.id, items.flat());
    } catch (err) {
      if (baseNoDisponible(err)) throw err;
      // What was read passed every check: the envelope's other items were kept, the sessions are counted as lost.
      app.log.error({ err }, 'insights: sesiones');
      recibidos.sumar(p.id, 'session', 'descartado', cuenta, 'No se pudieron guardar', ahora);
      return;
    }
    recibidos.sumar(p.id, 'session', 'aceptado', cuenta, '', ahora);
  }

  /** Transactions (performance data), counted against the project's limit as events are. */
  async function guardarTransaccionesRecibidas(
    p: ProyectoIntake,
    transacciones: TransaccionRecibida[],
    ahora: Date,
  ): Promise<void> {
    if (!limite.admitir(p.id, p.limitePorMinuto, transacciones.length).ok) {
      recibidos.sumar(p.id, 'transaction', 'limitado', transacciones.length, MOTIVO_LIMITE, ahora);
      return;
    }
    await guardarTransacciones(db, p.id, transacciones);
    recibidos.sumar(p.id, 'transaction', 'aceptado', transacciones.length, '', ahora);
  }

  /**
   * Streamed spans (`span` items): a segment becomes a transaction row with its children, counted against the
   * project's limit as one transaction; children whose segment is not in the envelope are appended to its row, or
   * held until it comes (spans-streaming.ts). Each span is counted under `span` on "Datos recibidos".
   */
  async function guardarSpansRecibidos(p: ProyectoIntake, spans: SpanStreamed[], ahora: Date): Promise<void> {
    const grupos = new Map<
      string,
      { traceId: string; segmentId: string; segmento?: SpanStreamed; hijos: SpanStreamed[] }
    >();
    for (const s of spans) {
      const k = `${s.traceId}:${s.segmentId}`;
      let g = grupos.get(k);
      if (!g) {
        g = { traceId: s.traceId, segmentId: s.segmentId, hijos: [] };
        grupos.set(k, g);
      }
      if (s.esSegmento && !g.segmento) g.segmento = s;
      else g.hijos.push(s);
    }
    const conSegmento = [...grupos.values()].filter((g) => g.segmento !== undefined);
    const sinSegmento = [...grupos.values()].filter((g) => g.segmento === undefined);
    if (conSegmento.length > 0) {
      const n = conSegmento.reduce((suma, g) => suma + 1 + g.hijos.length, 0);
      if (!limite.admitir(p.id, p.limitePorMinuto, conSegmento.length).ok) {
        recibidos.sumar(p.id, 'span', 'limitado', n, MOTIVO_LIMITE, ahora);
      } else {
        const filas = conSegmento.map((g) =>
          transaccionDeSegmento(g.segmento!, [...enEspera.tomar(p.id, g.traceId, g.segmentId), ...g.hijos]),
        );
        await guardarTransacciones(db, p.id, filas);
        recibidos.sumar(p.id, 'span', 'aceptado', n, '', ahora);
      }
    }
    for (const g of sinSegmento) {
      if (await agregarASegmento(db, p.id, g.traceId, g.segmentId, g.hijos)) {
        recibidos.sumar(p.id, 'span', 'aceptado', g.hijos.length, '', ahora);
        continue;
      }
      const guardados = enEspera.guardar(p.id, g.traceId, g.segmentId, g.hijos);
      if (guardados > 0) recibidos.sumar(p.id, 'span', 'aceptado', guardados, '', ahora);
      if (guardados < g.hijos.length)
        recibidos.sumar(p.id, 'span', 'descartado', g.hijos.length - guardados, MOTIVO_ESPERA_LLENA, ahora);
    }
  }

  /** Cron monitors' check-ins, counted against the project's limit; one a monitor cannot take is dropped with why. */
  async function guardarCheckins(p: ProyectoIntake, checkins: CheckinRecibido[], ahora: Date): Promise<void> {
    if (!limite.admitir(p.id, p.limitePorMinuto, checkins.length).ok) {
      recibidos.sumar(p.id, 'monitor', 'limitado', checkins.length, MOTIVO_LIMITE, ahora);
      return;
    }
    let aceptados = 0;
    for (const c of checkins) {
      const motivo = await guardarCheckin(db, p.id, c, ahora);
      if (motivo) recibidos.sumar(p.id, 'monitor', 'descartado', 1, motivo, ahora);
      else aceptados += 1;
    }
    if (aceptados > 0) recibidos.sumar(p.id, 'monitor', 'aceptado', aceptados, '', ahora);
  }

  const aceptar = (texto: string, p: ProyectoIntake, recibido: Date, eventIdDefecto?: string): EventoAceptado => {
    try {
      return aceptarEvento(texto, parseJsonObject(texto, 'Evento'), {
        proyectoId: p.id,
        recibido,
        eventIdDefecto,
        claves: p.claves,
      });
    } catch (err) {
      if (err instanceof EventoInvalido) {
        recibidos.sumar(p.id, CATEGORIA_EVENTO, 'descartado', 1, err.message);
        throw new IntakeError(400, err.message);
      }
      throw err;
    }
  };

  const config = { access: 'public', xsrf: false, sentryIntake: true } as const;
  const auth =
    'La clave del DSN va en `?sentry_key=`, `X-Sentry-Auth: Sentry sentry_key=…` o `Authorization: Sentry sentry_key=…`. Cuerpo gzip/deflate admitido. Responde `{"id": event_id}`; 429 con Retry-After.';
  const storeDoc = { tags: ['insights'], summary: 'Intake Sentry: un evento JSON', description: auth };
  const envelopeDoc = {
    tags: ['insights'],
    summary: 'Intake Sentry: un envelope (se guardan los ítems event)',
    description: auth,
  };
  // The SDKs send the trailing slash; the bare path is accepted too.
  app.post('/api/:project_id/store/', { config, schema: storeDoc }, store);
  app.post('/api/:project_id/store', { config, schema: storeDoc }, store);
  // Attachments make an envelope larger than an event: its key is checked before such a body is read.
  const envelopeOpts = {
    config,
    schema: envelopeDoc,
    bodyLimit: ENVELOPE_MAX_BODY,
    onRequest: clavePrevia,
    preParsing: medirSinLargo,
  };
  app.post('/api/:project_id/envelope/', envelopeOpts, envelope);
  app.post('/api/:project_id/envelope', envelopeOpts, envelope);

  async function store(request: FastifyRequest, reply: FastifyReply) {
    const p = await autorizado(request);
    const body = await inflated(cuerpo(request), request.headers['content-encoding']);
    const evento = aceptar(body.toString('utf8'), p, new Date());
    await guardar(reply, p, [evento]);
    return { id: evento.eventId };
  }

  async function envelope(request: FastifyRequest, reply: FastifyReply) {
    const crudo = cuerpo(request);
    const body = await inflated(crudo, request.headers['content-encoding'], ENVELOPE_MAX_INFLATED);
    const sobre = parseEnvelope(body);
    const p = await autorizado(request, sobre.header.dsn);
    const ahora = new Date();
    // Over the limits, the whole envelope is refused (413) before anything of it is stored.
    const adjuntos = adjuntosYLogs.revisar(p.id, sobre, crudo.length, body.length, ahora);
    const headerId = typeof sobre.header.event_id === 'string' ? sobre.header.event_id : undefined;
    // Every other kind is counted: what the SDK discarded itself (its client report), and what is not kept here.
    const comentarios: FeedbackRecibido[] = [];
    const sesiones: FilaSesion[][] = [];
    const checkins: CheckinRecibido[] = [];
    const transacciones: TransaccionRecibida[] = [];
    const spans: SpanStreamed[] = [];
    for (const item of sobre.items) {
      if (item.type === ITEM_EVENTO) continue;
      if (item.type === ITEM_ADJUNTO || esItemDeLog(item.type)) continue;
      if (item.type === 'session' || item.type === 'sessions') {
        const s = itemDeSesiones(item.type, item.payload, ahora);
        if ('filas' in s) sesiones.push(s.filas);
        else recibidos.sumar(p.id, 'session', 'descartado', 1, s.motivo, ahora);
        continue;
      }
      if (item.type === 'transaction') {
        try {
          transacciones.push(
            transaccionDe(item.payload, headerId?.replaceAll('-', '') ?? randomUUID().replaceAll('-', '')),
          );
        } catch (err) {
          if (!(err instanceof TransaccionInvalida)) throw err;
          recibidos.sumar(p.id, 'transaction', 'descartado', 1, err.message, ahora);
        }
        continue;
      }
      if (item.type === 'span') {
        const leidos = spansDe(item.payload, Number(item.header.item_count) || 1);
        spans.push(...leidos.spans);
        for (const d of leidos.descartados) recibidos.sumar(p.id, 'span', 'descartado', d.cantidad, d.motivo, ahora);
        continue;
      }
      if (item.type === 'check_in') {
        const c = checkinDe(leerJson(item.payload));
        if ('motivo' in c) recibidos.sumar(p.id, 'monitor', 'descartado', 1, c.motivo, ahora);
        else checkins.push(c);
        continue;
      }
      if (item.type === 'feedback' || item.type === 'user_report') {
        const f = feedbackDe(
          item.type,
          leerJson(item.payload),
          headerId?.replaceAll('-', '') ?? randomUUID().replaceAll('-', ''),
        );
        if (f) comentarios.push(f);
        else recibidos.sumar(p.id, 'feedback', 'descartado', 1, MOTIVO_SIN_MENSAJE, ahora);
        continue;
      }
      if (item.type === ITEM_INFORME)
        for (const d of descartesDelSdk(item.payload))
          recibidos.sumar(p.id, d.categoria, 'descartado_sdk', d.cantidad, d.motivo, ahora);
      else recibidos.sumar(p.id, categoriaDe(item.type), 'descartado', 1, MOTIVO_NO_ADMITIDO, ahora);
    }
    const eventos = sobre.items
      .filter((item) => item.type === ITEM_EVENTO)
      .map((item) => aceptar(item.payload.toString('utf8'), p, ahora, headerId));
    try {
      await guardar(reply, p, eventos);
    } catch (err) {
      if (err instanceof IntakeError && err.statusCode === 429) adjuntosYLogs.sinEvento(p.id, adjuntos, ahora);
      throw err;
    }
    await adjuntosYLogs.guardarAdjuntos(p.id, adjuntos, headerId, eventos, ahora);
    await adjuntosYLogs.guardarLogs(p.id, p.limitePorMinuto, sobre, leerJson, ahora);
    if (comentarios.length > 0) await guardarComentarios(p, comentarios, ahora);
    if (sesiones.length > 0) await guardarSesionesRecibidas(p, sesiones, ahora);
    if (checkins.length > 0) await guardarCheckins(p, checkins, ahora);
    if (transacciones.length > 0) await guardarTransaccionesRecibidas(p, transacciones, ahora);
    if (spans.length > 0) await guardarSpansRecibidos(p, spans, ahora);
    const id =
      eventos[0]?.eventId ??
      transacciones[0]?.eventId ??
      (headerId && /^[0-9a-f-]{32,36}$/i.test(headerId)
        ? headerId.replaceAll('-', '')
        : randomUUID().replaceAll('-', ''));
    return { id };
  }

  app.setErrorHandler((err, _request, reply) => {
    if (err instanceof IntakeError) {
      // Turned away by a limit: counted with its events where it happened.
      if (err.statusCode !== 429) eventosIntake.inc({ resultado: 'rechazado' });
      // Sentry's own answer carries `detail` (a 413 says which limit).
      const detalle = err.statusCode === 413 ? { detail: err.message } : {};
      return reply.code(err.statusCode).send({ error: err.message, datos: null, ...detalle });
    }
    if (baseNoDisponible(err)) {
      // Nothing was stored; the app's error handler answers 503 with Retry-After, after which the SDK sends it again.
      eventosIntake.inc({ resultado: 'rechazado' });
      throw err;
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      eventosIntake.inc({ resultado: 'rechazado' });
      return reply
        .code(status)
        .send({ error: status === 413 ? 'El cuerpo supera el máximo admitido' : 'Solicitud inválida', datos: null });
    }
    app.log.error({ err }, 'insights: intake');
    return reply.code(500).send({ error: 'Error interno del monitor', datos: null });
  });
}

function cuerpo(request: FastifyRequest): Buffer {
  const body = request.body;
  if (Buffer.isBuffer(body)) return body;
  throw new IntakeError(400, 'Cuerpo vacío');
}
