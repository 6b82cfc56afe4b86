import {
  ALERTA_TIPO_VALUES,
  ALERTA_TIPOS_CLIENTE,
  ALERTA_TIPOS_PROYECTO,
  type AlertaTipo,
} from '@intranet/contract/areas/alertas';
import { alertasApi } from '@intranet/contract/areas/alertas/endpoints';
import type { PermissionCode } from '@intranet/contract/registry';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AreaDeps } from '../../area.ts';
import { route } from '../../core/endpoint.ts';
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
const tags = ['alertas'];
const api = alertasApi;

/** Alertas → Tareas: the scheduled jobs, their runs, "Ejecutar ahora" (ALERTAS#ADMIN). */
const tareasRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db, config, programador }) => {
  // A job that failed for the last time is told to the admins (bell and e-mail).
  programador.alFallar((fallo) => avisarFallo(db, config, fallo));

  route(app, api.tareas, {
    config: ADMIN,
    tags,
    handler: async () => ({
      error: null,
      datos: { ...(await programador.estado()), correo: await estadoCorreos(db, config) },
    }),
  });

  route(app, api.ejecutarTarea, {
    config: ADMIN,
    tags,
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
  route(app, api.notificaciones, {
    config: SESION,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await notificacionesDe(db, sessionOf(request).usuario.id, request.query.limite),
    }),
  });

  route(app, api.notificacion, {
    config: SESION,
    tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      const detalle = await notificacionConItems(db, sesion.usuario.id, request.params.id, sesion.permisos);
      if (!detalle) throw new ApiError(404, 'La notificación no existe');
      return { error: null, datos: detalle };
    },
  });

  route(app, api.marcarLeida, {
    config: SESION,
    tags,
    handler: async (request) => {
      const quedan = await marcarLeida(db, sessionOf(request).usuario.id, request.params.id);
      if (quedan === null) throw new ApiError(404, 'La notificación no existe');
      return { error: null, datos: { no_leidas: quedan } };
    },
  });

  route(app, api.marcarTodasLeidas, {
    config: SESION,
    tags,
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
  route(app, api.roles, {
    config: ADMIN,
    tags,
    handler: async () => ({ error: null, datos: await canalesDeRoles(deps.db, visibles) }),
  });

  route(app, api.guardarRol, {
    config: ADMIN,
    tags,
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

  route(app, api.preferencias, {
    config: SESION,
    tags,
    handler: async (request) => {
      const sesion = sessionOf(request);
      return { error: null, datos: await misAlertasDe(db, config, sesion.usuario.id, visibles(sesion.permisos)) };
    },
  });

  route(app, api.guardarPreferencias, {
    config: SESION,
    tags,
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
  route(app, api.webhooks, {
    config: ADMIN,
    tags,
    handler: async () => ({ error: null, datos: await listarWebhooks(db) }),
  });

  route(app, api.crearWebhook, {
    config: ADMIN,
    tags,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ error: null, datos: await crearWebhook(db, salida, request.body, autorDe(sessionOf(request))) }),
  });

  route(app, api.modificarWebhook, {
    config: ADMIN,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarWebhook(db, salida, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminarWebhook, {
    config: ADMIN,
    tags,
    handler: async (request) => {
      await eliminarWebhook(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });

  route(app, api.entregas, {
    config: ADMIN,
    tags,
    handler: async (request) => ({ error: null, datos: await entregasDe(db, request.params.id) }),
  });

  route(app, api.probarWebhook, {
    config: ADMIN,
    tags,
    handler: async (request) => ({ error: null, datos: await probarWebhook(db, salida, request.params.id) }),
  });

  route(app, api.reenviarEntrega, {
    config: ADMIN,
    tags,
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
