import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { producto, type productoInput, productoLineas, productoPage } from '@intranet/contract/areas/productos';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

/** What a valid product form submits (the contract's parsed `productoInput`). */
export type ProductoValues = z.output<typeof productoInput>;

/** Query keys: everything of the area under 'productos', so one invalidation refreshes lists and details. */
export const productosKeys = {
  all: ['productos'] as const,
  lista: (params: string) => ['productos', 'lista', params] as const,
  detalle: (id: number) => ['productos', 'detalle', id] as const,
  lineas: ['productos', 'lineas'] as const,
};

const url = (path: string) => apiUrl('api', `/api/productos${path}`);
/** The list's API path, for its bulk actions. */
export const productosUrl = () => url('');

/** One page of the products list (`GET /api/productos`). */
export function useProductos(params: string) {
  return useQuery({
    queryKey: productosKeys.lista(params),
    queryFn: async ({ signal }) => (await http.get(url(`?${params}`), envelope(productoPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** One product with its stored description (`GET /api/productos/:id`). */
export function useProducto(id: number) {
  return useQuery({
    queryKey: productosKeys.detalle(id),
    queryFn: async ({ signal }) => (await http.get(url(`/${id}`), envelope(producto), { signal })).datos,
  });
}

/** The product lines in use, for the list's filter. */
export function useLineas() {
  return useQuery({
    queryKey: productosKeys.lineas,
    queryFn: async ({ signal }) => (await http.get(url('/lineas'), envelope(productoLineas), { signal })).datos,
    staleTime: 60_000,
  });
}

/** The `export.csv` address of the list with its current filters. */
export const productosCsvUrl = (exportParams: string) => url(`/export.csv${exportParams ? `?${exportParams}` : ''}`);

/** A product change shows in the lists, its detail, the lines filter and the history. */
function useInvalidate() {
  const client = useQueryClient();
  return (deletedId?: number) =>
    Promise.all([
      // A deleted product's open detail is not refetched: it would only answer 404 while the screen leaves.
      client.invalidateQueries({
        queryKey: productosKeys.all,
        predicate: (query) => query.queryKey[1] !== 'detalle' || query.queryKey[2] !== deletedId,
      }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

/** Creates (no id) or updates a product. */
export function useGuardarProducto(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: ProductoValues) => {
      const answer =
        id === undefined
          ? await http.post(url(''), values, envelope(producto))
          : await http.put(url(`/${id}`), values, envelope(producto));
      return answer.datos;
    },
    onSuccess: () => invalidate(),
  });
}

export function useEliminarProducto() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete(url(`/${id}`), okBody),
    onSuccess: (_answer, id) => invalidate(id),
  });
}
