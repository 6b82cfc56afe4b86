import { notifications } from '@mantine/notifications';
import type { Verificacion } from '@intranet/contract/areas/sitios';
import { useVerificarSitio, useVerificarSitios } from './api.ts';
import { RESULTADO_COLOR } from './Chips.tsx';
import { sitiosMessages as t } from './messages.ts';

const TITULO: Record<Verificacion['resultado'], string> = {
  ok: t.verificado,
  advertencia: t.verificadoAdvertencia,
  error: t.noAlcanzable,
};

/** "Verificar" one site, telling the outcome (the server's Spanish message) in a notification. */
export function useVerificar() {
  const verificar = useVerificarSitio();
  const run = (id: number) =>
    verificar.mutate(id, {
      onSuccess: ({ verificacion }) =>
        notifications.show({
          color: RESULTADO_COLOR[verificacion.resultado],
          title: TITULO[verificacion.resultado],
          message: verificacion.mensaje,
          autoClose: 10_000,
        }),
      onError: (error) => notifications.show({ color: 'red', title: t.errorVerificar, message: error.message }),
    });
  return { run, pending: verificar.isPending, variables: verificar.variables };
}

/** "Verificar seleccionados": one notification with the tally. */
export function useVerificarVarios() {
  const verificar = useVerificarSitios();
  const run = (ids: number[]) =>
    verificar.mutate(ids, {
      onSuccess: (hechos) => {
        const n = (r: Verificacion['resultado']) => hechos.filter((h) => h.resultado === r).length;
        const color = n('error') > 0 ? 'red' : n('advertencia') > 0 ? 'orange' : 'green';
        notifications.show({
          color,
          title: t.verificadosTitulo(hechos.length),
          message: t.verificadosTexto(n('ok'), n('advertencia'), n('error')),
          autoClose: 10_000,
        });
      },
      onError: (error) => notifications.show({ color: 'red', title: t.errorVerificar, message: error.message }),
    });
  return { run, pending: verificar.isPending };
}
