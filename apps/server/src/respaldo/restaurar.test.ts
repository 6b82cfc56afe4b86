import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { SERVER_ROOT } from '../paths.ts';
import { diskStore } from '../storage/disk.ts';
import { useTemplate, type TestApp } from '../test/harness.ts';
import { agregar, ArchivoInvalido, nuevoArchivo, recorrer } from './archivo.ts';
import { prepararRespaldo } from './crear.ts';
import { CargaFallida, destinoPglite, destinoPostgres, type DestinoRestauracion } from './destinos.ts';
import { fuenteDe } from './fuentes.ts';
import { NOMBRE_MANIFIESTO, type Manifiesto } from './manifiesto.ts';
import { DestinoOcupado, restaurar } from './restaurar.ts';

const PG = process.env.TEST_DATABASE_URL;
/** What does not depend on the source's engine runs in the PGlite pass only: the PostgreSQL pass would repeat it as is. */
const unaVez = it.skipIf(PG !== undefined);
const template = useTemplate();
const correr = promisify(execFile);

let t: TestApp;
let carpeta: string;
let bueno: string;

/** Where the archive helpers below are, for a failure to tell. */
let progreso = '';

/** Every entry of an archive, whole (the test's archives are small). */
async function entradas(archivo: string): Promise<{ nombre: string; bytes: Buffer }[]> {
  const todas: { nombre: string; bytes: Buffer }[] = [];
  await recorrer(archivo, async (e) => {
    const trozos: Buffer[] = [];
    progreso = `reading entry ${todas.length + 1} of ${archivo} (${e.path}, ${e.size} bytes)`;
    for await (const trozo of e as AsyncIterable<Buffer>) trozos.push(trozo);
    todas.push({ nombre: e.path, bytes: Buffer.concat(trozos) });
  });
  progreso = `read ${todas.length} entries of ${archivo}`;
  return todas;
}

/** A new archive from `lista`, in its order. Should the file fail, the entry being added stops waiting (as crear.ts does). */
async function empaquetar(archivo: string, lista: { nombre: string; bytes: Buffer }[]): Promise<string> {
  const pack = nuevoArchivo();
  const escrito = pipeline(pack, createWriteStream(archivo));
  const corte = new AbortController();
  const agregando = (async () => {
    for (const [i, e] of lista.entries()) {
      progreso = `adding entry ${i + 1} of ${lista.length} to ${archivo} (${e.nombre}, ${e.bytes.length} bytes)`;
      await agregar(pack, e.nombre, e.bytes.length, [e.bytes], corte.signal);
    }
    progreso = `ending ${archivo}`;
    pack.end();
  })();
  try {
    await Promise.all([agregando, escrito]);
  } catch (err) {
    corte.abort();
    throw err;
  }
  return archivo;
}

/** The good backup with `cambiar` applied to its entries (null drops one). */
async function variante(nombre: string, cambiar: (e: { nombre: string; bytes: Buffer }) => Buffer | null): Promise<string> {
  const lista = (await entradas(bueno)).flatMap((e) => {
    const bytes = cambiar(e);
    return bytes ? [{ nombre: e.nombre, bytes }] : [];
  });
  return empaquetar(join(carpeta, nombre), lista);
}

const nuevaCarpeta = (nombre: string) => join(carpeta, `${nombre}-${randomBytes(3).toString('hex')}`);

/** Restoring `archivo` into a new PGlite folder fails with `esperado`, and leaves neither DATA_DIR nor FILES_DIR behind. */
async function fallaSinDejarNada(archivo: string, esperado: RegExp, clase: typeof ArchivoInvalido | typeof CargaFallida): Promise<void> {
  const dataDir = nuevaCarpeta('datos');
  const destino = await destinoPglite(dataDir);
  const error = await restaurar({ archivo, destino, filesDir: join(dataDir, 'files') }).then(
    () => undefined,
    (err: unknown) => err,
  );
  await destino.cerrar();
  expect(error).toBeInstanceOf(clase);
  expect((error as Error).message).toMatch(esperado);
  if (error instanceof CargaFallida) expect(error.limpio).toBe(true);
  expect(existsSync(dataDir)).toBe(false);
}

beforeAll(async () => {
  carpeta = await mkdtemp(join(tmpdir(), 'intranet-restaurar-'));
  t = await template.clone({ filesDir: join(carpeta, 'origen-archivos') });
  await diskStore(t.config.filesDir).put(Readable.from([Buffer.from('un archivo del almacén')]), { maxBytes: 1000 });
  const respaldo = await prepararRespaldo({ fuente: fuenteDe(t.db), filesDir: t.config.filesDir, temporal: carpeta });
  bueno = join(carpeta, 'bueno.tar.gz');
  await respaldo.escribir(createWriteStream(bueno));
});

