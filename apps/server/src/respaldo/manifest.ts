// What a backup says of itself (manifest.json, the archive's first entry), and whether this build can take it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../paths.ts';
import { ArchivoInvalido, recorrer } from './archivo.ts';

export const FORMATO = 'intranet-respaldo';
/** Raised when the archive's layout changes in a way an older restore could not read. */
export const VERSION_FORMATO = 1;
export const NOMBRE_MANIFIESTO = 'manifest.json';
/** A table's rows: `db/<tabla>.csv`, COPY's CSV of the columns listed in the manifest. */
export const entradaTabla = (tabla: string) => `db/${tabla}.csv`;
/** A stored file: `archivos/ab/cd/<sha256>`, as in FILES_DIR. */
export const PREFIJO_ARCHIVOS = 'archivos/';

const identificador = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);
const mac = z.string().regex(/^[0-9a-f]{64}$/);

const manifiestoSchema = z.object({
  formato: z.literal(FORMATO),
  version: z.number().int().min(1),
  creado: z.string(),
  origen: z.enum(['pglite', 'postgres']),
  /** drizzle's bookkeeping of the source: the restore migrates to this level itself. */
  migraciones: z.array(z.object({ nombre: z.string(), creada: z.number().int(), hash: z.string() })),
  tablas: z.array(
    z.object({
      nombre: identificador,
      columnas: z.array(identificador).min(1),
      filas: z.number().int().min(0),
      /** The last value each identity column handed out (text: a bigint may exceed a JS number). */
      secuencias: z.array(z.object({ columna: identificador, valor: z.string().regex(/^-?\d+$/) })),
    }),
  ),
  archivos: z.object({ cantidad: z.number().int().min(0), bytes: z.number().int().min(0) }),
  /**
   * The seal (sello.ts): HMAC-SHA256 of every other entry by its name, and of this manifest's other fields.
   * Optional: archives made before backups were sealed have none, and restore only when forced.
   */
  sello: z
    .object({
      algoritmo: z.literal('HMAC-SHA256'),
      /** Which key sealed it (a MAC of a fixed text), to tell another SECRETS_KEY from an edit. */
      clave: z.string().regex(/^[0-9a-f]{16}$/),
      partes: z.record(z.string(), mac),
      manifiesto: mac,
    })
    .optional(),
});

export type Manifiesto = z.infer<typeof manifiestoSchema>;
export type TablaManifiesto = Manifiesto['tablas'][number];

/**
 * The manifest's text, checked (a foreign, damaged or newer-format manifest is refused with the reason), and as
 * parsed: its seal covers every field, even one this build does not know.
 */
export function leerManifiesto(texto: string): { manifiesto: Manifiesto; crudo: unknown } {
  let datos: unknown;
  try {
    datos = JSON.parse(texto);
  } catch {
    throw new ArchivoInvalido(`su ${NOMBRE_MANIFIESTO} no es JSON válido`);
  }
  const formato = (datos as { formato?: unknown; version?: unknown } | null) ?? {};
  if (formato.formato !== FORMATO)
    throw new ArchivoInvalido(`no es un respaldo de Intranet (su ${NOMBRE_MANIFIESTO} es de otra cosa)`);
  if (typeof formato.version === 'number' && formato.version > VERSION_FORMATO) {
    throw new ArchivoInvalido(
      `está en un formato más nuevo (${formato.version}) que el que lee esta versión de Intranet (${VERSION_FORMATO}): actualice Intranet`,
    );
  }
  const r = manifiestoSchema.safeParse(datos);
  if (!r.success)
    throw new ArchivoInvalido(
      `su ${NOMBRE_MANIFIESTO} está incompleto o dañado (${r.error.issues[0]?.path.join('.') || 'raíz'})`,
    );
  return { manifiesto: r.data, crudo: datos };
}

/** Reads only the archive's first entry, which must be the manifest. */
export async function manifiestoDe(ruta: string): Promise<Manifiesto> {
  return (await manifiestoConCrudo(ruta)).manifiesto;
}

/** The archive's manifest, and as parsed (for its seal). */
export async function manifiestoConCrudo(ruta: string): Promise<{ manifiesto: Manifiesto; crudo: unknown }> {
  let leido: { manifiesto: Manifiesto; crudo: unknown } | undefined;
  const BASTA = new Error('manifiesto leído');
  try {
    await recorrer(ruta, async (entrada) => {
      if (entrada.path !== NOMBRE_MANIFIESTO)
        throw new ArchivoInvalido(
          `no es un respaldo de Intranet (empieza por ${entrada.path}, no por ${NOMBRE_MANIFIESTO})`,
        );
      // A few hundred tables and, in the seal, some 150 bytes per stored file: 64 MiB is some 400,000 files.
      if (entrada.size > 64 * 1024 * 1024) throw new ArchivoInvalido(`su ${NOMBRE_MANIFIESTO} es demasiado grande`);
      const trozos: Buffer[] = [];
      for await (const trozo of entrada as AsyncIterable<Buffer>) trozos.push(trozo);
      leido = leerManifiesto(Buffer.concat(trozos).toString('utf8'));
      throw BASTA;
    });
  } catch (err) {
    if (err !== BASTA) throw err;
  }
  if (!leido) throw new ArchivoInvalido(`no tiene ${NOMBRE_MANIFIESTO}`);
  return leido;
}

export interface MigracionDeEstaVersion {
  nombre: string;
  creada: number;
}

/** This build's migrations, in order, by their journal's names and times. */
export function migracionesDeEstaVersion(carpeta: string = MIGRATIONS_DIR): MigracionDeEstaVersion[] {
  const diario = JSON.parse(readFileSync(join(carpeta, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return diario.entries.map((e) => ({ nombre: e.tag, creada: e.when }));
}

/** The name of an applied migration, by its time in drizzle's bookkeeping ('' when this build does not know it). */
export function nombreDeMigracion(creada: number, carpeta?: string): string {
  return migracionesDeEstaVersion(carpeta).find((m) => m.creada === creada)?.nombre ?? '';
}

/**
 * How many of this build's migrations the backup's database had, or why this build cannot restore it: it
 * comes from a newer build, or from one whose migrations this build does not share.
 */
export function nivelDeMigraciones(manifiesto: Manifiesto, carpeta?: string): number {
  const propias = migracionesDeEstaVersion(carpeta);
  const ultimaPropia = propias.at(-1);
  for (const [i, m] of manifiesto.migraciones.entries()) {
    const propia = propias[i];
    if (propia?.creada === m.creada) continue;
    if (!propia || (ultimaPropia && m.creada > ultimaPropia.creada)) {
      throw new ArchivoInvalido(
        `es de una versión más nueva de Intranet (migración ${m.nombre || m.creada}, que esta versión no tiene): actualice Intranet y vuelva a restaurar`,
      );
    }
    throw new ArchivoInvalido(
      `tiene migraciones que esta versión de Intranet no conoce (${m.nombre || m.creada}): restáurelo con la versión que lo creó`,
    );
  }
  return manifiesto.migraciones.length;
}
