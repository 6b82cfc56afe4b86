import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MonitorDatos, monitoresApi } from '@intranet/contract/areas/insights/monitores';
import { call } from '../../../core/http/endpoint.ts';

// The cron monitors' queries, under the area's 'insights' key so that its invalidations reach them.

const claves = {
  proyecto: (id: number) => ['insights', 'monitores', 'proyecto', id] as const,
  monitor: (id: number) => ['insights', 'monitores', id] as const,
};

/** The detection job runs each minute: an open page follows it. */
const REFRESCO_MS = 30_000;

export function useMonitoresProyecto(proyectoId: number) {
  return useQuery({
    queryKey: claves.proyecto(proyectoId),
    queryFn: async ({ signal }) =>
      (await call(monitoresApi.monitoresProyecto, { params: { id: proyectoId }, signal })).datos,
    refetchInterval: REFRESCO_MS,
  });
}

export function useMonitor(id: number) {
  return useQuery({
    queryKey: claves.monitor(id),
    queryFn: async ({ signal }) => (await call(monitoresApi.monitor, { params: { id }, signal })).datos,
    refetchInterval: REFRESCO_MS,
  });
}

function useInvalidar() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['insights', 'monitores'] });
}

/** Creates one in the project (`monitorId` undefined) or changes it. */
export function useGuardarMonitor(proyectoId: number, monitorId: number | undefined) {
  const invalidar = useInvalidar();
  return useMutation({
    mutationFn: async (values: MonitorDatos) =>
      (monitorId === undefined
        ? await call(monitoresApi.crearMonitor, { params: { id: proyectoId }, body: values })
        : await call(monitoresApi.modificarMonitor, { params: { id: monitorId }, body: values })
      ).datos,
    onSuccess: () => invalidar(),
  });
}

export function useEliminarMonitor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(monitoresApi.eliminarMonitor, { params: { id } }),
    onSuccess: (_answer, id) =>
      client.invalidateQueries({
        queryKey: ['insights', 'monitores'],
        predicate: (query) => query.queryKey[2] !== id,
      }),
  });
}
