import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { servidorInput } from '@intranet/contract/areas/servidores';
import { servidoresApi } from '@intranet/contract/areas/servidores/endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';

/** What a valid servidor form submits (the contract's parsed `servidorInput`). */
export type ServidorValues = z.output<typeof servidorInput>;

/** Query keys: everything of the area under 'servidores', so one invalidation refreshes lists and details. */
export const servidoresKeys = {
  all: ['servidores'] as const,
  lista: (params: string) => ['servidores', 'lista', params] as const,
  detalle: (id: number) => ['servidores', 'detalle', id] as const,
};

/** The servers' API path, for their import. */
export const servidoresUrl = () => endpointUrl(servidoresApi.todos);

/** One page of the servers list (`GET /api/servidores/lista`). */
export function useServidores(params: string) {
  return useQuery({
    queryKey: servidoresKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(servidoresApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** One server with its DNS entries and their addresses (`GET /api/servidores/:id`). */
export function useServidor(id: number) {
  return useQuery({
    queryKey: servidoresKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(servidoresApi.detalle, { params: { id }, signal })).datos,
  });
}

/** The providers in use, for the list's filter (the server matches the provider exactly). */
export function useProveedores() {
  return useQuery({
    queryKey: ['servidores', 'proveedores'],
    queryFn: async ({ signal }) => {
      const todos = (await call(servidoresApi.todos, { signal })).datos;
      return [...new Set(todos.map((s) => s.proveedor).filter((p): p is string => Boolean(p)))].sort((a, b) =>
        a.localeCompare(b, 'es'),
      );
    },
    staleTime: 60_000,
  });
}

/** The `export.csv` address of the list with its current filters. */
export const servidoresCsvUrl = (exportParams: string) =>
  endpointUrl(servidoresApi.csv, { query: new URLSearchParams(exportParams) });

/** A server change shows in the lists, its detail, the DNS list and the history. */
function useInvalidate() {
  const client = useQueryClient();
  return (deletedId?: number) => {
    // A deleted server's open detail is not refetched: it would only answer 404 while the screen leaves.
    return Promise.all([
      client.invalidateQueries({
        queryKey: servidoresKeys.all,
        predicate: (query) => query.queryKey[2] !== deletedId || query.queryKey[1] !== 'detalle',
      }),
      client.invalidateQueries({ queryKey: ['dns'] }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
  };
}

/** Creates (no id) or updates a server. */
export function useGuardarServidor(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: ServidorValues) => {
      const answer =
        id === undefined
          ? await call(servidoresApi.crear, { body: values })
          : await call(servidoresApi.modificar, { params: { id }, body: values });
      return answer.datos;
    },
    onSuccess: () => invalidate(),
  });
}

/** Deletes a server; `cascada` removes its DNS entries and addresses with it (else a 409 when it has any). */
export function useEliminarServidor() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, cascada }: { id: number; cascada: boolean }) =>
      call(servidoresApi.eliminar, { params: { id }, query: cascada ? { cascada: 'true' } : {} }),
    onSuccess: (_answer, { id }) => invalidate(id),
  });
}

/** Deletes several servers at once (`POST /api/servidores/eliminar`). */
export function useEliminarServidores() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: { ids: number[]; cascada: boolean }) =>
      (await call(servidoresApi.eliminarVarios, { body })).datos.eliminados,
    onSuccess: () => invalidate(),
  });
}
