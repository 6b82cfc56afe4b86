import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { SERVER_ROOT } from '../paths.ts';
import { diskStore } from '../storage/disk.ts';
import { useTemplate, type TestApp } from '../test/harness.ts';
import { carpetaDePlantillas } from '../test/plantilla-pglite.ts';
import { TEST_SECRETS_KEY } from '../test/passwords.ts';
import { agregar, ArchivoInvalido, nuevoArchivo, recorrer } from './archivo.ts';
import { prepararRespaldo } from './crear.ts';
import { CargaFallida, destinoPglite, destinoPostgres, type DestinoRestauracion } from './destinos.ts';
import { fuenteDe } from './fuentes.ts';
import { NOMBRE_MANIFIESTO, type Manifiesto } from './manifest.ts';
import { AUDITORIA_FORZADA, DestinoOcupado, restaurar } from './restaurar.ts';
import { Sellador, SelloInvalido } from './sello.ts';

const PG = process.env.TEST_DATABASE_URL;
/** The test apps' SECRETS_KEY: it seals the backups and checks them on restore. */
const SECRETS_KEY = Buffer.from(TEST_SECRETS_KEY, 'base64');
/**
 * What does not depend on the source's engine runs in the PGlite pass only: the PostgreSQL pass would repeat it as is.
 */
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

/**
 * A new archive from `lista`, in its order. Should the file fail, the entry being added stops waiting (as
 * crear.ts does).
 */
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
async function variante(
  nombre: string,
  cambiar: (e: { nombre: string; bytes: Buffer }) => Buffer | null,
): Promise<string> {
  const lista = (await entradas(bueno)).flatMap((e) => {
    const bytes = cambiar(e);
    return bytes ? [{ nombre: e.nombre, bytes }] : [];
  });
  return empaquetar(join(carpeta, nombre), lista);
}

const nuevaCarpeta = (nombre: string) => join(carpeta, `${nombre}-${randomBytes(3).toString('hex')}`);

/** The manifest of an archive changed by `cambiar`, sealed again with the test's key (a genuine backup). */
function resellado(bytes: Buffer, cambiar: (m: Manifiesto) => void): Buffer {
  const { sello, ...m } = JSON.parse(bytes.toString()) as Manifiesto;
  cambiar(m);
  return Buffer.from(JSON.stringify(new Sellador(SECRETS_KEY).sellar(m, sello!.partes)));
}

/**
 * Restoring `archivo` into a new PGlite folder (with the test's SECRETS_KEY unless `opciones` say otherwise) fails
 * with `esperado`, and leaves neither DATA_DIR nor FILES_DIR behind.
 */
