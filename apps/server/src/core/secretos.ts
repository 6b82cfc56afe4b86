import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets at rest (Instalaciones, the second factor's keys): AES-256-GCM with a 96-bit random nonce per value and its
 * 128-bit tag. Stored as `v1:<nonce b64>:<tag b64>:<ciphertext b64>` in `parametros.valor_cifrado`; the plain value is
 * never written anywhere. The key is SECRETS_KEY (32 bytes, base64); without it one is generated once into
 * DATA_DIR/secrets.key, with a warning at start.
 */

const VERSION = 'v1';
const ALGORITMO = 'aes-256-gcm';

export function cifrar(key: Buffer, valor: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv(ALGORITMO, key, nonce);
  const cifrado = Buffer.concat([cipher.update(valor, 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64'), cipher.getAuthTag().toString('base64'), cifrado.toString('base64')].join(
    ':',
  );
}

export class SecretoIlegible extends Error {}

/** The plain value; throws SecretoIlegible when the value was written with another key or was altered. */
export function descifrar(key: Buffer, almacenado: string): string {
  const [version, nonce, tag, cifrado] = almacenado.split(':');
  if (version !== VERSION || !nonce || !tag || cifrado === undefined) throw new SecretoIlegible('formato desconocido');
  try {
    const decipher = createDecipheriv(ALGORITMO, key, Buffer.from(nonce, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(cifrado, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretoIlegible('la clave no corresponde o el valor fue alterado');
  }
}

/** SECRETS_KEY as the config reads it: base64 of exactly 32 bytes. */
export function parseSecretsKey(value: string): Buffer | undefined {
  const key = Buffer.from(value.trim(), 'base64');
  return key.length === 32 ? key : undefined;
}

const keysByDataDir = new Map<string, Buffer>();

/**
 * The key to use: SECRETS_KEY when set; else DATA_DIR/secrets.key, generated (mode 0600) on first use with a
 * warning that says where it is and that production should set SECRETS_KEY. Remembered per folder.
 */
export function secretsKeyOf(
  opts: { secretsKey?: Buffer | undefined; dataDir: string },
  avisar: (mensaje: string) => void = console.warn,
): Buffer {
  if (opts.secretsKey) return opts.secretsKey;
  const cached = keysByDataDir.get(opts.dataDir);
  if (cached) return cached;
  const file = join(opts.dataDir, 'secrets.key');
  let key: Buffer | undefined;
  if (existsSync(file)) {
    key = parseSecretsKey(readFileSync(file, 'utf8'));
    if (!key)
      throw new Error(`${file} no contiene una clave válida (32 bytes en base64); corríjalo o defina SECRETS_KEY`);
    avisar(
      `SECRETS_KEY no está definida: los secretos de Instalaciones se cifran con la clave de ${file}. En producción defina SECRETS_KEY (32 bytes en base64) y guarde una copia: sin ella los secretos no se pueden leer.`,
    );
  } else {
    key = randomBytes(32);
    mkdirSync(opts.dataDir, { recursive: true });
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    avisar(
      `SECRETS_KEY no está definida: se generó una clave para los secretos de Instalaciones en ${file}. En producción defina SECRETS_KEY (32 bytes en base64, p. ej. \`openssl rand -base64 32\`) y guarde una copia: sin ella los secretos no se pueden leer.`,
    );
  }
  keysByDataDir.set(opts.dataDir, key);
  return key;
}
