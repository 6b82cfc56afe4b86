import { ALERTA_TIPOS, ALERTA_TIPOS_EVENTO, type AlertaTipo } from '@intranet/contract/areas/alertas';
import { sql } from 'drizzle-orm';
import type { AreaDeps, FuenteEventos, FuenteVencimientos, TareaDef } from '../../area.ts';
import { fechaLocal } from '../../core/fechas.ts';
import type { Tx } from '../../db/client.ts';
import { alertasCorreos, alertasCorridas, notificaciones } from '../../db/schema.ts';
import { enviarPendientes } from './correo.ts';
import { encolarVencimientos, enviarWebhooks, salidaDe } from './webhooks.ts';
import { destinatarios, type Destinatario } from './destinatarios.ts';

/** Warned this many days before the due date, and once a week after it (up to a year overdue). */
export const UMBRALES = [90, 30, 7, 0] as const;
const VENCIDO_HASTA_DIAS = 365;
const LOTE = 500;

/** "2 certificados AFIP" — the kinds in the plural staff read. */
const NOMBRES: Record<AlertaTipo, [string, string]> = {
  certificado: ['certificado AFIP', 'certificados AFIP'],
  punto_venta: ['CAI de punto de venta', 'CAI de puntos de venta'],
  licencia: ['licencia Physis', 'licencias Physis'],
  sitio: ['certificado SSL o dominio', 'certificados SSL o dominios'],
  garantia: ['garantía de máquina', 'garantías de máquinas'],
  monitor: ['alerta del monitor de errores', 'alertas del monitor de errores'],
  sitio_falla: ['sitio con problemas', 'sitios con problemas'],
  tarea: ['tarea fallida', 'tareas fallidas'],
};
export const contar = (tipo: AlertaTipo, n: number) => `${n} ${NOMBRES[tipo][n === 1 ? 0 : 1]}`;

/** What one scan announced, by kind. */
interface Anunciados {
  tipo: AlertaTipo;
  permiso: string;
  cantidad: number;
  /** The item's path when the kind announced one item. */
  enlace: string | null;
}

export interface ResultadoEscaneo {
  corrida: number | null;
  avisos: number;
  notificaciones: number;
  correos: number;
  /** Webhooks given a delivery. */
  webhooks: number;
}

/**
 * The items of every area due within 90 days or overdue within a year, each with the threshold it has
 * reached, announced once: a key per (kind, item, due date, threshold) that the insert skips when a scan
 * already announced it. The same transaction leaves one notification and one e-mail per person for what they
 * may read and chose to receive, so a scan that fails half-way announces nothing, and two processes scanning
 * at once announce each item once between them.
 */
export async function escanearVencimientos(
  deps: Pick<AreaDeps, 'db' | 'vencimientos' | 'config'>,
  ahora = new Date(),
): Promise<ResultadoEscaneo> {
  const hoy = fechaLocal(ahora);
  return anunciarYRepartir(deps, ahora, (tx, corridaId) => anunciar(tx, deps.vencimientos, corridaId, hoy));
}

/**
 * What the areas noticed happening lately (a new error, a regression, a spike, a site that stopped answering),
 * each key announced once, told as the expiries are: one notification and one e-mail per person.
 */
export async function escanearEventos(
  deps: Pick<AreaDeps, 'db' | 'eventos' | 'config'>,
  ahora = new Date(),
): Promise<ResultadoEscaneo> {
  return anunciarYRepartir(deps, ahora, (tx, corridaId) => anunciarEventos(tx, deps.eventos, corridaId));
}

