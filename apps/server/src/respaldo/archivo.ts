// The backup's container: one .tar.gz written and read entry by entry, never whole in memory (node-tar).
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { Header, Pack, Parser, ReadEntry } from 'tar';

/** An entry being read: its name in the archive, its size, and its content (read it, or resume() it). */
export type Entrada = ReadEntry;

/** A new gzipped tar stream: add entries with `agregar`, then `end()` it. */
export function nuevoArchivo(): Pack {
  return new Pack({ gzip: true, portable: true });
}

/**
 * Adds one file of `tamano` bytes to the archive, its content read from `contenido` as the archive is
 * consumed (the pack's back-pressure reaches the source). Answers once the content is all handed over;
 * `signal` stops the wait (and closes the source) when the archive's reader is gone.
 */
export async function agregar(
  pack: Pack,
  nombre: string,
  tamano: number,
  contenido: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>,
  signal?: AbortSignal,
): Promise<void> {
  const entrada = new ReadEntry(
    new Header({ path: nombre, type: 'File', size: tamano, mode: 0o644, mtime: new Date() }),
  );
  pack.write(entrada);
  let escritos = 0;
  for await (const trozo of contenido) {
    const bytes = Buffer.isBuffer(trozo) ? trozo : Buffer.from(trozo.buffer, trozo.byteOffset, trozo.byteLength);
    escritos += bytes.length;
    // A source that grew would write past the header's size: the archive would be unreadable.
    if (escritos > tamano) throw new Error(`${nombre} cambió mientras se respaldaba (más de ${tamano} bytes)`);
    if (!entrada.write(bytes)) await once(entrada, 'drain', { signal });
  }
  if (escritos !== tamano) throw new Error(`${nombre} cambió mientras se respaldaba (${escritos} de ${tamano} bytes)`);
  entrada.end();
}

/**
 * Reads the archive at `ruta` entry by entry, in order: `alEntrar` gets each one and must read or skip its
 * content; the next one is not read until it has finished. Rejects on the first problem (a damaged or
 * truncated archive, or `alEntrar` failing), and then reads no further.
 */
export async function recorrer(ruta: string, alEntrar: (entrada: Entrada) => Promise<void>): Promise<void> {
  const lectura = createReadStream(ruta);
  const parser = new Parser({ strict: true });
  let cadena = Promise.resolve();
  let entradas = 0;
  await new Promise<void>((resolver, rechazar) => {
    const fallar = (err: unknown) => {
      lectura.destroy();
      rechazar(err);
    };
    lectura.on('error', fallar);
    // A read stream closed before its end (destroyed from outside) would leave the parser waiting for ever.
    lectura.on('close', () => {
      if (!lectura.readableEnded)
        fallar(new ArchivoInvalido('no se pudo leer hasta el final: la lectura se cerró antes de tiempo'));
    });
    parser.on('error', (err: unknown) => fallar(new ArchivoInvalido(queLePasa(err))));
    parser.on('entry', (entrada: ReadEntry) => {
      entradas += 1;
      cadena = cadena.then(() => alEntrar(entrada));
      cadena.catch(fallar);
    });
    // A file that is not a tar at all parses as no entry, without an error.
    parser.on('end', () =>
      cadena.then(
        () => (entradas > 0 ? resolver() : rechazar(new ArchivoInvalido('no contiene ninguna entrada'))),
        fallar,
      ),
    );
    lectura.pipe(parser);
  });
}

/** What zlib's and node-tar's errors (English, technical) mean for the operator. */
function queLePasa(err: unknown): string {
  const texto = err instanceof Error ? err.message : String(err);
  const codigo = (err as { code?: unknown } | null)?.code;
  if (/unexpected end of file|truncated/i.test(texto))
    return 'está incompleto: termina antes de tiempo (¿se cortó la copia o la descarga?)';
  if (
    codigo === 'Z_DATA_ERROR' ||
    /incorrect data check|invalid (stored|block|distance|code)|header check/i.test(texto)
  ) {
    return 'está dañado: su compresión no se puede leer';
  }
  if (/unrecognized archive format|checksum failure|invalid entry/i.test(texto))
    return 'no es un archivo .tar.gz de respaldo';
  return `no se puede leer (${texto})`;
}

/** The archive cannot be read as a backup: not a tar.gz, damaged, truncated, or not one this portal wrote. */
export class ArchivoInvalido extends Error {}
