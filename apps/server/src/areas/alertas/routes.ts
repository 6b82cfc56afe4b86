import {
  ALERTA_TIPO_VALUES,
  ALERTA_TIPOS_CLIENTE,
  ALERTA_TIPOS_PROYECTO,
  entrega,
  misAlertas,
  misAlertasInput,
  noLeidas,
  rolAlertas,
  rolAlertasInput,
  notificacionDetalle,
  notificacionesQuery,
  notificacionesRespuesta,
  notificacionParams,
  tareaEncolada,
  tareaParams,
  tareasRespuesta,
  webhook,
  webhookInput,
  type AlertaTipo,
} from '@intranet/contract/areas/alertas';
import type { PermissionCode } from '@intranet/contract/registry';
import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam, MAX_ID } from '@intranet/contract/shared/list';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AreaDeps } from '../../core/area.ts';
import { ProgramadorInactivo, TareaDesconocida, TareaYaEnCola } from '../../jobs/programador.ts';
import { MENSAJES } from '../../messages.ts';
import { autorDe } from '../../db/audit.ts';
import { canAccess, sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import { avisarFallo } from './fallos.ts';
import {
  crearWebhook,
  eliminarWebhook,
  entregasDe,
  listarWebhooks,
  modificarWebhook,
  probarWebhook,
  reenviarEntrega,
  salidaDe,
} from './webhooks.ts';
import { canalesDeRoles, guardarCanalesDeRol, type Visibles } from './roles.ts';
import { erroresDeSeguidos } from './seguidos.ts';
import {
  estadoCorreos,
  guardarPreferencias,
  leerTodas,
  marcarLeida,
  misAlertasDe,
  notificacionConItems,
  notificacionesDe,
} from './queries.ts';

const ADMIN = { access: 'ALERTAS#ADMIN' } as const;
const SESION = { access: 'session' } as const;
const bad = { 400: errorBody, 401: errorBody, 403: errorBody } as const;
const idInvalido = { error: 'Id inválido' };
const entregaParams = z
  .object({
    id: z.coerce.number(idInvalido).int(idInvalido).positive(idInvalido.error).max(MAX_ID, idInvalido.error),
    entrega: z.coerce.number(idInvalido).int(idInvalido).positive(idInvalido.error).max(MAX_ID, idInvalido.error),
  })
  .strict();

/** Alertas → Tareas: the scheduled jobs, their runs, "Ejecutar ahora" (ALERTAS#ADMIN). */
const tareasRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db, config, programador }) => {
  // A job that failed for the last time is told to the admins (bell and e-mail).
  programador.alFallar((fallo) => avisarFallo(db, config, fallo));

  app.get('/api/alertas/tareas', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary: 'Tareas programadas: próxima ejecución, las últimas ejecuciones con su duración, resultado y error',
      response: { 200: envelope(tareasRespuesta), ...bad },
    },
    handler: async () => ({
      error: null,
      datos: { ...(await programador.estado()), correo: await estadoCorreos(db, config) },
    }),
  });

  app.post('/api/alertas/tareas/:nombre/ejecutar', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary: 'Ejecutar ahora: pone una ejecución de la tarea en la cola',
      params: tareaParams,
      response: { 202: envelope(tareaEncolada), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) => {
      try {
        const trabajo = await programador.ejecutarAhora(request.params.nombre);
        return reply.code(202).send({ error: null, datos: { trabajo } });
      } catch (err) {
        if (err instanceof TareaDesconocida) throw new ApiError(404, 'La tarea no existe');
        if (err instanceof ProgramadorInactivo)
          throw new ApiError(409, 'Este servidor no ejecuta tareas programadas (TAREAS=0)');
        if (err instanceof TareaYaEnCola)
          throw new ApiError(409, 'La tarea ya tiene una ejecución esperando en la cola');
        throw err;
      }
    },
  });
};

