import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { archivosApi } from '@intranet/contract/areas/archivos/endpoints';
import type { PaqueteFila, PaqueteValues } from '@intranet/contract/areas/paquetes';
import { paquetesApi } from '@intranet/contract/areas/paquetes/endpoints';
import type { UploadProgress } from '../../core/http/client.ts';
import { call, endpointUrl, upload } from '../../core/http/endpoint.ts';

/**
 * Query keys under 'paquetes', the top bar's too (['paquetes', 'last']): one invalidation after an upload
 * or a retirement refreshes the lists, the detail and the top bar's latest package.
 */
export const paquetesKeys = {
  all: ['paquetes'] as const,
  lista: (params: string) => ['paquetes', 'lista', params] as const,
  detalle: (id: number) => ['paquetes', 'detalle', id] as const,
};

/** The packages' API path, for the list's bulk actions. */
export const paquetesUrl = () => endpointUrl(paquetesApi.todos);

export function usePaquetes(params: string) {
  return useQuery({
    queryKey: paquetesKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(paquetesApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function usePaquete(id: number) {
  return useQuery({
    queryKey: paquetesKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(paquetesApi.detalle, { params: { id }, signal })).datos,
  });
}

export function usePaqueteProductos() {
  return useQuery({
    queryKey: ['paquetes', 'productos'],
    queryFn: async ({ signal }) => (await call(paquetesApi.productos, { signal })).datos,
    staleTime: 60_000,
  });
}

/** The server's upload limit, so a too-large file is refused before a byte is sent. */
export function useLimiteSubida() {
  return useQuery({
    queryKey: ['archivos', 'limite'],
    queryFn: async ({ signal }) => (await call(archivosApi.limite, { signal })).datos.max_bytes,
    staleTime: Infinity,
  });
}

export const paquetesCsvUrl = (exportParams: string) =>
  endpointUrl(paquetesApi.csv, { query: new URLSearchParams(exportParams) });

/** The package's direct link (works without a session, also once retired). */
export const paqueteDescargaUrl = (p: Pick<PaqueteFila, 'id' | 'sha256'>): string | null =>
  p.sha256 ? endpointUrl(paquetesApi.descarga, { params: { id: p.id, sha256: p.sha256 } }) : null;

/** An absolute form of a link, for copying: the base URLs may be relative to this page. */
export const absoluteUrl = (link: string): string => new URL(link, window.location.href).toString();

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: paquetesKeys.all }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

/** Uploads a package: the fields in the query, the file as the body, with progress and cancel. */
export function useSubirPaquete() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      file,
      values,
      onProgress,
      signal,
    }: {
      file: File;
      values: PaqueteValues;
      onProgress: (p: UploadProgress) => void;
      signal: AbortSignal;
    }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(values))
        if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
      return (await upload(paquetesApi.subir, file, { query, options: { onProgress, signal } })).datos;
    },
    onSuccess: () => invalidate(),
  });
}

export function useGuardarPaquete(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: PaqueteValues) =>
      (await call(paquetesApi.modificar, { params: { id }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

/** Retires a package, or lists it again. */
export function useRetirarPaquete() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, retirar }: { id: number; retirar: boolean }) =>
      (await call(retirar ? paquetesApi.retirar : paquetesApi.restaurar, { params: { id } })).datos,
    onSuccess: () => invalidate(),
  });
}
