import {
  type AnswerOut,
  type BodyIn,
  type EndpointDef,
  fillPath,
  type ParamsIn,
  type PathParamNames,
  type QueryIn,
  searchOf,
} from '@intranet/contract/shared/endpoint';
import { apiUrl } from '../config/config.ts';
import type { RequestOptions, UploadOptions } from './client.ts';
import { http } from './http.ts';

// The web's side of the contract's endpoints (packages/contract/src/shared/endpoint.ts): an area calls a route by
// its declaration, never by a path of its own. The parameters, query and body are typed from the declaration, and
// the answer is parsed with its schema.

type ParamsPart<E extends EndpointDef> = [PathParamNames<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: ParamsIn<E> };

/**
 * Where a call goes: the path's parameters and the query (an object typed from the contract, or a list's own URL).
 * `at`: for a route a shared factory declares under '' (a list's bulk actions, its import), the full URL of the list
 * it belongs to, which the route's path follows.
 */
export type Address<E extends EndpointDef> = ParamsPart<E> & { query?: QueryIn<E> | URLSearchParams; at?: string };

export type CallInput<E extends EndpointDef> = Address<E> & {
  body?: BodyIn<E>;
  signal?: AbortSignal;
  options?: RequestOptions;
};

/** Every input optional: a route without parameters is called as `call(e)`. */
type Optional<E extends EndpointDef> = [PathParamNames<E['path']>] extends [never]
  ? [input?: CallInput<E>]
  : [input: CallInput<E>];
type OptionalAddress<E extends EndpointDef> = [PathParamNames<E['path']>] extends [never]
  ? [address?: Address<E>]
  : [address: Address<E>];

/** The full URL of a route (for a link, a download or an EventSource). */
export function endpointUrl<E extends EndpointDef>(e: E, ...[address]: OptionalAddress<E>): string {
  const params = address?.params as Readonly<Record<string, string | number>> | undefined;
  const query = address?.query as Readonly<Record<string, unknown>> | URLSearchParams | undefined;
  const path = `${fillPath(e.path, params)}${searchOf(query)}`;
  return address?.at === undefined ? apiUrl(e.base ?? 'api', path) : `${address.at}${path}`;
}

const ANY = { safeParse: (input: unknown) => ({ success: true as const, data: input }) };

/** The request options a call gives: its own and its signal, or none. */
function optionsOf(input: { options?: RequestOptions; signal?: AbortSignal } | undefined): RequestOptions | undefined {
  if (!input?.options && !input?.signal) return undefined;
  return { ...input.options, ...(input.signal ? { signal: input.signal } : {}) };
}

/** Calls the route and parses its answer with the declared schema. */
export function call<E extends EndpointDef>(e: E, ...[input]: Optional<E>): Promise<AnswerOut<E>> {
  const url = endpointUrl(e, ...([input] as OptionalAddress<E>));
  const schema = e.answer ?? ANY;
  const options = optionsOf(input);
  // Through the method's own call, as the areas' tests observe it.
  const answer = (() => {
    switch (e.method) {
      case 'GET':
        return options ? http.get(url, schema, options) : http.get(url, schema);
      case 'DELETE':
        return options ? http.delete(url, schema, options) : http.delete(url, schema);
      case 'POST':
        return options ? http.post(url, input?.body, schema, options) : http.post(url, input?.body, schema);
      case 'PUT':
        return options ? http.put(url, input?.body, schema, options) : http.put(url, input?.body, schema);
      case 'PATCH':
        return options ? http.patch(url, input?.body, schema, options) : http.patch(url, input?.body, schema);
    }
  })();
  return answer as Promise<AnswerOut<E>>;
}

/** A route whose answer is a file (a list's CSV): its bytes, with the same headers and status handling. */
export function download<E extends EndpointDef>(e: E, ...[input]: Optional<E>): Promise<Blob> {
  const url = endpointUrl(e, ...([input] as OptionalAddress<E>));
  const options = optionsOf(input);
  if (input?.body !== undefined) return http.blob(url, options ?? {}, input.body);
  return options ? http.blob(url, options) : http.blob(url);
}

/** Sends a file as the body of the route (an import, an upload), with progress, and parses the answer. */
export function upload<E extends EndpointDef>(
  e: E,
  file: Blob,
  ...[input]: [PathParamNames<E['path']>] extends [never]
    ? [input?: Address<E> & { options?: UploadOptions }]
    : [input: Address<E> & { options?: UploadOptions }]
): Promise<AnswerOut<E>> {
  const url = endpointUrl(e, ...([input] as OptionalAddress<E>));
  const schema = e.answer ?? ANY;
  return (input?.options ? http.upload(url, file, schema, input.options) : http.upload(url, file, schema)) as Promise<
    AnswerOut<E>
  >;
}