/** The bell: the caller's notifications, one with its items, marking read. Any signed-in person, their own only. */
const notificacionesRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  app.get('/api/alertas/notificaciones', {
    config: SESION,
    schema: {
      tags: ['alertas'],
      summary: 'Mis notificaciones: las últimas y cuántas quedan sin leer',
      querystring: notificacionesQuery,
      response: { 200: envelope(notificacionesRespuesta), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await notificacionesDe(db, sessionOf(request).usuario.id, request.query.limite),
    }),
  });

  app.get('/api/alertas/notificaciones/:id', {
    config: SESION,
    schema: {
      tags: ['alertas'],
      summary: 'Una notificación con sus elementos (los que la persona puede ver hoy); la marca leída',
      params: notificacionParams,
      response: { 200: envelope(notificacionDetalle), ...bad, 404: errorBody },
    },
    handler: async (request) => {
      const sesion = sessionOf(request);
      const detalle = await notificacionConItems(db, sesion.usuario.id, request.params.id, sesion.permisos);
      if (!detalle) throw new ApiError(404, 'La notificación no existe');
      return { error: null, datos: detalle };
    },
  });

  app.post('/api/alertas/notificaciones/:id/leida', {
    config: SESION,
    schema: {
      tags: ['alertas'],
      summary: 'Marca una notificación como leída',
      params: notificacionParams,
      response: { 200: envelope(noLeidas), ...bad, 404: errorBody },
    },
    handler: async (request) => {
      const quedan = await marcarLeida(db, sessionOf(request).usuario.id, request.params.id);
      if (quedan === null) throw new ApiError(404, 'La notificación no existe');
      return { error: null, datos: { no_leidas: quedan } };
    },
  });

  app.post('/api/alertas/notificaciones/leidas', {
    config: SESION,
    schema: {
      tags: ['alertas'],
      summary: 'Marca todas mis notificaciones como leídas',
      response: { 200: envelope(noLeidas), ...bad },
    },
    handler: async (request) => {
      await leerTodas(db, sessionOf(request).usuario.id);
      return { error: null, datos: { no_leidas: 0 } };
    },
  });
};

/** Which code reads each kind: the areas' expiry and event sources, and the jobs' failures for the admins. */
function visiblesCon({ vencimientos, eventos }: Pick<AreaDeps, 'vencimientos' | 'eventos'>): Visibles {
  const permisoDe = new Map<AlertaTipo, PermissionCode>([
    ...[...vencimientos, ...eventos].map((f) => [f.tipo, f.permiso] as const),
    ['tarea', 'ALERTAS#ADMIN'],
  ]);
  return (permisos) => ALERTA_TIPO_VALUES.filter((tipo) => canAccess(permisoDe.get(tipo) ?? 'ALERTAS#ADMIN', permisos));
}

/** The channels each role's members get until they choose their own (ALERTAS#ADMIN). */
const rolesRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, deps) => {
  const visibles = visiblesCon(deps);
  app.get('/api/alertas/roles', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary:
        'Alertas predeterminadas por rol: los tipos que cada rol puede recibir y sus canales hasta que cada persona elija',
      response: { 200: envelope(z.array(rolAlertas)), ...bad },
    },
    handler: async () => ({ error: null, datos: await canalesDeRoles(deps.db, visibles) }),
  });

  app.put('/api/alertas/roles/:id', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary: 'Guarda los canales predeterminados de un rol para los tipos enviados (los demás quedan como estaban)',
      params: idParam,
      body: rolAlertasInput,
      response: { 200: envelope(rolAlertas), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await guardarCanalesDeRol(deps.db, visibles, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });
};

