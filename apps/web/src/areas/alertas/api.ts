import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  entrega,
  misAlertas,
  rolAlertas,
  tareaEncolada,
  tareasRespuesta,
  webhook,
  type MisAlertasInput,
  type RolAlertasInput,
  type WebhookInput,
} from '@intranet/contract/areas/alertas';
import { proyecto } from '@intranet/contract/areas/insights';
import { z } from 'zod';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

export const alertasKeys = {
  tareas: ['alertas', 'tareas'] as const,
  misAlertas: ['alertas', 'preferencias'] as const,
  webhooks: ['alertas', 'webhooks'] as const,
  roles: ['alertas', 'roles'] as const,
  entregas: (id: number) => ['alertas', 'webhooks', id, 'entregas'] as const,
};

const url = (path: string) => apiUrl('api', `/api/alertas${path}`);

/** Alertas → Tareas; asked again every 2 s while a run waits or runs, so the screen follows it. */
export function useTareas() {
  return useQuery({
    queryKey: alertasKeys.tareas,
    queryFn: async ({ signal }) => (await http.get(url('/tareas'), envelope(tareasRespuesta), { signal })).datos,
    refetchInterval: (query) =>
      query.state.data?.tareas.some((t) => t.pendientes > 0 || t.ejecuciones[0]?.estado === 'en_curso')
        ? 2_000
        : 30_000,
  });
}

export function useEjecutarTarea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (nombre: string) =>
      (await http.post(url(`/tareas/${encodeURIComponent(nombre)}/ejecutar`), undefined, envelope(tareaEncolada)))
        .datos,
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
    mutationFn: async (values: MisAlertasInput) =>
      (await http.put(url('/preferencias'), values, envelope(misAlertas))).datos,
    onSuccess: (datos) => client.setQueryData(alertasKeys.misAlertas, datos),
  });
}

/** The monitor's projects, to follow some in "Mis alertas" (their list is short: no search). */
export function useProyectosMonitor(enabled: boolean) {
  return useQuery({
    queryKey: ['insights', 'proyectos'],
    queryFn: async ({ signal }) =>
      (await http.get(apiUrl('api', '/api/insights/proyectos'), envelope(z.array(proyecto)), { signal })).datos,
    enabled,
  });
}

/** Alertas → Por rol: each role's default channels. */
export function useAlertasPorRol() {
  return useQuery({
    queryKey: alertasKeys.roles,
    queryFn: async ({ signal }) => (await http.get(url('/roles'), envelope(z.array(rolAlertas)), { signal })).datos,
  });
}

export function useGuardarAlertasDeRol(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: RolAlertasInput) =>
      (await http.put(url(`/roles/${id}`), values, envelope(rolAlertas))).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.roles }),
  });
}

/** Alertas → Webhooks. */
export function useWebhooks() {
  return useQuery({
    queryKey: alertasKeys.webhooks,
    queryFn: async ({ signal }) => (await http.get(url('/webhooks'), envelope(z.array(webhook)), { signal })).datos,
  });
}

export function useGuardarWebhook(id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: WebhookInput) =>
      (id === undefined
        ? await http.post(url('/webhooks'), values, envelope(webhook))
        : await http.put(url(`/webhooks/${id}`), values, envelope(webhook))
      ).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.webhooks }),
  });
}

/** The webhooks' path for their bulk bar (`…/lote`: delete only). */
export const webhooksLoteUrl = () => url('/webhooks');

export function useEliminarWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.delete(url(`/webhooks/${id}`), okBody)).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.webhooks }),
  });
}

export function useEntregas(id: number) {
  return useQuery({
    queryKey: alertasKeys.entregas(id),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/webhooks/${id}/entregas`), envelope(z.array(entrega)), { signal })).datos,
  });
}

/** "Probar": sent at once; answers how it went. */
export function useProbarWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.post(url(`/webhooks/${id}/probar`), undefined, envelope(entrega))).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.webhooks }),
  });
}

export function useReenviarEntrega(webhookId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (entregaId: number) =>
      (await http.post(url(`/webhooks/${webhookId}/entregas/${entregaId}/reenviar`), undefined, envelope(entrega)))
        .datos,
    onSuccess: () => client.invalidateQueries({ queryKey: alertasKeys.webhooks }),
  });
}