async function fallaSinDejarNada(
  archivo: string,
  esperado: RegExp,
  clase: typeof ArchivoInvalido | typeof CargaFallida,
  opciones: { secretsKey?: Buffer | undefined; forzar?: boolean } = {},
): Promise<void> {
  const dataDir = nuevaCarpeta('datos');
  const destino = await destinoPglite(dataDir);
  const secretsKey = 'secretsKey' in opciones ? opciones.secretsKey : SECRETS_KEY;
  const error = await restaurar({
    archivo,
    destino,
    filesDir: join(dataDir, 'files'),
    secretsKey,
    forzar: opciones.forzar,
  }).then(
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
  carpeta = await mkdtemp(join(carpetaDePlantillas(), 'intranet-restaurar-'));
  t = await template.clone({ filesDir: join(carpeta, 'origen-archivos') });
  await diskStore(t.config.filesDir).put(Readable.from([Buffer.from('un archivo del almacén')]), { maxBytes: 1000 });
  const respaldo = await prepararRespaldo({
    fuente: fuenteDe(t.db),
    filesDir: t.config.filesDir,
    temporal: carpeta,
    secretsKey: SECRETS_KEY,
  });
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
      const hasta = (p: Promise<unknown>) =>
        Promise.race([
          p.then(() => 'ok'),
          new Promise((listo) => setTimeout(() => listo('sin respuesta en 5 s'), 5000)),
        ]);
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
    const ajeno = await empaquetar(join(carpeta, 'ajeno.tar.gz'), [
      { nombre: 'fotos/playa.jpg', bytes: randomBytes(100) },
    ]);
    paso = 'restoring ajeno.tar.gz';
    await fallaSinDejarNada(ajeno, /no es un respaldo de Intranet \(empieza por fotos\/playa\.jpg/, ArchivoInvalido);
    paso = 'packing otro.tar.gz from the good backup';
    const otro = await variante('otro.tar.gz', (e) =>
      e.nombre === NOMBRE_MANIFIESTO ? Buffer.from('{"formato":"otra-cosa"}') : e.bytes,
    );
    paso = 'restoring otro.tar.gz';
    await fallaSinDejarNada(otro, /no es un respaldo de Intranet/, ArchivoInvalido);
  });

  unaVez('a backup from a newer build (a migration this one lacks)', async () => {
    const nuevo = await variante('nuevo.tar.gz', (e) =>
      e.nombre !== NOMBRE_MANIFIESTO
        ? e.bytes
        : resellado(e.bytes, (m) =>
            m.migraciones.push({
              nombre: '9999_del_futuro',
              creada: m.migraciones.at(-1)!.creada + 1,
              hash: 'f'.repeat(64),
            }),
          ),
    );
    await fallaSinDejarNada(nuevo, /versión más nueva de Intranet \(migración 9999_del_futuro/, ArchivoInvalido);
  });

  unaVez('a FILES_DIR that already has files, before opening the database', async () => {
    const dataDir = nuevaCarpeta('datos');
    const filesDir = nuevaCarpeta('archivos');
    await mkdir(join(filesDir, 'ab'), { recursive: true });
    await writeFile(join(filesDir, 'ab', 'algo'), 'ya estaba');
    const destino = await destinoPglite(dataDir);
    await expect(restaurar({ archivo: bueno, destino, filesDir, secretsKey: SECRETS_KEY })).rejects.toThrow(
      new DestinoOcupado(
        `El almacén de archivos (${filesDir}) ya tiene archivos: la restauración necesita FILES_DIR vacío.`,
      ),
    );
    await destino.cerrar();
    expect(existsSync(dataDir)).toBe(false);
    expect(await readFile(join(filesDir, 'ab', 'algo'), 'utf8')).toBe('ya estaba');
  });

  unaVez(
    'a PGlite folder that holds a portal: this same archive, restored there once, is refused the second time',
    async () => {
      const dataDir = nuevaCarpeta('datos');
      const destino = await destinoPglite(dataDir);
      const r = await restaurar({
        archivo: bueno,
        destino,
        filesDir: join(dataDir, 'files'),
        secretsKey: SECRETS_KEY,
      }).finally(() => destino.cerrar());
      expect(r.archivos.cantidad).toBe(1);
      expect(r.forzado).toEqual([]);
      const ocupada = await destinoPglite(dataDir);
      try {
        await expect(
          restaurar({ archivo: bueno, destino: ocupada, filesDir: nuevaCarpeta('archivos'), secretsKey: SECRETS_KEY }),
        ).rejects.toThrow(
          /^La base de datos de destino \(PGlite en .*\) no está vacía: tiene \d+ tablas \(drizzle\.__drizzle_migrations, public\.actualizaciones, /,
        );
      } finally {
        await ocupada.cerrar();
      }
    },
  );

  it.skipIf(!PG)("a PostgreSQL database that has tables (the portal's own)", async () => {
    const destino = await destinoPostgres(t.config.databaseUrl!);
    try {
      await expect(
        restaurar({ archivo: bueno, destino, filesDir: nuevaCarpeta('archivos'), secretsKey: SECRETS_KEY }),
      ).rejects.toThrow(
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

  unaVez("a stored file whose content is not its SHA-256's, even forced past its seal", async () => {
    const alterado = await variante('alterado.tar.gz', (e) =>
      e.nombre.startsWith('archivos/') ? Buffer.from(e.bytes.toString().toUpperCase()) : e.bytes,
    );
    await fallaSinDejarNada(alterado, /está dañado: su contenido no coincide con su SHA-256/, CargaFallida, {
      forzar: true,
    });
  });

  it.skipIf(!PG)(
    'a table whose rows do not load: PostgreSQL rolls the whole restore back, migrations included',
    async () => {
      const danado = await variante('tabla-danada.tar.gz', (e) =>
        e.nombre === 'db/usuarios.csv' ? Buffer.from('esto,no,es\nuna fila\n') : e.bytes,
      );
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      const nombre = `intranet_restaurar_${Date.now()}_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database "${nombre}"`);
      const url = Object.assign(new URL(PG!), { pathname: `/${nombre}` }).toString();
      let destino: DestinoRestauracion | undefined;
      try {
        destino = await destinoPostgres(url);
        const filesDir = nuevaCarpeta('archivos');
        // Forced past the seal: this is PostgreSQL refusing the rows.
        const error = await restaurar({
          archivo: danado,
          destino,
          filesDir,
          secretsKey: SECRETS_KEY,
          forzar: true,
        }).then(
          () => undefined,
          (err: unknown) => err,
        );
        expect(error).toBeInstanceOf(CargaFallida);
        expect((error as CargaFallida).limpio).toBe(true);
        expect(await destino.ocupacion()).toEqual({ total: 0, ejemplos: [] });
        expect(existsSync(filesDir)).toBe(false);
      } finally {
        await destino?.cerrar();
        await admin.query(`drop database if exists "${nombre}" with (force)`);
        await admin.end();
      }
    },
  );
});

/** The good backup with one byte of a table's data changed (a role's name: still a valid row). */
async function conUnByteCambiado(nombre: string): Promise<string> {
  return variante(nombre, (e) => {
    if (e.nombre !== 'db/roles.csv') return e.bytes;
    const i = e.bytes.indexOf('Administrador');
    expect(i).toBeGreaterThanOrEqual(0);
    const bytes = Buffer.from(e.bytes);
    bytes[i] = 'B'.charCodeAt(0);
    return bytes;
  });
}

const TABLA_CAMBIADA =
  'trae la tabla roles (db/roles.csv) con cambios posteriores a su creación (no coincide con su sello)';
const escapar = (texto: string) => texto.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The forced restores' audit rows in the PGlite database of `dataDir`. */
async function auditoriaForzada(
  dataDir: string,
): Promise<{ accion: string; entidad_id: string; despues: { motivos: string[]; creado: string } }[]> {
  const database = await openDatabase({ dataDir });
  try {
    const filas = await database.db.execute<{
      accion: string;
      entidad_id: string;
      despues: { motivos: string[]; creado: string };
    }>(sql`select accion, entidad_id, despues from auditoria where entidad = ${AUDITORIA_FORZADA.entidad}`);
    return filas.rows;
  } finally {
    await database.close();
  }
}

describe('a sealed backup', () => {
  it('with one byte of a table edited is refused, naming the table, and nothing is restored', async () => {
    const editado = await conUnByteCambiado('un-byte.tar.gz');
    await fallaSinDejarNada(editado, new RegExp(`^${escapar(TABLA_CAMBIADA)}$`), SelloInvalido);
  });

  it.skipIf(!PG)(
    'with one byte of a table edited is refused by PostgreSQL too: its COPY is cancelled, the transaction rolled back',
    async () => {
      const editado = await conUnByteCambiado('un-byte-pg.tar.gz');
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      const nombre = `intranet_sello_${Date.now()}_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database "${nombre}"`);
      let destino: DestinoRestauracion | undefined;
      try {
        destino = await destinoPostgres(Object.assign(new URL(PG!), { pathname: `/${nombre}` }).toString());
        const filesDir = nuevaCarpeta('archivos');
        await expect(restaurar({ archivo: editado, destino, filesDir, secretsKey: SECRETS_KEY })).rejects.toThrow(
          new SelloInvalido(TABLA_CAMBIADA),
        );
        expect(await destino.ocupacion()).toEqual({ total: 0, ejemplos: [] });
        expect(existsSync(filesDir)).toBe(false);
      } finally {
        await destino?.cerrar();
        await admin.query(`drop database if exists "${nombre}" with (force)`);
        await admin.end();
      }
    },
  );

  unaVez('checked with another SECRETS_KEY, or with none, is refused before anything is touched', async () => {
    await fallaSinDejarNada(
      bueno,
      /^fue sellado con otra SECRETS_KEY \(defina la SECRETS_KEY del entorno que lo creó\)$/,
      SelloInvalido,
      { secretsKey: randomBytes(32) },
    );
    await fallaSinDejarNada(
      bueno,
      /^no se puede comprobar: este entorno no tiene SECRETS_KEY ni DATA_DIR\/secrets\.key/,
      SelloInvalido,
      { secretsKey: undefined },
    );
  });

  unaVez('whose manifest was edited, or with a part renamed or removed, is refused, naming it', async () => {
    const manifiesto = await variante('manifiesto-editado.tar.gz', (e) => {
      if (e.nombre !== NOMBRE_MANIFIESTO) return e.bytes;
      const m = JSON.parse(e.bytes.toString()) as Manifiesto;
      m.tablas.find((x) => x.nombre === 'roles')!.filas += 1;
      return Buffer.from(JSON.stringify(m, null, 2));
    });
    await fallaSinDejarNada(
      manifiesto,
      /^trae su manifest\.json con cambios posteriores a su creación \(no coincide con su sello\)$/,
      SelloInvalido,
    );
    const lista = await entradas(bueno);
    const archivo = lista.find((e) => e.nombre.startsWith('archivos/'))!;
    const renombrado = await empaquetar(
      join(carpeta, 'renombrado.tar.gz'),
      lista.map((e) => (e.nombre === 'db/roles.csv' ? { ...e, nombre: 'db/roles_viejos.csv' } : e)),
    );
    await fallaSinDejarNada(
      renombrado,
      /^trae la tabla roles_viejos \(db\/roles_viejos\.csv\), que su sello no lista \(se añadió o se renombró después de crearse\)$/,
      SelloInvalido,
    );
    const sinArchivo = await empaquetar(
      join(carpeta, 'sin-archivo.tar.gz'),
      lista.filter((e) => e !== archivo),
    );
    await fallaSinDejarNada(
      sinArchivo,
      new RegExp(
        `^le falta el archivo ${escapar(archivo.nombre)}, que su sello lista \\(se quitó después de crearse\\)$`,
      ),
      SelloInvalido,
    );
  });

  unaVez(
    'made before backups were sealed is refused; forced, it restores and the restored portal audits it',
    async () => {
      const viejo = await variante('sin-sello.tar.gz', (e) => {
        if (e.nombre !== NOMBRE_MANIFIESTO) return e.bytes;
        const { sello: _sello, ...m } = JSON.parse(e.bytes.toString()) as Manifiesto;
        return Buffer.from(JSON.stringify(m, null, 2));
      });
      const SIN_SELLO = 'no tiene sello (se hizo antes de que los respaldos se sellaran, o se le quitó)';
      await fallaSinDejarNada(viejo, new RegExp(`^${escapar(SIN_SELLO)}$`), SelloInvalido);

      const dataDir = nuevaCarpeta('datos');
      const destino = await destinoPglite(dataDir);
      const r = await restaurar({
        archivo: viejo,
        destino,
        filesDir: join(dataDir, 'files'),
        secretsKey: SECRETS_KEY,
        forzar: true,
      }).finally(() => destino.cerrar());
      expect(r.forzado).toEqual([SIN_SELLO]);
      expect(r.archivos.cantidad).toBe(1);
      const filas = await auditoriaForzada(dataDir);
      expect(filas).toEqual([
        {
          accion: 'restaurar-forzado',
          entidad_id: 'sin-sello.tar.gz',
          despues: expect.objectContaining({ motivos: [SIN_SELLO], creado: r.manifiesto.creado }),
        },
      ]);
    },
  );
});

describe('the commands', () => {
  /** Runs one of the two commands as npm does, answering its exit code and what it printed. */
  async function comando(
    script: string,
    args: string[],
    env: Record<string, string>,
  ): Promise<{ code: number; salida: string }> {
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

  unaVez(
    'say what is wrong in Spanish and exit with 1: a missing file, a foreign archive, a folder that does not exist',
    async () => {
      const dataDir = nuevaCarpeta('datos');
      const falta = await comando('respaldo-restaurar.ts', [join(carpeta, 'no-existe.tar.gz')], { DATA_DIR: dataDir });
      expect(falta).toEqual({
        code: 1,
        salida: `No se puede leer ${join(carpeta, 'no-existe.tar.gz')}: ${join(carpeta, 'no-existe.tar.gz')} no existe.\n`,
      });
      const ajeno = await empaquetar(join(carpeta, 'ajeno-cli.tar.gz'), [
        { nombre: 'hola.txt', bytes: Buffer.from('hola') },
      ]);
      const foraneo = await comando('respaldo-restaurar.ts', [ajeno], { DATA_DIR: dataDir });
      expect(foraneo.code).toBe(1);
      expect(foraneo.salida).toContain(
        'El archivo no es un respaldo que se pueda restaurar: no es un respaldo de Intranet (empieza por hola.txt, no por manifest.json). No se tocó nada.',
      );
      expect(existsSync(dataDir)).toBe(false);
      const sinCarpeta = await comando('respaldo-crear.ts', [join(carpeta, 'no-hay', 'r.tar.gz')], {
        DATA_DIR: dataDir,
      });
      expect(sinCarpeta).toEqual({
        code: 1,
        salida: `La carpeta ${join(carpeta, 'no-hay')} no existe: créela o elija otra.\n`,
      });
      expect(await comando('respaldo-restaurar.ts', [], {})).toEqual({
        code: 2,
        salida: 'Uso: npm run restore -- ARCHIVO.tar.gz [--forzar]\n',
      });
    },
  );

  unaVez(
    'restore refuses an edited backup in Spanish, touching nothing; with --forzar restores it, warns, and audits it',
    async () => {
      const editado = await conUnByteCambiado('editado-cli.tar.gz');
      const dataDir = nuevaCarpeta('datos');
      const env = { DATA_DIR: dataDir, SECRETS_KEY: TEST_SECRETS_KEY };
      const rechazado = await comando('respaldo-restaurar.ts', [editado], env);
      expect(rechazado.code).toBe(1);
      expect(rechazado.salida).toContain(
        `El respaldo ${TABLA_CAMBIADA}: no pasa la comprobación de su sello y no se restauró nada. ` +
          'Si sabe por qué y quiere restaurarlo igual, repita el comando con --forzar: quedará en la auditoría.\n',
      );
      expect(existsSync(dataDir)).toBe(false);

      const forzado = await comando('respaldo-restaurar.ts', [editado, '--forzar'], env);
      expect(forzado.code).toBe(0);
      expect(forzado.salida).toContain(
        'AVISO: --forzar: se restaurará aunque el sello del respaldo falte o no coincida, y quedará en la auditoría.',
      );
      expect(forzado.salida).toContain(
        `AVISO: restauración forzada (--forzar): el respaldo ${TABLA_CAMBIADA}. Quedó en la auditoría del portal restaurado (acción «restaurar-forzado», entidad «respaldo»).`,
      );
      expect(await auditoriaForzada(dataDir)).toEqual([
        {
          accion: 'restaurar-forzado',
          entidad_id: 'editado-cli.tar.gz',
          despues: expect.objectContaining({ motivos: [TABLA_CAMBIADA] }),
        },
      ]);
      const database = await openDatabase({ dataDir });
      try {
        // What was forced in is the archive's, edited byte included.
        expect(
          (await database.db.execute(sql`select nombre from roles where nombre = 'Bdministrador'`)).rows,
        ).toHaveLength(1);
      } finally {
        await database.close();
      }
    },
  );
});
