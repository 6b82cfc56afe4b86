import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { misAlertas, tareaEncolada, tareasRespuesta, type MisAlertasInput } from '@intranet/contract/alertas';
import { envelope } from '@intranet/contract/envelope';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

export const alertasKeys = {
  tareas: ['alertas', 'tareas'] as const,
  misAlertas: ['alertas', 'preferencias'] as const,
};

const url = (path: string) => apiUrl('api', `/api/alertas${path}`);

/** Alertas → Tareas; asked again every 2 s while a run waits or runs, so the screen follows it. */
export function useTareas() {
  return useQuery({
    queryKey: alertasKeys.tareas,
    queryFn: async ({ signal }) => (await http.get(url('/tareas'), envelope(tareasRespuesta), { signal })).datos,
    refetchInterval: (query) =>
      query.state.data?.tareas.some((t) => t.pendientes > 0 || t.ejecuciones[0]?.estado === 'en_curso') ? 2_000 : 30_000,
  });
}

export function useEjecutarTarea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (nombre: string) => (await http.post(url(`/tareas/${encodeURIComponent(nombre)}/ejecutar`), undefined, envelope(tareaEncolada))).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.tareas }),
  });
}

/** "Mis alertas". */
export function useMisAlertas() {
  return useQuery({
    queryKey: alertasKeys.misAlertas,
    queryFn: async ({ signal }) => (await http.get(url('/preferencias'), envelope(misAlertas), { signal })).datos,
  });
}

export function useGuardarMisAlertas() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: MisAlertasInput) => (await http.put(url('/preferencias'), values, envelope(misAlertas))).datos,
    onSuccess: (datos) => client.setQueryData(alertasKeys.misAlertas, datos),
  });
}
