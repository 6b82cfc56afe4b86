import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '@intranet/contract/shared/envelope';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './access.ts';

const describeAccess = (access: Access): string =>
  access === 'public'
    ? 'Acceso: público.'
    : access === 'session'
      ? 'Acceso: cualquier sesión.'
      : `Acceso: permiso ${typeof access === 'string' ? access : access.join(' o ')}.`;

/** The tags of the app's own routes; the areas describe theirs (AreaDescriptor.documentacion). */
const APP_TAGS: Readonly<Record<string, string>> = {
  estado: 'Estado del servidor y de su base de datos, para monitores y balanceadores.',
  operación: 'Operación del servidor: si el proceso vive y puede recibir tráfico, y sus respaldos.',
  web: 'La aplicación web del portal y su configuración de ejecución.',
};

/**
 * The OpenAPI document, generated from the contract's zod schemas, at /docs/json with its page at /docs: the
 * portal's version, and each tag (an area or part of one) with its description.
 *
 * It is OpenAPI 3.0, not 3.1: Swagger UI reads a 3.1 document through a far slower resolver, and this one (some 530
 * operations) took 12 s to show its title on a quiet machine, and over a minute on a busy one, against 4 s as 3.0.
 * The error answer, the same on every route, is one component (`Error`) that the operations refer to.
 */
export async function openapi(
  app: FastifyInstance,
  version: string,
  areaTags: Readonly<Record<string, string>>,
): Promise<void> {
  const tags = Object.entries({ ...APP_TAGS, ...areaTags }).map(([name, description]) => ({ name, description }));
  const schemaRegistry = z.registry<{ id: string }>();
  schemaRegistry.add(errorBody, { id: 'Error' });
  const jsonSchemaTransform = createJsonSchemaTransform({ schemaRegistry });
  const withComponents = createJsonSchemaTransformObject({ schemaRegistry });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Intranet API',
        description: 'API del portal Intranet. Las respuestas de `{api}` usan el sobre `{ error, datos }`.',
        version,
      },
      tags,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (doc) => {
      const out = jsonSchemaTransform(doc);
      const access = doc.route.config?.access;
      if (access === undefined || out.schema.hide) return out;
      const schema: Record<string, unknown> = { ...out.schema };
      schema.description = [schema.description, describeAccess(access)].filter(Boolean).join('\n\n');
      if (access !== 'public') schema.security = [{ bearer: [] }];
      return { ...out, schema };
    },
    transformObject: (doc) => {
      const out = withComponents(doc);
      // The registry also yields the error's input form, which no request carries.
      if ('openapi' in out) delete out.components?.schemas?.ErrorInput;
      return out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
