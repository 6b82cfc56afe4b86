import { createHmac, randomBytes } from 'node:crypto';

/**
 * Webhook signing per the Standard Webhooks specification (standardwebhooks.com): each delivery carries
 * `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
 * so a receiver can check who sent it, that it is recent and that it was not changed, with any of its libraries.
 */

const PREFIJO = 'whsec_';

/** A new webhook's secret, as the specification shows them: `whsec_` and 32 random bytes in base64. */
export function nuevoSecreto(): string {
  return `${PREFIJO}${randomBytes(32).toString('base64')}`;
}

/**
 * The HMAC key of a secret: the base64 part of a `whsec_` one; a secret from before (48 hex digits, no prefix)
 * is its own characters as raw bytes, so receivers set up with it keep working (the library's `format: 'raw'`).
 */
export function hmacKeyOf(secreto: string): Buffer {
  return secreto.startsWith(PREFIJO)
    ? Buffer.from(secreto.slice(PREFIJO.length), 'base64')
    : Buffer.from(secreto, 'utf8');
}

/** The three headers of one attempt: a redelivery keeps its id and gets a new timestamp, hence a new signature. */
export function cabecerasFirmadas(
  secreto: string,
  id: string,
  cuerpo: string,
  ahora = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(ahora.getTime() / 1000));
  const firma = createHmac('sha256', hmacKeyOf(secreto)).update(`${id}.${timestamp}.${cuerpo}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${firma}` };
}
