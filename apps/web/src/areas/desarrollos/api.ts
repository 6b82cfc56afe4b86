import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { desarrolloInput, DesarrolloEstado, Tablero } from '@intranet/contract/areas/desarrollos';
import { desarrollosApi } from '@intranet/contract/areas/desarrollos/endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';
import { moverEnTablero } from './moverEnTablero.ts';

/** What a valid development form submits (the contract's parsed `desarrolloInput`). */
export type DesarrolloValues = z.output<typeof desarrolloInput>;

/** Query keys: everything of the area under 'desarrollos', so one invalidation refreshes lists, board and details. */
export const desarrollosKeys = {
  all: ['desarrollos'] as const,
  lista: (params: string) => ['desarrollos', 'lista', params] as const,
  tablero: (params: string) => ['desarrollos', 'tablero', params] as const,
  detalle: (id: number) => ['desarrollos', 'detalle', id] as const,
  cambios: (id: number) => ['desarrollos', 'cambios', id] as const,
  opciones: ['desarrollos', 'opciones'] as const,
};

/** The list's API path, for its import and its bulk actions. */
export const desarrollosUrl = () => endpointUrl(desarrollosApi.lista);

/** One page of the list (`GET /api/desarrollos`). */
export function useDesarrollos(params: string, enabled = true) {
  return useQuery({
    queryKey: desarrollosKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(desarrollosApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The board's columns (`GET /api/desarrollos/tablero`). */
export function useTablero(params: string) {
  return useQuery({
    queryKey: desarrollosKeys.tablero(params),
    queryFn: async ({ signal }) =>
      (await call(desarrollosApi.tablero, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useDesarrollo(id: number) {
  return useQuery({
    queryKey: desarrollosKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(desarrollosApi.detalle, { params: { id }, signal })).datos,
  });
}

/** The dated state changes of one development. */
export function useCambios(id: number) {
  return useQuery({
    queryKey: desarrollosKeys.cambios(id),
    queryFn: async ({ signal }) => (await call(desarrollosApi.cambios, { params: { id }, signal })).datos,
  });
}

/** Staff who may own a development and the versions per product. */
export function useOpciones() {
  return useQuery({
    queryKey: desarrollosKeys.opciones,
    queryFn: async ({ signal }) => (await call(desarrollosApi.opciones, { signal })).datos,
    staleTime: 60_000,
  });
}

/** The `export.csv` address of the list with its current filters. */
export const desarrollosCsvUrl = (exportParams: string) =>
  endpointUrl(desarrollosApi.csv, { query: new URLSearchParams(exportParams) });

/** A change shows in the lists, the board, the details and the history. */
function useInvalidate() {
  const client = useQueryClient();
  return (deletedId?: number) =>
    Promise.all([
      // A deleted development's open detail is not refetched: it would only answer 404 while the screen leaves.
      client.invalidateQueries({
        queryKey: desarrollosKeys.all,
        predicate: (query) => deletedId === undefined || query.queryKey[2] !== deletedId,
      }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

/** Creates (no id) or updates a development. */
export function useGuardarDesarrollo(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: DesarrolloValues) => {
      const answer =
        id === undefined
          ? await call(desarrollosApi.crear, { body: values })
          : await call(desarrollosApi.modificar, { params: { id }, body: values });
      return answer.datos;
    },
    onSuccess: () => invalidate(),
  });
}

export function useEliminarDesarrollo() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(desarrollosApi.eliminar, { params: { id } }),
    onSuccess: (_answer, id) => invalidate(id),
  });
}

interface Movimiento {
  id: number;
  estado: DesarrolloEstado;
}

/**
 * Moves a development (`POST /api/desarrollos/:id/estado`). With `tableroKey` the board moves the card at
 * once and puts it back if the server refuses; the server's answer is the truth either way.
 */
export function useMoverDesarrollo(tableroKey?: QueryKey) {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, estado }: Movimiento) =>
      (await call(desarrollosApi.mover, { params: { id }, body: { estado } })).datos,
    onMutate: async ({ id, estado }: Movimiento) => {
      if (!tableroKey) return { antes: undefined };
      await client.cancelQueries({ queryKey: tableroKey });
      const antes = client.getQueryData<Tablero>(tableroKey);
      if (antes) client.setQueryData<Tablero>(tableroKey, moverEnTablero(antes, id, estado));
      return { antes };
    },
    onError: (_error, _movimiento, context) => {
      if (tableroKey && context?.antes) client.setQueryData<Tablero>(tableroKey, context.antes);
    },
    onSettled: () => invalidate(),
  });
}