/** One scan in one transaction: the items it announces, then who is told of them and how. */
async function anunciarYRepartir(
  deps: Pick<AreaDeps, 'db' | 'config'>,
  ahora: Date,
  anunciarCon: (tx: Tx, corridaId: number) => Promise<Anunciados[]>,
): Promise<ResultadoEscaneo> {
  return deps.db.transaction(async (tx) => {
    const [corrida] = await tx.insert(alertasCorridas).values({ creada: ahora }).returning({ id: alertasCorridas.id });
    const corridaId = corrida!.id;
    const anunciados = await anunciarCon(tx, corridaId);
    if (anunciados.length === 0) {
      await tx.delete(alertasCorridas).where(sql`${alertasCorridas.id} = ${corridaId}`);
      return { corrida: null, avisos: 0, notificaciones: 0, correos: 0, webhooks: 0 };
    }
    const personas = await destinatarios(tx);
    const deSeguidores = await anunciadosASeguidores(tx, corridaId);
    const conCorreo = deps.config.smtpUrl !== '';
    const avisos = [];
    const correos = [];
    for (const persona of personas) {
      const suyos = (deSeguidores.get(persona.id) ?? anunciados).filter((a) => persona.codigos.has(a.permiso));
      const portal = suyos.filter((a) => persona.canales(a.tipo).portal);
      const email = suyos.filter((a) => persona.canales(a.tipo).email);
      if (portal.length > 0) avisos.push(notificacionDe(persona, portal, corridaId));
      if (conCorreo && persona.email && email.length > 0) {
        correos.push({
          usuarioId: persona.id,
          corridaId,
          tipos: email.map((a) => a.tipo),
          asunto: `Intranet: ${tituloDe(email)}`,
        });
      }
    }
    for (let i = 0; i < avisos.length; i += LOTE) await tx.insert(notificaciones).values(avisos.slice(i, i + LOTE));
    for (let i = 0; i < correos.length; i += LOTE) await tx.insert(alertasCorreos).values(correos.slice(i, i + LOTE));
    // A notification of several items opens its own list of them.
    await tx.execute(
      sql`update notificaciones set enlace = '/alertas/notificaciones/' || id
        where corrida_id = ${corridaId} and enlace = ''`,
    );
    const webhooks = await encolarVencimientos(
      tx,
      deps.config,
      corridaId,
      anunciados.map((a) => a.tipo),
    );
    return {
      corrida: corridaId,
      avisos: anunciados.reduce((n, a) => n + a.cantidad, 0),
      notificaciones: avisos.length,
      correos: correos.length,
      webhooks,
    };
  });
}

/**
 * What the scan announced as each person who follows clients or projects sees it: of the clients' kinds,
 * about the clients they follow only (of the monitor's, the projects they follow); everyone else sees it all.
 * A follow of a client or project that no longer exists counts as none.
 */
async function anunciadosASeguidores(tx: Tx, corridaId: number): Promise<Map<number, Anunciados[]>> {
  const { rows } = await tx.execute<{
    usuario_id: number;
    tipo: AlertaTipo | null;
    permiso: string;
    cantidad: number;
    enlace: string | null;
  }>(sql`
    with s as (
      select s.usuario_id,
             array_agg(s.ref_id) filter (where s.clase = 'cliente') as clientes,
             array_agg(s.ref_id) filter (where s.clase = 'proyecto') as proyectos
        from alertas_seguidos s
       where (s.clase = 'cliente' and exists (select 1 from empresas e where e.id = s.ref_id))
          or (s.clase = 'proyecto' and exists (select 1 from insights_proyectos p where p.id = s.ref_id))
       group by s.usuario_id
    )
    select s.usuario_id, a.tipo, a.permiso, count(a.id)::int as cantidad, min(a.enlace) as enlace
      from s
      left join alertas_avisos a
        on a.corrida_id = ${corridaId}
       and (a.empresa_id is null or s.clientes is null or a.empresa_id = any(s.clientes))
       and (a.proyecto_id is null or s.proyectos is null or a.proyecto_id = any(s.proyectos))
     group by s.usuario_id, a.tipo, a.permiso`);
  const porPersona = new Map<number, Anunciados[]>();
  for (const { usuario_id, ...fila } of rows) {
    const suyos = porPersona.get(usuario_id) ?? [];
    porPersona.set(usuario_id, suyos);
    if (fila.tipo !== null) suyos.push({ ...fila, tipo: fila.tipo });
  }
  for (const [id, suyos] of porPersona) porPersona.set(id, enOrden(suyos));
  return porPersona;
}

