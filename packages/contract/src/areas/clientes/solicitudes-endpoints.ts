import { z } from 'zod';
import { endpoint } from '@intranet/contract/shared/endpoint';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import { idParam } from '@intranet/contract/shared/list';
import { claveDescargaInput, solicitud, solicitudInput } from './solicitudes.ts';

// AFIP certificate requests and the paired key's download, declared once for the server and the web
// (shared/endpoint.ts).

const BASE = '/api/vencimientos';

export const solicitudesApi = {
  crear: endpoint({
    method: 'POST',
    path: `${BASE}/solicitudes`,
    summary: 'Genera una solicitud de certificado AFIP: clave RSA 2048 (guardada cifrada) y su CSR PKCS#10',
    description:
      'Sujeto: C=AR, O=<razón social del cliente>, CN=<alias>, serialNumber=CUIT <cuit del cliente>. La clave nunca se responde.',
    body: solicitudInput,
    answer: envelope(solicitud),
    status: 201,
    errors: [400, 401, 403],
  }),
  deCliente: endpoint({
    method: 'GET',
    path: `${BASE}/empresas/:id/solicitudes`,
    summary: 'Solicitudes de certificado pendientes del cliente',
    params: idParam,
    answer: envelope(z.array(solicitud)),
    errors: [400, 401, 403, 404],
  }),
  csr: endpoint({
    method: 'GET',
    path: `${BASE}/solicitudes/:id/csr`,
    summary: 'El CSR de la solicitud (.csr, PEM), para subir a AFIP',
    params: idParam,
    produces: ['application/pkcs10'],
    errors: [400, 401, 403, 404],
  }),
  eliminar: endpoint({
    method: 'DELETE',
    path: `${BASE}/solicitudes/:id`,
    summary: 'Cancela una solicitud pendiente (su clave se borra)',
    params: idParam,
    answer: okBody,
    errors: [400, 401, 403, 404],
  }),
  clave: endpoint({
    method: 'POST',
    path: `${BASE}/certificados/:id/clave`,
    summary: 'Descarga la clave privada y el certificado: .p12 con la contraseña elegida, o PEM',
    description:
      'Solo para certificados emparejados con una solicitud generada aquí (409 si no). Cada descarga queda en el historial.',
    params: idParam,
    body: claveDescargaInput,
    produces: ['application/x-pkcs12', 'application/x-pem-file'],
    errors: [400, 401, 403, 404, 409],
  }),
};
