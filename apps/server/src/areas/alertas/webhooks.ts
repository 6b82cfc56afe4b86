import {
  ALERTA_TIPOS,
  ALERTA_TIPOS_EVENTO,
  cuandoVence,
  type AlertaTipo,
  type Entrega,
  type Webhook,
  type WebhookInput,
} from '@intranet/contract/areas/alertas';
import { fechaCorta } from '@intranet/contract/areas/clientes/vencimientos';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AreaDeps } from '../../area.ts';
import { fechaLocal } from '../../core/fechas.ts';
import {
  DisallowedAddressError,
  OutboundTimeoutError,
  outboundGuard,
  type OutboundGuard,
} from '../../core/outbound-http.ts';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { webhookEntregas, webhooks } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { ApiError } from '../../core/api-error.ts';
import { avisosDeCorrida } from './avisos.ts';
import { baseDe } from './correo.ts';
import { cabecerasFirmadas, nuevoSecreto } from './firma.ts';

export const ENTIDAD_WEBHOOK = 'webhook';
/** A delivery is tried this many times, 30 s apart and doubling, before it is shown as failed. */
const MAX_INTENTOS = 5;
const ESPERA_SEGUNDOS = 30;
const PLAZO_MS = 10_000;
const MAX_ITEMS = 500;
const MAX_LINEAS_SLACK = 50;
const EN_PARALELO = 5;

/** Said at save time of a URL that is, or resolves to, an internal address. */
export const DESTINO_INTERNO = 'La dirección apunta a una red interna: no se permiten webhooks hacia ella';

type Fila = typeof webhooks.$inferSelect;

/** Where webhooks may be sent: public addresses, and the networks of WEBHOOKS_REDES_PERMITIDAS. */
export const salidaDe = (config: AreaDeps['config']): OutboundGuard =>
  outboundGuard({ allowedNetworks: config.webhooksRedesPermitidas });

/**
 * A URL that is, or now resolves to, an internal address is refused; one that does not resolve yet is checked again at
 * each send.
 */
async function comprobarDestino(salida: OutboundGuard, url: string): Promise<void> {
  try {
    await salida.check(url);
  } catch (err) {
    if (err instanceof DisallowedAddressError) throw new ApiError(400, DESTINO_INTERNO, { url: [DESTINO_INTERNO] });
  }
}

const wire = (w: Fila, ultima: Webhook['ultima_entrega'] = null): Webhook => ({
  id: w.id,
  nombre: w.nombre,
  url: w.url,
  formato: w.formato as Webhook['formato'],
  eventos: w.eventos as AlertaTipo[],
  activo: w.activo,
  secreto: w.secreto,
  ultima_entrega: ultima,
});

const paraAuditoria = (w: Fila) => ({
  nombre: w.nombre,
  url: w.url,
  formato: w.formato,
  eventos: w.eventos,
  activo: w.activo,
});

/** Every webhook, with its latest delivery. */
export async function listarWebhooks(db: Db): Promise<Webhook[]> {
  const filas = await db.select().from(webhooks).orderBy(asc(webhooks.nombre), asc(webhooks.id));
  const { rows } = await db.execute<{
    webhook_id: number;
    estado: string;
    codigo: number | null;
    fecha: Date | string;
  }>(sql`
    select distinct on (webhook_id) webhook_id, estado, codigo, coalesce(ultima, creada) as fecha
      from webhook_entregas order by webhook_id, id desc`);
  const ultimas = new Map(
    rows.map((r) => [
      Number(r.webhook_id),
      { estado: r.estado as Entrega['estado'], codigo: r.codigo, fecha: new Date(r.fecha).toISOString() },
    ]),
  );
  return filas.map((w) => wire(w, ultimas.get(w.id) ?? null));
}

async function webhookRow(db: Executor, id: number): Promise<Fila> {
  const [fila] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!fila) throw new ApiError(404, 'El webhook no existe');
  return fila;
}

