import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import yauzl from 'yauzl';
import type { Executor } from '../../../db/client.ts';
import {
  archivos,
  insightsBundleArchivos,
  insightsBundles,
  insightsChunks,
  insightsProyectos,
} from '../../../db/schema.ts';
import { conArchivo, registrarArchivo, type FileDeps } from '../../../storage/archivos.ts';
import { putBytes, type StoredFile, TooLargeError } from '../../../storage/store.ts';

// Artifact bundles as `sentry-cli sourcemaps upload` sends them: chunks named by SHA-1 (chunk-upload), then one
// assemble call that names the bundle's chunks in order; the zip is unpacked into its files (manifest.json).

export const SHA1 = /^[0-9a-f]{40}$/;

/** Why a chunk or a bundle was refused: the CLI shows `detail`. */
export class BundleInvalido extends Error {}

/** Stores one chunk (gzip'd or not), checking that its content has the SHA-1 it is named by. */
export async function guardarChunk(deps: FileDeps, sha1: string, source: Readable, gzip: boolean): Promise<void> {
  if (!SHA1.test(sha1)) throw new BundleInvalido(`Nombre de chunk inválido: ${sha1.slice(0, 60)}`);
  const hash = createHash('sha1');
  const contado = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const datos = gzip ? source.pipe(createGunzip()).pipe(contado) : source.pipe(contado);
  let stored: StoredFile;
  try {
    stored = await deps.store.put(datos, { maxBytes: deps.maxBytes });
  } catch (err) {
    if (err instanceof TooLargeError) throw new BundleInvalido('El chunk supera el tamaño máximo');
    if ((err as { code?: string }).code === 'Z_DATA_ERROR') throw new BundleInvalido('El chunk no es un gzip válido');
    throw err;
  }
  const upload = { ...stored, tipo: 'application/octet-stream' };
  if (hash.digest('hex') !== sha1) {
    if (stored.nuevo) await deps.store.remove(stored.sha256);
    throw new BundleInvalido(`El contenido del chunk no coincide con su SHA-1 ${sha1}`);
  }
  await conArchivo(deps.db, deps.store, upload, () =>
    deps.db.transaction(async (tx) => {
      const archivo = await registrarArchivo(tx, upload, `chunk-${sha1}`);
      await tx.insert(insightsChunks).values({ sha1, archivoId: archivo.id }).onConflictDoNothing();
    }),
  );
}

/** Of these SHA-1s, those not stored yet. */
export async function chunksFaltantes(db: Executor, sha1s: string[]): Promise<string[]> {
  if (sha1s.length === 0) return [];
  const rows = await db
    .select({ sha1: insightsChunks.sha1 })
    .from(insightsChunks)
    .where(inArray(insightsChunks.sha1, sha1s));
  const tenidos = new Set(rows.map((r) => r.sha1));
  return [...new Set(sha1s)].filter((s) => !tenidos.has(s));
}

export interface PedidoEnsamblado {
  checksum: string;
  chunks: string[];
  proyectos: { id: number }[];
  release: string | null;
  dist: string | null;
}

interface ArchivoDelBundle {
  url: string;
  tipo: string;
  debugId: string | null;
  sourcemap: string | null;
  contenido: Buffer;
}

/** The manifest's entry of one file: `{type, url, headers: {debug-id, sourcemap}}`. */
function archivosDelManifiesto(manifiesto: unknown, contenidos: Map<string, Buffer>): ArchivoDelBundle[] {
  const files =
    typeof manifiesto === 'object' && manifiesto !== null ? (manifiesto as { files?: unknown }).files : undefined;
  if (typeof files !== 'object' || files === null)
    throw new BundleInvalido('El manifest.json del bundle no tiene "files"');
  const out: ArchivoDelBundle[] = [];
  for (const [ruta, info] of Object.entries(files)) {
    const i = (typeof info === 'object' && info !== null ? info : {}) as {
      type?: unknown;
      url?: unknown;
      headers?: unknown;
    };
    const contenido = contenidos.get(ruta);
    if (!contenido || typeof i.url !== 'string') throw new BundleInvalido(`El bundle no contiene ${ruta}`);
    const headers = Object.fromEntries(
      Object.entries(typeof i.headers === 'object' && i.headers !== null ? i.headers : {}).map(([k, v]) => [
        k.toLowerCase(),
        typeof v === 'string' ? v : null,
      ]),
    );
    out.push({
      url: i.url,
      tipo: typeof i.type === 'string' ? i.type : 'unknown',
      debugId: headers['debug-id']?.toLowerCase() ?? null,
      sourcemap: headers.sourcemap ?? headers['x-sourcemap'] ?? null,
      contenido,
    });
  }
  return out;
}

/** The zip's files by path, with limits on their number and total size (a zip bomb stops early). */
function leerZip(zip: Buffer, maxBytes: number): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, archivo) => {
      if (err || !archivo) return reject(new BundleInvalido('El bundle no es un zip válido'));
      const out = new Map<string, Buffer>();
      let total = 0;
      const falla = (e: unknown) => {
        archivo.close();
        reject(e instanceof BundleInvalido ? e : new BundleInvalido('El zip del bundle está dañado'));
      };
      archivo.on('error', falla);
      archivo.on('end', () => resolve(out));
      archivo.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return archivo.readEntry();
        if (out.size >= 10_000) return falla(new BundleInvalido('El bundle tiene demasiados archivos'));
        archivo.openReadStream(entry, (e, stream) => {
          if (e || !stream) return falla(e);
          const partes: Buffer[] = [];
          stream.on('data', (c: Buffer) => {
            total += c.length;
            if (total > maxBytes) {
              stream.destroy();
              falla(new BundleInvalido('El bundle descomprimido supera el tamaño máximo'));
            } else partes.push(c);
          });
          stream.on('error', falla);
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(partes));
            archivo.readEntry();
          });
        });
      });
      archivo.readEntry();
    });
  });
}