/** Inserts the events not announced before (by key); answers how many of each kind, and the one item's path. */
async function anunciarEventos(tx: Tx, fuentes: readonly FuenteEventos[], corridaId: number): Promise<Anunciados[]> {
  if (fuentes.length === 0) return [];
  const union = sql.join(
    fuentes.map(
      (f) =>
        sql`select x.clave, ${f.tipo}::text as tipo, ${f.permiso}::text as permiso, x.item_id, x.empresa_id,
          x.proyecto_id, x.titulo, x.enlace from (${f.consulta}) x`,
    ),
    sql` union all `,
  );
  const { rows } = await tx.execute<{ tipo: AlertaTipo; permiso: string; cantidad: number; enlace: string | null }>(sql`
    with nuevos as (
      insert into alertas_avisos
        (clave, corrida_id, tipo, item_id, empresa_id, proyecto_id, titulo, vence, umbral, enlace, permiso)
      select f.clave, ${corridaId}, f.tipo, f.item_id, f.empresa_id, f.proyecto_id,
             f.titulo, null, 0, f.enlace, f.permiso
        from (${union}) f
          on conflict (clave) do nothing
      returning tipo, permiso, enlace
    )
    select tipo, permiso, count(*)::int as cantidad, min(enlace) as enlace from nuevos group by tipo, permiso`);
  return enOrden(rows);
}

/**
 * Inserts the newly reached (item, threshold) pairs of the scan; answers how many of each kind, and the one
 * item's path.
 */
async function anunciar(
  tx: Tx,
  fuentes: readonly FuenteVencimientos[],
  corridaId: number,
  hoy: string,
): Promise<Anunciados[]> {
  if (fuentes.length === 0) return [];
  const union = sql.join(
    fuentes.map(
      (f) => sql`select ${f.tipo}::text as tipo, ${f.permiso}::text as permiso, x.item_id, x.empresa_id,
                        x.titulo, x.vence, x.enlace
                   from (${f.consulta}) x
                  where x.vence between ${hoy}::date - ${VENCIDO_HASTA_DIAS}::int
                      and ${hoy}::date + ${UMBRALES[0]}::int`,
    ),
    sql` union all `,
  );
  const { rows } = await tx.execute<{ tipo: AlertaTipo; permiso: string; cantidad: number; enlace: string | null }>(sql`
    with f as (
      select f.*, case
               when f.vence - ${hoy}::date > 30 then 90
               when f.vence - ${hoy}::date > 7 then 30
               when f.vence - ${hoy}::date > 0 then 7
               else -7 * ((${hoy}::date - f.vence) / 7)
             end as umbral
        from (${union}) f
    ), nuevos as (
      insert into alertas_avisos (clave, corrida_id, tipo, item_id, empresa_id, titulo, vence, umbral, enlace, permiso)
      select f.tipo || ':' || f.item_id || ':' || f.vence || ':' || f.umbral, ${corridaId}, f.tipo, f.item_id,
             f.empresa_id, f.titulo, f.vence, f.umbral, f.enlace, f.permiso
        from f
          on conflict (clave) do nothing
      returning tipo, permiso, enlace
    )
    select tipo, permiso, count(*)::int as cantidad, min(enlace) as enlace from nuevos group by tipo, permiso`);
  return enOrden(rows);
}

/** In the kinds' own order (ALERTA_TIPOS), as every list of them reads; the one item's path when there is one. */
function enOrden(rows: { tipo: AlertaTipo; permiso: string; cantidad: number; enlace: string | null }[]): Anunciados[] {
  const orden = Object.keys(ALERTA_TIPOS);
  return rows
    .map((r) => ({ ...r, cantidad: Number(r.cantidad), enlace: Number(r.cantidad) === 1 ? r.enlace : null }))
    .sort((a, b) => orden.indexOf(a.tipo) - orden.indexOf(b.tipo));
}

/** "3 vencimientos requieren atención", or for what happened "Una alerta nueva", "4 alertas nuevas". */
function tituloDe(suyos: readonly Anunciados[]): string {
  const total = suyos.reduce((n, a) => n + a.cantidad, 0);
  if (suyos.some((a) => ALERTA_TIPOS_EVENTO.includes(a.tipo)))
    return total === 1 ? 'Una alerta nueva' : `${total} alertas nuevas`;
  return total === 1 ? 'Un vencimiento requiere atención' : `${total} vencimientos requieren atención`;
}

function notificacionDe(persona: Destinatario, suyos: Anunciados[], corridaId: number) {
  const total = suyos.reduce((n, a) => n + a.cantidad, 0);
  return {
    usuarioId: persona.id,
    tipo: suyos.length === 1 ? suyos[0]!.tipo : 'vencimientos',
    titulo: tituloDe(suyos),
    detalle: suyos.map((a) => contar(a.tipo, a.cantidad)).join(', '),
    // One item: its screen; several: the notification's list (set once its id is known).
    enlace: total === 1 ? (suyos[0]!.enlace ?? '') : '',
    corridaId,
    tipos: suyos.map((a) => a.tipo),
  };
}