export async function crearWebhook(db: Db, salida: OutboundGuard, input: WebhookInput, autor: Autor): Promise<Webhook> {
  await comprobarDestino(salida, input.url);
  return db.transaction(async (tx) => {
    const [fila] = await tx
      .insert(webhooks)
      .values({ ...input, secreto: nuevoSecreto() })
      .returning();
    await writeAudit(tx, {
      autor,
      accion: 'crear',
      entidad: ENTIDAD_WEBHOOK,
      entidadId: fila!.id,
      despues: paraAuditoria(fila!),
    });
    return wire(fila!);
  });
}

export async function modificarWebhook(
  db: Db,
  salida: OutboundGuard,
  id: number,
  input: WebhookInput,
  autor: Autor,
): Promise<Webhook> {
  await comprobarDestino(salida, input.url);
  return db.transaction(async (tx) => {
    const antes = await webhookRow(tx, id);
    const [fila] = await tx
      .update(webhooks)
      .set({ ...input, actualizado: new Date() })
      .where(eq(webhooks.id, id))
      .returning();
    await writeAudit(tx, {
      autor,
      accion: 'modificar',
      entidad: ENTIDAD_WEBHOOK,
      entidadId: id,
      antes: paraAuditoria(antes),
      despues: paraAuditoria(fila!),
    });
    return wire(fila!);
  });
}

export async function eliminarWebhook(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await webhookRow(tx, id);
    await tx.delete(webhooks).where(eq(webhooks.id, id));
    await writeAudit(tx, {
      autor,
      accion: 'eliminar',
      entidad: ENTIDAD_WEBHOOK,
      entidadId: id,
      antes: paraAuditoria(antes),
    });
  });
}

/** A webhook's deliveries, newest first. */
export async function entregasDe(db: Db, id: number): Promise<Entrega[]> {
  await webhookRow(db, id);
  const filas = await db
    .select(
      wireColumns(webhookEntregas, [
        'id',
        'evento',
        'estado',
        'intentos',
        'codigo',
        'respuesta',
        'duracion_ms',
        'creada',
        'ultima',
        'proxima',
      ]),
    )
    .from(webhookEntregas)
    .where(eq(webhookEntregas.webhookId, id))
    .orderBy(desc(webhookEntregas.id))
    .limit(50);
  return filas.map((e) => ({
    ...e,
    estado: e.estado as Entrega['estado'],
    creada: e.creada.toISOString(),
    ultima: e.ultima?.toISOString() ?? null,
    proxima: e.estado === 'pendiente' ? e.proxima.toISOString() : null,
  }));
}

// ---- What is sent ----

interface Item {
  tipo: string;
  titulo: string;
  vence: string | null;
  umbral: number;
  enlace: string;
}

/** The body of a scan's announcement for one webhook: the portal's JSON, or Slack's `{ text }`. */
function cuerpoVencimientos(
  formato: string,
  corridaId: number,
  items: readonly Item[],
  total: number,
  base: string,
): string {
  const hoy = fechaLocal(new Date());
  if (formato === 'slack') {
    const lineas = items
      .slice(0, MAX_LINEAS_SLACK)
      .map(
        (i) =>
          `• <${base}${i.enlace}|${i.titulo.replace(/[<>|]/g, '')}>${i.vence ? `: ${fechaCorta(i.vence)} (${cuandoVence(i.vence, hoy)})` : ''}`,
      );
    const resto = total > lineas.length ? `\n… y ${total - lineas.length} más en ${base}/alertas/notificaciones` : '';
    const eventos = items.some((i) => ALERTA_TIPOS_EVENTO.includes(i.tipo as AlertaTipo));
    const titulo = eventos
      ? total === 1
        ? 'Intranet: una alerta nueva'
        : `Intranet: ${total} alertas nuevas`
      : total === 1
        ? 'Intranet: un vencimiento requiere atención'
        : `Intranet: ${total} vencimientos requieren atención`;
    return JSON.stringify({ text: `*${titulo}*\n${lineas.join('\n')}${resto}` });
  }
  return JSON.stringify({
    evento: items.some((i) => ALERTA_TIPOS_EVENTO.includes(i.tipo as AlertaTipo)) ? 'alertas' : 'vencimientos',
    corrida: corridaId,
    fecha: new Date().toISOString(),
    total,
    items: items.map((i) => ({
      tipo: i.tipo,
      tipo_nombre: ALERTA_TIPOS[i.tipo as AlertaTipo],
      titulo: i.titulo,
      vence: i.vence,
      umbral: i.umbral,
      enlace: `${base}${i.enlace}`,
    })),
  });
}

