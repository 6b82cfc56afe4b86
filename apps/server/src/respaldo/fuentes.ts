// Where a backup's tables come from: every table of one consistent snapshot, as COPY's CSV, on either driver.
import type { Hmac } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import { poolDe, type Db } from '../db/client.ts';
import {
  FORMATOS_ESTABLES,
  ident,
  migracionesAplicadas,
  tablasDelEsquema,
  valorDeSecuencia,
  type Consultar,
  type TablaDelEsquema,
} from './esquema.ts';
import type { TablaManifiesto } from './manifest.ts';

export interface TablaVolcada extends TablaManifiesto {
  /** Bytes of its CSV. */
  tamano: number;
  /** Its seal's MAC, taken as the CSV streamed out of the database (none for an unsealed backup). */
  mac: string | undefined;
  contenido(): AsyncIterable<Buffer | Uint8Array>;
}

/** A table's MAC to feed with its CSV as it comes, by the table's name. */
export type Medir = (tabla: string) => Hmac;

export interface Volcado {
  origen: 'pglite' | 'postgres';
  migraciones: { creada: number; hash: string }[];
  tablas: TablaVolcada[];
}

export interface FuenteRespaldo {
  /**
   * Dumps every table of `public` from one snapshot; `carpeta` may hold what does not fit in memory. With
   * `medir`, each table's MAC is taken from its CSV on the way (never read again for it).
   */
  volcar(carpeta: string, medir?: Medir): Promise<Volcado>;
}

// A query, not the table's name: a partitioned table is copied whole only so.
const copiaA = (t: TablaDelEsquema, destino: string) =>
  `copy (select ${t.columnas.map(ident).join(', ')} from ${ident(t.nombre)}) to ${destino} with (format csv)`;

async function secuenciasDe(consultar: Consultar, t: TablaDelEsquema): Promise<TablaManifiesto['secuencias']> {
  const secuencias: TablaManifiesto['secuencias'] = [];
  for (const s of t.secuencias)
    secuencias.push({ columna: s.columna, valor: await valorDeSecuencia(consultar, s.secuencia) });
  return secuencias;
}

/** The database behind drizzle, by the client drizzle documents as `db.$client`: PGlite's, or node-postgres' pool. */
export function fuenteDe(db: Db): FuenteRespaldo {
  const pool = poolDe(db);
  return pool ? desdePostgres(pool) : desdePglite((db as unknown as { $client: PGlite }).$client);
}

/**
 * PGlite has one session: a transaction holds it, so the portal's other queries wait while the tables are
 * copied into memory (PGlite's COPY writes to `/dev/blob`). Nothing else is done inside it.
 */
function desdePglite(cliente: PGlite): FuenteRespaldo {
  return {
    volcar: (_carpeta, medir) =>
      cliente.transaction(async (tx: Transaction) => {
        await tx.exec(`set transaction isolation level repeatable read, read only; ${FORMATOS_ESTABLES}`);
        const consultar: Consultar = async <T>(texto: string, valores?: unknown[]) =>
          (await tx.query<T>(texto, valores)).rows;
        const tablas: TablaVolcada[] = [];
        for (const t of await tablasDelEsquema(consultar)) {
          const r = await tx.query(copiaA(t, `'/dev/blob'`));
          const blob = r.blob ?? new Blob([]);
          const mac = medir?.(t.nombre);
          if (mac) for await (const trozo of blob.stream()) mac.update(trozo);
          tablas.push({
            nombre: t.nombre,
            columnas: t.columnas,
            filas: r.affectedRows ?? 0,
            secuencias: await secuenciasDe(consultar, t),
            tamano: blob.size,
            mac: mac?.digest('hex'),
            contenido: () => trozosDe(blob),
          });
        }
        return { origen: 'pglite' as const, migraciones: await migracionesAplicadas(consultar), tablas };
      }),
  };
}

async function* trozosDe(blob: Blob): AsyncGenerator<Uint8Array> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  for (let i = 0; i < bytes.length; i += 1024 * 1024) yield bytes.subarray(i, i + 1024 * 1024);
}

/**
 * PostgreSQL: one connection of the pool in a REPEATABLE READ READ ONLY transaction (the portal keeps
 * working beside it), each table streamed by COPY TO STDOUT into a file of `carpeta`.
 */
function desdePostgres(pool: Pool): FuenteRespaldo {
  return {
    async volcar(carpeta, medir) {
      const { to: copiaSalida } = await import('pg-copy-streams');
      const conexion: PoolClient = await pool.connect();
      const consultar: Consultar = async <T>(texto: string, valores?: unknown[]) =>
        (await conexion.query(texto, valores)).rows as T[];
      let fallo: Error | undefined;
      try {
        await conexion.query(`begin isolation level repeatable read read only; ${FORMATOS_ESTABLES}`);
        const tablas: TablaVolcada[] = [];
        for (const t of await tablasDelEsquema(consultar)) {
          const ruta = join(carpeta, `${t.nombre}.csv`);
          const copia = conexion.query(copiaSalida(copiaA(t, 'stdout')));
          const mac = medir?.(t.nombre);
          await pipeline(
            copia,
            async function* (trozos: AsyncIterable<Buffer>) {
              for await (const trozo of trozos) {
                mac?.update(trozo);
                yield trozo;
              }
            },
            createWriteStream(ruta),
          );
          tablas.push({
            nombre: t.nombre,
            columnas: t.columnas,
            filas: copia.rowCount,
            secuencias: await secuenciasDe(consultar, t),
            tamano: (await stat(ruta)).size,
            mac: mac?.digest('hex'),
            contenido: () => createReadStream(ruta, { highWaterMark: 1024 * 1024 }),
          });
        }
        const migraciones = await migracionesAplicadas(consultar);
        await conexion.query('commit');
        return { origen: 'postgres', migraciones, tablas };
      } catch (err) {
        fallo = err instanceof Error ? err : new Error(String(err));
        await conexion.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        // A connection that failed mid-COPY is dropped, not handed back to the pool.
        conexion.release(fallo);
      }
    },
  };
}
