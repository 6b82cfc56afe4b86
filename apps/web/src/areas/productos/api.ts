import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productoInput } from '@intranet/contract/areas/productos';
import { productosApi } from '@intranet/contract/areas/productos/endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';

/** What a valid product form submits (the contract's parsed `productoInput`). */
export type ProductoValues = z.output<typeof productoInput>;

/** Query keys: everything of the area under 'productos', so one invalidation refreshes lists and details. */
export const productosKeys = {
  all: ['productos'] as const,
  lista: (params: string) => ['productos', 'lista', params] as const,
  detalle: (id: number) => ['productos', 'detalle', id] as const,
  lineas: ['productos', 'lineas'] as const,
};

/** The list's API path, for its bulk actions. */
export const productosUrl = () => endpointUrl(productosApi.lista);

/** One page of the products list (`GET /api/productos`). */
export function useProductos(params: string) {
  return useQuery({
    queryKey: productosKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(productosApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** One product with its stored description (`GET /api/productos/:id`). */
export function useProducto(id: number) {
  return useQuery({
    queryKey: productosKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(productosApi.detalle, { params: { id }, signal })).datos,
  });
}

/** The product lines in use, for the list's filter. */
export function useLineas() {
  return useQuery({
    queryKey: productosKeys.lineas,
    queryFn: async ({ signal }) => (await call(productosApi.lineas, { signal })).datos,
    staleTime: 60_000,
  });
}

/** The `export.csv` address of the list with its current filters. */
export const productosCsvUrl = (exportParams: string) =>
  endpointUrl(productosApi.csv, { query: new URLSearchParams(exportParams) });

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
          ? await call(productosApi.crear, { body: values })
          : await call(productosApi.modificar, { params: { id }, body: values });
      return answer.datos;
    },
    onSuccess: () => invalidate(),
  });
}

export function useEliminarProducto() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(productosApi.eliminar, { params: { id } }),
    onSuccess: (_answer, id) => invalidate(id),
  });
}
