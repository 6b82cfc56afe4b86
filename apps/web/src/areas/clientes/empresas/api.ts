import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  copiarParametrosResult,
  empresa,
  type empresaInput,
  empresaPage,
  instalacionesPage,
  parametro,
  secretoRevelado,
  servidorCliente,
  type servidorClienteInput,
  servidoresClienteResponse,
  type CopiarParametrosInput,
  type ParametroInput,
  type ParametroUpdate,
} from '@intranet/contract/areas/clientes';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { personaPage } from '@intranet/contract/areas/personas';
import { apiUrl } from '../../../core/config/config.ts';
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

const url = (path: string) => apiUrl('api', `/api/empresas${path}`);
/** The clients' API path, for their imports. */
export const empresasUrl = url;

/** One page of the clients list (`GET /api/empresas`). */
export function useEmpresas(params: string) {
  return useQuery({
    queryKey: empresasKeys.lista(params),
    queryFn: async ({ signal }) => (await http.get(url(`?${params}`), envelope(empresaPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useEmpresa(id: number) {
  return useQuery({
    queryKey: empresasKeys.detalle(id),
    queryFn: async ({ signal }) => (await http.get(url(`/${id}`), envelope(empresa), { signal })).datos,
  });
}

export const empresasCsvUrl = (exportParams: string) => url(`/export.csv${exportParams ? `?${exportParams}` : ''}`);

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
        ? await http.post(url(''), values, envelope(empresa))
        : await http.put(url(`/${id}`), values, envelope(empresa))
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarEmpresa() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete(url(`/${id}`), okBody),
    onSuccess: (_a, id) => invalidate(id),
  });
}

// ---- Servidores de cliente ----

export function useServidoresCliente(empresaId: number | null) {
  return useQuery({
    queryKey: empresasKeys.servidores(empresaId ?? 0),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/${empresaId}/servidores`), servidoresClienteResponse, { signal })).datos,
    enabled: empresaId !== null,
  });
}

export function useGuardarServidorCliente(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: number | undefined; values: ServidorClienteValues }) =>
      (id === undefined
        ? await http.post(url(`/${empresaId}/servidores`), values, envelope(servidorCliente))
        : await http.put(url(`/${empresaId}/servidores/${id}`), values, envelope(servidorCliente))
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarServidorCliente(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete(url(`/${empresaId}/servidores/${id}`), okBody),
    onSuccess: () => invalidate(),
  });
}

// ---- Instalaciones ----

/** One page of the clients with their installations (`GET /api/empresas/instalaciones`). */
export function useInstalaciones(params: string) {
  return useQuery({
    queryKey: empresasKeys.instalaciones(params),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/instalaciones?${params}`), envelope(instalacionesPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

// ---- Parámetros ----

export function useParametros(empresaId: number | null, servidorId: number | null) {
  return useQuery({
    queryKey: empresasKeys.parametros(empresaId ?? 0, servidorId),
    queryFn: async ({ signal }) =>
      (
        await http.get(
          url(`/${empresaId}/parametros${servidorId ? `?servidor_id=${servidorId}` : ''}`),
          envelope(z.array(parametro)),
          { signal },
        )
      ).datos,
    enabled: empresaId !== null,
  });
}

export function useCrearParametro(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: ParametroInput) =>
      (await http.post(url(`/${empresaId}/parametros`), values, envelope(parametro))).datos,
    onSuccess: () => invalidate(),
  });
}

export function useModificarParametro(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, values }: { id: number; values: ParametroUpdate }) =>
      (await http.put(url(`/${empresaId}/parametros/${id}`), values, envelope(parametro))).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarParametro(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete(url(`/${empresaId}/parametros/${id}`), okBody),
    onSuccess: () => invalidate(),
  });
}

/** Reveals one secret (the server writes an audit row each time). */
export function useRevelarSecreto(empresaId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.post(url(`/${empresaId}/parametros/${id}/revelar`), {}, envelope(secretoRevelado))).datos.valor,
    onSuccess: () => client.invalidateQueries({ queryKey: ['auditoria'] }),
  });
}

export function useCopiarParametros(empresaId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: CopiarParametrosInput) =>
      (await http.post(url(`/${empresaId}/parametros/copiar`), body, envelope(copiarParametrosResult))).datos,
    onSuccess: () => invalidate(),
  });
}
