import { ALERTA_TIPOS, ALERTA_TIPOS_EVENTO, cuandoVence, type AlertaTipo } from '@intranet/contract/areas/alertas';
import { fechaCorta } from '@intranet/contract/areas/clientes/vencimientos';
import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { AreaDeps } from '../../area.ts';
import { fechaLocal } from '../../core/fechas.ts';
import type { Executor } from '../../db/client.ts';
import { avisosDeCorrida } from './avisos.ts';
import { destinatarios } from './destinatarios.ts';

/** A digest lists at most this many items; the rest are on the portal. */
const MAX_ITEMS = 200;
/** E-mails sent at once (the transport keeps a pool of SMTP connections). */
const EN_PARALELO = 5;
/** After this many failed attempts an e-mail is given up and shown as failed. */
const MAX_INTENTOS = 5;
/** An e-mail taken and not marked sent within this time (a crash) is taken again. */
const PLAZO_MINUTOS = 10;

/**
 * A pooled SMTP transport for one run of the sender (closed when it ends). Nodemailer loads on the first run that
 * has mail to send: a server without SMTP, or without pending mail, does not hold its 5 MB of heap.
 */
async function transporteDe(url: string): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(`${url}${url.includes('?') ? '&' : '?'}pool=true&maxConnections=${EN_PARALELO}`);
}