/** "Mis alertas": the caller's channels per kind, for the kinds their permissions let them read. */
const preferenciasRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, deps) => {
  const { db, config } = deps;
  const visibles = visiblesCon(deps);

  app.get('/api/alertas/preferencias', {
    config: SESION,
    schema: {
      tags: ['alertas'],
      summary: 'Mis alertas: por cada tipo de alerta que puedo recibir, si llega por correo y en la campana',
      response: { 200: envelope(misAlertas), ...bad },
    },
    handler: async (request) => {
      const sesion = sessionOf(request);
      return { error: null, datos: await misAlertasDe(db, config, sesion.usuario.id, visibles(sesion.permisos)) };
    },
  });

  app.put('/api/alertas/preferencias', {
    config: SESION,
    schema: {
      tags: ['alertas'],
      summary:
        'Guarda mis alertas: los canales de los tipos enviados (los demás quedan como estaban) y, si se envían, los clientes y proyectos que sigo',
      body: misAlertasInput,
      response: { 200: envelope(misAlertas), ...bad },
    },
    handler: async (request) => {
      const sesion = sessionOf(request);
      const mias = visibles(sesion.permisos);
      const campos: Record<string, string[]> = {};
      const { preferencias, clientes, proyectos } = request.body;
      preferencias.forEach((p, i) => {
        if (!mias.includes(p.tipo))
          campos[`preferencias.${i}.tipo`] = ['Sus permisos no le dejan recibir estas alertas'];
      });
      // Only what the person is told of may be followed: clients with a kind of clients', projects with the monitor.
      if (clientes?.length && !mias.some((t) => ALERTA_TIPOS_CLIENTE.includes(t)))
        campos.clientes = ['Sus permisos no le dejan recibir alertas de clientes'];
      if (proyectos?.length && !mias.some((t) => ALERTA_TIPOS_PROYECTO.includes(t)))
        campos.proyectos = ['Sus permisos no le dejan recibir alertas del monitor de errores'];
      Object.assign(campos, await erroresDeSeguidos(db, request.body));
      if (Object.keys(campos).length > 0) throw new ApiError(400, MENSAJES.datosInvalidos, campos);
      await guardarPreferencias(db, sesion.usuario.id, request.body);
      return { error: null, datos: await misAlertasDe(db, config, sesion.usuario.id, mias) };
    },
  });
};

/** Webhooks (ALERTAS#ADMIN): their URL, format and kinds; "Probar"; each one's deliveries and "Reenviar". */
const webhooksRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db, config }) => {
  const salida = salidaDe(config);
  app.get('/api/alertas/webhooks', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary: 'Webhooks, con su última entrega',
      response: { 200: envelope(z.array(webhook)), ...bad },
    },
    handler: async () => ({ error: null, datos: await listarWebhooks(db) }),
  });

  app.post('/api/alertas/webhooks', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary: 'Crea un webhook (su secreto de firma se genera)',
      body: webhookInput,
      response: { 201: envelope(webhook), ...bad },
    },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await crearWebhook(db, salida, request.body, autorDe(sessionOf(request))) }),
  });

  app.put('/api/alertas/webhooks/:id', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary: 'Modifica un webhook',
      params: idParam,
      body: webhookInput,
      response: { 200: envelope(webhook), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarWebhook(db, salida, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/alertas/webhooks/:id', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary: 'Elimina un webhook y sus entregas',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody },
    },
    handler: async (request) => {
      await eliminarWebhook(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  app.get('/api/alertas/webhooks/:id/entregas', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary: 'Las últimas 50 entregas de un webhook: estado, código de respuesta, intentos y tiempos',
      params: idParam,
      response: { 200: envelope(z.array(entrega)), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await entregasDe(db, request.params.id) }),
  });

  app.post('/api/alertas/webhooks/:id/probar', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary: 'Envía ya una entrega de prueba y responde cómo terminó',
      params: idParam,
      response: { 200: envelope(entrega), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await probarWebhook(db, salida, request.params.id) }),
  });

  app.post('/api/alertas/webhooks/:id/entregas/:entrega/reenviar', {
    config: ADMIN,
    schema: {
      tags: ['alertas'],
      summary:
        'Vuelve a enviar una entrega (como una entrega nueva con el mismo webhook-id, firmada de nuevo, ya) y responde cómo terminó',
      params: entregaParams,
      response: { 200: envelope(entrega), ...bad, 404: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await reenviarEntrega(db, salida, request.params.id, request.params.entrega),
    }),
  });
};

export const alertasRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, deps) => {
  await app.register(webhooksRoutes, deps);
  await app.register(tareasRoutes, deps);
  await app.register(notificacionesRoutes, deps);
  await app.register(preferenciasRoutes, deps);
  await app.register(rolesRoutes, deps);
};
