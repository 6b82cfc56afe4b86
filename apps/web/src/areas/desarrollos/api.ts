import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  desarrollo,
  desarrolloCambios,
  type desarrolloInput,
  desarrolloOpciones,
  desarrolloPage,
  tablero,
  type DesarrolloEstado,
  type Tablero,
} from '@intranet/contract/areas/desarrollos';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';
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

const url = (path: string) => apiUrl('api', `/api/desarrollos${path}`);
/** The list's API path, for its import. */
export const desarrollosUrl = () => url('');

/** One page of the list (`GET /api/desarrollos`). */
export function useDesarrollos(params: string, enabled = true) {
  return useQuery({
    queryKey: desarrollosKeys.lista(params),
    queryFn: async ({ signal }) => (await http.get(url(`?${params}`), envelope(desarrolloPage), { signal })).datos,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The board's columns (`GET /api/desarrollos/tablero`). */
export function useTablero(params: string) {
  return useQuery({
    queryKey: desarrollosKeys.tablero(params),
    queryFn: async ({ signal }) => (await http.get(url(`/tablero?${params}`), envelope(tablero), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useDesarrollo(id: number) {
  return useQuery({
    queryKey: desarrollosKeys.detalle(id),
    queryFn: async ({ signal }) => (await http.get(url(`/${id}`), envelope(desarrollo), { signal })).datos,
  });
}

/** The dated state changes of one development. */
export function useCambios(id: number) {
  return useQuery({
    queryKey: desarrollosKeys.cambios(id),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/${id}/estados`), envelope(desarrolloCambios), { signal })).datos,
  });
}

/** Staff who may own a development and the versions per product. */
export function useOpciones() {
  return useQuery({
    queryKey: desarrollosKeys.opciones,
    queryFn: async ({ signal }) => (await http.get(url('/opciones'), envelope(desarrolloOpciones), { signal })).datos,
    staleTime: 60_000,
  });
}

/** The `export.csv` address of the list with its current filters. */
export const desarrollosCsvUrl = (exportParams: string) => url(`/export.csv${exportParams ? `?${exportParams}` : ''}`);

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
          ? await http.post(url(''), values, envelope(desarrollo))
          : await http.put(url(`/${id}`), values, envelope(desarrollo));
      return answer.datos;
    },
    onSuccess: () => invalidate(),
  });
}

export function useEliminarDesarrollo() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete(url(`/${id}`), okBody),
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
      (await http.post(url(`/${id}/estado`), { estado }, envelope(desarrollo))).datos,
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