async function leerChunks(deps: FileDeps, chunks: string[]): Promise<Buffer> {
  const rows = await deps.db
    .select({ sha1: insightsChunks.sha1, sha256: archivos.sha256 })
    .from(insightsChunks)
    .innerJoin(archivos, eq(archivos.id, insightsChunks.archivoId))
    .where(inArray(insightsChunks.sha1, chunks));
  const porSha1 = new Map(rows.map((r) => [r.sha1, r.sha256]));
  const partes: Buffer[] = [];
  let total = 0;
  for (const c of chunks) {
    const sha256 = porSha1.get(c);
    if (!sha256) throw new BundleInvalido(`Falta el chunk ${c}`);
    for await (const parte of deps.store.read(sha256)) {
      total += (parte as Buffer).length;
      if (total > deps.maxBytes) throw new BundleInvalido('El bundle supera el tamaño máximo');
      partes.push(parte as Buffer);
    }
  }
  return Buffer.concat(partes);
}

/** The projects that do not hold the bundle with this checksum yet. */
export async function sinElBundle(
  db: Executor,
  proyectos: { id: number }[],
  checksum: string,
): Promise<{ id: number }[]> {
  const pendientes: { id: number }[] = [];
  for (const p of proyectos) {
    const [hecho] = await db
      .select({ id: insightsBundles.id })
      .from(insightsBundles)
      .where(and(eq(insightsBundles.proyectoId, p.id), eq(insightsBundles.checksum, checksum)));
    if (!hecho) pendientes.push(p);
  }
  return pendientes;
}

/**
 * Assembles the bundle from its chunks, checks its SHA-1, unpacks it and keeps its files for each project
 * (once per project: an assemble repeated for the same checksum finds it done). The chunks go afterwards (their
 * bytes leave the store with the sweep): the bundle is kept unpacked. Throws BundleInvalido.
 */
export async function ensamblarBundle(deps: FileDeps, pedido: PedidoEnsamblado): Promise<void> {
  const pendientes = await sinElBundle(deps.db, pedido.proyectos, pedido.checksum);
  if (pendientes.length === 0) return;
  const zip = await leerChunks(deps, pedido.chunks);
  if (createHash('sha1').update(zip).digest('hex') !== pedido.checksum)
    throw new BundleInvalido('El bundle armado no coincide con su checksum');
  const contenidos = await leerZip(zip, deps.maxBytes);
  const manifiesto = contenidos.get('manifest.json');
  if (!manifiesto) throw new BundleInvalido('El bundle no tiene manifest.json');
  let json: unknown;
  try {
    json = JSON.parse(manifiesto.toString('utf8'));
  } catch {
    throw new BundleInvalido('El manifest.json del bundle no es JSON válido');
  }
  const delBundle = archivosDelManifiesto(json, contenidos);
  // Each file into the store first (content-addressed: the same map in two bundles is kept once).
  const guardados: (ArchivoDelBundle & { stored: StoredFile })[] = [];
  for (const a of delBundle) guardados.push({ ...a, stored: await putBytes(deps.store, a.contenido) });
  await deps.db.transaction(async (tx) => {
    for (const p of pendientes) {
      const [bundle] = await tx
        .insert(insightsBundles)
        .values({
          proyectoId: p.id,
          checksum: pedido.checksum,
          release: pedido.release,
          dist: pedido.dist,
          tamano: zip.length,
        })
        .onConflictDoNothing()
        .returning({ id: insightsBundles.id });
      if (!bundle) continue;
      for (const g of guardados) {
        const archivo = await registrarArchivo(
          tx,
          { ...g.stored, tipo: g.tipo === 'source_map' ? 'application/json' : 'application/javascript' },
          g.url.split('/').at(-1) || 'archivo',
        );
        await tx.insert(insightsBundleArchivos).values({
          bundleId: bundle.id,
          url: g.url,
          tipo: g.tipo,
          debugId: g.debugId,
          sourcemap: g.sourcemap,
          archivoId: archivo.id,
          tamano: g.contenido.length,
        });
      }
    }
    await tx.delete(insightsChunks).where(inArray(insightsChunks.sha1, pedido.chunks));
  });
}

/** The monitor's projects by slug; throws BundleInvalido naming those that do not exist. */
export async function proyectosPorSlug(db: Executor, slugs: string[]): Promise<{ id: number; slug: string }[]> {
  if (slugs.length === 0) throw new BundleInvalido('Falta el proyecto (SENTRY_PROJECT)');
  const rows = await db
    .select({ id: insightsProyectos.id, slug: insightsProyectos.slug })
    .from(insightsProyectos)
    .where(inArray(insightsProyectos.slug, slugs));
  const faltan = slugs.filter((s) => !rows.some((r) => r.slug === s));
  if (faltan.length > 0) throw new BundleInvalido(`El proyecto no existe: ${faltan.join(', ')}`);
  return rows;
}
