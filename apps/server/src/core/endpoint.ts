import type { AnswerIn, BodyOut, EndpointDef, ParamsOut, QueryOut } from '@intranet/contract/shared/endpoint';
import { errorBody } from '@intranet/contract/shared/envelope';
import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// The server's side of the contract's endpoints (packages/contract/src/shared/endpoint.ts): a route is registered
// from its declaration, so its path, schemas and documented answers are the ones the web's client is typed from.
// What only the server knows stays here: who may call it (config.access), what it caches, and the handler.

/** The Fastify instance an area's routes plugin receives (with the zod type provider). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** The request a handler gets: the declaration's parameters, query and body, parsed. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;

export interface EndpointRoute<E extends EndpointDef> {
  /** Who may call it and how it is kept (plugins/access.ts, plugins/cache.ts, plugins/pressure.ts). */
  config: FastifyContextConfig;
  /** The OpenAPI document's group. */
  tags: readonly string[];
  /** Fastify's other route options the route needs (a body limit, a hook of its own, its compression). */
  options?: Pick<RouteShorthandOptions, 'bodyLimit' | 'preHandler' | 'preValidation' | 'onRequest' | 'compress'>;
  /** Answers with the declared answer (returned), or sends it itself through `reply` (files, other statuses). */
  handler: (
    request: EndpointRequest<E>,
    reply: FastifyReply,
  ) => AnswerIn<E> | FastifyReply | Promise<AnswerIn<E> | FastifyReply | undefined> | undefined;
}

/** Registers the route the contract declares. */
export function route<E extends EndpointDef>(app: ZodApp, e: E, r: EndpointRoute<E>): void {
  const response: Record<number, unknown> = {};
  if (e.answer) response[e.status ?? 200] = e.answer;
  for (const status of e.errors ?? []) response[status] = errorBody;
  app.route({
    method: e.method,
    url: e.path,
    config: r.config,
    schema: {
      tags: [...r.tags],
      summary: e.summary,
      ...(e.description === undefined ? {} : { description: e.description }),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.produces ? { produces: [...e.produces] } : {}),
      response,
    },
    ...r.options,
    // The declaration's schemas are the ones Fastify validates with: the handler's types are theirs.
    handler: r.handler as unknown as RouteHandlerMethod,
  });
}