/** The scan as a scheduled job: at start and every ALERTAS_INTERVALO_MIN minutes; the e-mails go right after. */
export const escaneoVencimientos: TareaDef = {
  nombre: 'alertas-vencimientos',
  titulo: 'Avisar vencimientos',
  descripcion: `Revisa certificados AFIP, CAI, licencias Physis, certificados SSL y dominios de sitios y garantías de máquinas; avisa a ${UMBRALES.slice(0, -1).join(', ')} y 0 días y cada semana mientras estén vencidos.`,
  cron: (config) => cronDeIntervalo(config.alertasIntervaloMin),
  programacion: (config) =>
    `Cada ${config.alertasIntervaloMin === 60 ? 'hora' : config.alertasIntervaloMin % 60 === 0 ? `${config.alertasIntervaloMin / 60} horas` : `${config.alertasIntervaloMin} minutos`} y al iniciar`,
  ajuste: (config) => ({ variable: 'ALERTAS_INTERVALO_MIN', valor: String(config.alertasIntervaloMin) }),
  alIniciar: true,
  ejecutar: async (deps) => {
    const r = await escanearVencimientos(deps);
    if (r.avisos === 0) return 'Sin vencimientos nuevos que avisar';
    const envios = await enviarTodo(deps);
    return `${r.avisos} avisos nuevos: ${r.notificaciones} notificaciones, ${r.correos} correos y ${r.webhooks} webhooks. ${envios}`;
  },
};

/** The events scan each minute, then what it queued is sent. */
export const escaneoEventos: TareaDef = {
  nombre: 'alertas-eventos',
  titulo: 'Avisar errores y sitios con problemas',
  descripcion:
    'Revisa el monitor de errores (errores nuevos, regresiones y picos de cada proyecto) y las verificaciones de sitios (un sitio que deja de responder o cambia de certificado) y avisa una sola vez.',
  cron: () => '* * * * *',
  programacion: () => 'Cada minuto',
  ejecutar: async (deps) => {
    const r = await escanearEventos(deps);
    if (r.avisos === 0) return 'Sin alertas nuevas';
    return `${r.avisos} alertas nuevas: ${r.notificaciones} notificaciones, ${r.correos} correos y ${r.webhooks} webhooks. ${await enviarTodo(deps)}`;
  },
};

/** Sends what waits in the outboxes (e-mails, webhook deliveries); answers what it did, in Spanish. */
async function enviarTodo(deps: Pick<AreaDeps, 'db' | 'config'>): Promise<string> {
  const correos = deps.config.smtpUrl ? await enviarPendientes(deps) : null;
  const webhooks = await enviarWebhooks(deps.db, salidaDe(deps.config));
  const partes = [
    correos
      ? `Correos: ${correos.enviados} enviados${correos.fallidos > 0 ? `, ${correos.fallidos} con error` : ''}`
      : 'Correos: SMTP_URL no está configurado',
    `webhooks: ${webhooks.enviadas} entregas${webhooks.fallidas > 0 ? `, ${webhooks.fallidas} con error (se reintentan)` : ''}`,
  ];
  return `${partes.join('; ')}.`;
}

/** The outboxes' sender on its own schedule: e-mails of failed jobs, deliveries, and retries of what failed to go. */
export const envios: TareaDef = {
  nombre: 'alertas-envios',
  titulo: 'Enviar correos y webhooks',
  descripcion:
    'Envía los correos y las entregas a webhooks que esperan, y vuelve a intentar los que fallaron (hasta 5 intentos, cada vez más espaciados).',
  cron: () => '* * * * *',
  programacion: () => 'Cada minuto',
  ejecutar: enviarTodo,
};

/** Every `minutos` minutes as cron: within the hour (`*​/15 * * * *`) or in whole hours (`0 *​/2 * * *`). */
export function cronDeIntervalo(minutos: number): string {
  if (minutos < 60) return `*/${minutos} * * * *`;
  const horas = minutos / 60;
  return horas >= 24 ? '0 0 * * *' : `0 */${horas} * * *`;
}
