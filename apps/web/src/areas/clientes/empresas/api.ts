import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  empresaInput,
  servidorClienteInput,
  CopiarParametrosInput,
  ParametroInput,
  ParametroUpdate,
} from '@intranet/contract/areas/clientes';
import { clientesApi } from '@intranet/contract/areas/clientes/endpoints';
import { envelope } from '@intranet/contract/shared/envelope';
import { personaPage } from '@intranet/contract/areas/personas';
import { apiUrl } from '../../../core/config/config.ts';
import { call, endpointUrl } from '../../../core/http/endpoint.ts';
import { http } from '../../../core/http/http.ts';

export type EmpresaValues = z.output<typeof empresaInput>;
export type ServidorClienteValues = z.output<typeof servidorClienteInput>;

/** Query keys: everything of the clients under 'empresas', so one invalidation refreshes lists, details and tabs. */
export const empresasKeys = {
  all: ['empresas'] as const,
  lista: (params: string) => ['empresas', 'lista', params] as const,
  detalle: (id: number) => ['empresas', 'detalle', id] as const,
  servidores: (id: number) => ['empresas', 'servidores', id] as const,
  parametros: (id: number, servidorId: number | null) => ['empresas', 'parametros', id, servidorId] as const,
  contactos: (id: number) => ['empresas', 'contactos', id] as const,
  instalaciones: (params: string) => ['empresas', 'instalaciones', params] as const,
};

/** The clients' API path, for their import and bulk actions. */
export const empresasUrl = () => endpointUrl(clientesApi.crear);
/** The clients' servers' import path (`…/servidores/importaciones`). */
export const servidoresClienteImportUrl = () => `${empresasUrl()}/servidores`;

/** One page of the clients list (`GET /api/empresas`). */
export function useEmpresas(params: string) {
  return useQuery({
    queryKey: empresasKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(clientesApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useEmpresa(id: number) {
  return useQuery({
    queryKey: empresasKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(clientesApi.detalle, { params: { id }, signal })).datos,
  });
}

export const empresasCsvUrl = (exportParams: string) =>
  endpointUrl(clientesApi.csv, { query: new URLSearchParams(exportParams) });

/** The client's contacts: the Personas list filtered by empresa (`GET /api/personas?empresa_id=`). */
export function useContactos(empresaId: number) {
  return useQuery({
    queryKey: empresasKeys.contactos(empresaId),
    queryFn: async ({ signal }) =>
      (
        await http.get(
          apiUrl('api', `/api/personas?empresa_id=${empresaId}&size=200&sort=apellido`),
          envelope(personaPage),
          { signal },
        )
      ).datos,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return (deletedId?: number) =>
    Promise.all([
      client.invalidateQueries({
        queryKey: empresasKeys.all,
        predicate: (query) => deletedId === undefined || query.queryKey[2] !== deletedId,
      }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

export function useGuardarEmpresa(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: EmpresaValues) =>
      (id === undefined
        ? await call(clientesApi.crear, { body: values })
        : await call(clientesApi.modificar, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarEmpresa() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(clientesApi.eliminar, { params: { id } }),
    onSuccess: (_a, id) => invalidate(id),
  });
}

// ---- Servidores de cliente ----

export function useServidoresCliente(empresaId: number | null) {
  return useQuery({
    queryKey: empresasKeys.servidores(empresaId ?? 0),
    queryFn: async ({ signal }) =>
      (await call(clientesApi.servidores, { params: { id: empresaId ?? 0 }, signal })).datos,
    enabled: empresaId !== null,
  });
}

export function useGuardarServidorCliente(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: number | undefined; values: ServidorClienteValues }) =>
      (id === undefined
        ? await call(clientesApi.crearServidor, { params: { id: empresaId }, body: values })
        : await call(clientesApi.modificarServidor, { params: { id: empresaId, servidorId: id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarServidorCliente(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(clientesApi.eliminarServidor, { params: { id: empresaId, servidorId: id } }),
    onSuccess: () => invalidate(),
  });
}

// ---- Instalaciones ----

/** One page of the clients with their installations (`GET /api/empresas/instalaciones`). */
export function useInstalaciones(params: string) {
  return useQuery({
    queryKey: empresasKeys.instalaciones(params),
    queryFn: async ({ signal }) =>
      (await call(clientesApi.instalaciones, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

// ---- Parámetros ----

export function useParametros(empresaId: number | null, servidorId: number | null) {
  return useQuery({
    queryKey: empresasKeys.parametros(empresaId ?? 0, servidorId),
    queryFn: async ({ signal }) =>
      (
        await call(clientesApi.parametros, {
          params: { id: empresaId ?? 0 },
          query: { servidor_id: servidorId || undefined },
          signal,
        })
      ).datos,
    enabled: empresaId !== null,
  });
}

export function useCrearParametro(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: ParametroInput) =>
      (await call(clientesApi.crearParametro, { params: { id: empresaId }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useModificarParametro(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number; values: ParametroUpdate }) =>
      (await call(clientesApi.modificarParametro, { params: { id: empresaId, parametroId: id }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarParametro(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(clientesApi.eliminarParametro, { params: { id: empresaId, parametroId: id } }),
    onSuccess: () => invalidate(),
  });
}

/** Reveals one secret (the server writes an audit row each time). */
export function useRevelarSecreto(empresaId: number) {
  const client = useQueryClient();
  return useMutation({
    // An empty JSON body, as the screen has always sent it (the route declares none).
    mutationFn: async (id: number) =>
      (
        await http.post(
          endpointUrl(clientesApi.revelarSecreto, { params: { id: empresaId, parametroId: id } }),
          {},
          clientesApi.revelarSecreto.answer,
        )
      ).datos.valor,
    onSuccess: () => client.invalidateQueries({ queryKey: ['auditoria'] }),
  });
}

export function useCopiarParametros(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: CopiarParametrosInput) =>
      (await call(clientesApi.copiarParametros, { params: { id: empresaId }, body })).datos,
    onSuccess: () => invalidate(),
  });
}
