// Where a restore writes: an empty PostgreSQL database (all of it in one transaction) or an empty PGlite folder
// (removed again if the restore fails). Either way the target ends as this build's, or as it was found.
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Client } from 'pg';
import { openDatabase, type Db, type Executor } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import * as schema from '../db/schema.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { ident, ocupacion, type Consultar } from './esquema.ts';
import type { TablaManifiesto } from './manifest.ts';

/** The restore's work inside the target's transaction. */
export interface SesionCarga {
  consultar: Consultar;
  /** Loads one table's CSV (COPY FROM) and answers the rows loaded. */
  copiarDesde(tabla: TablaManifiesto, datos: AsyncIterable<Buffer>): Promise<number>;
}

export interface DestinoRestauracion {
  /** How the target is named to the operator. */
  nombre: string;
  /** What the target already holds: a restore only goes into an empty one. */
  ocupacion(): Promise<{ total: number; ejemplos: string[] }>;
  /**
   * Migrates to the backup's level (`nivel` of this build's migrations), runs `cargar` in one transaction, then
   * migrates to this build's level and runs `alTerminar` (drizzle at this build's schema: an audit row). On
   * failure the target is left empty, or `CargaFallida.limpio` says it is not.
   */
  restaurar(
    nivel: number,
    cargar: (sesion: SesionCarga) => Promise<void>,
    alTerminar?: (db: Executor) => Promise<void>,
  ): Promise<void>;
  cerrar(): Promise<void>;
}

/** The load failed midway; `limpio` says whether the target was put back as it was found. */
export class CargaFallida extends Error {
  constructor(
    readonly causa: unknown,
    readonly limpio: boolean,
  ) {
    super(causa instanceof Error ? causa.message : String(causa));
  }
}

const copiaDesde = (t: TablaManifiesto, origen: string) =>
  `copy ${ident(t.nombre)} (${t.columnas.map(ident).join(', ')}) from ${origen} with (format csv)`;

/** A migrations folder holding only this build's first `nivel` migrations, for drizzle's migrator. */
async function migracionesHasta(nivel: number): Promise<{ carpeta: string; quitar: () => Promise<void> }> {
  const diario = JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  if (nivel >= diario.entries.length) return { carpeta: MIGRATIONS_DIR, quitar: async () => undefined };
  const carpeta = await mkdtemp(join(tmpdir(), 'intranet-migraciones-'));
  const entries = diario.entries.slice(0, nivel);
  await mkdir(join(carpeta, 'meta'));
  await writeFile(join(carpeta, 'meta/_journal.json'), JSON.stringify({ ...diario, entries }));
  for (const e of entries) await copyFile(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(carpeta, `${e.tag}.sql`));
  return { carpeta, quitar: () => rm(carpeta, { recursive: true, force: true }) };
}

/** Applies this build's migrations up to the `nivel`-th (a backup's level), no further. */
export async function migrarHasta(db: Db, nivel: number): Promise<void> {
  const { carpeta, quitar } = await migracionesHasta(nivel);
  try {
    await migrate(db, carpeta);
  } finally {
    await quitar();
  }
}

/** An empty PostgreSQL database at `url`: migrations, load and the rest of the migrations in ONE transaction. */
export async function destinoPostgres(url: string): Promise<DestinoRestauracion> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { from: copiaEntrada } = await import('pg-copy-streams');
  const cliente: Client = new pg.Client({ connectionString: url });
  // A dropped connection fails the query in flight (and so the transaction); it must not end the process.
  cliente.on('error', () => undefined);
  await cliente.connect();
  // On one client (not a pool) drizzle's transaction is this connection's: the raw COPYs below join it.
  const db = drizzle(cliente, { schema }) as unknown as Db;
  const consultar: Consultar = async <T>(texto: string, valores?: unknown[]) =>
    (await cliente.query(texto, valores)).rows as T[];
  return {
    nombre: 'PostgreSQL (DATABASE_URL)',
    ocupacion: () => ocupacion(consultar),
    async restaurar(nivel, cargar, alTerminar) {
      try {
        await db.transaction(async (tx) => {
          await migrarHasta(tx, nivel);
          await cargar({
            consultar,
            async copiarDesde(tabla, datos) {
              const copia = cliente.query(copiaEntrada(copiaDesde(tabla, 'stdin')));
              await pipeline(datos, copia);
              return copia.rowCount;
            },
          });
          await migrate(tx);
          await alTerminar?.(tx);
        });
      } catch (err) {
        throw new CargaFallida(err, true);
      }
    },
    cerrar: () => cliente.end(),
  };
}

/**
 * An empty PGlite folder (`DATA_DIR/db`, absent or holding no table). PGlite's migrations and the load are
 * separate transactions: a failure removes the folder, which held nothing.
 */
export async function destinoPglite(dataDir: string): Promise<DestinoRestauracion> {
  const carpeta = join(dataDir, 'db');
  if (existsSync(join(carpeta, 'postmaster.pid'))) {
    throw new DestinoEnUso(
      `La base de datos embebida (${carpeta}) está abierta por otro proceso: detenga Intranet antes de restaurar.`,
    );
  }
  const carpetaNueva = !existsSync(dataDir);
  let fallida = false;
  let abierta: { db: Db; cliente: PGlite; close: () => Promise<void> } | undefined;
  const abrir = async () => {
    if (!abierta) {
      const database = await openDatabase({ dataDir });
      abierta = {
        db: database.db,
        cliente: (database.db as unknown as { $client: PGlite }).$client,
        close: () => database.close(),
      };
    }
    return abierta;
  };
  const vacia = async () => !existsSync(carpeta) || (await readdir(carpeta)).length === 0;
  return {
    nombre: `PGlite en ${carpeta}`,
    async ocupacion() {
      if (await vacia()) return { total: 0, ejemplos: [] };
      const { cliente } = await abrir();
      return ocupacion(async <T>(texto: string, valores?: unknown[]) => (await cliente.query<T>(texto, valores)).rows);
    },
    async restaurar(nivel, cargar, alTerminar) {
      try {
        const { db, cliente } = await abrir();
        await migrarHasta(db, nivel);
        await cliente.transaction(async (tx: Transaction) => {
          await cargar({
            consultar: async <T>(texto: string, valores?: unknown[]) => (await tx.query<T>(texto, valores)).rows,
            async copiarDesde(tabla, datos) {
              // PGlite's COPY reads a Blob: one table at a time in memory.
              const trozos: Buffer[] = [];
              for await (const trozo of datos) trozos.push(trozo);
              const r = await tx.query(copiaDesde(tabla, `'/dev/blob'`), [], { blob: new Blob(trozos) });
              return r.affectedRows ?? 0;
            },
          });
        });
        await migrate(db);
        // Its own statement after the load's transaction: should it fail, the catch below removes it all alike.
        await alTerminar?.(db);
      } catch (err) {
        await abierta?.close().catch(() => undefined);
        abierta = undefined;
        const limpio = await rm(carpeta, { recursive: true, force: true }).then(
          () => true,
          () => false,
        );
        fallida = true;
        throw new CargaFallida(err, limpio);
      }
    },
    cerrar: async () => {
      await abierta?.close();
      abierta = undefined;
      // DATA_DIR made for this restore goes too, once FILES_DIR (inside it by default) is gone.
      if (fallida && carpetaNueva) await rmdir(dataDir).catch(() => undefined);
    },
  };
}

/** The target is open by a running portal. */
export class DestinoEnUso extends Error {}
