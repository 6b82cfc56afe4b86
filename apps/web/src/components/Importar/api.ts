import { useMutation, useQuery, keepPreviousData } from '@tanstack/react-query';
import {
  type Codificacion,
  type ImportacionMapeo,
  type ImportacionModo,
  importacionEndpoints,
} from '@intranet/contract/shared/importacion';
import { call, download, upload } from '../../core/http/endpoint.ts';
import { exportFilename, saveFile } from '../ExportButton/saveFile.ts';

/** The import routes every list shares, under the list's own URL (`/api/maquinas` → `…/importaciones…`). */
const IMPORTACION = importacionEndpoints('', '');

/** The calls of one list's import, under its URL (`listUrl`, from the list's declaration in the contract). */
export function importacionApi(listUrl: string) {
  const at = listUrl;
  return {
    subir: async (archivo: File) =>
      (await upload(IMPORTACION.subir, archivo, { at, query: { nombre: archivo.name } })).datos,
    codificacion: async (id: number, codificacion: Codificacion) =>
      (await call(IMPORTACION.codificacion, { at, params: { id }, body: { codificacion }, options: { quiet: true } }))
        .datos,
    vistaPrevia: async (
      id: number,
      pedido: { mapeo: ImportacionMapeo; pagina: number; tamano: number; solo_errores: boolean },
      signal?: AbortSignal,
    ) => (await call(IMPORTACION.vistaPrevia, { at, params: { id }, body: pedido, options: { signal } })).datos,
    ensayo: async (id: number, mapeo: ImportacionMapeo, modo: ImportacionModo) =>
      (await call(IMPORTACION.ensayo, { at, params: { id }, body: { mapeo, modo } })).datos,
    /** `soloValidas`: the valid rows, leaving the refused ones out; else all or nothing. */
    importar: async (id: number, mapeo: ImportacionMapeo, modo: ImportacionModo, soloValidas = false) =>
      (
        await call(IMPORTACION.importar, {
          at,
          params: { id },
          body: { mapeo, modo, ...(soloValidas ? { solo_validas: true } : {}) },
          options: { quiet: true },
        })
      ).datos,
    deshacer: async (id: number) =>
      (await call(IMPORTACION.deshacer, { at, params: { id }, options: { quiet: true } })).datos,
    plantilla: async (nombre: string) =>
      saveFile(await download(IMPORTACION.plantilla, { at }), exportFilename(`${nombre}-plantilla`)),
    rechazadas: async (id: number, nombre: string) =>
      saveFile(await download(IMPORTACION.rechazadas, { at, params: { id } }), exportFilename(`${nombre}-rechazadas`)),
  };
}
export type ImportacionApi = ReturnType<typeof importacionApi>;

export function useVistaPrevia(
  api: ImportacionApi,
  id: number | undefined,
  mapeo: ImportacionMapeo,
  pagina: number,
  soloErrores: boolean,
  tamano: number,
) {
  return useQuery({
    queryKey: ['importacion', id, 'vista-previa', mapeo, pagina, soloErrores, tamano],
    queryFn: ({ signal }) => api.vistaPrevia(id!, { mapeo, pagina, tamano, solo_errores: soloErrores }, signal),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}

export const useSubir = (api: ImportacionApi) => useMutation({ mutationFn: (archivo: File) => api.subir(archivo) });
export const useEnsayo = (api: ImportacionApi) =>
  useMutation({
    mutationFn: ({ id, mapeo, modo }: { id: number; mapeo: ImportacionMapeo; modo: ImportacionModo }) =>
      api.ensayo(id, mapeo, modo),
  });
