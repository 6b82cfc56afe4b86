import { useQuery } from '@tanstack/react-query';
import { productosApi } from '@intranet/contract/areas/productos/endpoints';
import { call } from '../../core/http/endpoint.ts';

/** The active products (`GET /api/productos/opciones`, for the screens that pick one), for selects and filters. */
export function useProductoOpciones() {
  return useQuery({
    queryKey: ['productos', 'opciones'],
    queryFn: async ({ signal }) => (await call(productosApi.opciones, { signal })).datos,
    staleTime: 60_000,
  });
}