afterAll(async () => {
  await t?.close();
  if (carpeta) await rm(carpeta, { recursive: true, force: true });
});

describe('restore refuses, touching nothing', () => {
  unaVez('a file that is not an archive, an archive of something else, and a manifest of something else', async () => {
    // Once, in CI on a busy machine, this test ran out of its time without saying where: a failure names the step.
    let paso = 'writing notas.txt';
    onTestFailed(async () => {
      // Which of the three is stuck, if any: the event loop, the thread pool (files), or only this test's streams.
      const hasta = (p: Promise<unknown>) => Promise.race([p.then(() => 'ok'), new Promise((listo) => setTimeout(() => listo('sin respuesta en 5 s'), 5000))]);
      const inicio = Date.now();
      const bucle = await hasta(new Promise((listo) => setImmediate(listo)));
      const hilos = await hasta(stat(carpeta));
      console.error(
        `restaurar.test.ts: the first refusal test stopped while ${paso} (${progreso}); event loop: ${bucle}, thread pool (stat): ${hilos} ` +
          `(${Date.now() - inicio} ms); active: ${JSON.stringify(process.getActiveResourcesInfo())}`,
      );
    });
    const texto = join(carpeta, 'notas.txt');
    await writeFile(texto, 'no soy un respaldo\n'.repeat(50));
    paso = 'restoring a text file';
    await fallaSinDejarNada(texto, /no es un archivo \.tar\.gz de respaldo/, ArchivoInvalido);
    paso = 'packing ajeno.tar.gz';
    const ajeno = await empaquetar(join(carpeta, 'ajeno.tar.gz'), [{ nombre: 'fotos/playa.jpg', bytes: randomBytes(100) }]);
    paso = 'restoring ajeno.tar.gz';
    await fallaSinDejarNada(ajeno, /no es un respaldo de Intranet \(empieza por fotos\/playa\.jpg/, ArchivoInvalido);
    paso = 'packing otro.tar.gz from the good backup';
    const otro = await variante('otro.tar.gz', (e) => (e.nombre === NOMBRE_MANIFIESTO ? Buffer.from('{"formato":"otra-cosa"}') : e.bytes));
    paso = 'restoring otro.tar.gz';
    await fallaSinDejarNada(otro, /no es un respaldo de Intranet/, ArchivoInvalido);
  });

  unaVez('a backup from a newer build (a migration this one lacks)', async () => {
    const nuevo = await variante('nuevo.tar.gz', (e) => {
      if (e.nombre !== NOMBRE_MANIFIESTO) return e.bytes;
      const m = JSON.parse(e.bytes.toString()) as Manifiesto;
      m.migraciones.push({ nombre: '9999_del_futuro', creada: m.migraciones.at(-1)!.creada + 1, hash: 'f'.repeat(64) });
      return Buffer.from(JSON.stringify(m));
    });
    await fallaSinDejarNada(nuevo, /versión más nueva de Intranet \(migración 9999_del_futuro/, ArchivoInvalido);
  });

  unaVez('a FILES_DIR that already has files, before opening the database', async () => {
    const dataDir = nuevaCarpeta('datos');
    const filesDir = nuevaCarpeta('archivos');
    await mkdir(join(filesDir, 'ab'), { recursive: true });
    await writeFile(join(filesDir, 'ab', 'algo'), 'ya estaba');
    const destino = await destinoPglite(dataDir);
    await expect(restaurar({ archivo: bueno, destino, filesDir })).rejects.toThrow(new DestinoOcupado(`El almacén de archivos (${filesDir}) ya tiene archivos: la restauración necesita FILES_DIR vacío.`));
    await destino.cerrar();
    expect(existsSync(dataDir)).toBe(false);
    expect(await readFile(join(filesDir, 'ab', 'algo'), 'utf8')).toBe('ya estaba');
  });

  unaVez('a PGlite folder that holds a portal: this same archive, restored there once, is refused the second time', async () => {
    const dataDir = nuevaCarpeta('datos');
    const destino = await destinoPglite(dataDir);
    const r = await restaurar({ archivo: bueno, destino, filesDir: join(dataDir, 'files') }).finally(() => destino.cerrar());
    expect(r.archivos.cantidad).toBe(1);
    const ocupada = await destinoPglite(dataDir);
    try {
      await expect(restaurar({ archivo: bueno, destino: ocupada, filesDir: nuevaCarpeta('archivos') })).rejects.toThrow(
        /^La base de datos de destino \(PGlite en .*\) no está vacía: tiene \d+ tablas \(drizzle\.__drizzle_migrations, public\.actualizaciones, /,
      );
    } finally {
      await ocupada.cerrar();
    }
  });

  it.skipIf(!PG)('a PostgreSQL database that has tables (the portal\'s own)', async () => {
    const destino = await destinoPostgres(t.config.databaseUrl!);
    try {
      await expect(restaurar({ archivo: bueno, destino, filesDir: nuevaCarpeta('archivos') })).rejects.toThrow(
        /^La base de datos de destino \(PostgreSQL \(DATABASE_URL\)\) no está vacía: tiene \d+ tablas \(drizzle\.__drizzle_migrations, public\.actualizaciones, .*, …\)\. La restauración necesita una base vacía\.$/,
      );
    } finally {
      await destino.cerrar();
    }
  });
});

describe('restore that fails midway leaves the target empty', () => {
  unaVez('a truncated archive: the PGlite folder and FILES_DIR are removed again', async () => {
    const bytes = await readFile(bueno);
    const truncado = join(carpeta, 'truncado.tar.gz');
    await writeFile(truncado, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    await fallaSinDejarNada(truncado, /termina antes de tiempo/, CargaFallida);
  });

  unaVez("a stored file whose content is not its SHA-256's", async () => {
    const alterado = await variante('alterado.tar.gz', (e) => (e.nombre.startsWith('archivos/') ? Buffer.from(e.bytes.toString().toUpperCase()) : e.bytes));
    await fallaSinDejarNada(alterado, /está dañado: su contenido no coincide con su SHA-256/, CargaFallida);
  });

  it.skipIf(!PG)('a table whose rows do not load: PostgreSQL rolls the whole restore back, migrations included', async () => {
    const danado = await variante('tabla-danada.tar.gz', (e) => (e.nombre === 'db/usuarios.csv' ? Buffer.from('esto,no,es\nuna fila\n') : e.bytes));
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    const nombre = `intranet_restaurar_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await admin.query(`create database "${nombre}"`);
    const url = Object.assign(new URL(PG!), { pathname: `/${nombre}` }).toString();
    let destino: DestinoRestauracion | undefined;
    try {
      destino = await destinoPostgres(url);
      const filesDir = nuevaCarpeta('archivos');
      const error = await restaurar({ archivo: danado, destino, filesDir }).then(() => undefined, (err: unknown) => err);
      expect(error).toBeInstanceOf(CargaFallida);
      expect((error as CargaFallida).limpio).toBe(true);
      expect(await destino.ocupacion()).toEqual({ total: 0, ejemplos: [] });
      expect(existsSync(filesDir)).toBe(false);
    } finally {
      await destino?.cerrar();
      await admin.query(`drop database if exists "${nombre}" with (force)`);
      await admin.end();
    }
  });
});

describe('the commands', () => {
  /** Runs one of the two commands as npm does, answering its exit code and what it printed. */
  async function comando(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; salida: string }> {
    const r = await correr(process.execPath, ['--import', 'tsx', join(SERVER_ROOT, 'src', script), ...args], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
    }).then(
      (ok) => ({ code: 0, salida: ok.stdout + ok.stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, salida: err.stdout + err.stderr }),
    );
    // Never a stack trace: one sentence for the operator.
    expect(r.salida).not.toMatch(/^\s+at /m);
    return r;
  }

  unaVez('say what is wrong in Spanish and exit with 1: a missing file, a foreign archive, a folder that does not exist', async () => {
    const dataDir = nuevaCarpeta('datos');
    const falta = await comando('respaldo-restaurar.ts', [join(carpeta, 'no-existe.tar.gz')], { DATA_DIR: dataDir });
    expect(falta).toEqual({ code: 1, salida: `No se puede leer ${join(carpeta, 'no-existe.tar.gz')}: ${join(carpeta, 'no-existe.tar.gz')} no existe.\n` });
    const ajeno = await empaquetar(join(carpeta, 'ajeno-cli.tar.gz'), [{ nombre: 'hola.txt', bytes: Buffer.from('hola') }]);
    const foraneo = await comando('respaldo-restaurar.ts', [ajeno], { DATA_DIR: dataDir });
    expect(foraneo.code).toBe(1);
    expect(foraneo.salida).toContain('El archivo no es un respaldo que se pueda restaurar: no es un respaldo de Intranet (empieza por hola.txt, no por manifest.json). No se tocó nada.');
    expect(existsSync(dataDir)).toBe(false);
    const sinCarpeta = await comando('respaldo-crear.ts', [join(carpeta, 'no-hay', 'r.tar.gz')], { DATA_DIR: dataDir });
    expect(sinCarpeta).toEqual({ code: 1, salida: `La carpeta ${join(carpeta, 'no-hay')} no existe: créela o elija otra.\n` });
    expect(await comando('respaldo-restaurar.ts', [], {})).toEqual({ code: 2, salida: 'Uso: npm run restore -- ARCHIVO.tar.gz\n' });
  });
});
