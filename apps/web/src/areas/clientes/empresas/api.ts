import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  clienteInput,
  servidorClienteInput,
  CopiarParametrosInput,
  ParametroInput,
  ParametroUpdate,
} from '@intranet/contract/areas/clientes';
import { clientesApi } from '@intranet/contract/areas/clientes/endpoints';
import { personasApi } from '@intranet/contract/areas/personas/endpoints';
import { call, endpointUrl } from '../../../core/http/endpoint.ts';
import { http } from '../../../core/http/http.ts';

export type ClienteValues = z.output<typeof clienteInput>;
export type ServidorClienteValues = z.output<typeof servidorClienteInput>;

/** Query keys: everything of the clients under 'empresas', so one invalidation refreshes lists, details and tabs. */
export const clientesKeys = {
  all: ['empresas'] as const,
  lista: (params: string) => ['empresas', 'lista', params] as const,
  detalle: (id: number) => ['empresas', 'detalle', id] as const,
  servidores: (id: number) => ['empresas', 'servidores', id] as const,
  parametros: (id: number, servidorId: number | null) => ['empresas', 'parametros', id, servidorId] as const,
  contactos: (id: number) => ['empresas', 'contactos', id] as const,
  instalaciones: (params: string) => ['empresas', 'instalaciones', params] as const,
};

/** The clients' API path, for their import and bulk actions. */
export const clientesUrl = () => endpointUrl(clientesApi.crear);
/** The clients' servers' import path (`…/servidores/importaciones`). */
export const servidoresClienteImportUrl = () => `${clientesUrl()}/servidores`;

/** One page of the clients list (`GET /api/empresas`). */
export function useClientes(params: string) {
  return useQuery({
    queryKey: clientesKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(clientesApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useCliente(id: number) {
  return useQuery({
    queryKey: clientesKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(clientesApi.detalle, { params: { id }, signal })).datos,
  });
}

export const clientesCsvUrl = (exportParams: string) =>
  endpointUrl(clientesApi.csv, { query: new URLSearchParams(exportParams) });

/** The client's contacts: the Personas list filtered by client (`GET /api/personas?empresa_id=`). */
export function useContactos(clienteId: number) {
  return useQuery({
    queryKey: clientesKeys.contactos(clienteId),
    queryFn: async ({ signal }) =>
      (await call(personasApi.lista, { query: { empresa_id: clienteId, size: 200, sort: 'apellido' }, signal })).datos,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return (deletedId?: number) =>
    Promise.all([
      client.invalidateQueries({
        queryKey: clientesKeys.all,
        predicate: (query) => deletedId === undefined || query.queryKey[2] !== deletedId,
      }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

export function useGuardarCliente(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: ClienteValues) =>
      (id === undefined
        ? await call(clientesApi.crear, { body: values })
        : await call(clientesApi.modificar, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarCliente() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(clientesApi.eliminar, { params: { id } }),
    onSuccess: (_a, id) => invalidate(id),
  });
}

// ---- Servidores de cliente ----

export function useServidoresCliente(clienteId: number | null) {
  return useQuery({
    queryKey: clientesKeys.servidores(clienteId ?? 0),
    queryFn: async ({ signal }) =>
      (await call(clientesApi.servidores, { params: { id: clienteId ?? 0 }, signal })).datos,
    enabled: clienteId !== null,
  });
}

export function useGuardarServidorCliente(clienteId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: number | undefined; values: ServidorClienteValues }) =>
      (id === undefined
        ? await call(clientesApi.crearServidor, { params: { id: clienteId }, body: values })
        : await call(clientesApi.modificarServidor, { params: { id: clienteId, servidorId: id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarServidorCliente(clienteId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(clientesApi.eliminarServidor, { params: { id: clienteId, servidorId: id } }),
    onSuccess: () => invalidate(),
  });
}

// ---- Instalaciones ----

/** One page of the clients with their installations (`GET /api/empresas/instalaciones`). */
export function useInstalaciones(params: string) {
  return useQuery({
    queryKey: clientesKeys.instalaciones(params),
    queryFn: async ({ signal }) =>
      (await call(clientesApi.instalaciones, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

// ---- Parámetros ----

export function useParametros(clienteId: number | null, servidorId: number | null) {
  return useQuery({
    queryKey: clientesKeys.parametros(clienteId ?? 0, servidorId),
    queryFn: async ({ signal }) =>
      (
        await call(clientesApi.parametros, {
          params: { id: clienteId ?? 0 },
          query: { servidor_id: servidorId || undefined },
          signal,
        })
      ).datos,
    enabled: clienteId !== null,
  });
}

export function useCrearParametro(clienteId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: ParametroInput) =>
      (await call(clientesApi.crearParametro, { params: { id: clienteId }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useModificarParametro(clienteId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number; values: ParametroUpdate }) =>
      (await call(clientesApi.modificarParametro, { params: { id: clienteId, parametroId: id }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarParametro(clienteId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(clientesApi.eliminarParametro, { params: { id: clienteId, parametroId: id } }),
    onSuccess: () => invalidate(),
  });
}

/** Reveals one secret (the server writes an audit row each time). */
export function useRevelarSecreto(clienteId: number) {
  const client = useQueryClient();
  return useMutation({
    // An empty JSON body, as the screen has always sent it (the route declares none).
    mutationFn: async (id: number) =>
      (
        await http.post(
          endpointUrl(clientesApi.revelarSecreto, { params: { id: clienteId, parametroId: id } }),
          {},
          clientesApi.revelarSecreto.answer,
        )
      ).datos.valor,
    onSuccess: () => client.invalidateQueries({ queryKey: ['auditoria'] }),
  });
}

export function useCopiarParametros(clienteId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: CopiarParametrosInput) =>
      (await call(clientesApi.copiarParametros, { params: { id: clienteId }, body })).datos,
    onSuccess: () => invalidate(),
  });
}
