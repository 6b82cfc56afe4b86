import { VISTA_LISTAS, type Vista, type VistaLista } from '@intranet/contract/areas/vistas';
import { vistasApi } from '@intranet/contract/areas/vistas/endpoints';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AreaDeps } from '../../area.ts';
import { route } from '../../core/endpoint.ts';
import type { Executor } from '../../db/client.ts';
import { usuarios, vistas, vistasPredeterminadas } from '../../db/schema.ts';
import { MENSAJES } from '../../messages.ts';
import { canAccess, sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';

const tags = ['vistas'];
const NO_EXISTE = 'La vista no existe';
const AJENA = 'Solo quien creó la vista puede cambiarla o eliminarla';

/** A list's read code is needed to keep views of it, and to see the views shared on it. */
function puedeLeer(lista: VistaLista, permisos: ReadonlySet<string>): boolean {
  return canAccess(VISTA_LISTAS[lista], permisos as ReadonlySet<never>);
}

const columnas = {
  id: vistas.id,
  lista: vistas.lista,
  nombre: vistas.nombre,
  compartida: vistas.compartida,
  params: vistas.params,
  ocultas: vistas.ocultas,
  usuarioId: vistas.usuarioId,
  autor: usuarios.nombre,
  actualizado: vistas.actualizado,
};

type Fila = {
  id: number;
  lista: string;
  nombre: string;
  compartida: boolean;
  params: string;
  ocultas: string[];
  usuarioId: number;
  autor: string;
  actualizado: Date;
};

const aVista = (fila: Fila, usuarioId: number): Vista => ({
  id: fila.id,
  lista: fila.lista as VistaLista,
  nombre: fila.nombre,
  compartida: fila.compartida,
  params: fila.params,
  ocultas: fila.ocultas,
  autor: fila.autor,
  propia: fila.usuarioId === usuarioId,
  actualizado: fila.actualizado.toISOString(),
});

/** One view the caller may see: theirs, or shared on a list they may read. */
async function vistaVisible(db: Executor, id: number, usuarioId: number, permisos: ReadonlySet<string>): Promise<Fila> {
  const [fila] = await db
    .select(columnas)
    .from(vistas)
    .innerJoin(usuarios, eq(usuarios.id, vistas.usuarioId))
    .where(eq(vistas.id, id));
  if (!fila || (fila.usuarioId !== usuarioId && !(fila.compartida && puedeLeer(fila.lista as VistaLista, permisos))))
    throw new ApiError(404, NO_EXISTE);
  return fila;
}

/**
 * `{api}/api/vistas`: saved views of the lists — a list's filters, sort, search, page size and hidden
 * columns under a name, private or shared with everyone who may read the list, and the one each user opens the
 * list with. A person's own preferences: a session's, never an API token's.
 */
export const vistasRoutes: FastifyPluginAsyncZod<AreaDeps> = async (app, { db }) => {
  route(app, vistasApi.todas, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      const { usuario, permisos } = sessionOf(request);
      const { lista } = request.query;
      if (!puedeLeer(lista, permisos)) throw new ApiError(403, MENSAJES.sinPermiso);
      const filas = await db
        .select(columnas)
        .from(vistas)
        .innerJoin(usuarios, eq(usuarios.id, vistas.usuarioId))
        .where(and(eq(vistas.lista, lista), or(eq(vistas.usuarioId, usuario.id), eq(vistas.compartida, true))))
        .orderBy(desc(sql`${vistas.usuarioId} = ${usuario.id}`), asc(sql`lower(${vistas.nombre})`), asc(vistas.id));
      const [predeterminada] = await db
        .select({ vistaId: vistasPredeterminadas.vistaId })
        .from(vistasPredeterminadas)
        .where(and(eq(vistasPredeterminadas.usuarioId, usuario.id), eq(vistasPredeterminadas.lista, lista)));
      const visibles = filas.map((f) => aVista(f, usuario.id));
      const vigente =
        predeterminada && visibles.some((v) => v.id === predeterminada.vistaId) ? predeterminada.vistaId : null;
      return { error: null, datos: { vistas: visibles, predeterminada: vigente } };
    },
  });

  route(app, vistasApi.crear, {
    config: { access: 'session' },
    tags,
    handler: async (request, reply) => {
      const { usuario, permisos } = sessionOf(request);
      const datos = request.body;
      if (!puedeLeer(datos.lista, permisos)) throw new ApiError(403, MENSAJES.sinPermiso);
      const [creada] = await db
        .insert(vistas)
        .values({
          usuarioId: usuario.id,
          lista: datos.lista,
          nombre: datos.nombre,
          compartida: datos.compartida,
          params: datos.params,
          ocultas: datos.ocultas,
        })
        .returning({ id: vistas.id });
      reply.code(201);
      return { error: null, datos: aVista(await vistaVisible(db, creada!.id, usuario.id, permisos), usuario.id) };
    },
  });

  route(app, vistasApi.modificar, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      const { usuario, permisos } = sessionOf(request);
      const fila = await vistaVisible(db, request.params.id, usuario.id, permisos);
      if (fila.usuarioId !== usuario.id) throw new ApiError(403, AJENA);
      const { nombre, compartida, params, ocultas } = request.body;
      await db
        .update(vistas)
        .set({ nombre, compartida, params, ocultas, actualizado: sql`now()` })
        .where(eq(vistas.id, fila.id));
      return { error: null, datos: aVista(await vistaVisible(db, fila.id, usuario.id, permisos), usuario.id) };
    },
  });

  route(app, vistasApi.eliminar, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      const { usuario, permisos } = sessionOf(request);
      const fila = await vistaVisible(db, request.params.id, usuario.id, permisos);
      if (fila.usuarioId !== usuario.id) throw new ApiError(403, AJENA);
      await db.delete(vistas).where(eq(vistas.id, fila.id));
      return { error: null, datos: null };
    },
  });

  route(app, vistasApi.predeterminada, {
    config: { access: 'session' },
    tags,
    handler: async (request) => {
      const { usuario, permisos } = sessionOf(request);
      const { lista, vista_id } = request.body;
      if (!puedeLeer(lista, permisos)) throw new ApiError(403, MENSAJES.sinPermiso);
      if (vista_id === null) {
        await db
          .delete(vistasPredeterminadas)
          .where(and(eq(vistasPredeterminadas.usuarioId, usuario.id), eq(vistasPredeterminadas.lista, lista)));
        return { error: null, datos: null };
      }
      const fila = await vistaVisible(db, vista_id, usuario.id, permisos);
      if (fila.lista !== lista)
        throw new ApiError(400, MENSAJES.datosInvalidos, { vista_id: ['La vista es de otra lista'] });
      await db
        .insert(vistasPredeterminadas)
        .values({ usuarioId: usuario.id, lista, vistaId: fila.id })
        .onConflictDoUpdate({
          target: [vistasPredeterminadas.usuarioId, vistasPredeterminadas.lista],
          set: { vistaId: fila.id },
        });
      return { error: null, datos: null };
    },
  });
};
