import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { envelope } from '@intranet/contract/shared/envelope';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

/** What a select offers: something with an id. */
export interface EntityOption {
  id: number;
}

/** Where an entity's options come from: a server search answering at most a page of matches of `q`, or the one `id`. */
export interface EntitySource<E extends EntityOption> {
  /** The entity's query key ('empresas'), so refreshing the entity refreshes its selects too. */
  key: string;
  /** The search's path on the API, its declaration's (`personasApi.opciones.path`). */
  path: string;
  /** One option as the contract answers it. */
  schema: z.ZodType<E>;
  /**
   * What the select shows for an option. A method, so that a source of people can stand where any source is
   * taken (a bulk change's field), its label reading only the options its own search gives it.
   */
  label(item: E): string;
}

/**
 * The options matching `q` (the server searches), plus the chosen one when it is not among them, so the select
 * always shows the label of its value. `params` are further filters of the search (`activo=true`).
 */
export function useEntityOptions<E extends EntityOption>(
  source: EntitySource<E>,
  q: string,
  id: number | null,
  params: Record<string, string> = {},
) {
  const extra = new URLSearchParams(params).toString();
  return useQuery({
    queryKey: [source.key, 'opciones', q, id, extra],
    queryFn: async ({ signal }) => {
      const schema = envelope(source.schema.array());
      const get = async (query: string) =>
        (await http.get(apiUrl('api', `${source.path}?${query}`), schema, { signal })).datos;
      const search = new URLSearchParams(q ? { q } : {});
      for (const [key, value] of Object.entries(params)) search.set(key, value);
      const lista = await get(search.toString());
      if (id === null || lista.some((item) => item.id === id)) return lista;
      return [...(await get(`id=${id}`)), ...lista];
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
