import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { direccionInput, dnsInput } from '@intranet/contract/areas/servidores/dns';
import { dnsApi } from '@intranet/contract/areas/servidores/dns-endpoints';
import { servidoresApi } from '@intranet/contract/areas/servidores/endpoints';
import { call, endpointUrl } from '../../../core/http/endpoint.ts';

export type DnsValues = z.output<typeof dnsInput>;
export type DireccionValues = z.output<typeof direccionInput>;

export const dnsKeys = {
  all: ['dns'] as const,
  lista: (params: string) => ['dns', 'lista', params] as const,
  detalle: (id: number) => ['dns', 'detalle', id] as const,
  servidores: ['dns', 'servidores'] as const,
};

/** The DNS list's API path, for its import and bulk actions. */
export const dnsUrl = () => endpointUrl(dnsApi.lista);

/** One page of the derived DNS entries across servers (`GET /api/dns`). */
export function useDnsLista(params: string) {
  return useQuery({
    queryKey: dnsKeys.lista(params),
    queryFn: async ({ signal }) => (await call(dnsApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/**
 * The servers for the DNS list's filter (the spec's `GET /api/servidores`). Quiet: a DNS-only user lacks
 * SER#VER, and the filter then just offers nothing instead of sending them to /forbidden.
 */
export function useServidoresOpciones() {
  return useQuery({
    queryKey: dnsKeys.servidores,
    queryFn: async ({ signal }) => (await call(servidoresApi.todos, { signal, options: { quiet: true } })).datos,
    staleTime: 60_000,
  });
}

/** One entry with its addresses (`GET /api/dns/:id`). */
export function useDnsEntry(id: number) {
  return useQuery({
    queryKey: dnsKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(dnsApi.detalle, { params: { id }, signal })).datos,
  });
}

export const dnsCsvUrl = (exportParams: string) =>
  endpointUrl(dnsApi.csv, { query: new URLSearchParams(exportParams) });

/** Every DNS change shows in the DNS list, the server's detail and the history. */
function useInvalidate() {
  const client = useQueryClient();
  return (deletedId?: number) =>
    Promise.all([
      // A deleted entry's open page is not refetched: it would only answer 404 while the screen leaves.
      client.invalidateQueries({
        queryKey: dnsKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detalle' || query.queryKey[2] !== deletedId,
      }),
      client.invalidateQueries({ queryKey: ['servidores'] }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

/** Creates (no id) or updates a DNS entry. */
export function useGuardarDns() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: number; values: DnsValues }) =>
      (id === undefined
        ? await call(dnsApi.crear, { body: values })
        : await call(dnsApi.modificar, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

/** Deletes a DNS entry with its addresses. */
export function useEliminarDns() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(dnsApi.eliminar, { params: { id } }),
    onSuccess: (_answer, id) => invalidate(id),
  });
}

/** Asks the server's resolver what the entry's host resolves to now. */
export function useResolverDns() {
  return useMutation({
    mutationFn: async (id: number) => (await call(dnsApi.resolver, { params: { id } })).datos,
  });
}

/** Creates (no id) or updates an address. */
export function useGuardarDireccion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: number; values: DireccionValues }) =>
      (id === undefined
        ? await call(dnsApi.crearDireccion, { body: values })
        : await call(dnsApi.modificarDireccion, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarDireccion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(dnsApi.eliminarDireccion, { params: { id } }),
    onSuccess: () => invalidate(),
  });
}

/** Whether a TCP connection to the address's host and port succeeds now. */
export function useVerificarDireccion() {
  return useMutation({
    mutationFn: async (id: number) => (await call(dnsApi.verificarDireccion, { params: { id } })).datos,
  });
}
