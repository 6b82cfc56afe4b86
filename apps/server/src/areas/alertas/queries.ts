import {
  ALERTA_TIPOS,
  ALERTA_TIPOS_CLIENTE,
  ALERTA_TIPOS_PROYECTO,
  type AlertaTipo,
  type MisAlertas,
  type MisAlertasInput,
  type Notificacion,
  type NotificacionDetalle,
  type NotificacionesRespuesta,
} from '@intranet/contract/areas/alertas';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AreaDeps } from '../../area.ts';
import type { Db, Executor } from '../../db/client.ts';
import { alertasCorreos, alertasPreferencias, notificaciones } from '../../db/schema.ts';
import { ApiError } from '../../core/api-error.ts';
import { avisosDeCorrida } from './avisos.ts';
import { destinatarios } from './destinatarios.ts';
import { guardarSeguidos, seguidosDe } from './seguidos.ts';

/** A notification's items are listed up to this many (the scan may announce thousands at once). */
const MAX_ITEMS = 500;

const wire = (n: typeof notificaciones.$inferSelect): Notificacion => ({
  id: n.id,
  tipo: n.tipo as Notificacion['tipo'],
  titulo: n.titulo,
  detalle: n.detalle,
  enlace: n.enlace,
  creada: n.creada.toISOString(),
  leida: n.leida !== null,
});

async function noLeidas(db: Executor, usuarioId: number): Promise<number> {
  const [fila] = await db
    .select({ n: count() })
    .from(notificaciones)
    .where(and(eq(notificaciones.usuarioId, usuarioId), isNull(notificaciones.leida)));
  return Number(fila?.n ?? 0);
}

/** The bell: a person's latest notifications, newest first, and how many are unread. */
export async function notificacionesDe(db: Db, usuarioId: number, limite: number): Promise<NotificacionesRespuesta> {
  const filas = await db
    .select()
    .from(notificaciones)
    .where(eq(notificaciones.usuarioId, usuarioId))
    .orderBy(desc(notificaciones.id))
    .limit(limite);
  return { no_leidas: await noLeidas(db, usuarioId), items: filas.map(wire) };
}

/**
 * One of a person's notifications with its items: the scan's items of the kinds it covers that the person
 * may read now (a permission lost since hides them). Opening it marks it read. Another person's is not found.
 */
export async function notificacionConItems(
  db: Db,
  usuarioId: number,
  id: number,
  permisos: ReadonlySet<string>,
): Promise<NotificacionDetalle | null> {
  const [fila] = await db
    .update(notificaciones)
    .set({ leida: sql`coalesce(${notificaciones.leida}, now())` })
    .where(and(eq(notificaciones.id, id), eq(notificaciones.usuarioId, usuarioId)))
    .returning();
  if (!fila) return null;
  if (fila.corridaId === null) return { notificacion: wire(fila), items: [], total: 0 };
  return {
    notificacion: wire(fila),
    ...(await avisosDeCorrida(db, fila.corridaId, fila.tipos, { usuarioId, permisos: [...permisos] }, MAX_ITEMS)),
  };
}

/** Marks one read; answers how many remain unread, or null when it is not the person's. */
export async function marcarLeida(db: Db, usuarioId: number, id: number): Promise<number | null> {
  const hechas = await db
    .update(notificaciones)
    .set({ leida: sql`coalesce(${notificaciones.leida}, now())` })
    .where(and(eq(notificaciones.id, id), eq(notificaciones.usuarioId, usuarioId)))
    .returning({ id: notificaciones.id });
  return hechas.length === 0 ? null : noLeidas(db, usuarioId);
}

/** Marks one unread again (the bulk bar's "Leída: No"); throws when it is not the person's. */
export async function marcarNoLeida(db: Db, usuarioId: number, id: number): Promise<void> {
  const hechas = await db
    .update(notificaciones)
    .set({ leida: null })
    .where(and(eq(notificaciones.id, id), eq(notificaciones.usuarioId, usuarioId)))
    .returning({ id: notificaciones.id });
  if (hechas.length === 0) throw new ApiError(404, 'La notificación no existe');
}

