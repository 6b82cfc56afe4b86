import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  insightsRendimientoApi as api,
  type ReglaLentitudInput,
  type RendimientoQuery,
} from '@intranet/contract/areas/insights/rendimiento';
import { call } from '../../../core/http/endpoint.ts';

const claves = {
  rendimiento: (id: number, q: RendimientoQuery) => ['insights', 'rendimiento', id, q] as const,
  transacciones: (id: number, q: RendimientoQuery & { nombre: string }) =>
    ['insights', 'rendimiento', id, 'transacciones', q] as const,
  transaccion: (id: number, eventId: string) => ['insights', 'rendimiento', id, 'transaccion', eventId] as const,
  traza: (traza: string) => ['insights', 'traza', traza] as const,
  reglas: (id: number) => ['insights', 'rendimiento', id, 'reglas'] as const,
};

/** The Rendimiento tab: per transaction name over the range, and per day. */
export function useRendimiento(proyectoId: number, query: RendimientoQuery) {
  return useQuery({
    queryKey: claves.rendimiento(proyectoId, query),
    queryFn: async ({ signal }) => (await call(api.rendimiento, { params: { id: proyectoId }, query, signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** A name's latest transactions. */
export function useTransacciones(proyectoId: number, query: RendimientoQuery & { nombre: string }) {
  return useQuery({
    queryKey: claves.transacciones(proyectoId, query),
    queryFn: async ({ signal }) => (await call(api.transacciones, { params: { id: proyectoId }, query, signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useTransaccion(proyectoId: number, eventId: string) {
  return useQuery({
    queryKey: claves.transaccion(proyectoId, eventId),
    queryFn: async ({ signal }) =>
      (await call(api.transaccion, { params: { id: proyectoId, transaccion: eventId }, signal })).datos,
  });
}

export function useTraza(traza: string) {
  return useQuery({
    queryKey: claves.traza(traza),
    queryFn: async ({ signal }) => (await call(api.traza, { params: { traza }, signal })).datos,
  });
}

export function useReglasLentitud(proyectoId: number) {
  return useQuery({
    queryKey: claves.reglas(proyectoId),
    queryFn: async ({ signal }) => (await call(api.reglasLentitud, { params: { id: proyectoId }, signal })).datos,
  });
}

export function useGuardarReglaLentitud(proyectoId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReglaLentitudInput) =>
      (await call(api.crearReglaLentitud, { params: { id: proyectoId }, body })).datos,
    onSuccess: () => qc.invalidateQueries({ queryKey: claves.reglas(proyectoId) }),
  });
}

export function useEliminarReglaLentitud(proyectoId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (regla: number) => {
      await call(api.eliminarReglaLentitud, { params: { id: proyectoId, regla } });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: claves.reglas(proyectoId) }),
  });
}
