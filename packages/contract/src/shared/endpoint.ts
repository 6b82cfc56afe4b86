import type { z } from 'zod';
import type { BaseUrlKey } from './http.ts';

// A route of the API declared once, here in the contract: its method, path, parameters, query, body and answer.
// The server registers it from this declaration (apps/server/src/core/endpoint.ts) and the web calls it through a
// client typed from it (apps/web/src/core/http/endpoint.ts), so neither spells the path again and a change of shape
// fails the typecheck on both sides. See docs/decisions/endpoints-in-the-contract.md.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error answers a route documents, each with the contract's error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

export interface EndpointDef {
  method: Method;
  /** Fastify's form: `/api/servidores/:id`. */
  path: string;
  /** The runtime configuration's base URL the web builds the call from (`api` unless said). */
  base?: BaseUrlKey;
  /** The OpenAPI document's summary and description. */
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer's schema; absent when the answer is a file (`produces` says which). */
  answer?: z.ZodType;
  /** The success status (200 unless said; 302 for a redirect, whose answer is `z.null()`). */
  status?: 200 | 201 | 202 | 204 | 302;
  produces?: readonly string[];
  errors?: readonly ErrorStatus[];
}

/** Declares a route, keeping its literal types (the path, the schemas) for both sides. */
export const endpoint = <const E extends EndpointDef>(e: E): E => e;

/** The parameters a path names: `/api/x/:id/y/:n` gives `'id' | 'n'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Schema<E extends EndpointDef, K extends 'params' | 'query' | 'body' | 'answer'> = E[K] extends z.ZodType
  ? E[K]
  : undefined;

/** What a caller gives for the path's parameters. */
export type ParamsIn<E extends EndpointDef> =
  Schema<E, 'params'> extends z.ZodType
    ? z.input<Schema<E, 'params'>>
    : Record<PathParamNames<E['path']>, string | number>;
/** What the server's handler reads as the path's parameters (parsed). */
export type ParamsOut<E extends EndpointDef> =
  Schema<E, 'params'> extends z.ZodType ? z.output<Schema<E, 'params'>> : Record<PathParamNames<E['path']>, string>;
export type QueryIn<E extends EndpointDef> = Schema<E, 'query'> extends z.ZodType ? z.input<Schema<E, 'query'>> : never;
export type QueryOut<E extends EndpointDef> =
  Schema<E, 'query'> extends z.ZodType ? z.output<Schema<E, 'query'>> : unknown;
export type BodyIn<E extends EndpointDef> = Schema<E, 'body'> extends z.ZodType ? z.input<Schema<E, 'body'>> : never;
export type BodyOut<E extends EndpointDef> =
  Schema<E, 'body'> extends z.ZodType ? z.output<Schema<E, 'body'>> : unknown;
/** What the server's handler answers (before serialization). */
export type AnswerIn<E extends EndpointDef> =
  Schema<E, 'answer'> extends z.ZodType ? z.input<Schema<E, 'answer'>> : unknown;
/** What the web reads (parsed). */
export type AnswerOut<E extends EndpointDef> =
  Schema<E, 'answer'> extends z.ZodType ? z.output<Schema<E, 'answer'>> : unknown;

/** The path with its parameters in place, each encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Falta el parámetro ${name} de ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A query object as a URL's search part (`?a=1&b=x`, or '' when empty). Undefined and null values are left out;
 * an array repeats its key; dates are written ISO 8601.
 */
export function searchOf(query: Readonly<Record<string, unknown>> | URLSearchParams | undefined): string {
  if (query === undefined) return '';
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item === undefined || item === null) continue;
        params.append(key, item instanceof Date ? item.toISOString() : String(item));
      }
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The errors every list and export documents: a bad query, no session, no permission. */
const LIST_ERRORS = [400, 401, 403] as const;

/**
 * A list's two routes: `GET <base>/lista` (one page, its filters, sort and search) and `GET <base>/export.csv`
 * (every row of the same filtered list, as CSV). The server makes both from one declaration
 * (apps/server/src/lists/list-routes.ts).
 */
export function listEndpoints<
  const Base extends string,
  Query extends z.ZodType,
  ExportQuery extends z.ZodType,
  Answer extends z.ZodType,
>(base: Base, o: { query: Query; exportQuery: ExportQuery; answer: Answer; summary: string; csvSummary: string }) {
  return {
    lista: endpoint({
      method: 'GET',
      path: `${base}/lista` as `${Base}/lista`,
      summary: o.summary,
      query: o.query,
      answer: o.answer,
      errors: LIST_ERRORS,
    }),
    csv: endpoint({
      method: 'GET',
      path: `${base}/export.csv` as `${Base}/export.csv`,
      summary: o.csvSummary,
      query: o.exportQuery,
      produces: ['text/csv'],
      errors: LIST_ERRORS,
    }),
  };
}
