import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { aplicacionInput, AplicacionVersionUploadQuery } from '@intranet/contract/areas/aplicaciones';
import { aplicacionesApi } from '@intranet/contract/areas/aplicaciones/endpoints';
import { archivosApi } from '@intranet/contract/areas/archivos/endpoints';
import { apiUrl } from '../../core/config/config.ts';
import type { UploadProgress } from '../../core/http/client.ts';
import { call, endpointUrl, upload } from '../../core/http/endpoint.ts';

/** What a valid app form submits (the contract's parsed `aplicacionInput`). */
export type AplicacionValues = z.output<typeof aplicacionInput>;

/**
 * Query keys: everything of the area under 'aplicaciones', so one invalidation refreshes lists, detail and versions.
 */
export const aplicacionesKeys = {
  all: ['aplicaciones'] as const,
  lista: (params: string) => ['aplicaciones', 'lista', params] as const,
  detalle: (id: number) => ['aplicaciones', 'detalle', id] as const,
  versiones: (id: number, params: string) => ['aplicaciones', 'versiones', id, params] as const,
  categorias: ['aplicaciones', 'categorias'] as const,
};

/** The list's API path, for its import and its bulk actions. */
export const aplicacionesUrl = () => endpointUrl(aplicacionesApi.lista);

export function useAplicaciones(params: string) {
  return useQuery({
    queryKey: aplicacionesKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(aplicacionesApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useAplicacion(id: number) {
  return useQuery({
    queryKey: aplicacionesKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(aplicacionesApi.detalle, { params: { id }, signal })).datos,
  });
}

export function useCategorias() {
  return useQuery({
    queryKey: aplicacionesKeys.categorias,
    queryFn: async ({ signal }) => (await call(aplicacionesApi.categorias, { signal })).datos,
    staleTime: 60_000,
  });
}

export function useVersiones(id: number, params: string) {
  return useQuery({
    queryKey: aplicacionesKeys.versiones(id, params),
    queryFn: async ({ signal }) =>
      (await call(aplicacionesApi.versiones, { params: { id }, query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** The server's upload limit, so a too-large APK is refused before a byte is sent. */
export function useLimiteSubida() {
  return useQuery({
    queryKey: ['archivos', 'limite'],
    queryFn: async ({ signal }) => (await call(archivosApi.limite, { signal })).datos.max_bytes,
    staleTime: Infinity,
  });
}

export const aplicacionesCsvUrl = (exportParams: string) =>
  endpointUrl(aplicacionesApi.csv, { query: new URLSearchParams(exportParams) });
export const versionesCsvUrl = (id: number, exportParams: string) =>
  endpointUrl(aplicacionesApi.versionesCsv, { params: { id }, query: new URLSearchParams(exportParams) });
/** A file-store address (icon, APK) as the browser reaches it. */
export const archivoUrl = (path: string) => apiUrl('archivos', path);

function useInvalidate() {
  const client = useQueryClient();
  return (deletedId?: number) =>
    Promise.all([
      client.invalidateQueries({
        queryKey: aplicacionesKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detalle' || q.queryKey[2] !== deletedId,
      }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

export function useGuardarAplicacion(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: AplicacionValues) =>
      (id === undefined
        ? await call(aplicacionesApi.crear, { body: values })
        : await call(aplicacionesApi.modificar, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarAplicacion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(aplicacionesApi.eliminar, { params: { id } }),
    onSuccess: (_answer, id) => invalidate(id),
  });
}

/** Uploads an icon image to the file store; the form keeps its id. */
export function useSubirIcono() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await upload(aplicacionesApi.subirIcono, file, { query: { nombre: file.name } })).datos,
  });
}

/** Uploads an APK as a new version: channel and news in the query, the APK as the body, with progress and cancel. */
export function useSubirVersion(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      file,
      values,
      onProgress,
      signal,
    }: {
      file: File;
      values: AplicacionVersionUploadQuery;
      onProgress: (p: UploadProgress) => void;
      signal: AbortSignal;
    }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(values)) if (value) query.set(key, String(value));
      return (
        await upload(aplicacionesApi.subirVersion, file, { params: { id }, query, options: { onProgress, signal } })
      ).datos;
    },
    onSuccess: () => invalidate(),
  });
}

/** "Promover a estable", "Despublicar" and "Volver a publicar". */
export function useAccionVersion(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      versionId,
      accion,
    }: {
      versionId: number;
      accion: 'promover' | 'despublicar' | 'republicar';
    }) => {
      const params = { id, versionId };
      if (accion === 'promover') return (await call(aplicacionesApi.promoverVersion, { params })).datos;
      const body = { publicada: accion === 'republicar' };
      return (await call(aplicacionesApi.publicacionVersion, { params, body })).datos;
    },
    onSuccess: () => invalidate(),
  });
}
