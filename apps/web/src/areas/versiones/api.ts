import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { versionInput, VersionEstado } from '@intranet/contract/areas/versiones';
import { versionesApi } from '@intranet/contract/areas/versiones/endpoints';
import { apiUrl } from '../../core/config/config.ts';
import type { UploadProgress } from '../../core/http/client.ts';
import { call, endpointUrl, upload } from '../../core/http/endpoint.ts';

/** What a valid version form submits (the contract's parsed `versionInput`). */
export type VersionValues = z.output<typeof versionInput>;

/** Query keys: everything under 'versiones', so one invalidation refreshes lists, details and the changelog. */
export const versionesKeys = {
  all: ['versiones'] as const,
  lista: (params: string) => ['versiones', 'lista', params] as const,
  detalle: (id: number) => ['versiones', 'detalle', id] as const,
};

/** The list's API path, for its import and its bulk actions. */
export const versionesUrl = () => endpointUrl(versionesApi.lista);

export function useVersiones(params: string) {
  return useQuery({
    queryKey: versionesKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(versionesApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function useVersion(id: number) {
  return useQuery({
    queryKey: versionesKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(versionesApi.detalle, { params: { id }, signal })).datos,
  });
}

/** The products, for the list's filter and the form's select. */
export function useVersionProductos() {
  return useQuery({
    queryKey: ['versiones', 'productos'],
    queryFn: async ({ signal }) => (await call(versionesApi.productos, { signal })).datos,
    staleTime: 60_000,
  });
}

export const versionesCsvUrl = (exportParams: string) =>
  endpointUrl(versionesApi.csv, { query: new URLSearchParams(exportParams) });

/** An asset's public download address (relative to `{archivos}`) as a link. */
export const assetUrl = (descarga: string) => apiUrl('archivos', descarga);

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: versionesKeys.all }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

export function useGuardarVersion(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: VersionValues) =>
      (id === undefined
        ? await call(versionesApi.crear, { body: values })
        : await call(versionesApi.modificar, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useCambiarEstado(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (estado: VersionEstado) =>
      (await call(versionesApi.cambiarEstado, { params: { id }, body: { estado } })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(versionesApi.eliminar, { params: { id } }),
    // The deleted version's detail is not refetched: it would only answer 404 while the screen leaves.
    onSuccess: (_answer, id) =>
      client.invalidateQueries({
        queryKey: versionesKeys.all,
        predicate: (query) => !(query.queryKey[1] === 'detalle' && query.queryKey[2] === id),
      }),
  });
}

/** Attaches a file to a version, streamed with progress; cancelled through `signal`. */
export function useAdjuntarArchivo(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({
      file,
      onProgress,
      signal,
    }: {
      file: File;
      onProgress: (p: UploadProgress) => void;
      signal: AbortSignal;
    }) =>
      (
        await upload(versionesApi.adjuntarAsset, file, {
          params: { id },
          query: { nombre: file.name },
          options: { onProgress, signal },
        })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useQuitarArchivo(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (assetId: number) => (await call(versionesApi.quitarAsset, { params: { id, assetId } })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useChangelogProductos() {
  return useQuery({
    queryKey: ['versiones', 'changelog'],
    queryFn: async ({ signal }) => (await call(versionesApi.changelogProductos, { signal })).datos,
  });
}

export function useChangelog(productoId: number) {
  return useQuery({
    queryKey: ['versiones', 'changelog', productoId],
    queryFn: async ({ signal }) => (await call(versionesApi.changelog, { params: { id: productoId }, signal })).datos,
  });
}
