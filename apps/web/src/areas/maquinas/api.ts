import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import {
  type asignarInput,
  type devolverInput,
  maquina,
  maquinaDetalle,
  type maquinaInput,
  maquinaPage,
  ubicaciones,
} from '@intranet/contract/areas/maquinas';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

export type MaquinaValues = z.output<typeof maquinaInput>;
export type AsignarValues = z.output<typeof asignarInput>;
export type DevolverValues = z.output<typeof devolverInput>;

export const maquinasKeys = {
  all: ['maquinas'] as const,
  lista: (params: string) => ['maquinas', 'lista', params] as const,
  detalle: (id: number) => ['maquinas', 'detalle', id] as const,
  ubicaciones: ['maquinas', 'ubicaciones'] as const,
};

const url = (path: string) => apiUrl('api', `/api/maquinas${path}`);
/** The list's API path, for its bulk actions. */
export const maquinasUrl = () => url('');

export function useMaquinas(params: string) {
  return useQuery({
    queryKey: maquinasKeys.lista(params),
    queryFn: async ({ signal }) => (await http.get(url(`?${params}`), envelope(maquinaPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useMaquina(id: number) {
  return useQuery({
    queryKey: maquinasKeys.detalle(id),
    queryFn: async ({ signal }) => (await http.get(url(`/${id}`), envelope(maquinaDetalle), { signal })).datos,
  });
}

export function useUbicaciones() {
  return useQuery({
    queryKey: maquinasKeys.ubicaciones,
    queryFn: async ({ signal }) => (await http.get(url('/ubicaciones'), envelope(ubicaciones), { signal })).datos,
    staleTime: 60_000,
  });
}

export const maquinasCsvUrl = (exportParams: string) => url(`/export.csv${exportParams ? `?${exportParams}` : ''}`);

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
        ? await http.post(url(''), values, envelope(maquina))
        : await http.put(url(`/${id}`), values, envelope(maquina))
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarMaquina() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete(url(`/${id}`), okBody),
    onSuccess: (_a, id) => invalidate(id),
  });
}

export function useAsignarMaquina(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: AsignarValues) =>
      (await http.post(url(`/${id}/asignar`), values, envelope(maquinaDetalle))).datos,
    onSuccess: () => invalidate(),
  });
}

export function useDevolverMaquina(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: DevolverValues) =>
      (await http.post(url(`/${id}/devolver`), values, envelope(maquinaDetalle))).datos,
    onSuccess: () => invalidate(),
  });
}
