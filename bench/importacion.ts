import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createUser } from '../apps/server/src/test/usuarios.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/seed.ts';
import { bombaDeFilas, bombaDeTextos } from '../apps/server/src/test/xlsx-bomba.ts';
import { ADMIN_PASSWORD, adminHeaders, signInHeaders, startServer, stopServer } from './api-list.ts';
import { rssMb } from './intake.ts';
import { adminDePostgres, postgresDelBench, withDatabase } from './postgres.ts';
import { figure } from './report.ts';

const FILAS = Number(process.env.BENCH_FILAS ?? 100_000);
/** The server's RSS while it imports may grow this much over what it held before (the ids it keeps for the undo). */
const CRECIMIENTO_MB = 96;

/** A CSV of `n` machines with the export's headers, written to disk as a user's file would be. */
async function escribirCsv(ruta: string, n: number): Promise<void> {
  const salida = createWriteStream(ruta);
  salida.write(
    'Nombre;Nº de inventario;Serie;Tipo;Fabricante;Modelo;Sistema operativo;Versión del SO;CPU;RAM (GB);Disco (GB);IP;MAC;Ubicación;Estado;Fecha de compra;Garantía hasta;Notas\n',
  );
  const tipos = ['Notebook', 'PC', 'Servidor', 'Máquina virtual'];
  for (let i = 1; i <= n; i += 1) {
    const hex = (i % 256).toString(16).padStart(2, '0').toUpperCase();
    const fila = `BENCH-${i};BINV-${i};S${i};${tipos[i % 4]};Lenovo;ThinkPad T14;Windows;11 Pro;Intel Core i5;16;512;10.${(i >> 16) % 256}.${(i >> 8) % 256}.${i % 256};3C:52:82:00:${((i >> 8) % 256).toString(16).padStart(2, '0').toUpperCase()}:${hex};Depósito ${i % 20};Disponible;15/0${1 + (i % 9)}/2024;2027-03-01;Fila de prueba ${i}\n`;
    if (!salida.write(fila)) await new Promise<void>((r) => salida.once('drain', () => r()));
  }
  salida.end();
  await finished(salida);
}

/** The p99 of some durations (ms). */
const p99 = (ms: number[]): number =>
  [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))] ?? Number.NaN;

/**
 * Another user's reads of a list, one after another, `cuantas` of them: their durations (ms) and how many were not
 * answered 200. They run in a thread of their own, as another user's browser would: timed on the bench's own event
 * loop, they waited behind its uploads (each 1 MB body copied out, each answer parsed) and charged the server with
 * it.
 */
