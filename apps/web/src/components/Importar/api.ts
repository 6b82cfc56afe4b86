import { useMutation, useQuery, keepPreviousData } from '@tanstack/react-query';
import { envelope } from '@intranet/contract/shared/envelope';
import {
  importacionConteo,
  importacionResultado,
  importacionSubida,
  importacionVistaPrevia,
  type Codificacion,
  type ImportacionMapeo,
  type ImportacionModo,
} from '@intranet/contract/shared/importacion';
import { http } from '../../core/http/http.ts';
import { exportFilename, saveFile } from '../ExportButton/saveFile.ts';

/** The calls of one list's import, under its API path (`/api/maquinas` → `/api/maquinas/importaciones…`). */
export function importacionApi(listUrl: string) {
  const base = `${listUrl}/importaciones`;
  return {
    subir: async (archivo: File) =>
      (await http.upload(`${base}?nombre=${encodeURIComponent(archivo.name)}`, archivo, envelope(importacionSubida)))
        .datos,
    codificacion: async (id: number, codificacion: Codificacion) =>
      (await http.post(`${base}/${id}/codificacion`, { codificacion }, envelope(importacionSubida), { quiet: true }))
        .datos,
    vistaPrevia: async (
      id: number,
      pedido: { mapeo: ImportacionMapeo; pagina: number; tamano: number; solo_errores: boolean },
      signal?: AbortSignal,
    ) => (await http.post(`${base}/${id}/vista-previa`, pedido, envelope(importacionVistaPrevia), { signal })).datos,
    ensayo: async (id: number, mapeo: ImportacionMapeo, modo: ImportacionModo) =>
      (await http.post(`${base}/${id}/ensayo`, { mapeo, modo }, envelope(importacionConteo))).datos,
    /** `soloValidas`: the valid rows, leaving the refused ones out; else all or nothing. */
    importar: async (id: number, mapeo: ImportacionMapeo, modo: ImportacionModo, soloValidas = false) =>
      (
        await http.post(
          `${base}/${id}/importar`,
          { mapeo, modo, ...(soloValidas ? { solo_validas: true } : {}) },
          envelope(importacionResultado),
          { quiet: true },
        )
      ).datos,
    deshacer: async (id: number) =>
      (await http.post(`${base}/${id}/deshacer`, {}, envelope(importacionResultado), { quiet: true })).datos,
    plantilla: async (nombre: string) =>
      saveFile(await http.blob(`${base}/plantilla.csv`), exportFilename(`${nombre}-plantilla`)),
    rechazadas: async (id: number, nombre: string) =>
      saveFile(await http.blob(`${base}/${id}/rechazadas.csv`), exportFilename(`${nombre}-rechazadas`)),
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
