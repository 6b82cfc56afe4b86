import { z } from 'zod';
import { envelope } from './envelope.ts';

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
