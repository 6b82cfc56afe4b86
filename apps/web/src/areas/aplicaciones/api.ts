import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  aplicacion,
  aplicacionCategorias,
  type aplicacionInput,
  aplicacionPage,
  aplicacionVersion,
  aplicacionVersionPage,
  iconoSubido,
  type AplicacionVersionUploadQuery,
} from '@intranet/contract/areas/aplicaciones';
import { archivoLimite } from '@intranet/contract/areas/archivos';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { apiUrl } from '../../core/config/config.ts';
import type { UploadProgress } from '../../core/http/client.ts';
import { http } from '../../core/http/http.ts';

/** What a valid app form submits (the contract's parsed `aplicacionInput`). */
export type AplicacionValues = z.output<typeof aplicacionInput>;

/** Query keys: everything of the area under 'aplicaciones', so one invalidation refreshes lists, detail and versions. */
export const aplicacionesKeys = {
  all: ['aplicaciones'] as const,
  lista: (params: string) => ['aplicaciones', 'lista', params] as const,
  detalle: (id: number) => ['aplicaciones', 'detalle', id] as const,
  versiones: (id: number, params: string) => ['aplicaciones', 'versiones', id, params] as const,
  categorias: ['aplicaciones', 'categorias'] as const,
};

const url = (path: string) => apiUrl('api', `/api/aplicaciones${path}`);
/** The list's API path, for its import. */
export const aplicacionesUrl = () => url('');

export function useAplicaciones(params: string) {
  return useQuery({
    queryKey: aplicacionesKeys.lista(params),
    queryFn: async ({ signal }) => (await http.get(url(`?${params}`), envelope(aplicacionPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useAplicacion(id: number) {
  return useQuery({
    queryKey: aplicacionesKeys.detalle(id),
    queryFn: async ({ signal }) => (await http.get(url(`/${id}`), envelope(aplicacion), { signal })).datos,
  });
}

export function useCategorias() {
  return useQuery({
    queryKey: aplicacionesKeys.categorias,
    queryFn: async ({ signal }) =>
      (await http.get(url('/categorias'), envelope(aplicacionCategorias), { signal })).datos,
    staleTime: 60_000,
  });
}

export function useVersiones(id: number, params: string) {
  return useQuery({
    queryKey: aplicacionesKeys.versiones(id, params),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/${id}/versiones?${params}`), envelope(aplicacionVersionPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** The server's upload limit, so a too-large APK is refused before a byte is sent. */
export function useLimiteSubida() {
  return useQuery({
    queryKey: ['archivos', 'limite'],
    queryFn: async ({ signal }) =>
      (await http.get(apiUrl('archivos', '/api/archivos/limite'), envelope(archivoLimite), { signal })).datos.max_bytes,
    staleTime: Infinity,
  });
}

export const aplicacionesCsvUrl = (exportParams: string) => url(`/export.csv${exportParams ? `?${exportParams}` : ''}`);
export const versionesCsvUrl = (id: number, exportParams: string) =>
  url(`/${id}/versiones/export.csv${exportParams ? `?${exportParams}` : ''}`);
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
        ? await http.post(url(''), values, envelope(aplicacion))
        : await http.put(url(`/${id}`), values, envelope(aplicacion))
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarAplicacion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => http.delete(url(`/${id}`), okBody),
    onSuccess: (_answer, id) => invalidate(id),
  });
}

/** Uploads an icon image to the file store; the form keeps its id. */
export function useSubirIcono() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await http.upload(url(`/iconos?nombre=${encodeURIComponent(file.name)}`), file, envelope(iconoSubido))).datos,
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
        await http.upload(url(`/${id}/versiones?${query}`), file, envelope(aplicacionVersion), { onProgress, signal })
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
      const base = url(`/${id}/versiones/${versionId}`);
      const answer = envelope(aplicacionVersion);
      if (accion === 'promover') return (await http.post(`${base}/promover`, undefined, answer)).datos;
      return (await http.post(`${base}/publicacion`, { publicada: accion === 'republicar' }, answer)).datos;
    },
    onSuccess: () => invalidate(),
  });
}
