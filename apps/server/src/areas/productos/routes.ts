import { envelope, errorBody, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  producto,
  productoBulkDelete,
  productoBulkDeleteResult,
  productoDescripcionHtml,
  productoExportQuery,
  productoInput,
  productoLineas as productoLineasSchema,
  productoListQuery,
  productoOpciones as productoOpcionesSchema,
  productoPage,
} from '@intranet/contract/areas/productos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autorDe, type AuditEntities } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { sendCsv } from '../../lists/csv.ts';
import { listBatches, listPage } from '../../lists/list.ts';
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
const denied = { 401: errorBody, 403: errorBody };
const bad = { 400: errorBody, ...denied };

export const productosRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/productos', {
    config: VER,
    schema: {
      tags,
      summary: 'Lista paginada de productos',
      querystring: productoListQuery,
      response: { 200: envelope(productoPage), ...bad },
    },
    handler: async (request) => ({
      error: null,
      datos: await listPage(productosList, request.query, productosSource(db)),
    }),
  });

  app.get('/api/productos/export.csv', {
    config: VER,
    schema: {
      tags,
      summary: 'Todos los productos de la lista filtrada, en CSV',
      querystring: productoExportQuery,
      produces: ['text/csv'],
      response: { ...bad },
    },
    handler: (request, reply) => {
      sendCsv(reply, {
        nombre: 'productos',
        columnas: productosCsv,
        filas: listBatches(productosList, request.query, productosSource(db)),
      });
    },
  });

  app.get('/api/productos/opciones', {
    // The screens that pick a product: Clientes' Vencimientos and Actualizaciones, Reportes, Desarrollos.
    config: { access: ['CLIENTES#VER', 'CLIENTES#EDITAR', 'PROD#VER', 'SER#VER', 'DESARROLLOS#EDITAR'] },
    schema: {
      tags,
      summary: 'Productos activos para elegir en otras áreas (id, código, nombre)',
      response: { 200: envelope(productoOpcionesSchema), 401: errorBody },
    },
    handler: async () => ({ error: null, datos: await productoOpciones(db) }),
  });

  app.get('/api/productos/lineas', {
    config: VER,
    schema: {
      tags,
      summary: 'Las líneas de producto en uso',
      response: { 200: envelope(productoLineasSchema), ...denied },
    },
    handler: async () => ({ error: null, datos: await productoLineas(db) }),
  });

  app.post('/api/productos/eliminar', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina varios productos (todos o ninguno)',
      body: productoBulkDelete,
      response: { 200: envelope(productoBulkDeleteResult), ...bad, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: { eliminados: await eliminarProductos(db, request.body.ids, autorDe(sessionOf(request))) },
    }),
  });

  app.get('/api/productos/:id', {
    config: VER,
    schema: {
      tags,
      summary: 'Un producto con su descripción',
      params: idParam,
      response: { 200: envelope(producto), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: await productoDetalle(db, request.params.id) }),
  });

  app.get('/api/productos/:id/descripcion.html', {
    config: VER,
    schema: {
      tags,
      summary: 'La descripción como HTML, escrito a través del esquema del editor',
      params: idParam,
      response: { 200: envelope(productoDescripcionHtml), ...bad, 404: errorBody },
    },
    handler: async (request) => ({ error: null, datos: { html: await descripcionHtml(db, request.params.id) } }),
  });

  app.post('/api/productos', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Crea un producto',
      body: productoInput,
      response: { 201: envelope(producto), ...bad, 409: errorBody },
    },
    handler: async (request, reply) => {
      const creado = await crearProducto(db, request.body, autorDe(sessionOf(request)));
      return reply.code(201).send({ error: null, datos: creado });
    },
  });

  app.put('/api/productos/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Modifica un producto',
      params: idParam,
      body: productoInput,
      response: { 200: envelope(producto), ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => ({
      error: null,
      datos: await modificarProducto(db, request.params.id, request.body, autorDe(sessionOf(request))),
    }),
  });

  app.delete('/api/productos/:id', {
    config: EDITAR,
    schema: {
      tags,
      summary: 'Elimina un producto',
      description: '409 si otro registro (una versión, un desarrollo...) hace referencia al producto.',
      params: idParam,
      response: { 200: okBody, ...bad, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      await eliminarProducto(db, request.params.id, autorDe(sessionOf(request)));
      return { error: null, datos: null };
    },
  });
};
