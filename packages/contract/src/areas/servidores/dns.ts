import { z } from 'zod';
import { listQuery, paged, queryBoolean, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { hostname, ipAddress, port } from '@intranet/contract/shared/validators';

// ---- Servicio DNS: the DNS entries of the company's own servers and their addresses ----

/** Derived DNS entry, as the specification gives it. */
export const dnsDerivado = z.object({ id: z.number().int(), host: z.string(), servidor_nombre: z.string() });

/** Address, as the specification gives it. */
export const direccion = z.object({
  id: z.number().int(),
  dns: z.number().int(),
  host: z.string(),
  port: z.number().int(),
  path: z.string(),
});

export const DNS_TIPOS = ['A', 'AAAA', 'CNAME'] as const;

/** Host of an address: a DNS name or an IP. */
export const hostOrIp = z.union([ipAddress, hostname], { error: 'Host inválido (nombre DNS o IP)' });

export const dnsInput = z
  .object({
    servidor_id: z
      .number({ error: 'Elija un servidor' })
      .int()
      .positive('Elija un servidor')
      .max(MAX_ID, 'Id inválido'),
    host: hostname,
    tipo: z.enum(DNS_TIPOS, { error: 'Tipo inválido' }).default('A'),
    ttl: z.coerce
      .number({ error: 'Debe ser un número' })
      .int('Debe ser un número entero')
      .min(60, 'Mínimo 60 segundos')
      .max(604800, 'Máximo 604800 segundos (7 días)')
      .default(3600),
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
export const dnsPage = paged(dnsEntry);

/** `POST /api/dns/:id/resolver`: what the server's resolver answers for the entry now. */
export const dnsResolution = z.object({
  host: z.string(),
  direcciones: z.array(z.string()),
  error: z.string().nullable(),
  coincide: z.boolean().nullable(),
});

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
export const reachability = z.object({
  alcanzable: z.boolean(),
  ms: z.number().nullable(),
  error: z.string().nullable(),
});

/** The URL an address is shown as: https on 443, http otherwise; default ports omitted. */
export function direccionUrl(d: { host: string; port: number; path: string }): string {
  const scheme = d.port === 443 ? 'https' : 'http';
  const host = d.host.includes(':') ? `[${d.host}]` : d.host;
  const portPart = d.port === 443 || d.port === 80 ? '' : `:${d.port}`;
  return `${scheme}://${host}${portPart}${d.path}`;
}

/** `GET /api/dns/export.csv`. */
export const dnsExportQuery = dnsListQuery.omit({ page: true, size: true });
/** Bulk actions on the DNS list: delete, or set active, type or TTL. */
export const dnsLote = loteBody(dnsExportQuery, {
  activo: dnsInput.shape.activo.unwrap(),
  tipo: dnsInput.shape.tipo.unwrap(),
  ttl: dnsInput.shape.ttl.unwrap(),
});
export const dnsLoteExport = loteExportBody(dnsExportQuery);

/** `GET /api/direcciones?dns=ID`: the addresses of one DNS entry. */
export const direccionesQuery = z
  .object({
    dns: z.coerce
      .number({ error: 'Elija una entrada DNS' })
      .int('Id inválido')
      .positive('Id inválido')
      .max(MAX_ID, 'Id inválido'),
  })
  .strict();

/** `GET /api/dns/:id`: the entry with its addresses. */
export const dnsDetalle = dnsEntry.extend({ direcciones: z.array(direccionView) });
export type DnsDetalle = z.infer<typeof dnsDetalle>;
