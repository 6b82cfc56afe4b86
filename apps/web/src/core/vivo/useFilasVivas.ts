import type { ListaViva } from '@intranet/contract/areas/vivo';
import { useEffect, useRef, useState } from 'react';
import { useListaViva } from './useListaViva.ts';

/** How long a row that someone else changed stays highlighted (ms). */
const RESALTADO_MS = 2500;

export interface VivoLista {
  lista: ListaViva;
  /** Reads the list again (the query's refetch). */
  refrescar: () => unknown;
}

/**
 * A live list's rows: refreshes them when someone else changes the list, or counts the changes while
 * the user works on it (`editando`), and names the rows that changed so they can be highlighted.
 */
export function useFilasVivas<T>(
  vivo: VivoLista | undefined,
  rows: T[] | undefined,
  getRowId: (row: T, index: number) => string,
  editando: boolean,
) {
  // When the last refresh for a change was asked: rows arriving soon after are the changed list.
  const pedido = useRef(0);
  const refrescar = () => {
    pedido.current = Date.now();
    return vivo?.refrescar();
  };
  const estado = useListaViva(vivo?.lista, refrescar, editando);

  const anteriores = useRef(new Map<string, string>());
  const [resaltadas, setResaltadas] = useState<ReadonlySet<string>>(new Set());
  // Runs when the rows or the live list change; getRowId and vivo are new objects each render, and a run without new
  // rows would take the current rows for the previous ones.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reason is above
  useEffect(() => {
    if (!vivo || !rows) return;
    const ahora = new Map(rows.map((row, i) => [getRowId(row, i), JSON.stringify(row)]));
    const antes = anteriores.current;
    anteriores.current = ahora;
    if (Date.now() - pedido.current > 5000) return;
    pedido.current = 0;
    // Another page, sort or filter shares no row with the one before; a change to the list keeps most.
    if (![...ahora.keys()].some((id) => antes.has(id))) return;
    const cambiadas = [...ahora].filter(([id, huella]) => antes.get(id) !== huella).map(([id]) => id);
    if (cambiadas.length === 0) return;
    setResaltadas(new Set(cambiadas));
    // getRowId is a new function each render; the rows are what change.
  }, [rows, vivo?.lista]);
  useEffect(() => {
    if (resaltadas.size === 0) return;
    const timer = setTimeout(() => setResaltadas(new Set()), RESALTADO_MS);
    return () => clearTimeout(timer);
  }, [resaltadas]);

  return { ...estado, resaltadas };
}
