import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import {
  certificado,
  certificadoImportarQuery,
  certificadoInput,
  grupoParam,
  itemParams,
  licencia,
  licenciaInput,
  puntoVenta,
  puntoVentaInput,
  renovacion,
  renovarInput,
  vencimientoExportQuery,
  vencimientoListQuery,
  vencimientoMeses,
  vencimientoPage,
  vencimientosCliente,
} from './vencimientos.ts';
import type { VencimientoGrupo } from './vencimientos.ts';

// The clients' expiries (AFIP certificates and points of sale, Physis licences), declared once for the server and
// the web (shared/endpoint.ts).

const BASE = '/api/vencimientos';

/**
 * The paths the shared bulk and import routes hang under (`…/lote`, `…/lotes`, `…/importaciones`): each grid's,
 * by its group, and the AFIP certificates' (their import; the licences' is `crearLicencia`'s path).
 */
export const vencimientosBases = {
  grilla: (grupo: VencimientoGrupo) => `${BASE}/${grupo}` as const,
  certificados: `${BASE}/certificados`,
} as const;

export const vencimientosApi = {
  lista: endpoint({
    method: 'GET',
    path: `${BASE}/:grupo/lista`,
    summary: 'La grilla de vencimientos (afip: certificados y CAI; physis: licencias)',
    description:
      '`dias` se cuenta desde hoy en Buenos Aires. `plazo`: vencidos, 7, 30, 60, 90 (desde hoy hasta N días) o todos. Orden por defecto: vence.',
    params: grupoParam,
    query: vencimientoListQuery,
    answer: envelope(vencimientoPage),
    errors: [400, 401, 403],
  }),
  csv: endpoint({
    method: 'GET',
    path: `${BASE}/:grupo/export.csv`,
    summary: 'La grilla filtrada, en CSV',
    description:
      'La de Physis lleva las columnas de la importación de licencias (Id, CUIT, Producto, Tipo, Usuarios, Serial, Inicio…): se vuelve a importar tal cual.',
    params: grupoParam,
    query: vencimientoExportQuery,
    produces: ['text/csv'],
    errors: [400, 401, 403],
  }),
  meses: endpoint({
    method: 'GET',
    path: `${BASE}/:grupo/meses`,
    summary: 'Vencimientos de cada uno de los próximos 12 meses, y cuántos ya vencieron',
    params: grupoParam,
    answer: envelope(vencimientoMeses),
    errors: [400, 401, 403],
  }),
  cliente: endpoint({
    method: 'GET',
    path: `${BASE}/empresas/:id`,
    summary: 'Certificados, puntos de venta y licencias de un cliente, y sus vencimientos por fecha',
    params: idParam,
    answer: envelope(vencimientosCliente),
    errors: [400, 401, 403, 404],
  }),
  /** The body is the certificate file itself (PEM or DER), whatever type the browser declares. */
  importarCertificado: endpoint({
    method: 'POST',
    path: `${BASE}/certificados/importar`,
    summary: 'Importa un certificado AFIP (.crt/.pem; el cuerpo son los bytes del archivo)',
    description:
      'Lee el X.509: CUIT del `serialNumber=CUIT nnnnnnnnnnn` del sujeto, CN, emitido, vence, serie y huella SHA-256. Si su clave pública es la de una solicitud pendiente del cliente, se empareja: guarda la clave y reemplaza el certificado que la solicitud renovaba. 400 si el archivo no es un certificado, no tiene CUIT, o el cliente tiene solicitudes pendientes de ese CUIT y ninguna es de su clave; 409 si el cliente ya tiene ese certificado.',
    query: certificadoImportarQuery,
    answer: envelope(certificado),
    status: 201,
    errors: [400, 401, 403, 409, 413],
  }),
  modificarCertificado: endpoint({
    method: 'PUT',
    path: `${BASE}/certificados/:id`,
    summary: 'Modifica alias, ambiente y servicios de un certificado (los datos del archivo no cambian)',
    params: idParam,
    body: certificadoInput,
    answer: envelope(certificado),
    errors: [400, 401, 403, 404],
  }),
  crearPuntoVenta: endpoint({
    method: 'POST',
    path: `${BASE}/puntos-venta`,
    summary: 'Crea un punto de venta',
    body: puntoVentaInput,
    answer: envelope(puntoVenta),
    status: 201,
    errors: [400, 401, 403, 409],
  }),
  modificarPuntoVenta: endpoint({
    method: 'PUT',
    path: `${BASE}/puntos-venta/:id`,
    summary: 'Modifica un punto de venta',
    params: idParam,
    body: puntoVentaInput,
    answer: envelope(puntoVenta),
    errors: [400, 401, 403, 404, 409],
  }),
  crearLicencia: endpoint({
    method: 'POST',
    path: `${BASE}/licencias`,
    summary: 'Crea una licencia Physis',
    body: licenciaInput,
    answer: envelope(licencia),
    status: 201,
    errors: [400, 401, 403],
  }),
  modificarLicencia: endpoint({
    method: 'PUT',
    path: `${BASE}/licencias/:id`,
    summary: 'Modifica una licencia Physis',
    params: idParam,
    body: licenciaInput,
    answer: envelope(licencia),
    errors: [400, 401, 403, 404],
  }),
  item: endpoint({
    method: 'GET',
    path: `${BASE}/items/:tipo/:id`,
    summary: 'Un certificado, punto de venta o licencia',
    params: itemParams,
    answer: envelope(z.union([certificado, puntoVenta, licencia])),
    errors: [400, 401, 403, 404],
  }),
  eliminarItem: endpoint({
    method: 'DELETE',
    path: `${BASE}/items/:tipo/:id`,
    summary: 'Elimina un certificado, punto de venta o licencia (y su historial de renovaciones)',
    params: itemParams,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  renovar: endpoint({
    method: 'POST',
    path: `${BASE}/items/:tipo/:id/renovar`,
    summary: 'Renueva: nueva fecha de vencimiento; la anterior queda en el historial',
    params: itemParams,
    body: renovarInput,
    answer: envelope(renovacion),
    status: 201,
    errors: [400, 401, 403, 404],
  }),
  renovaciones: endpoint({
    method: 'GET',
    path: `${BASE}/items/:tipo/:id/renovaciones`,
    summary: 'Historial de renovaciones de un ítem, la más reciente primero',
    params: itemParams,
    answer: envelope(z.array(renovacion)),
    errors: [400, 401, 403, 404],
  }),
};