/** In the scan's transaction: one delivery per active webhook that wants any of the kinds announced. */
export async function encolarVencimientos(
  tx: Executor,
  config: AreaDeps['config'],
  corridaId: number,
  tipos: readonly string[],
): Promise<number> {
  const activos = (await tx.select().from(webhooks).where(eq(webhooks.activo, true))).filter((w) =>
    w.eventos.some((e) => tipos.includes(e)),
  );
  const base = baseDe(config);
  for (const w of activos) {
    const suyos = w.eventos.filter((e) => tipos.includes(e));
    const { items, total } = await avisosDeCorrida(tx, corridaId, suyos, null, MAX_ITEMS);
    if (items.length === 0) continue;
    await tx.insert(webhookEntregas).values({
      webhookId: w.id,
      evento: 'vencimientos',
      cuerpo: cuerpoVencimientos(w.formato, corridaId, items, total, base),
    });
  }
  return activos.length;
}

/** A failed job, to the webhooks that want `tarea`. */
export async function encolarFallo(
  tx: Executor,
  config: AreaDeps['config'],
  fallo: { tarea: string; titulo: string; error: string },
): Promise<void> {
  const activos = (await tx.select().from(webhooks).where(eq(webhooks.activo, true))).filter((w) =>
    w.eventos.includes('tarea'),
  );
  const enlace = `${baseDe(config)}/alertas/tareas`;
  for (const w of activos) {
    const cuerpo =
      w.formato === 'slack'
        ? JSON.stringify({
            text: `*Intranet: falló la tarea "${fallo.titulo}"*\n${fallo.error}\n<${enlace}|Ver las tareas>`,
          })
        : JSON.stringify({
            evento: 'tarea',
            fecha: new Date().toISOString(),
            tarea: fallo.tarea,
            titulo: fallo.titulo,
            error: fallo.error,
            enlace,
          });
    await tx.insert(webhookEntregas).values({ webhookId: w.id, evento: 'tarea', cuerpo });
  }
}

/** "Probar": a delivery saying hello, sent at once; answers it as it ended. */
export async function probarWebhook(db: Db, salida: OutboundGuard, id: number): Promise<Entrega> {
  const w = await webhookRow(db, id);
  const texto = `Prueba del webhook "${w.nombre}" de la Intranet`;
  const cuerpo =
    w.formato === 'slack'
      ? JSON.stringify({ text: texto })
      : JSON.stringify({ evento: 'prueba', fecha: new Date().toISOString(), mensaje: texto });
  const [fila] = await db
    .insert(webhookEntregas)
    .values({ webhookId: id, evento: 'prueba', cuerpo })
    .returning({ id: webhookEntregas.id });
  return enviarAhora(db, salida, id, fila!.id);
}

/** "Reenviar": the same body and webhook-id again as a new delivery, sent at once (newly timestamped and signed). */
export async function reenviarEntrega(db: Db, salida: OutboundGuard, id: number, entregaId: number): Promise<Entrega> {
  const [original] = await db
    .select()
    .from(webhookEntregas)
    .where(and(eq(webhookEntregas.id, entregaId), eq(webhookEntregas.webhookId, id)));
  if (!original) throw new ApiError(404, 'La entrega no existe');
  const [fila] = await db
    .insert(webhookEntregas)
    .values({ webhookId: id, evento: original.evento, mensaje: original.mensaje, cuerpo: original.cuerpo })
    .returning({ id: webhookEntregas.id });
  return enviarAhora(db, salida, id, fila!.id);
}

