import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { asignarInput, devolverInput, maquinaInput } from '@intranet/contract/areas/maquinas';
import { maquinasApi } from '@intranet/contract/areas/maquinas/endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';

export type MaquinaValues = z.output<typeof maquinaInput>;
export type AsignarValues = z.output<typeof asignarInput>;
export type DevolverValues = z.output<typeof devolverInput>;

export const maquinasKeys = {
  all: ['maquinas'] as const,
  lista: (params: string) => ['maquinas', 'lista', params] as const,
  detalle: (id: number) => ['maquinas', 'detalle', id] as const,
  ubicaciones: ['maquinas', 'ubicaciones'] as const,
};

/** The list's API path, for its bulk actions. */
export const maquinasUrl = () => endpointUrl(maquinasApi.lista);

export function useMaquinas(params: string) {
  return useQuery({
    queryKey: maquinasKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(maquinasApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useMaquina(id: number) {
  return useQuery({
    queryKey: maquinasKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(maquinasApi.detalle, { params: { id }, signal })).datos,
  });
}

export function useUbicaciones() {
  return useQuery({
    queryKey: maquinasKeys.ubicaciones,
    queryFn: async ({ signal }) => (await call(maquinasApi.ubicaciones, { signal })).datos,
    staleTime: 60_000,
  });
}

export const maquinasCsvUrl = (exportParams: string) =>
  endpointUrl(maquinasApi.csv, { query: new URLSearchParams(exportParams) });

/** A machine change shows in its lists, its detail, the people holding machines and the history. */
function useInvalidate() {
  const client = useQueryClient();
  return (deletedId?: number) =>
    Promise.all([
      client.invalidateQueries({
        queryKey: maquinasKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detalle' || q.queryKey[2] !== deletedId,
      }),
      client.invalidateQueries({ queryKey: ['personas'] }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

export function useGuardarMaquina(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: MaquinaValues) =>
      (id === undefined
        ? await call(maquinasApi.crear, { body: values })
        : await call(maquinasApi.modificar, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarMaquina() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(maquinasApi.eliminar, { params: { id } }),
    onSuccess: (_a, id) => invalidate(id),
  });
}

export function useAsignarMaquina(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: AsignarValues) =>
      (await call(maquinasApi.asignar, { params: { id }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useDevolverMaquina(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: DevolverValues) =>
      (await call(maquinasApi.devolver, { params: { id }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}
