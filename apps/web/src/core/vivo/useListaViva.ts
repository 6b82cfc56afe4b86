import type { ListaViva } from '@intranet/contract/areas/vivo';
import { useEffect, useRef, useState } from 'react';
import { feedVivo } from './feed.ts';

export interface ListaVivaEstado {
  /** Changes announced while the user was working on the list, not shown yet. */
  pendientes: number;
  /** Shows them now. */
  actualizar: () => void;
}

/**
 * Keeps a list up to date when someone else changes it: each announced change reads it again, unless
 * the user is working on it (`editando`: rows selected, a row being edited, the pointer or the focus on it);
 * then the changes wait, counted, until the user asks for them, so nothing moves under their cursor.
 */
export function useListaViva(
  lista: ListaViva | undefined,
  refrescar: () => unknown,
  editando: boolean,
): ListaVivaEstado {
  const [pendientes, setPendientes] = useState(0);
  const actual = useRef({ refrescar, editando });
  actual.current = { refrescar, editando };

  useEffect(() => {
    if (!lista) return;
    return feedVivo.suscribir(lista, () => {
      if (actual.current.editando) setPendientes((n) => n + 1);
      else void actual.current.refrescar();
    });
  }, [lista]);

  return {
    pendientes,
    actualizar: () => {
      setPendientes(0);
      void actual.current.refrescar();
    },
  };
}