function lecturas(
  url: string,
  headers: Record<string, string>,
  cuantas: number,
): Promise<{ ms: number[]; rechazadas: number }> {
  const lector = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const { url, headers, cuantas } = workerData;
     (async () => {
       const ms = [];
       let rechazadas = 0;
       while (ms.length < cuantas) {
         const t = performance.now();
         const res = await fetch(url, { headers });
         await res.arrayBuffer();
         ms.push(performance.now() - t);
         if (res.status !== 200) rechazadas += 1;
       }
       parentPort.postMessage({ ms, rechazadas });
     })();`,
    { eval: true, workerData: { url, headers, cuantas } },
  );
  return new Promise<{ ms: number[]; rechazadas: number }>((resolve, reject) => {
    lector.once('message', resolve);
    lector.once('error', reject);
  }).finally(() => lector.terminate());
}

/**
 * The reads in each sample, idle and during a bomb's uploads: a p99 is compared with a p99 of as many reads. The
 * reads during one refusal are too few (about 140 in 0.4 s: their p99 is their 2nd slowest, where any pause the
 * server makes idle as well lands by chance), so the bomb is uploaded again, each upload after the last one's
 * answer, until the sample is made.
 */
const LECTURAS = 1_000;

/** One connection, kept open, for a colleague's uploads. */
const conexion = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * A file uploaded as the body of a POST: its answer's status and error. Through `node:http`, not `fetch`: the bench
 * runs on the server's machine, and undici's fetch spent about 20 ms of processor on each 617 KB upload (a body
 * passed through web streams), against 6 ms this way. Uploaded back to back, that made the bench's own uploads take
 * a core of the two this machine has, and the reads' p99 measured the bench's load, not the server's (32–36 ms
 * against 12–13 ms with the same number of uploads).
 */
function subir(
  url: string,
  archivo: Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; error: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: conexion,
        headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': archivo.length },
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (parte: Buffer) => partes.push(parte));
        res.on('end', () => {
          try {
            const { error } = JSON.parse(Buffer.concat(partes).toString('utf8')) as { error: string | null };
            resolve({ status: res.statusCode ?? 0, error });
          } catch (e) {
            reject(e);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(archivo);
  });
}

/**
 * A file built to exhaust its reader uploaded again and again while another user reads a list, until LECTURAS
 * reads have been made: how long until its slowest refusal, whether any read was refused, the p99 of the reads
 * against twice their idle p99, and the server's peak RSS (sampled every 20 ms).
 */
async function bomba(
  nombre: string,
  archivo: Buffer,
  base: string,
  lista: string,
  headers: Record<string, string>,
  /** The colleague who uploads the bomb (another person than the reader). */
  deQuienSube: Record<string, string>,
  pid: number,
  p99Quieto: number,
): Promise<void> {
  let pico = rssMb(pid);
  const muestreo = setInterval(() => {
    pico = Math.max(pico, rssMb(pid));
  }, 20);
  let leidasTodas = false;
  let rechazoMasLento = 0;
  let subidasHechas = 0;
  const subidas = (async () => {
    while (!leidasTodas) {
      const t = performance.now();
      const { status, error } = await subir(`${base}?nombre=${nombre}.xlsx`, archivo, deQuienSube);
      rechazoMasLento = Math.max(rechazoMasLento, (performance.now() - t) / 1000);
      if (subidasHechas === 0)
        console.log(`${nombre} (${(archivo.length / 1024).toFixed(0)} KB): ${status} «${error}»`);
      subidasHechas += 1;
      if (status !== 413 && status !== 400) throw new Error(`${nombre}: se esperaba 400 o 413 y respondió ${status}`);
    }
  })();
  const [, durante] = await Promise.all([
    subidas,
    lecturas(lista, headers, LECTURAS).finally(() => {
      leidasTodas = true;
    }),
  ]);
  clearInterval(muestreo);
  figure(`${nombre}: rechazado en (el más lento de ${subidasHechas})`, rechazoMasLento, 's', { max: 10 });
  figure(
    `${nombre}: lecturas de otro usuario rechazadas mientras tanto (de ${durante.ms.length})`,
    durante.rechazadas,
    '',
    { max: 0 },
  );
  figure(`${nombre}: p99 de esas lecturas`, p99(durante.ms), 'ms', { max: Math.round(2 * p99Quieto) });
  figure(`${nombre}: RSS del servidor, pico`, Math.round(pico), 'MB', { max: 400 });
}

/** A call, tried again after its Retry-After while the server says it is busy (503), as the web app does. */
async function pedir<T>(url: string, init: RequestInit): Promise<T> {
  let res = await fetch(url, init);
  for (let intento = 1; res.status === 503 && intento <= 10; intento += 1) {
    console.log(`503 (ocupado) en ${url}; reintento ${intento}`);
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 2)));
    res = await fetch(url, init);
  }
  const cuerpo = (await res.json()) as { error: string | null; datos: T };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${cuerpo.error}`);
  return cuerpo.datos;
}

/**
 * 100,000 machines imported from one CSV through the built server on PostgreSQL (never PGlite): the file
 * uploaded and read (streamed), then imported in one transaction with batched inserts (goal ≤ 30 s), the
 * server's RSS sampled every 50 ms during the import (goal: peak ≤ start + 96 MB), then undone. Then two XLSX
 * bombs (shared strings that inflate past any heap, a sheet that reads for minutes) while another user reads a
 * list: refused within 10 s, no read refused, the reads' p99 within twice their idle p99, the server's RSS ≤ 400 MB.
 */
