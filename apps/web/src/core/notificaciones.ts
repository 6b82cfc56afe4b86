import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { alertasApi } from '@intranet/contract/areas/alertas/endpoints';
import { call, endpointUrl } from './http/endpoint.ts';
import { useSesion } from './session/session.ts';

/** The bell asks again this often (and whenever the tab comes back into view). */
const CADA_MS = 60_000;

export const notificacionesKeys = {
  all: ['notificaciones'] as const,
  lista: (limite: number) => ['notificaciones', 'lista', limite] as const,
  detalle: (id: number) => ['notificaciones', 'detalle', id] as const,
};

/** The notifications' path for their bulk bar (`…/lote`: mark read or unread, delete; one's own only). */
export const notificacionesLoteUrl = () => endpointUrl(alertasApi.notificaciones);

/** The signed-in person's latest notifications and unread count (the bell, Alertas → Notificaciones). */
export function useNotificaciones(limite = 20) {
  const sesion = useSesion();
  return useQuery({
    queryKey: notificacionesKeys.lista(limite),
    queryFn: async ({ signal }) => (await call(alertasApi.notificaciones, { query: { limite }, signal })).datos,
    // A session waiting for its second factor reaches only the enrolment step.
    enabled: sesion !== null && !sesion.usuario.segundo_factor_pendiente,
    refetchInterval: CADA_MS,
  });
}

/** One notification with its items; opening it marks it read on the server. */
export function useNotificacion(id: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: notificacionesKeys.detalle(id),
    queryFn: async ({ signal }) => {
      const datos = (await call(alertasApi.notificacion, { params: { id }, signal })).datos;
      void client.invalidateQueries({ queryKey: ['notificaciones', 'lista'] });
      return datos;
    },
  });
}

export function useMarcarLeida() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(alertasApi.marcarLeida, { params: { id } })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: notificacionesKeys.all }),
  });
}

export function useLeerTodas() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(alertasApi.marcarTodasLeidas)).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: notificacionesKeys.all }),
  });
}