/** The portal's address for links in e-mails: PUBLIC_URL, else this server's own. */
export const baseDe = (config: AreaDeps['config']) =>
  config.publicUrl || `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;

type Pendiente = {
  id: number;
  usuario_id: number;
  corrida_id: number | null;
  tipos: string[];
  asunto: string;
  texto: string;
  enlace: string;
  intentos: number;
};

export interface Mensaje {
  para: string;
  asunto: string;
  html: string;
  texto: string;
}

/**
 * Sends the pending e-mails of the outbox, a few at a time: each is taken (marked, so another process skips
 * it), built for its person as they are now (an account deactivated or a permission lost meanwhile sends
 * nothing of it), sent, and marked sent. A failure is tried again by a later run, up to five attempts.
 */
export async function enviarPendientes(
  deps: Pick<AreaDeps, 'db' | 'config'>,
): Promise<{ enviados: number; fallidos: number }> {
  const cuenta = { enviados: 0, fallidos: 0 };
  const smtpUrl = deps.config.smtpUrl;
  if (!smtpUrl) return cuenta;
  // Made when the first e-mail is taken, once for the run.
  let transporte: Promise<Transporter> | undefined;
  try {
    return await enviarCon(deps, () => (transporte ??= transporteDe(smtpUrl)), cuenta);
  } finally {
    (await transporte?.catch(() => undefined))?.close();
  }
}

async function enviarCon(
  deps: Pick<AreaDeps, 'db' | 'config'>,
  transporte: () => Promise<Transporter>,
  cuenta: { enviados: number; fallidos: number },
) {
  for (;;) {
    const { rows } = await deps.db.execute<Pendiente>(sql`
      update alertas_correos c set tomado = now(), intentos = c.intentos + 1
       where c.id in (select id from alertas_correos
                       where estado = 'pendiente'
                         and (tomado is null or tomado < now() - make_interval(mins => ${PLAZO_MINUTOS}))
                       order by id limit ${EN_PARALELO} for update skip locked)
      returning c.id, c.usuario_id, c.corrida_id, c.tipos, c.asunto, c.texto, c.enlace, c.intentos`);
    if (rows.length === 0) return cuenta;
    await Promise.all(
      rows.map(async (pendiente) => {
        try {
          const mensaje = await mensajeDe(deps.db, deps.config, pendiente);
          if (mensaje) {
            await (await transporte()).sendMail({
              from: deps.config.alertasRemitente,
              to: mensaje.para,
              subject: mensaje.asunto,
              html: mensaje.html,
              text: mensaje.texto,
            });
          }
          await deps.db.execute(
            sql`update alertas_correos set estado = 'enviado', enviado = now(), error = ${mensaje ? null : 'Nada que enviar: la cuenta no está activa, no tiene correo o ya no puede ver estos elementos'} where id = ${pendiente.id}`,
          );
          cuenta.enviados += 1;
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          const final = pendiente.intentos >= MAX_INTENTOS;
          await deps.db.execute(
            sql`update alertas_correos set estado = ${final ? 'error' : 'pendiente'}, error = ${error}
              where id = ${pendiente.id}`,
          );
          cuenta.fallidos += 1;
        }
      }),
    );
    // A failed one stays taken until its lease runs out: a later run tries it again, this one moves on.
  }
}

type Item = {
  tipo: AlertaTipo;
  titulo: string;
  /** Null for an event. */
  vence: string | null;
  enlace: string;
};

/** The e-mail of one outbox row, for its person as they are now; null when there is nothing to send them. */
export async function mensajeDe(db: Executor, config: AreaDeps['config'], p: Pendiente): Promise<Mensaje | null> {
  const [persona] = await destinatarios(db, p.usuario_id);
  if (!persona?.email) return null;
  const base = baseDe(config);
  if (p.corrida_id === null) {
    const enlace = p.enlace ? `${base}${p.enlace}` : base;
    return {
      para: persona.email,
      asunto: p.asunto,
      texto: `Hola ${persona.nombre}:\n\n${p.texto}\n\n${enlace}\n`,
      html: plantilla(
        persona.nombre,
        `<p>${escapar(p.texto)}</p><p><a href="${escapar(enlace)}">Abrir en la Intranet</a></p>`,
        base,
      ),
    };
  }
  const { items, total } = await avisosDeCorrida(
    db,
    p.corrida_id,
    p.tipos,
    { usuarioId: persona.id, permisos: [...persona.codigos] },
    MAX_ITEMS,
  );
  if (items.length === 0) return null;
  return digest(persona.nombre, persona.email, items, total, base, fechaLocal(new Date()));
}

/** One person's digest: the items by kind, each linked to its screen, as HTML and as plain text. */
export function digest(
  nombre: string,
  para: string,
  items: readonly Item[],
  total: number,
  base: string,
  hoy: string,
): Mensaje {
  const tipos = (Object.keys(ALERTA_TIPOS) as AlertaTipo[]).filter((tipo) => items.some((i) => i.tipo === tipo));
  const eventos = items.some((i) => ALERTA_TIPOS_EVENTO.includes(i.tipo));
  const asunto = eventos
    ? total === 1
      ? 'Intranet: una alerta nueva'
      : `Intranet: ${total} alertas nuevas`
    : total === 1
      ? 'Intranet: un vencimiento requiere atención'
      : `Intranet: ${total} vencimientos requieren atención`;
  const intro = eventos ? 'Esto requiere su atención:' : 'Estos vencimientos requieren atención:';
  const mas = total > items.length ? total - items.length : 0;
  const todos = `${base}/alertas/notificaciones`;
  const html = tipos
    .map((tipo) => {
      const filas = items
        .filter((i) => i.tipo === tipo)
        .map(
          (i) =>
            `<tr style="${FILA}"><td style="${CELDA}"><a href="${escapar(base + i.enlace)}" style="color:#1864ab">${escapar(i.titulo)}</a></td>` +
            `<td style="${CELDA};white-space:nowrap">${i.vence ? fechaCorta(i.vence) : ''}</td>` +
            // What is due today or overdue reads in red and bold, as the portal's expiry chips.
            `<td style="${CELDA};white-space:nowrap${i.vence && i.vence <= hoy ? ';color:#c92a2a;font-weight:bold' : ''}">${i.vence ? cuandoVence(i.vence, hoy) : ''}</td></tr>`,
        )
        .join('');
      return (
        `<h3 style="margin:20px 0 6px;font-size:16px">${escapar(ALERTA_TIPOS[tipo])}</h3><table style="border-collapse:collapse;width:100%">` +
        `<tr style="${FILA}">${['Elemento', 'Vence', 'Estado'].map((c) => `<th align="left" style="${CELDA};color:#495057;font-size:12px">${c}</th>`).join('')}</tr>${filas}</table>`
      );
    })
    .join('');
  const texto = tipos
    .map(
      (tipo) =>
        `${ALERTA_TIPOS[tipo]}\n${items
          .filter((i) => i.tipo === tipo)
          .map(
            (i) =>
              `- ${i.titulo}${i.vence ? `: ${fechaCorta(i.vence)} (${cuandoVence(i.vence, hoy)})` : ''}\n  ${base}${i.enlace}`,
          )
          .join('\n')}`,
    )
    .join('\n\n');
  const resto = mas > 0 ? `Y ${mas} más: véalos en la Intranet.` : '';
  return {
    para,
    asunto,
    html: plantilla(
      nombre,
      `<p>${intro}</p>${html}${resto ? `<p><a href="${escapar(todos)}">${escapar(resto)}</a></p>` : ''}`,
      base,
    ),
    texto: `Hola ${nombre}:\n\n${intro}\n\n${texto}\n${resto ? `\n${resto} ${todos}\n` : ''}\nPara elegir qué alertas recibe: ${base}/alertas/mis-alertas\n`,
  };
}

/**
 * A digest table's row and cell: a line under each row, as the portal's tables (styles inline, as mail clients want).
 */
const FILA = 'border-bottom:1px solid #dee2e6';
const CELDA = 'padding:6px 12px 6px 0';

function plantilla(nombre: string, cuerpo: string, base: string): string {
  return (
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Intranet</title></head>` +
    `<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1a1b1e">` +
    `<div style="max-width:720px">` +
    `<div style="background:#1864ab;color:#ffffff;font-weight:bold;font-size:16px;padding:10px 14px;border-radius:4px">Intranet</div>` +
    `<p>Hola ${escapar(nombre)}:</p>${cuerpo}` +
    `<p style="margin-top:24px;color:#6b7280;font-size:12px">Para elegir qué alertas recibe, abra <a href="${escapar(`${base}/alertas/mis-alertas`)}">Mis alertas</a> en la Intranet.</p>` +
    `</div></body></html>`
  );
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapar = (texto: string) => texto.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
