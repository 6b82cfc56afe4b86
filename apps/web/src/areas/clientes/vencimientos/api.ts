import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  certificadoInput,
  licenciaInput,
  puntoVentaInput,
  renovarInput,
  CertificadoImportarQuery,
  VencimientoGrupo,
  VencimientoTipo,
} from '@intranet/contract/areas/clientes/vencimientos';
import type { ClaveDescargaInput, solicitudInput } from '@intranet/contract/areas/clientes/solicitudes';
import { solicitudesApi } from '@intranet/contract/areas/clientes/solicitudes-endpoints';
import { vencimientosApi, vencimientosBases } from '@intranet/contract/areas/clientes/vencimientos-endpoints';
import { apiUrl } from '../../../core/config/config.ts';
import { call, download, endpointUrl, upload } from '../../../core/http/endpoint.ts';
import { http } from '../../../core/http/http.ts';

export type LicenciaValues = z.output<typeof licenciaInput>;
export type CertificadoValues = z.output<typeof certificadoInput>;
export type PuntoVentaValues = z.output<typeof puntoVentaInput>;
export type RenovarValues = z.output<typeof renovarInput>;
export type SolicitudValues = z.output<typeof solicitudInput>;

/** Everything of the area under 'vencimientos': one invalidation refreshes grids, charts, tabs and histories. */
export const vencimientosKeys = {
  all: ['vencimientos'] as const,
  lista: (grupo: VencimientoGrupo, params: string) => ['vencimientos', 'lista', grupo, params] as const,
  meses: (grupo: VencimientoGrupo) => ['vencimientos', 'meses', grupo] as const,
  cliente: (id: number) => ['vencimientos', 'empresa', id] as const,
  renovaciones: (tipo: VencimientoTipo, id: number) => ['vencimientos', 'renovaciones', tipo, id] as const,
  solicitudes: (clienteId: number) => ['vencimientos', 'solicitudes', clienteId] as const,
};

/** The licences' API path, for their import. */
export const licenciasUrl = () => endpointUrl(vencimientosApi.crearLicencia);
/** The AFIP certificates' path for their bulk import (`…/importaciones`, the shared import's routes). */
export const certificadosUrl = () => apiUrl('api', vencimientosBases.certificados);

export function useVencimientos(grupo: VencimientoGrupo, params: string) {
  return useQuery({
    queryKey: vencimientosKeys.lista(grupo, params),
    queryFn: async ({ signal }) =>
      (await call(vencimientosApi.lista, { params: { grupo }, query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export const vencimientosCsvUrl = (grupo: VencimientoGrupo, exportParams: string) =>
  endpointUrl(vencimientosApi.csv, { params: { grupo }, query: new URLSearchParams(exportParams) });
/** A grid's path for its bulk actions (`…/lote`, `…/lote/export.csv`, the shared bulk routes). */
export const vencimientosLoteUrl = (grupo: VencimientoGrupo) => apiUrl('api', vencimientosBases.grilla(grupo));

export function useMeses(grupo: VencimientoGrupo) {
  return useQuery({
    queryKey: vencimientosKeys.meses(grupo),
    queryFn: async ({ signal }) => (await call(vencimientosApi.meses, { params: { grupo }, signal })).datos,
  });
}

export function useVencimientosCliente(clienteId: number) {
  return useQuery({
    queryKey: vencimientosKeys.cliente(clienteId),
    queryFn: async ({ signal }) => (await call(vencimientosApi.cliente, { params: { id: clienteId }, signal })).datos,
  });
}

export function useRenovaciones(tipo: VencimientoTipo, id: number) {
  return useQuery({
    queryKey: vencimientosKeys.renovaciones(tipo, id),
    queryFn: async ({ signal }) => (await call(vencimientosApi.renovaciones, { params: { tipo, id }, signal })).datos,
  });
}

/** A change shows in both grids, their charts, the client's tab, the clients list badge and the history. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: vencimientosKeys.all }),
      client.invalidateQueries({ queryKey: ['empresas'] }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

export function useRenovar(tipo: VencimientoTipo, id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: RenovarValues) =>
      (await call(vencimientosApi.renovar, { params: { tipo, id }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ tipo, id }: { tipo: VencimientoTipo; id: number }) => {
      await call(vencimientosApi.eliminarItem, { params: { tipo, id } });
    },
    onSuccess: () => invalidate(),
  });
}

/** Uploads the certificate file; the server reads CUIT, CN, dates and fingerprint from it. */
export function useImportarCertificado() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ archivo, opciones }: { archivo: File; opciones: CertificadoImportarQuery }) => {
      const query = {
        empresa_id: opciones.empresa_id,
        ambiente: opciones.ambiente,
        alias: opciones.alias || undefined,
        servicios: opciones.servicios || undefined,
      };
      return (await upload(vencimientosApi.importarCertificado, archivo, { query })).datos;
    },
    onSuccess: () => invalidate(),
  });
}

export function useGuardarCertificado(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: CertificadoValues) =>
      (await call(vencimientosApi.modificarCertificado, { params: { id }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useGuardarLicencia(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: LicenciaValues) =>
      (id === undefined
        ? await call(vencimientosApi.crearLicencia, { body: values })
        : await call(vencimientosApi.modificarLicencia, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useGuardarPuntoVenta(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: PuntoVentaValues) =>
      (id === undefined
        ? await call(vencimientosApi.crearPuntoVenta, { body: values })
        : await call(vencimientosApi.modificarPuntoVenta, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

/** The client's pending certificate requests (key and CSR made here, waiting for AFIP's certificate). */
export function useSolicitudes(clienteId: number) {
  return useQuery({
    queryKey: vencimientosKeys.solicitudes(clienteId),
    queryFn: async ({ signal }) => (await call(solicitudesApi.deCliente, { params: { id: clienteId }, signal })).datos,
  });
}

/** Generates the key and CSR on the server; the key never comes back. */
export function useGenerarSolicitud() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: SolicitudValues) => (await call(solicitudesApi.crear, { body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarSolicitud() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      await call(solicitudesApi.eliminar, { params: { id } });
    },
    onSuccess: () => invalidate(),
  });
}

/** The request's CSR, to upload at AFIP. */
export const descargarCsr = (id: number): Promise<Blob> =>
  http.blob(endpointUrl(solicitudesApi.csr, { params: { id } }));

/** The certificate's key with the certificate (.p12 under the password chosen, or PEM); the server audits it. */
export const descargarClave = (id: number, opciones: ClaveDescargaInput): Promise<Blob> =>
  download(solicitudesApi.clave, { params: { id }, body: opciones, options: {} });
