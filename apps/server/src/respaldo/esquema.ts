// What backup and restore ask the catalog, the same on PGlite and PostgreSQL: only the schema `public` (the
// migrations' tables), never the job queue's `pgboss` (it rebuilds itself) nor drizzle's own bookkeeping.

/** One query on the connection at hand (inside the backup's snapshot, or the restore's transaction). */
export type Consultar = <T>(texto: string, valores?: unknown[]) => Promise<T[]>;

/** Text forms that read back the same on any server: set in the backup's snapshot and in the restore's load. */
export const FORMATOS_ESTABLES =
  "set local datestyle = 'ISO, YMD'; set local intervalstyle = 'postgres'; set local bytea_output = 'hex'";

export const ident = (nombre: string): string => `"${nombre.replace(/"/g, '""')}"`;

export interface TablaDelEsquema {
  nombre: string;
  /** Stored columns in order: generated ones are computed again on load. */
  columnas: string[];
  /** Identity (or serial) columns and their sequence. */
  secuencias: { columna: string; secuencia: string }[];
}

/**
 * The tables of `public` with their columns and sequences, by name. A partitioned table counts as one: its
 * rows go back through it, into whatever partitions the target's migrations made.
 */
export async function tablasDelEsquema(consultar: Consultar): Promise<TablaDelEsquema[]> {
  const columnas = await consultar<{ tabla: string; columna: string; secuencia: string | null }>(
    `select c.relname as tabla, a.attname as columna,
            pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as secuencia
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname, a.attnum`,
  );
  const tablas = new Map<string, TablaDelEsquema>();
  for (const c of columnas) {
    const tabla = tablas.get(c.tabla) ?? { nombre: c.tabla, columnas: [], secuencias: [] };
    tabla.columnas.push(c.columna);
    if (c.secuencia) tabla.secuencias.push({ columna: c.columna, secuencia: c.secuencia });
    tablas.set(c.tabla, tabla);
  }
  return [...tablas.values()];
}

/** The last value a sequence handed out (its start minus one when it never did), as text. */
export async function valorDeSecuencia(consultar: Consultar, secuencia: string): Promise<string> {
  const [fila] = await consultar<{ valor: string }>(
    `select (case when is_called then last_value else last_value - 1 end)::text as valor from ${secuencia}`,
  );
  return fila?.valor ?? '0';
}

/** Every migration drizzle recorded, oldest first. */
export async function migracionesAplicadas(consultar: Consultar): Promise<{ creada: number; hash: string }[]> {
  const existe = await consultar<{ existe: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as existe`,
  );
  if (!existe[0]?.existe) return [];
  const filas = await consultar<{ creada: string; hash: string }>(
    'select created_at::text as creada, hash from drizzle.__drizzle_migrations order by created_at',
  );
  return filas.map((f) => ({ creada: Number(f.creada), hash: f.hash }));
}

/** Up to five relations of a database that is supposed to be empty (any schema but the system's), and how many. */
export async function ocupacion(consultar: Consultar): Promise<{ total: number; ejemplos: string[] }> {
  const filas = await consultar<{ nombre: string; total: string }>(
    `select n.nspname || '.' || c.relname as nombre, count(*) over ()::text as total
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1 limit 5`,
  );
  return { total: Number(filas[0]?.total ?? 0), ejemplos: filas.map((f) => f.nombre) };
}

export interface ForeignKey {
  tabla: string;
  nombre: string;
  definicion: string;
}

/**
 * The foreign keys of `public`: dropped while the tables load in any order, added back (and so checked) after.
 * Only those declared (a partition's copies of its parent's come and go with them).
 */
export function foreignKeysOf(consultar: Consultar): Promise<ForeignKey[]> {
  return consultar<ForeignKey>(
    `select t.relname as tabla, c.conname as nombre, pg_get_constraintdef(c.oid) as definicion
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
      where c.contype = 'f' and c.conparentid = 0 and n.nspname = 'public'
      order by 1, 2`,
  );
}

/** The enabled triggers of `public` (row counts, change notices): off while loading, or they would count twice. */
export function disparadores(consultar: Consultar): Promise<{ tabla: string; nombre: string }[]> {
  return consultar<{ tabla: string; nombre: string }>(
    `select c.relname as tabla, t.tgname as nombre
       from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and t.tgenabled <> 'D' and n.nspname = 'public'
      order by 1, 2`,
  );
}