async function enviarAhora(db: Db, salida: OutboundGuard, webhookId: number, entregaId: number): Promise<Entrega> {
  await enviarTomadas(db, salida, sql`id = ${entregaId}`);
  const [hecha] = (await entregasDe(db, webhookId)).filter((e) => e.id === entregaId);
  return hecha!;
}

/** Sends every delivery that is due (the outbox job): a few at a time, each marked with its answer. */
export async function enviarWebhooks(db: Db, salida: OutboundGuard): Promise<{ enviadas: number; fallidas: number }> {
  const cuenta = { enviadas: 0, fallidas: 0 };
  for (;;) {
    const r = await enviarTomadas(db, salida, sql`estado = 'pendiente' and proxima <= now()`);
    if (r.tomadas === 0) return cuenta;
    cuenta.enviadas += r.enviadas;
    cuenta.fallidas += r.tomadas - r.enviadas;
  }
}

type Tomada = {
  id: number;
  mensaje: string;
  cuerpo: string;
  evento: string;
  intentos: number;
  url: string;
  secreto: string;
};

/** How an attempt ended, in the log's words: the answer's code at most, never what the receiver wrote. */
export function clasificar(fin: { codigo: number } | { error: unknown }): string {
  if ('codigo' in fin) {
    if (fin.codigo >= 200 && fin.codigo < 300) return `Entregado (${fin.codigo})`;
    if (fin.codigo >= 300 && fin.codigo < 400) return `Redirección no seguida (${fin.codigo})`;
    return `El receptor respondió ${fin.codigo}`;
  }
  if (fin.error instanceof DisallowedAddressError) return 'Dirección no permitida';
  if (fin.error instanceof OutboundTimeoutError) return 'Tiempo de espera agotado';
  return 'No se pudo conectar';
}

/**
 * Takes up to a few deliveries matching `donde` (pushing their next attempt back first, so another process
 * skips them), POSTs each signed (to an allowed address only, following no redirect), and writes down how it
 * ended: 2xx is sent; anything else waits 30 s, doubling, up to five attempts, then is failed.
 */
async function enviarTomadas(
  db: Db,
  salida: OutboundGuard,
  donde: ReturnType<typeof sql>,
): Promise<{ tomadas: number; enviadas: number }> {
  const { rows } = await db.execute<Tomada>(sql`
    update webhook_entregas e set proxima = now() + interval '5 minutes', intentos = e.intentos + 1
      from webhooks w
     where w.id = e.webhook_id
       and e.id in (select id from webhook_entregas where ${donde}
                     order by id limit ${EN_PARALELO} for update skip locked)
    returning e.id, e.mensaje, e.cuerpo, e.evento, e.intentos, w.url, w.secreto`);
  const hechas = await Promise.all(
    rows.map(async (t) => {
      const inicio = Date.now();
      let codigo: number | null = null;
      let respuesta: string;
      try {
        const headers = {
          'content-type': 'application/json',
          ...cabecerasFirmadas(t.secreto, t.mensaje, t.cuerpo),
          'X-Intranet-Evento': t.evento,
        };
        codigo = (await salida.post(t.url, { headers, body: t.cuerpo, timeoutMs: PLAZO_MS })).status;
        respuesta = clasificar({ codigo });
      } catch (error) {
        respuesta = clasificar({ error });
      }
      const ok = codigo !== null && codigo >= 200 && codigo < 300;
      const final = !ok && Number(t.intentos) >= MAX_INTENTOS;
      const espera = ESPERA_SEGUNDOS * 2 ** (Number(t.intentos) - 1);
      await db.execute(sql`
        update webhook_entregas
           set estado = ${ok ? 'enviada' : final ? 'error' : 'pendiente'}, codigo = ${codigo}, respuesta = ${respuesta},
               duracion_ms = ${Date.now() - inicio}, ultima = now(), proxima = now() + make_interval(secs => ${espera})
         where id = ${t.id}`);
      return ok;
    }),
  );
  return { tomadas: rows.length, enviadas: hechas.filter(Boolean).length };
}
