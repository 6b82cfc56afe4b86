import { z } from 'zod';
import { envelope } from '@intranet/contract/shared/envelope';
import { idList, listQuery, paged, queryBoolean } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { dnsRef } from '@intranet/contract/shared/entre-areas';
import { optionalHostname, optionalIp, optionalText, requiredText } from '@intranet/contract/shared/validators';
import { direccionView, dnsEntry } from './servidores/dns.ts';

/** Server, as the specification gives it: nombre and dnss; extra fields are allowed. */
export const servidorConDns = z.object({ id: z.number().int(), nombre: z.string(), dnss: z.array(dnsRef) });

/** `GET {api}/api/servidores` and `GET {api}/api/empresas/{id}/servidores`. */
export const servidoresResponse = envelope(z.array(servidorConDns));

// ---- Servidores propios; their DNS entries are servidores/dns.ts ----

export const SERVIDOR_ESTADOS = ['activo', 'offline', 'planificado', 'baja'] as const;

/** Create and update payload of a server (`POST /api/servidores`, `PUT /api/servidores/:id`). */
export const servidorInput = z
  .object({
    nombre: requiredText(100),
    hostname: optionalHostname,
    ip_publica: optionalIp,
    ip_privada: optionalIp,
    proveedor: optionalText(100),
    rol: optionalText(100),
    so: optionalText(100),
    estado: z.enum(SERVIDOR_ESTADOS, { error: 'Estado inválido' }),
    notas: optionalText(5000),
  })
  .strict();
export type ServidorInput = z.input<typeof servidorInput>;

/** A server as lists and the detail answer it; `dnss` keeps the spec's `{id, host}` shape. */
export const servidor = z.object({
  id: z.number().int(),
  nombre: z.string(),
  hostname: z.string().nullable(),
  ip_publica: z.string().nullable(),
  ip_privada: z.string().nullable(),
  proveedor: z.string().nullable(),
  rol: z.string().nullable(),
  so: z.string().nullable(),
  estado: z.enum(SERVIDOR_ESTADOS),
  notas: z.string().nullable(),
  creado: z.string(),
  actualizado: z.string(),
  dnss: z.array(dnsRef),
});
export type Servidor = z.infer<typeof servidor>;

/** `GET /api/servidores/lista`: the paginated list (the spec's `GET /api/servidores` keeps its bare list). */
export const SERVIDOR_SORT = ['nombre', 'hostname', 'estado', 'proveedor', 'rol', 'actualizado', 'dns_count'] as const;
export const servidorListQuery = listQuery(SERVIDOR_SORT, {
  estado: z.enum(SERVIDOR_ESTADOS, { error: 'Estado inválido' }).optional(),
  proveedor: z.string().trim().max(100).optional(),
});
export const servidorPage = paged(servidor);

/** `POST /api/servidores/eliminar`: bulk delete; servers with DNS entries need `cascada: true` (else 409). */
export const servidorBulkDelete = idList.extend({ cascada: z.boolean().default(false) }).strict();

/** `GET /api/servidores/:id`: the server with its DNS entries and their addresses. */
export const servidorDetalle = servidor.extend({
  dns_entries: z.array(dnsEntry.extend({ direcciones: z.array(direccionView) })),
});
export type ServidorDetalle = z.infer<typeof servidorDetalle>;

/** `GET /api/servidores/export.csv`: the list's filters and sort, without paging (every matching row). */
export const servidorExportQuery = servidorListQuery.omit({ page: true, size: true });
/** Bulk actions on the servers list: delete (refused for a server with DNS entries), or set state, provider or role. */
export const servidorLote = loteBody(servidorExportQuery, {
  estado: servidorInput.shape.estado,
  proveedor: servidorInput.shape.proveedor,
  rol: servidorInput.shape.rol,
  so: servidorInput.shape.so,
});
export const servidorLoteExport = loteExportBody(servidorExportQuery);

/** `DELETE /api/servidores/:id?cascada=true`: without it a server with DNS entries is not deleted (409). */
export const servidorDeleteQuery = z.object({ cascada: queryBoolean.default(false) }).strict();

/** `POST /api/servidores/eliminar` answers how many servers went. */
export const bulkDeleteResult = z.object({ eliminados: z.number().int().nonnegative() });
