import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MisAlertasInput, RolAlertasInput, WebhookInput } from '@intranet/contract/areas/alertas';
import { alertasApi } from '@intranet/contract/areas/alertas/endpoints';
import { insightsApi } from '@intranet/contract/areas/insights/endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';

export const alertasKeys = {
  tareas: ['alertas', 'tareas'] as const,
  misAlertas: ['alertas', 'preferencias'] as const,
  webhooks: ['alertas', 'webhooks'] as const,
  roles: ['alertas', 'roles'] as const,
  entregas: (id: number) => ['alertas', 'webhooks', id, 'entregas'] as const,
};

/** Alertas → Tareas; asked again every 2 s while a run waits or runs, so the screen follows it. */
export function useTareas() {
  return useQuery({
    queryKey: alertasKeys.tareas,
    queryFn: async ({ signal }) => (await call(alertasApi.tareas, { signal })).datos,
    refetchInterval: (query) =>
      query.state.data?.tareas.some((t) => t.pendientes > 0 || t.ejecuciones[0]?.estado === 'en_curso')
        ? 2_000
        : 30_000,
  });
}

export function useEjecutarTarea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (nombre: string) => (await call(alertasApi.ejecutarTarea, { params: { nombre } })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.tareas }),
  });
}

/** "Mis alertas". */
export function useMisAlertas() {
  return useQuery({
    queryKey: alertasKeys.misAlertas,
    queryFn: async ({ signal }) => (await call(alertasApi.preferencias, { signal })).datos,
  });
}

export function useGuardarMisAlertas() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: MisAlertasInput) => (await call(alertasApi.guardarPreferencias, { body: values })).datos,
    onSuccess: (datos) => client.setQueryData(alertasKeys.misAlertas, datos),
  });
}

/** The monitor's projects, to follow some in "Mis alertas" (their list is short: no search). */
export function useProyectosMonitor(enabled: boolean) {
  return useQuery({
    queryKey: ['insights', 'proyectos'],
    queryFn: async ({ signal }) => (await call(insightsApi.proyectos, { signal })).datos,
    enabled,
  });
}

/** Alertas → Por rol: each role's default channels. */
export function useAlertasPorRol() {
  return useQuery({
    queryKey: alertasKeys.roles,
    queryFn: async ({ signal }) => (await call(alertasApi.roles, { signal })).datos,
  });
}

export function useGuardarAlertasDeRol(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: RolAlertasInput) =>
      (await call(alertasApi.guardarRol, { params: { id }, body: values })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.roles }),
  });
}

/** Alertas → Webhooks. */
export function useWebhooks() {
  return useQuery({
    queryKey: alertasKeys.webhooks,
    queryFn: async ({ signal }) => (await call(alertasApi.webhooks, { signal })).datos,
  });
}

export function useGuardarWebhook(id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: WebhookInput) =>
      (id === undefined
        ? await call(alertasApi.crearWebhook, { body: values })
        : await call(alertasApi.modificarWebhook, { params: { id }, body: values })
      ).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.webhooks }),
  });
}

/** The webhooks' path for their bulk bar (`…/lote`: delete only). */
export const webhooksLoteUrl = () => endpointUrl(alertasApi.webhooks);

export function useEliminarWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(alertasApi.eliminarWebhook, { params: { id } })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.webhooks }),
  });
}

export function useEntregas(id: number) {
  return useQuery({
    queryKey: alertasKeys.entregas(id),
    queryFn: async ({ signal }) => (await call(alertasApi.entregas, { params: { id }, signal })).datos,
  });
}

/** "Probar": sent at once; answers how it went. */
export function useProbarWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(alertasApi.probarWebhook, { params: { id } })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.webhooks }),
  });
}

export function useReenviarEntrega(webhookId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (entregaId: number) =>
      (await call(alertasApi.reenviarEntrega, { params: { id: webhookId, entrega: entregaId } })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.webhooks }),
  });
}
