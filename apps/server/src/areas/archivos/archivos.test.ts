import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { archivo } from '@intranet/contract/areas/archivos';
import { envelope } from '@intranet/contract/shared/envelope';
import { emptyDocument } from '@intranet/editor';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { archivos, auditoria, paquetes, productos } from '../../db/schema.ts';
import { diskStore } from '../../storage/disk.ts';
import { bearer, PASSWORDS, type TestApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MB = 1024 * 1024;

/** Every file under the store's folder, by relative path. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

/** A clone whose file store is a fresh temporary folder. */
async function withStore(maxMb = 64) {
  const filesDir = await mkdtemp(join(tmpdir(), 'intranet-archivos-'));
  const t = await template.clone({ filesDir, uploadMaxBytes: maxMb * MB });
  const headers = await bearer(t.app, 'admin', PASSWORDS.admin);
  return {
    t,
    filesDir,
    headers,
    close: async () => {
      await t.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

const octet = { 'content-type': 'application/octet-stream' };

/** Holds the file as a package does: only files in use are public. */
const usar = (t: TestApp, archivoId: number) => t.db.insert(paquetes).values({ nombre: `usa-${archivoId}`, archivoId });

describe('POST /api/archivos and GET /api/archivos/:sha256', () => {
  let ctx: Awaited<ReturnType<typeof withStore>>;
  beforeAll(async () => {
    ctx = await withStore();
  });
  afterAll(() => ctx.close());

  it('stores a small file with its size, SHA-256 and type, and answers it back whole', async () => {
    const bytes = Buffer.from('hola, instalador\n');
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/archivos?nombre=léame.txt',
      headers: { ...ctx.headers, 'content-type': 'text/plain; charset=utf-8' },
      payload: bytes,
    });
    expect(res.statusCode).toBe(201);
    const { datos } = envelope(archivo).parse(res.json());
    expect(datos).toMatchObject({
      sha256: sha(bytes),
      tamano: bytes.length,
      tipo: 'text/plain',
      nombre: 'léame.txt',
      descargas: 0,
    });
    expect(await filesUnder(ctx.filesDir)).toEqual([
      join(datos.sha256.slice(0, 2), datos.sha256.slice(2, 4), datos.sha256),
    ]);

    await usar(ctx.t, datos.id);
    const down = await ctx.t.app.inject({ url: `/api/archivos/${datos.sha256}` });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(bytes)).toBe(true);
    expect(down.headers['content-length']).toBe(String(bytes.length));
    expect(down.headers['content-type']).toBe('text/plain');
    expect(down.headers.etag).toBe(`"${datos.sha256}"`);
    expect(down.headers['accept-ranges']).toBe('bytes');
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename="l?ame.txt"; filename*=UTF-8''l%C3%A9ame.txt`,
    );
    const named = await ctx.t.app.inject({ url: `/api/archivos/${datos.sha256}?nombre=otro.txt` });
    expect(named.headers['content-disposition']).toBe('attachment; filename=otro.txt');

    const info = await ctx.t.app.inject({ url: `/api/archivos/${datos.sha256}/info`, headers: ctx.headers });
    expect(info.json().datos.descargas).toBe(2);
    const [audit] = await ctx.t.db.select().from(auditoria).where(eq(auditoria.entidad, 'archivo'));
    expect(audit).toMatchObject({ accion: 'subir', entidadId: String(datos.id), usuarioNombre: 'Administrador' });
  });

  it('stores a multi-megabyte file streamed in chunks with the right checksum, and keeps equal content once', async () => {
    const bytes = randomBytes(12 * MB + 12345);
    const chunks = Array.from({ length: Math.ceil(bytes.length / (256 * 1024)) }, (_, i) =>
      bytes.subarray(i * 256 * 1024, (i + 1) * 256 * 1024),
    );
    const first = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/archivos?nombre=grande.bin',
      headers: { ...ctx.headers, ...octet },
      payload: Readable.from(chunks),
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().datos).toMatchObject({ sha256: sha(bytes), tamano: bytes.length });
    const before = await filesUnder(ctx.filesDir);

    const again = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/archivos?nombre=copia.bin',
      headers: { ...ctx.headers, ...octet },
      payload: bytes,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().datos.id).toBe(first.json().datos.id);
    expect(again.json().datos.nombre).toBe('grande.bin');
    expect(await filesUnder(ctx.filesDir)).toEqual(before);
    const [{ n }] = (await ctx.t.db
      .select({ n: count() })
      .from(archivos)
      .where(eq(archivos.sha256, sha(bytes)))) as [{ n: number }];
    expect(n).toBe(1);
    const stored = await readFile(join(ctx.filesDir, before.find((f) => f.endsWith(sha(bytes)))!));
    expect(sha(stored)).toBe(sha(bytes));

    await usar(ctx.t, first.json().datos.id);
    const down = await ctx.t.app.inject({ url: `/api/archivos/${sha(bytes)}` });
    expect(down.rawPayload.length).toBe(bytes.length);
    expect(sha(down.rawPayload)).toBe(sha(bytes));
  });

  it('answers byte ranges (206), 416 past the end, 304 for a known ETag, and counts only whole downloads', async () => {
    const bytes = randomBytes(100_000);
    const { datos } = (
      await ctx.t.app.inject({
        method: 'POST',
        url: '/api/archivos?nombre=r.bin',
        headers: { ...ctx.headers, ...octet },
        payload: bytes,
      })
    ).json();
    await usar(ctx.t, datos.id);
    const url = `/api/archivos/${datos.sha256}`;

    const middle = await ctx.t.app.inject({ url, headers: { range: 'bytes=1000-1999' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(middle.headers['content-length']).toBe('1000');
    expect(middle.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);

    const tail = await ctx.t.app.inject({ url, headers: { range: 'bytes=99990-' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(99_990))).toBe(true);
    const suffix = await ctx.t.app.inject({ url, headers: { range: 'bytes=-10' } });
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const head = await ctx.t.app.inject({ url, headers: { range: 'bytes=0-99' } });
    expect(head.statusCode).toBe(206);
    expect(head.rawPayload.equals(bytes.subarray(0, 100))).toBe(true);

    const beyond = await ctx.t.app.inject({ url, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);

    const stale = await ctx.t.app.inject({ url, headers: { range: 'bytes=0-9', 'if-range': '"otro"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(bytes.length);

    const cached = await ctx.t.app.inject({ url, headers: { 'if-none-match': `"${datos.sha256}"` } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);

    const onlyHeaders = await ctx.t.app.inject({ method: 'HEAD', url });
    expect(onlyHeaders.statusCode).toBe(200);
    expect(onlyHeaders.headers['content-length']).toBe(String(bytes.length));

    // Counted: the range from 0 and the full answer to a stale If-Range; not the pieces, the 304, the HEAD.
    const info = await ctx.t.app.inject({ url: `${url}/info`, headers: ctx.headers });
    expect(info.json().datos.descargas).toBe(2);
  });

  it('answers 404 for an unknown hash and 400 for a malformed one or a bad name', async () => {
    expect((await ctx.t.app.inject({ url: `/api/archivos/${'0'.repeat(64)}` })).statusCode).toBe(404);
    const bad = await ctx.t.app.inject({ url: '/api/archivos/xyz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().campos.sha256).toEqual(['Suma SHA-256 inválida']);
    const name = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/archivos?nombre=../x',
      headers: { ...ctx.headers, ...octet },
      payload: 'x',
    });
    expect(name.statusCode).toBe(400);
    expect(name.json().campos.nombre).toEqual(['Nombre de archivo inválido']);
    const empty = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/archivos?nombre=vacio.bin',
      headers: { ...ctx.headers, ...octet },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('El archivo está vacío');
  });
});

describe('public downloads only of files something uses', () => {
  let ctx: Awaited<ReturnType<typeof withStore>>;
  beforeAll(async () => {
    ctx = await withStore();
  });
  afterAll(() => ctx.close());
  const noExiste = { error: 'El archivo no existe', datos: null };

  it('serves a version asset while it is attached, and answers 404 once it is removed', async () => {
    const [producto] = await ctx.t.db
      .insert(productos)
      .values({ codigo: 'TEST-ARCH', nombre: 'Producto de archivos', tipo: 'escritorio', descripcion: emptyDocument() })
      .returning({ id: productos.id });
    const version = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/versiones',
      headers: ctx.headers,
      payload: { producto_id: producto!.id, numero: '1.0.0', canal: 'estable', notas: null },
    });
    const { id } = version.json().datos;
    const bytes = randomBytes(20_000);
    const up = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/versiones/${id}/assets?nombre=Setup.exe`,
      headers: { ...ctx.headers, ...octet },
      payload: bytes,
    });
    const [asset] = up.json().datos.assets_lista;

    const down = await ctx.t.app.inject({ url: asset.descarga });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(bytes)).toBe(true);

    await ctx.t.app.inject({ method: 'DELETE', url: `/api/versiones/${id}/assets/${asset.id}`, headers: ctx.headers });
    const gone = await ctx.t.app.inject({ url: asset.descarga });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(noExiste);
    expect((await ctx.t.app.inject({ method: 'HEAD', url: asset.descarga })).statusCode).toBe(404);
    // Still on disk (the sweep removes it a day later); staff still see its data.
    expect(await filesUnder(ctx.filesDir)).toContain(
      join(asset.sha256.slice(0, 2), asset.sha256.slice(2, 4), asset.sha256),
    );
    expect(
      (await ctx.t.app.inject({ url: `/api/archivos/${asset.sha256}/info`, headers: ctx.headers })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an upload nothing uses yet, and serves it once a package holds it', async () => {
    const bytes = Buffer.from('suelto\n');
    const { datos } = (
      await ctx.t.app.inject({
        method: 'POST',
        url: '/api/archivos?nombre=suelto.txt',
        headers: { ...ctx.headers, ...octet },
        payload: bytes,
      })
    ).json();
    const url = `/api/archivos/${datos.sha256}`;
    expect((await ctx.t.app.inject({ url })).json()).toEqual(noExiste);
    await usar(ctx.t, datos.id);
    expect((await ctx.t.app.inject({ url })).statusCode).toBe(200);
    expect((await ctx.t.app.inject({ url: `${url}/info`, headers: ctx.headers })).json().datos.descargas).toBe(1);
  });

  it('answers 404 for a file written straight to the store, with no row', async () => {
    const stored = await diskStore(ctx.filesDir).put(Readable.from([Buffer.from('sin registro')]), { maxBytes: MB });
    expect(stored.nuevo).toBe(true);
    const res = await ctx.t.app.inject({ url: `/api/archivos/${stored.sha256}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(noExiste);
  });
});

describe('upload limits and failures leave nothing behind', () => {
  let ctx: Awaited<ReturnType<typeof withStore>>;
  beforeAll(async () => {
    ctx = await withStore(1);
  });
  afterAll(() => ctx.close());

  const rows = async () => ({
    archivos: (await ctx.t.db.select({ n: count() }).from(archivos))[0]!.n,
    paquetes: (await ctx.t.db.select({ n: count() }).from(paquetes))[0]!.n,
  });

  it('answers 413 in Spanish for a declared size over the limit, before reading it', async () => {
    const before = await rows();
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/paquetes?nombre=grande.exe',
      headers: { ...ctx.headers, ...octet },
      payload: randomBytes(MB + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'El archivo supera el tamaño máximo permitido (1 MB)', datos: null });
    expect(await rows()).toEqual(before);
    expect(await filesUnder(ctx.filesDir)).toEqual([]);
  });

  it('answers 413 for a streamed body that turns out too large, and removes what it had written', async () => {
    const before = await rows();
    const chunks = Array.from({ length: 12 }, () => randomBytes(100 * 1024));
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/archivos?nombre=grande.bin',
      headers: { ...ctx.headers, ...octet },
      payload: Readable.from(chunks),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('El archivo supera el tamaño máximo permitido (1 MB)');
    expect(await rows()).toEqual(before);
    expect(await filesUnder(ctx.filesDir)).toEqual([]);
  });

  it('leaves no partial file and no row when the client goes away mid-upload (real socket)', async () => {
    const before = await rows();
    const address = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const received = new Promise<void>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/paquetes?nombre=cortado.exe&version=1.0',
        headers: { ...ctx.headers, ...octet, 'content-length': String(900 * 1024) },
      });
      req.on('error', () => resolve());
      req.write(randomBytes(300 * 1024), async () => {
        // The server is writing the upload to its temporary folder: then the client disappears.
        for (let i = 0; i < 50 && (await filesUnder(ctx.filesDir)).length === 0; i += 1)
          await new Promise((r) => setTimeout(r, 20));
        const partial = await filesUnder(ctx.filesDir);
        if (partial.length !== 1 || !partial[0]!.startsWith('tmp'))
          reject(new Error(`no temporary file while uploading: ${partial.join()}`));
        req.destroy();
      });
    });
    await received;
    // The server notices the abort asynchronously.
    for (let i = 0; i < 100 && (await filesUnder(ctx.filesDir)).length > 0; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect(await filesUnder(ctx.filesDir)).toEqual([]);
    expect(await rows()).toEqual(before);
  });
});

describe('stores with nothing yet', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());
  it('do not create their folder until the first upload', async () => {
    t = await template.clone({ filesDir: join(tmpdir(), `intranet-nunca-${Date.now()}`) });
    expect((await t.app.inject({ url: `/api/archivos/${'a'.repeat(64)}` })).statusCode).toBe(404);
  });
});
