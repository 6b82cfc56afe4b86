import { ADJUNTOS_MAX_POR_EVENTO } from '@intranet/contract/areas/insights/adjuntos';
import { INTAKE_MAX_BODY, INTAKE_MAX_INFLATED } from '@intranet/contract/areas/insights';
import type { Db } from '../../../db/client.ts';
import type { FileStore } from '../../../storage/store.ts';
import { type AdjuntoRecibido, adjuntoDe, excesoDeAdjuntos, guardarAdjuntos } from '../adjuntos/adjuntos.ts';
import { guardarLogs, type LogRecibido, logsDe } from '../logs/logs.ts';
import type { EventoAceptado } from './escritura.ts';
import type { LimitePorProyecto } from './limite.ts';
import type { ContadorRecibidos } from './recibidos.ts';
import { IntakeError, type Envelope } from './wire.ts';

// The intake's part for attachments and logs: an envelope's `attachment` items are stored with their event once it
// is, and its `log` / `otel_log` items are kept counted against the project's per-minute limit, one per log.

/** The envelope route's body limit: what the events may weigh (as before) plus an event's attachments. */
export const ENVELOPE_MAX_BODY = INTAKE_MAX_BODY + ADJUNTOS_MAX_POR_EVENTO;
/** Its limit once inflated. */
export const ENVELOPE_MAX_INFLATED = INTAKE_MAX_INFLATED + ADJUNTOS_MAX_POR_EVENTO;

export const ITEM_ADJUNTO = 'attachment';
export const esItemDeLog = (tipo: string) => tipo === 'log' || tipo === 'otel_log';

const CATEGORIA_ADJUNTO = 'attachment';
const CATEGORIA_LOG = 'log_item';
const MOTIVO_LIMITE = 'Límite por minuto del proyecto';
const MOTIVO_SIN_EVENTO = 'Adjunto sin evento (falta event_id en el envelope)';
const MOTIVO_EVENTO_LIMITADO = 'Su evento no se guardó';
const MOTIVO_NO_GUARDADO = 'No se pudo guardar el adjunto';
const MOTIVO_LOG_INVALIDO = 'Log inválido';
const MOTIVO_ENVELOPE_GRANDE = 'Envelope con adjuntos demasiado grandes';

export class AdjuntosYLogs {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    private readonly limite: LimitePorProyecto,
    private readonly recibidos: ContadorRecibidos,
    private readonly onError: (err: unknown) => void,
  ) {}

  /**
   * The envelope's attachments, checked before anything of it is stored: past the limits, the whole envelope is
   * refused with 413 as Sentry does, its attachments and events counted as dropped. The rest of the body keeps the
   * limits it had before attachments were kept.
   */
  revisar(proyectoId: number, sobre: Envelope, crudo: number, inflado: number, ahora: Date): AdjuntoRecibido[] {
    const adjuntos = sobre.items.filter((i) => i.type === ITEM_ADJUNTO).map(adjuntoDe);
    const peso = adjuntos.reduce((s, a) => s + a.datos.length, 0);
    if (crudo - peso > INTAKE_MAX_BODY || inflado - peso > INTAKE_MAX_INFLATED)
      throw new IntakeError(413, 'El cuerpo supera el máximo admitido');
    const exceso = excesoDeAdjuntos(adjuntos);
    if (exceso) {
      this.recibidos.sumar(proyectoId, CATEGORIA_ADJUNTO, 'descartado', adjuntos.length, exceso, ahora);
      const eventos = sobre.items.filter((i) => i.type === 'event').length;
      this.recibidos.sumar(proyectoId, 'error', 'descartado', eventos, MOTIVO_ENVELOPE_GRANDE, ahora);
      throw new IntakeError(413, exceso);
    }
    return adjuntos;
  }

  /** Counts the attachments of an envelope whose events were turned away (rate limit, a full queue). */
  sinEvento(proyectoId: number, adjuntos: AdjuntoRecibido[], ahora: Date): void {
    this.recibidos.sumar(proyectoId, CATEGORIA_ADJUNTO, 'limitado', adjuntos.length, MOTIVO_EVENTO_LIMITADO, ahora);
  }

  /**
   * Stores the attachments once their event is: on the envelope header's event_id (else the envelope's only event),
   * at that event's time so they share its month. A failure to store them does not undo the event: counted, logged.
   */
  async guardarAdjuntos(
    proyectoId: number,
    adjuntos: AdjuntoRecibido[],
    headerId: string | undefined,
    eventos: EventoAceptado[],
    ahora: Date,
  ): Promise<void> {
    if (adjuntos.length === 0) return;
    const delHeader =
      headerId && /^[0-9a-f-]{32,36}$/i.test(headerId) ? headerId.replaceAll('-', '').toLowerCase() : undefined;
    const eventId = delHeader ?? (eventos.length === 1 ? eventos[0]!.eventId : undefined);
    if (!eventId) {
      this.recibidos.sumar(proyectoId, CATEGORIA_ADJUNTO, 'descartado', adjuntos.length, MOTIVO_SIN_EVENTO, ahora);
      return;
    }
    const fecha = eventos.find((e) => e.eventId === eventId)?.fecha ?? ahora;
    try {
      await guardarAdjuntos(this.db, this.store, proyectoId, eventId, fecha, adjuntos);
      this.recibidos.sumar(proyectoId, CATEGORIA_ADJUNTO, 'aceptado', adjuntos.length, '', ahora);
    } catch (err) {
      this.onError(err);
      this.recibidos.sumar(proyectoId, CATEGORIA_ADJUNTO, 'descartado', adjuntos.length, MOTIVO_NO_GUARDADO, ahora);
    }
  }

  /** The logs of an envelope: each counts against the project's limit; past it, counted as limited and not kept. */
  async guardarLogs(
    proyectoId: number,
    limitePorMinuto: number,
    sobre: Envelope,
    leer: (payload: Buffer) => unknown,
    ahora: Date,
  ): Promise<void> {
    const logs: LogRecibido[] = [];
    for (const item of sobre.items) {
      if (!esItemDeLog(item.type)) continue;
      const r = logsDe(item.type, leer(item.payload), ahora);
      logs.push(...r.logs);
      this.recibidos.sumar(proyectoId, CATEGORIA_LOG, 'descartado', r.invalidos, MOTIVO_LOG_INVALIDO, ahora);
    }
    if (logs.length === 0) return;
    if (!this.limite.admitir(proyectoId, limitePorMinuto, logs.length).ok) {
      this.recibidos.sumar(proyectoId, CATEGORIA_LOG, 'limitado', logs.length, MOTIVO_LIMITE, ahora);
      return;
    }
    await guardarLogs(this.db, proyectoId, logs);
    this.recibidos.sumar(proyectoId, CATEGORIA_LOG, 'aceptado', logs.length, '', ahora);
  }
}
