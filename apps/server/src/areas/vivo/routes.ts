import { VIVO_EVENTOS, VIVO_LATIDO_MS, type ListaViva } from '@intranet/contract/areas/vivo';
import { vivoApi } from '@intranet/contract/areas/vivo/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import type { AreaDeps } from '../../area.ts';
import { route } from '../../core/endpoint.ts';
import { findSession, hashToken, type SessionRecord } from '../../core/sessions.ts';
import { ALL_TABLES } from '../../db/cambios.ts';
import { canAccess, sessionOf } from '../../plugins/access.ts';
import { CacheSinAvisoError } from '../../plugins/cache.ts';

/** Tables whose change may end a session or change its codes (as the session cache's). */
const TABLAS_DE_SESION = new Set([ALL_TABLES, 'sesiones', 'usuarios', 'usuario_roles', 'rol_permisos', 'roles']);
/** A list is announced at most this often per stream: a burst of writes (the monitor's intake) is one change. */
const INTERVALO_MINIMO_MS = 1_000;

const evento = (nombre: string, datos: unknown) => `event: ${nombre}\ndata: ${JSON.stringify(datos)}\n\n`;

/**
 * `GET {api}/api/vivo?listas=`: server-sent events telling a browser tab which of its lists changed,
 * fed by the database's change feed (`LISTEN intranet_cambios`), so a write on any process reaches a tab on any
 * other. Each list is announced only to whoever may read it now: the session is checked again when a session,
 * a role or an account changes, and every VIVO_LATIDO_MS; once it ends the stream ends.
 */
export const vivoRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db, config, cambios, vivas, conAviso }) => {
  const sinAviso = vivas.flatMap((f) => f.tablas).filter((t) => !conAviso.has(t));
  if (sinAviso.length > 0)
    throw new CacheSinAvisoError(
      `Listas vivas sobre tablas que no avisan sus cambios: ${[...new Set(sinAviso)].join(', ')}`,
    );
  const abiertas = new Set<PassThrough>();
  // Before the server waits for its open requests to end, or it would wait on these for ever.
  app.addHook('preClose', async () => {
    for (const stream of abiertas) stream.end();
  });

  route(app, vivoApi.eventos, {
    // Compressing would buffer the events until the compressor's block fills: each must leave at once.
    options: { compress: false },
    config: { access: 'session', continuo: true },
    tags: ['vivo'],
    handler: async (request, reply) => {
      const pedidas = request.query.listas;
      let sesion: SessionRecord | undefined = sessionOf(request);
      const hash = hashToken(/^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
      const fuentes = (s: SessionRecord) =>
        vivas.filter((f) => pedidas.includes(f.lista) && canAccess(f.permiso, s.permisos));
      let mias = fuentes(sesion);

      const stream = new PassThrough();
      abiertas.add(stream);
      const ultimo = new Map<ListaViva, number>();
      const pendientes = new Map<ListaViva, NodeJS.Timeout>();
      const enviar = (lista: ListaViva) => {
        pendientes.delete(lista);
        ultimo.set(lista, Date.now());
        stream.write(evento(VIVO_EVENTOS.cambio, { lista }));
      };
      // At most one announcement per list per interval: the first at once, the last of a burst at its end.
      const anunciar = (lista: ListaViva) => {
        if (pendientes.has(lista)) return;
        const espera = (ultimo.get(lista) ?? 0) + INTERVALO_MINIMO_MS - Date.now();
        if (espera <= 0) enviar(lista);
        else
          pendientes.set(
            lista,
            setTimeout(() => enviar(lista), espera),
          );
      };

      let revisando = false;
      const revisarSesion = async () => {
        if (revisando || !sesion) return;
        revisando = true;
        try {
          sesion = await findSession(db, hash, config.sessionIdleMinutes);
          if (!sesion) stream.end();
          else mias = fuentes(sesion);
        } catch {
          // The database is unreachable for a moment: the next beat checks again.
        } finally {
          revisando = false;
        }
      };

      const dejar = cambios?.suscribir((tabla, propio) => {
        // This process's own writes are announced again by the database, table by table: wait for that.
        if (propio) return;
        if (TABLAS_DE_SESION.has(tabla)) void revisarSesion();
        for (const fuente of mias) if (tabla === ALL_TABLES || fuente.tablas.includes(tabla)) anunciar(fuente.lista);
      });
      const latido = setInterval(() => {
        stream.write(': latido\n\n');
        void revisarSesion();
      }, VIVO_LATIDO_MS);
      const fin = setTimeout(() => stream.end(), Math.max(0, sesion.vence - Date.now()));
      stream.once('close', () => {
        abiertas.delete(stream);
        dejar?.();
        clearInterval(latido);
        clearTimeout(fin);
        for (const t of pendientes.values()) clearTimeout(t);
      });

      stream.write(`retry: 3000\n${evento(VIVO_EVENTOS.listo, { listas: mias.map((f) => f.lista) })}`);
      // A stream, not one of the schema's answers: Fastify pipes it, and destroys it when the client goes away.
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          // The connection ends with the stream: left open for keep-alive, a stopping server would wait on it.
          .header('connection', 'close')
          .send(stream)
      );
    },
  });
};
