import { z } from 'zod';
import { envelope } from './envelope.ts';
import { idList, listQuery, paged, queryBoolean, MAX_ID } from './list.ts';
import { hostname, ipAddress, optionalHostname, optionalIp, optionalText, port, requiredText } from './validators.ts';

/** A DNS entry as the spec's server shape carries it (spec §3). */
export const dnsRef = z.object({ id: z.number().int(), host: z.string() });
export type DnsRef = z.infer<typeof dnsRef>;

/** Server (spec §3): nombre and dnss; extra fields are allowed. */
export const servidorConDns = z.object({ id: z.number().int(), nombre: z.string(), dnss: z.array(dnsRef) });
export type ServidorConDns = z.infer<typeof servidorConDns>;

/** `GET {api}/api/servidores` and `GET {api}/api/empresas/{id}/servidores`. */
export const servidoresResponse = envelope(z.array(servidorConDns));

/** Derived DNS entry (spec §3). */
export const dnsDerivado = z.object({ id: z.number().int(), host: z.string(), servidor_nombre: z.string() });
export type DnsDerivado = z.infer<typeof dnsDerivado>;

/** Address (spec §3). */
export const direccion = z.object({
  id: z.number().int(),
  dns: z.number().int(),
  host: z.string(),
  port: z.number().int(),
  path: z.string(),
});
export type Direccion = z.infer<typeof direccion>;

// ---- The Servidores propios / Servicio DNS area (AREAS.md; issue 3) ----

export const SERVIDOR_ESTADOS = ['activo', 'offline', 'planificado', 'baja'] as const;
export const DNS_TIPOS = ['A', 'AAAA', 'CNAME'] as const;

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
export type ServidorListQuery = z.input<typeof servidorListQuery>;
export const servidorPage = paged(servidor);

/** `POST /api/servidores/eliminar`: bulk delete; servers with DNS entries need `cascada: true` (else 409). */
export const servidorBulkDelete = idList.extend({ cascada: z.boolean().default(false) }).strict();

// ---- DNS entries ----

/** Host of an address: a DNS name or an IP. */
export const hostOrIp = z.union([ipAddress, hostname], { error: 'Host inválido (nombre DNS o IP)' });

export const dnsInput = z
  .object({
    servidor_id: z.number({ error: 'Elija un servidor' }).int().positive('Elija un servidor').max(MAX_ID, 'Id inválido'),
    host: hostname,
    tipo: z.enum(DNS_TIPOS, { error: 'Tipo inválido' }).default('A'),
    ttl: z.coerce.number({ error: 'Debe ser un número' }).int('Debe ser un número entero').min(60, 'Mínimo 60 segundos').max(604800, 'Máximo 604800 segundos (7 días)').default(3600),
    activo: z.boolean().default(true),
  })
  .strict();
export type DnsInput = z.input<typeof dnsInput>;

/** A DNS entry: the spec's derived entry (id, host, servidor_nombre) and its own fields. */
export const dnsEntry = dnsDerivado.extend({
  servidor_id: z.number().int(),
  tipo: z.enum(DNS_TIPOS),
  ttl: z.number().int(),
  activo: z.boolean(),
  direcciones_count: z.number().int(),
});
export type DnsEntry = z.infer<typeof dnsEntry>;

export const DNS_SORT = ['host', 'servidor_nombre', 'tipo', 'ttl'] as const;
export const dnsListQuery = listQuery(DNS_SORT, {
  servidor_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
  tipo: z.enum(DNS_TIPOS, { error: 'Tipo inválido' }).optional(),
  activo: queryBoolean.optional(),
});
export type DnsListQuery = z.input<typeof dnsListQuery>;
export const dnsPage = paged(dnsEntry);

/** `POST /api/dns/:id/resolver`: what the server's resolver answers for the entry now. */
export const dnsResolution = z.object({
  host: z.string(),
  direcciones: z.array(z.string()),
  error: z.string().nullable(),
  coincide: z.boolean().nullable(),
});

// ---- Addresses ----

export const direccionInput = z
  .object({
    dns: z.number({ error: 'Elija una entrada DNS' }).int().positive('Elija una entrada DNS'),
    host: hostOrIp,
    port,
    path: z
      .string()
      .trim()
      .max(2000, 'Máximo 2000 caracteres')
      .regex(/^\/\S*$/, 'La ruta debe empezar con / y no tener espacios')
      .default('/'),
  })
  .strict();
export type DireccionInput = z.input<typeof direccionInput>;

/** An address as answered: the spec's shape plus the URL it is shown as. */
export const direccionView = direccion.extend({ url: z.string() });
export type DireccionView = z.infer<typeof direccionView>;

/** `POST /api/direcciones/:id/verificar`: whether a TCP connection to host:port succeeds now. */
export const reachability = z.object({ alcanzable: z.boolean(), ms: z.number().nullable(), error: z.string().nullable() });

/** `GET /api/servidores/:id`: the server with its DNS entries and their addresses. */
export const servidorDetalle = servidor.extend({
  dns_entries: z.array(dnsEntry.extend({ direcciones: z.array(direccionView) })),
});
export type ServidorDetalle = z.infer<typeof servidorDetalle>;

/** The URL an address is shown as: https on 443, http otherwise; default ports omitted. */
export function direccionUrl(d: { host: string; port: number; path: string }): string {
  const scheme = d.port === 443 ? 'https' : 'http';
  const host = d.host.includes(':') ? `[${d.host}]` : d.host;
  const portPart = d.port === 443 || d.port === 80 ? '' : `:${d.port}`;
  return `${scheme}://${host}${portPart}${d.path}`;
}

// ---- Queries and answers of the area's routes (routes.md) ----

/** `GET /api/servidores/export.csv`: the list's filters and sort, without paging (every matching row). */
export const servidorExportQuery = servidorListQuery.omit({ page: true, size: true });
/** `GET /api/dns/export.csv`. */
export const dnsExportQuery = dnsListQuery.omit({ page: true, size: true });

/** `DELETE /api/servidores/:id?cascada=true`: without it a server with DNS entries is not deleted (409). */
export const servidorDeleteQuery = z.object({ cascada: queryBoolean.default(false) }).strict();

/** `POST /api/servidores/eliminar` answers how many servers went. */
export const bulkDeleteResult = z.object({ eliminados: z.number().int().nonnegative() });

/** `GET /api/direcciones?dns=ID`: the addresses of one DNS entry. */
export const direccionesQuery = z
  .object({ dns: z.coerce.number({ error: 'Elija una entrada DNS' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido') })
  .strict();

/** `GET /api/dns/:id`: the entry with its addresses. */
export const dnsDetalle = dnsEntry.extend({ direcciones: z.array(direccionView) });
export type DnsDetalle = z.infer<typeof dnsDetalle>;