/**
 * Deletes one of the person's notifications. Not audited, as reading them is not: a person's inbox is theirs,
 * and what it announced stays in the scan's runs (alertas_corridas) whatever they keep.
 */
export async function eliminarNotificacion(db: Db, usuarioId: number, id: number): Promise<void> {
  const hechas = await db
    .delete(notificaciones)
    .where(and(eq(notificaciones.id, id), eq(notificaciones.usuarioId, usuarioId)))
    .returning({ id: notificaciones.id });
  if (hechas.length === 0) throw new ApiError(404, 'La notificación no existe');
}

export async function leerTodas(db: Db, usuarioId: number): Promise<void> {
  await db
    .update(notificaciones)
    .set({ leida: sql`now()` })
    .where(and(eq(notificaciones.usuarioId, usuarioId), isNull(notificaciones.leida)));
}

/** The e-mail channel for the jobs screen: configured or not, and the outbox's waiting and failed e-mails. */
export async function estadoCorreos(
  db: Db,
  config: AreaDeps['config'],
): Promise<{ configurado: boolean; pendientes: number; fallidos: number }> {
  const [fila] = await db
    .select({
      pendientes: sql<number>`count(*) filter (where ${alertasCorreos.estado} = 'pendiente')::int`,
      fallidos: sql<number>`count(*) filter (where ${alertasCorreos.estado} = 'error')::int`,
    })
    .from(alertasCorreos);
  return {
    configurado: config.smtpUrl !== '',
    pendientes: Number(fila?.pendientes ?? 0),
    fallidos: Number(fila?.fallidos ?? 0),
  };
}

/**
 * "Mis alertas": each kind the person may receive (they hold its code), with their channels and whether they
 * chose them.
 */
export async function misAlertasDe(
  db: Db,
  config: AreaDeps['config'],
  usuarioId: number,
  visibles: readonly AlertaTipo[],
): Promise<MisAlertas> {
  const [persona] = await destinatarios(db, usuarioId);
  const propias = new Set(
    (
      await db
        .select({ tipo: alertasPreferencias.tipo })
        .from(alertasPreferencias)
        .where(eq(alertasPreferencias.usuarioId, usuarioId))
    ).map((p) => p.tipo),
  );
  const puede = {
    clientes: visibles.some((t) => ALERTA_TIPOS_CLIENTE.includes(t)),
    proyectos: visibles.some((t) => ALERTA_TIPOS_PROYECTO.includes(t)),
  };
  return {
    correo_configurado: config.smtpUrl !== '',
    email: persona?.email ?? null,
    tipos: visibles.map((tipo) => ({
      tipo,
      titulo: ALERTA_TIPOS[tipo],
      ...(persona?.canales(tipo) ?? { email: true, portal: true }),
      propia: propias.has(tipo),
    })),
    puede_seguir: puede,
    clientes: puede.clientes ? await seguidosDe(db, usuarioId, 'cliente') : [],
    proyectos: puede.proyectos ? await seguidosDe(db, usuarioId, 'proyecto') : [],
  };
}

/**
 * Saves the person's choice for the kinds given (one row per kind, replacing the previous one) and, when
 * sent, the clients and projects they follow, at once.
 */
export async function guardarPreferencias(
  db: Db,
  usuarioId: number,
  { preferencias, clientes, proyectos }: MisAlertasInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (clientes) await guardarSeguidos(tx, usuarioId, 'cliente', clientes);
    if (proyectos) await guardarSeguidos(tx, usuarioId, 'proyecto', proyectos);
    for (const p of preferencias) {
      await tx
        .insert(alertasPreferencias)
        .values({ usuarioId, tipo: p.tipo, email: p.email, portal: p.portal })
        .onConflictDoUpdate({
          target: [alertasPreferencias.usuarioId, alertasPreferencias.tipo],
          set: { email: p.email, portal: p.portal },
        });
    }
  });
}
