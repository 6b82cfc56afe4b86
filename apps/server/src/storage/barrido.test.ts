import { createHash, randomBytes } from 'node:crypto';
import { mkdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archivos } from '../db/schema.ts';
import { freshApp, useTemplate } from '../test/harness.ts';
import { barrerArchivos, UN_DIA } from './barrido.ts';
import { diskStore, rutaEnDisco } from './disk.ts';

const template = useTemplate();

const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const octet = { 'content-type': 'application/octet-stream' };
const hace = (ms: number) => new Date(Date.now() - ms);
const envejecer = (ruta: string, edad = 2 * UN_DIA) => utimes(ruta, hace(edad), hace(edad));
const existe = (ruta: string) =>
  stat(ruta).then(
    () => true,
    () => false,
  );

describe('barrerArchivos', () => {
  const ctx = freshApp(template, ['admin'], { tmpFiles: 'intranet-barrido-', each: true });

  /** An upload recorded in `archivos` that nothing uses. */
  const suelto = async (bytes: Buffer) => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/archivos?nombre=suelto.bin',
      headers: { ...ctx.admin, ...octet },
      payload: bytes,
    });
    expect(res.statusCode).toBe(201);
    return rutaEnDisco(ctx.filesDir, sha(bytes));
  };
  /** An installer package: the file is in use. */
  const paquete = async (bytes: Buffer) => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/paquetes?nombre=Setup.exe&version=1.0',
      headers: { ...ctx.admin, ...octet },
      payload: bytes,
    });
    expect(res.statusCode).toBe(201);
    return rutaEnDisco(ctx.filesDir, sha(bytes));
  };
  const fila = async (bytes: Buffer) =>
    (
      await ctx.t.db
        .select({ id: archivos.id })
        .from(archivos)
        .where(eq(archivos.sha256, sha(bytes)))
    )[0];

  it('removes old unused files and old partial uploads; keeps files in use, young files and uploads in progress', async () => {
    const viejo = randomBytes(1000);
    const rutaViejo = await suelto(viejo);
    await envejecer(rutaViejo);
    const sinFila = await diskStore(ctx.filesDir).put(Readable.from([Buffer.from('escrito directo')]), {
      maxBytes: 1e6,
    });
    const rutaSinFila = rutaEnDisco(ctx.filesDir, sinFila.sha256);
    await envejecer(rutaSinFila);
    const joven = randomBytes(300);
    const rutaJoven = await suelto(joven);
    const usado = randomBytes(5000);
    const rutaUsado = await paquete(usado);
    await envejecer(rutaUsado);
    await mkdir(join(ctx.filesDir, 'tmp'), { recursive: true });
    const parteVieja = join(ctx.filesDir, 'tmp', 'subida-vieja');
    const parteNueva = join(ctx.filesDir, 'tmp', 'subida-en-curso');
    await writeFile(parteVieja, randomBytes(700));
    await writeFile(parteNueva, randomBytes(70));
    await envejecer(parteVieja, UN_DIA + 60_000);
    const otro = join(ctx.filesDir, 'LEAME.txt'); // not the store's: never touched
    await writeFile(otro, 'x');
    await envejecer(otro);

    const simulado = await barrerArchivos({ db: ctx.t.db, filesDir: ctx.filesDir, simular: true });
    expect(simulado.borrados).toEqual({ archivos: 2, bytes: 1000 + sinFila.tamano });
    expect(simulado.quitados.map((q) => q.ruta).sort()).toEqual(
      [rutaViejo, rutaSinFila, parteVieja].map((r) => r.slice(ctx.filesDir.length + 1)).sort(),
    );
    for (const r of [rutaViejo, rutaSinFila, rutaJoven, rutaUsado, parteVieja, parteNueva])
      expect(await existe(r)).toBe(true);
    expect(await fila(viejo)).toBeDefined();

    const r = await barrerArchivos({ db: ctx.t.db, filesDir: ctx.filesDir });
    expect(r).toMatchObject({
      borrados: { archivos: 2, bytes: 1000 + sinFila.tamano },
      enUso: { archivos: 1, bytes: 5000 },
      recientes: { archivos: 1, bytes: 300 },
      temporalesBorrados: { archivos: 1, bytes: 700 },
      temporalesEnCurso: { archivos: 1, bytes: 70 },
    });
    expect(await existe(rutaViejo)).toBe(false);
    expect(await existe(rutaSinFila)).toBe(false);
    expect(await existe(parteVieja)).toBe(false);
    for (const kept of [rutaJoven, rutaUsado, parteNueva, otro]) expect(await existe(kept)).toBe(true);
    // The unused file's row went with it; the others stay.
    expect(await fila(viejo)).toBeUndefined();
    expect(await fila(joven)).toBeDefined();
    expect(await fila(usado)).toBeDefined();

    const otraVez = await barrerArchivos({ db: ctx.t.db, filesDir: ctx.filesDir });
    expect(otraVez.borrados).toEqual({ archivos: 0, bytes: 0 });
    expect(otraVez.temporalesBorrados).toEqual({ archivos: 0, bytes: 0 });
  });

  it('keeps an old unused file that is uploaded again (its mtime is refreshed), and takes the time from `ahora`', async () => {
    const bytes = randomBytes(2000);
    const ruta = await suelto(bytes);
    await envejecer(ruta);
    await suelto(bytes);
    expect((await barrerArchivos({ db: ctx.t.db, filesDir: ctx.filesDir })).recientes.archivos).toBe(1);
    expect(await existe(ruta)).toBe(true);
    // Two days later nobody used it: it goes.
    const despues = await barrerArchivos({
      db: ctx.t.db,
      filesDir: ctx.filesDir,
      ahora: new Date(Date.now() + 2 * UN_DIA),
    });
    expect(despues.borrados.archivos).toBe(1);
    expect(await existe(ruta)).toBe(false);
  });

  it('lets the same content be stored and served again after it was swept', async () => {
    const bytes = randomBytes(1500);
    await envejecer(await suelto(bytes));
    expect((await barrerArchivos({ db: ctx.t.db, filesDir: ctx.filesDir })).borrados.archivos).toBe(1);
    const ruta = await paquete(bytes);
    expect(await existe(ruta)).toBe(true);
    expect((await ctx.t.app.inject({ url: `/api/archivos/${sha(bytes)}` })).statusCode).toBe(200);
    await envejecer(ruta);
    expect((await barrerArchivos({ db: ctx.t.db, filesDir: ctx.filesDir })).enUso.archivos).toBe(1);
    expect(await existe(ruta)).toBe(true);
  });

  it('answers zeros for a store that was never written to', async () => {
    const r = await barrerArchivos({ db: ctx.t.db, filesDir: join(ctx.filesDir, 'nunca') });
    expect(r.borrados).toEqual({ archivos: 0, bytes: 0 });
    expect(r.quitados).toEqual([]);
  });
});
