// `npm run backup` beside a running portal on PGlite: only that process may open the database, so it is asked
// for the backup (GET /respaldo) on this environment's HOST and PORT, with METRICS_TOKEN when there is one.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadable } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';

/** Where this machine reaches the portal: a listener on every address answers on loopback. */
export function direccionDelServidor(config: Pick<Config, 'host' | 'port'>): string {
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '::1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/respaldo`;
}

/** The portal's answer was not a backup, or it could not be reached: the message says which, in Spanish. */
export class DescargaFallida extends Error {}

/** Saves the running portal's backup at `ruta`; an answer cut short rejects (the file is then incomplete). */
export async function descargarRespaldo(
  config: Pick<Config, 'host' | 'port' | 'metricsToken'>,
  ruta: string,
): Promise<void> {
  const url = direccionDelServidor(config);
  let respuesta: Response;
  try {
    respuesta = await fetch(url, {
      headers: config.metricsToken ? { authorization: `Bearer ${config.metricsToken}` } : {},
    });
  } catch (err) {
    const causa = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new DescargaFallida(
      `La base de datos embebida está abierta por Intranet, pero Intranet no responde en ${url} (${causa?.code ?? causa?.message ?? String(err)}). ` +
        'Revise PORT y HOST, o detenga el proceso que tiene abierta la base y vuelva a intentarlo.',
    );
  }
  if (!respuesta.ok || !respuesta.body) {
    const cuerpo = (await respuesta.json().catch(() => null)) as { error?: unknown } | null;
    const motivo = typeof cuerpo?.error === 'string' ? cuerpo.error : respuesta.statusText;
    throw new DescargaFallida(`Intranet (${url}) no entregó el respaldo: ${respuesta.status} ${motivo}`);
  }
  const archivo = createWriteStream(ruta);
  let alEscribir: unknown;
  archivo.on('error', (err) => {
    alEscribir = err;
  });
  try {
    await pipeline(Readable.fromWeb(respuesta.body as WebReadable<Uint8Array>), archivo);
  } catch (err) {
    if (alEscribir) throw alEscribir;
    throw new DescargaFallida(
      `Intranet (${url}) cortó el respaldo antes de terminarlo (${err instanceof Error ? err.message : String(err)}): vea su registro y vuelva a intentarlo.`,
    );
  }
}
