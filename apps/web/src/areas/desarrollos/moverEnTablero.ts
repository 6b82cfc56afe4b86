import { estadoCerrado, type DesarrolloEstado, type Tablero } from '@intranet/contract/areas/desarrollos';

/**
 * The board as it looks once card `id` is in column `hacia`: taken out of its column, put first in the other,
 * both counts adjusted. The board's optimistic move; the server's answer replaces it either way.
 */
export function moverEnTablero(tablero: Tablero, id: number, hacia: DesarrolloEstado): Tablero {
  const origen = tablero.find((columna) => columna.items.some((d) => d.id === id));
  const tarjeta = origen?.items.find((d) => d.id === id);
  if (!origen || !tarjeta || origen.estado === hacia) return tablero;
  const movida = { ...tarjeta, estado: hacia, vencido: tarjeta.vencido && !estadoCerrado(hacia) };
  return tablero.map((columna) => {
    if (columna.estado === origen.estado)
      return { ...columna, total: columna.total - 1, items: columna.items.filter((d) => d.id !== id) };
    if (columna.estado === hacia) return { ...columna, total: columna.total + 1, items: [movida, ...columna.items] };
    return columna;
  });
}
