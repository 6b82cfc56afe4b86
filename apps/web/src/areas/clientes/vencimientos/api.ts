import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import {
  certificado,
  type certificadoInput,
  licencia,
  type licenciaInput,
  puntoVenta,
  type puntoVentaInput,
  renovacion,
  type renovarInput,
  vencimientoMeses,
  vencimientoPage,
  vencimientosEmpresa,
  type CertificadoImportarQuery,
  type VencimientoGrupo,
  type VencimientoTipo,
} from '@intranet/contract/areas/clientes/vencimientos';
import { solicitud, type ClaveDescargaInput, type solicitudInput } from '@intranet/contract/areas/clientes/solicitudes';
import { apiUrl } from '../../../core/config/config.ts';
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
  empresa: (id: number) => ['vencimientos', 'empresa', id] as const,
  renovaciones: (tipo: VencimientoTipo, id: number) => ['vencimientos', 'renovaciones', tipo, id] as const,
  solicitudes: (empresaId: number) => ['vencimientos', 'solicitudes', empresaId] as const,
};

const url = (path: string) => apiUrl('api', `/api/vencimientos${path}`);
/** The licences' API path, for their import. */
export const licenciasUrl = () => url('/licencias');
/** The AFIP certificates' API path, for their bulk import. */
export const certificadosUrl = () => url('/certificados');

export function useVencimientos(grupo: VencimientoGrupo, params: string) {
  return useQuery({
    queryKey: vencimientosKeys.lista(grupo, params),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/${grupo}/lista?${params}`), envelope(vencimientoPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export const vencimientosCsvUrl = (grupo: VencimientoGrupo, exportParams: string) =>
  url(`/${grupo}/export.csv${exportParams ? `?${exportParams}` : ''}`);
/** A grid's path for its bulk actions (`…/lote`, `…/lote/export.csv`). */
export const vencimientosLoteUrl = (grupo: VencimientoGrupo) => url(`/${grupo}`);

export function useMeses(grupo: VencimientoGrupo) {
  return useQuery({
    queryKey: vencimientosKeys.meses(grupo),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/${grupo}/meses`), envelope(vencimientoMeses), { signal })).datos,
  });
}

export function useVencimientosEmpresa(empresaId: number) {
  return useQuery({
    queryKey: vencimientosKeys.empresa(empresaId),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/empresas/${empresaId}`), envelope(vencimientosEmpresa), { signal })).datos,
  });
}

export function useRenovaciones(tipo: VencimientoTipo, id: number) {
  return useQuery({
    queryKey: vencimientosKeys.renovaciones(tipo, id),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/items/${tipo}/${id}/renovaciones`), envelope(z.array(renovacion)), { signal })).datos,
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
      (await http.post(url(`/items/${tipo}/${id}/renovar`), values, envelope(renovacion))).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarItem() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ tipo, id }: { tipo: VencimientoTipo; id: number }) => {
      await http.delete(url(`/items/${tipo}/${id}`), okBody);
    },
    onSuccess: () => invalidate(),
  });
}

/** Uploads the certificate file; the server reads CUIT, CN, dates and fingerprint from it. */
export function useImportarCertificado() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ archivo, opciones }: { archivo: File; opciones: CertificadoImportarQuery }) => {
      const params = new URLSearchParams({ empresa_id: String(opciones.empresa_id), ambiente: opciones.ambiente });
      if (opciones.alias) params.set('alias', opciones.alias);
      if (opciones.servicios) params.set('servicios', opciones.servicios);
      return (await http.upload(url(`/certificados/importar?${params}`), archivo, envelope(certificado))).datos;
    },
    onSuccess: () => invalidate(),
  });
}

export function useGuardarCertificado(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: CertificadoValues) =>
      (await http.put(url(`/certificados/${id}`), values, envelope(certificado))).datos,
    onSuccess: () => invalidate(),
  });
}

export function useGuardarLicencia(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: LicenciaValues) =>
      (id === undefined
        ? await http.post(url('/licencias'), values, envelope(licencia))
        : await http.put(url(`/licencias/${id}`), values, envelope(licencia))
      ).datos,
    onSuccess: () => invalidate(),
  });
}

export function useGuardarPuntoVenta(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: PuntoVentaValues) =>
      (id === undefined
        ? await http.post(url('/puntos-venta'), values, envelope(puntoVenta))
        : await http.put(url(`/puntos-venta/${id}`), values, envelope(puntoVenta))
      ).datos,
    onSuccess: () => invalidate(),
  });
}

/** The client's pending certificate requests (key and CSR made here, waiting for AFIP's certificate). */
export function useSolicitudes(empresaId: number) {
  return useQuery({
    queryKey: vencimientosKeys.solicitudes(empresaId),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/empresas/${empresaId}/solicitudes`), envelope(z.array(solicitud)), { signal })).datos,
  });
}

/** Generates the key and CSR on the server; the key never comes back. */
export function useGenerarSolicitud() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: SolicitudValues) =>
      (await http.post(url('/solicitudes'), values, envelope(solicitud))).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarSolicitud() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => {
      await http.delete(url(`/solicitudes/${id}`), okBody);
    },
    onSuccess: () => invalidate(),
  });
}

/** The request's CSR, to upload at AFIP. */
export const descargarCsr = (id: number): Promise<Blob> => http.blob(url(`/solicitudes/${id}/csr`));

/** The certificate's key with the certificate (.p12 under the password chosen, or PEM); the server audits it. */
export const descargarClave = (id: number, opciones: ClaveDescargaInput): Promise<Blob> =>
  http.blob(url(`/certificados/${id}/clave`), {}, opciones);
