import { productosApi } from '@intranet/contract/areas/productos/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../core/endpoint.ts';
import { listRoutes } from '../../lists/list-routes.ts';
import { sessionOf } from '../../plugins/access.ts';
import {
  crearProducto,
  descripcionHtml,
  ENTIDAD,
  eliminarProducto,
  eliminarProductos,
  modificarProducto,
  productoDetalle,
  productoLineas,
  productoOpciones,
  productosCsv,
  productosList,
  productosSource,
} from './queries.ts';

export const productosAuditoria: AuditEntities = { [ENTIDAD]: 'PROD#VER' };

const tags = ['productos'];
const VER = { access: 'PROD#VER' } as const;
const EDITAR = { access: 'PROD#EDITAR' } as const;

export const productosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const api = productosApi;
  listRoutes(app, api, {
    config: VER,
    tags,
    spec: productosList,
    source: () => productosSource(db),
    csv: { nombre: 'productos', columnas: productosCsv, source: () => productosSource(db) },
  });

  route(app, api.opciones, {
    // The screens that pick a product: Clientes' Vencimientos and Actualizaciones, Reportes, Desarrollos.
    config: { access: ['CLIENTES#VER', 'CLIENTES#EDITAR', 'PROD#VER', 'SER#VER', 'DESARROLLOS#EDITAR'] },
    tags,
    handler: async () => ({ error: null, datos: await productoOpciones(db) }),
  });

  route(app, api.lineas, {
    config: VER,
    tags,
    handler: async () => ({ error: null, datos: await productoLineas(db) }),
  });

  route(app, api.eliminarVarios, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: { eliminados: await eliminarProductos(db, request.body.ids, autorDe(sessionOf(request))) },
    }),
  });

  route(app, api.detalle, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: await productoDetalle(db, request.params.id) }),
  });

  route(app, api.descripcionHtml, {
    config: VER,
    tags,
    handler: async (request) => ({ error: null, datos: { html: await descripcionHtml(db, request.params.id) } }),
  });

  route(app, api.crear, {
    config: EDITAR,
    tags,
    handler: async (request, reply) => {
      const creado = await crearProducto(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  route(app, api.modificar, {
    config: EDITAR,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await modificarProducto(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  route(app, api.eliminar, {
    config: EDITAR,
    tags,
    handler: async (request) => {
      await eliminarProducto(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
