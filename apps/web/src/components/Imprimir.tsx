import { IconPrinter } from '@tabler/icons-react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PARAMETRO_IMPRIMIR as PARAMETRO } from '../core/list/useListState.ts';
import { BotonBarra } from './BotonBarra.tsx';
import { imprimirMessages as t } from './messages.ts';

/** True while the screen is laid out for printing: all its tabs' contents one after the other. */
export function useImprimiendo(): boolean {
  const [params] = useSearchParams();
  return params.get(PARAMETRO) === '1';
}

/**
 * The browser's print of this screen. With `todo`, the screen first lays itself out for paper (`?imprimir=1`: a
 * record's file shows every tab's content, a list every row its filter matches), waits until all of it has loaded,
 * then prints, and goes back to its tabs or its page once the dialog closes.
 */
export function ImprimirButton({ todo = false }: { todo?: boolean }) {
  const [params, setParams] = useSearchParams();
  const imprimiendo = params.get(PARAMETRO) === '1';
  const queryClient = useQueryClient();
  const cargando = useIsFetching() > 0;
  const [pedido, setPedido] = useState(false);

  useEffect(() => {
    if (!pedido || !imprimiendo || cargando) return;
    // The screen prints after two quiet frames in a row: the loaded tabs and rows lay out before the print dialog
    // takes its snapshot. `useIsFetching` hears of a fetch only after React Query's batched notice, and the
    // screen's queries for `?imprimir=1` start in effects that run after this one, so each frame asks the cache
    // itself; a fetch under way starts the count again, and the data it brings renders before the second frame.
    let frame = 0;
    let quietos = 0;
    const intentar = () => {
      quietos = queryClient.isFetching() > 0 ? 0 : quietos + 1;
      if (quietos < 2) {
        frame = requestAnimationFrame(intentar);
        return;
      }
      setPedido(false);
      window.print();
    };
    frame = requestAnimationFrame(intentar);
    return () => cancelAnimationFrame(frame);
  }, [pedido, imprimiendo, cargando, queryClient]);

  useEffect(() => {
    if (!todo) return;
    const volver = () =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(PARAMETRO);
          return next;
        },
        { replace: true },
      );
    window.addEventListener('afterprint', volver);
    return () => window.removeEventListener('afterprint', volver);
  }, [todo, setParams]);

  const imprimir = () => {
    if (!todo) {
      window.print();
      return;
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(PARAMETRO, '1');
        return next;
      },
      { replace: true },
    );
    setPedido(true);
  };

  return <BotonBarra icono={<IconPrinter size={16} />} texto={t.imprimir} onClick={imprimir} loading={pedido} />;
}
