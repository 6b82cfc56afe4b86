import { promisify } from 'node:util';
import { gunzip, inflate } from 'node:zlib';
import { INTAKE_MAX_INFLATED } from '@intranet/contract/areas/insights';
import type { FastifyRequest } from 'fastify';

// The Sentry wire: who is calling (the DSN's key), the body (maybe compressed) and the envelope format.

export class IntakeError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const KEY = /sentry_key\s*=\s*([^,\s]+)/i;

/** The DSN key from `?sentry_key=`, `X-Sentry-Auth: Sentry sentry_key=…` or `Authorization: Sentry sentry_key=…`. */
export function sentryKey(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  if (typeof query?.sentry_key === 'string' && query.sentry_key) return query.sentry_key;
  for (const header of [request.headers['x-sentry-auth'], request.headers.authorization]) {
    if (typeof header === 'string' && /^\s*Sentry\s/i.test(header)) {
      const key = KEY.exec(header)?.[1];
      if (key) return key;
    }
  }
  return undefined;
}

/** The key of a DSN (`https://KEY@host/ID`), as a browser envelope's header may carry it. */
export function keyOfDsn(dsn: unknown): string | undefined {
  if (typeof dsn !== 'string') return undefined;
  try {
    return new URL(dsn).username || undefined;
  } catch {
    return undefined;
  }
}

const gunzipAsync = promisify(gunzip);
const inflateAsync = promisify(inflate);

/** The raw body inflated per Content-Encoding, never beyond INTAKE_MAX_INFLATED (a zip bomb stops there). */
export async function inflated(body: Buffer, encoding: string | undefined, max = INTAKE_MAX_INFLATED): Promise<Buffer> {
  const enc = (encoding ?? '').trim().toLowerCase();
  if (enc === '' || enc === 'identity') return body;
  const opts = { maxOutputLength: max };
  try {
    if (enc === 'gzip' || enc === 'x-gzip') return await gunzipAsync(body, opts);
    if (enc === 'deflate') return await inflateAsync(body, opts);
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new IntakeError(413, 'El cuerpo descomprimido supera el máximo admitido');
    throw new IntakeError(400, `El cuerpo no es ${enc} válido`);
  }
  throw new IntakeError(415, `Content-Encoding no admitido: ${enc}`);
}

export function parseJsonObject(text: Buffer | string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(typeof text === 'string' ? text : text.toString('utf8'));
  } catch {
    throw new IntakeError(400, `${what}: JSON inválido`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new IntakeError(400, `${what}: se esperaba un objeto JSON`);
  return value as Record<string, unknown>;
}

export interface EnvelopeItem {
  type: string;
  payload: Buffer;
  /** The item's header line (an attachment's filename, content_type and attachment_type). */
  header: Record<string, unknown>;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

const NL = 0x0a;
const MAX_ITEMS = 100;

/**
 * Sentry's envelope: a header line, then per item a header line and a payload that is `length` bytes when
 * the item header gives it, else runs to the next newline. Anything that does not fit is a 400.
 */
export function parseEnvelope(body: Buffer): Envelope {
  let pos = 0;
  const line = (): Buffer => {
    const end = body.indexOf(NL, pos);
    const stop = end === -1 ? body.length : end;
    const out = body.subarray(pos, stop);
    pos = end === -1 ? body.length : end + 1;
    return out;
  };
  const header = parseJsonObject(line(), 'Cabecera del envelope');
  const items: EnvelopeItem[] = [];
  while (pos < body.length) {
    const itemLine = line();
    if (itemLine.toString('utf8').trim() === '') continue;
    if (items.length >= MAX_ITEMS) throw new IntakeError(400, `El envelope tiene más de ${MAX_ITEMS} ítems`);
    const itemHeader = parseJsonObject(itemLine, 'Cabecera de ítem');
    if (typeof itemHeader.type !== 'string' || itemHeader.type === '') throw new IntakeError(400, 'Ítem sin tipo');
    let payload: Buffer;
    if (itemHeader.length !== undefined) {
      const length = itemHeader.length;
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0)
        throw new IntakeError(400, 'Longitud de ítem inválida');
      if (pos + length > body.length) throw new IntakeError(400, 'El ítem es más corto que su longitud');
      payload = body.subarray(pos, pos + length);
      pos += length;
      if (pos < body.length) {
        if (body[pos] !== NL) throw new IntakeError(400, 'Falta el salto de línea después del ítem');
        pos += 1;
      }
    } else {
      payload = line();
    }
    items.push({ type: itemHeader.type, payload, header: itemHeader });
  }
  return { header, items };
}
