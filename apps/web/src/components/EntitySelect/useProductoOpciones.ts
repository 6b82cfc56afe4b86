import { useQuery } from '@tanstack/react-query';
import { envelope } from '@intranet/contract/shared/envelope';
import { productoOpciones } from '@intranet/contract/areas/productos';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

/** The active products (`GET /api/productos/opciones`, for the screens that pick one), for selects and filters. */
export function useProductoOpciones() {
  return useQuery({
    queryKey: ['productos', 'opciones'],
    queryFn: async ({ signal }) =>
      (await http.get(apiUrl('api', '/api/productos/opciones'), envelope(productoOpciones), { signal })).datos,
    staleTime: 60_000,
  });
}