export async function importacion(): Promise<void> {
  const admin = await adminDePostgres('la importación de planillas');
  const nombre = `intranet_bench_importacion_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'intranet-bench-imp-'));
  const databaseUrl = withDatabase(postgresDelBench(), nombre);
  let child: ChildProcess | undefined;
  try {
    await admin.query(`create database ${nombre}`);
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      await migrate(database.db);
      await seed(database.db, { adminPassword: ADMIN_PASSWORD, demoPassword: ADMIN_PASSWORD, dataDir });
      // The colleagues who upload the bombs, each allowed to import machines (the reader is the administrator).
      for (const usuario of ['bomba-textos', 'bomba-filas'])
        await createUser(database.db, { usuario, password: ADMIN_PASSWORD, codigos: ['PHY-MAQ#TODO'] });
      // What autovacuum would do in the first minutes of the fresh database, now rather than during the reads.
      await database.db.execute(sql`vacuum analyze`);
    } finally {
      await database.close();
    }
    const csv = join(dataDir, 'maquinas.csv');
    await escribirCsv(csv, FILAS);
    console.log(
      `PostgreSQL (${nombre}); archivo de ${FILAS} máquinas: ${(statSync(csv).size / 1024 / 1024).toFixed(1)} MB`,
    );

    // What reading a bomb costs the others, read again and again: without the limit of files read per person and
    // minute (10 as shipped), past which a colleague's uploads get 429 unread (plugins/lecturas.test.ts tests it).
    process.env.UPLOAD_READS_PER_MINUTE = '0';
    const server = await startServer({ databaseUrl, dataDir, label: nombre, drop: async () => undefined });
    child = server.child;
    const pid = child.pid!;
    const headers = await adminHeaders(server.url);
    const base = `${server.url}/api/maquinas/importaciones`;

    // First, on the server just started: files built to exhaust the reader, read in a worker thread, cost the
    // others nothing.
    const lista = `${server.url}/api/maquinas?size=50`;
    // The idle figure: after 200 reads that warm the server up, LECTURAS more.
    const quieto = await lecturas(lista, headers, 200 + LECTURAS);
    const p99Quieto = p99(quieto.ms.slice(200));
    figure('RSS del servidor recién iniciado', Math.round(rssMb(pid)), 'MB');
    figure('p99 de leer la lista de máquinas, sin carga', p99Quieto, 'ms');
    await bomba(
      'bomba-textos',
      bombaDeTextos(),
      base,
      lista,
      headers,
      await signInHeaders(server.url, 'bomba-textos'),
      pid,
      p99Quieto,
    );
    await bomba(
      'bomba-filas',
      bombaDeFilas(),
      base,
      lista,
      headers,
      await signInHeaders(server.url, 'bomba-filas'),
      pid,
      p99Quieto,
    );

    const t0 = performance.now();
    const subida = await pedir<{ id: number; filas: number; mapeo: Record<string, string | null> }>(
      `${base}?nombre=maquinas.csv`,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'text/csv' },
        body: Readable.toWeb(createReadStream(csv)) as ReadableStream,
        duplex: 'half',
      } as RequestInit,
    );
    const subir = (performance.now() - t0) / 1000;
    if (subida.filas !== FILAS) throw new Error(`se leyeron ${subida.filas} filas de ${FILAS}`);
    const sinColumna = Object.entries(subida.mapeo).filter(([, c]) => c === null);
    if (sinColumna.length > 0) throw new Error(`campos sin columna: ${sinColumna.map(([c]) => c).join(', ')}`);

    const inicio = rssMb(pid);
    let pico = inicio;
    const muestreo = setInterval(() => {
      pico = Math.max(pico, rssMb(pid));
    }, 50);
    const t1 = performance.now();
    let resultado: { crear: number; rechazadas: number };
    try {
      resultado = await pedir(`${base}/${subida.id}/importar`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ mapeo: subida.mapeo, modo: 'crear' }),
      });
    } finally {
      clearInterval(muestreo);
    }
    const importar = (performance.now() - t1) / 1000;
    if (resultado.crear !== FILAS || resultado.rechazadas !== 0)
      throw new Error(`importó ${resultado.crear} y rechazó ${resultado.rechazadas}`);

    const t2 = performance.now();
    await pedir(`${base}/${subida.id}/deshacer`, { method: 'POST', headers });
    const deshacer = (performance.now() - t2) / 1000;

    figure(`Subir y leer el CSV de ${FILAS} filas`, subir, 's');
    figure(`Importar ${FILAS} máquinas (una transacción)`, importar, 's', { max: 30 });
    figure(`Importar ${FILAS} máquinas + subir el archivo`, subir + importar, 's', { max: 30 });
    figure('Filas por segundo', Math.round(FILAS / importar), 'filas/s');
    figure('RSS del servidor al empezar a importar', Math.round(inicio), 'MB');
    figure('RSS del servidor, pico durante la importación', Math.round(pico), 'MB');
    figure('Crecimiento del RSS durante la importación', Math.round(pico - inicio), 'MB', { max: CRECIMIENTO_MB });
    figure(`Deshacer la importación (${FILAS} filas)`, deshacer, 's');
  } finally {
    await stopServer(child);
    await admin.query(`drop database if exists ${nombre} with (force)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
