import type { ImportacionCampo } from '@intranet/contract/shared/importacion';
import type { PermissionCode } from '@intranet/contract/registry';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Autor } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import type { Conflictos } from '../../db/conflicts.ts';

/** How a cell's text becomes the value the contract's schema reads. */
export type CampoTipo = 'texto' | 'numero' | 'fecha' | 'booleano' | 'lista';

/** One field an area imports, declared once: its header, the other names it goes by, and how its cells read. */
export interface CampoImportado {
  /** The contract's field name (snake_case). */
  campo: string;
  /** The export's header for it: the template writes it, and the export's file maps back by it. */
  titulo: string;
  /** Other headers that mean it, Spanish and English; compared without accents, case or punctuation. */
  alias?: readonly string[];
  tipo?: CampoTipo;
  /** For a `lista`: each value with its Spanish name; a cell may say either. */
  opciones?: Readonly<Record<string, string>>;
  requerido?: boolean;
  /** An empty cell takes the contract's default (a TTL of 3600) instead of clearing the field. */
  vacioPorDefecto?: boolean;
  /** What the template's example row says. */
  ejemplo?: string;
}

/** The values of one row in the contract's input shape (before its schema reads them). */
export type Crudos = Record<string, unknown>;

/** A row already stored, found by its key: its id and its values in the input shape. */
export interface Existente {
  id: number;
  valores: Crudos;
}

/**
 * An area's import, declared the way a `ListSpec` declares a list: its fields, its key for the update mode and
 * how a row is written. The engine (motor.ts) does the rest: reading the file, the mapping, the validation,
 * the dry run, the one transaction, the history entry and the undo.
 */
export interface ImportacionSpec<Valores extends Crudos = Crudos> {
  /** The import's kind, stored with it: the area's list ('maquinas'). */
  tipo: string;
  /** Where its routes live: `${ruta}/importaciones…` ('/api/maquinas'). */
  ruta: string;
  /** The code that may create and edit these records. */
  permiso: PermissionCode;
  /** The history entity its entries are written under. */
  entidad: string;
  /** The OpenAPI tag its routes go under: the area's own ('maquinas'), described by the area. */
  etiqueta: string;
  /** The file name of the template and of the refused rows ('maquinas'). */
  nombre: string;
  campos: readonly CampoImportado[];
  /** The field the update mode looks rows up by. */
  clave: string;
  /** The key as compared: 30-12345678-1 and 30123456781 are one CUIT. */
  normalizarClave?: (valor: string) => string;
  /** A key made of more than one field (a client's CUIT and the server's name): the row's key, or null. */
  claveDe?: (crudos: Crudos) => string | null;
  /** How the wizard names the key when it is not one field's title ('CUIT y nombre'). */
  claveTitulo?: string;
  /** The contract's create/update payload. */
  esquema: z.ZodType<Valores, Crudos>;
  /** Rules beyond the schema (a state only an action sets): the row's errors, in Spanish. */
  revisar?: (valores: Valores, existente: Existente | undefined) => string[];
  /** The table written, for the undo: its id and the `actualizado` every write stamps. */
  tabla: { tabla: PgTable; id: AnyPgColumn; actualizado: AnyPgColumn };
  /** The stored rows with these keys (normalized), by key. */
  existentes: (tx: Tx, claves: string[]) => Promise<Map<string, Existente>>;
  /**
   * The stored rows with these ids, by id. Given, the export carries the record's id (`CAMPO_ID`, declared among
   * `campos`) and the update mode matches a row that has one by it before its key: a record without a key (a person
   * without email) finds itself again, a changed key is written, and an id no longer stored refuses the row.
   */
  existentesPorId?: (tx: Tx, ids: number[]) => Promise<Map<number, Existente>>;
  /**
   * Inserts the rows in one statement; answers their ids in order. An ApiError refuses the batch's rows with its
   * message. `autor` signs what a row does beyond its own record (a certificate paired with its request).
   */
  crear: (tx: Tx, filas: Valores[], autor: Autor) => Promise<number[]>;
  /** Writes one row's values over the stored one (stamping `actualizado`). */
  actualizar: (tx: Tx, id: number, valores: Valores) => Promise<void>;
  /** Whether a row says nothing new about the stored one (default: its values, through the schema, are the same). */
  sinCambios?: (existente: Existente, valores: Valores) => boolean;
  /** Removes rows the import created (the undo). */
  borrar?: (tx: Tx, ids: number[]) => Promise<void>;
  /**
   * For files that are not spreadsheets (certificates, a zip of them): the whole file read into rows, the first
   * one the headers. Such a file is small; a spreadsheet is always streamed instead.
   */
  leerArchivo?: (contenido: Buffer) => Promise<string[][]>;
  /** What the area's unique indexes mean, for the rows the database refuses. */
  conflictos?: Conflictos;
}

/**
 * The field of the record's id, the export's 'Id' column: it finds the row (`existentesPorId`), it is never written.
 */
export const CAMPO_ID = 'id';

/** The id column as an area declares it among its fields. */
export const campoId: CampoImportado = {
  campo: CAMPO_ID,
  titulo: 'Id',
  alias: ['identificador', 'id interno'],
  tipo: 'numero',
};

/** How the wizard and the errors name the key: 'Id o Email' when the id finds rows too. */
export function tituloClave(
  spec: Pick<ImportacionSpec, 'clave' | 'claveTitulo' | 'campos' | 'existentesPorId'>,
): string {
  const titulo = spec.claveTitulo ?? spec.campos.find((c) => c.campo === spec.clave)?.titulo ?? spec.clave;
  // A record with no natural key (a development) is found by its id alone.
  return spec.existentesPorId && spec.clave !== CAMPO_ID ? `Id o ${titulo}` : titulo;
}

/** The fields as the wizard shows them. */
export const camposDe = (spec: ImportacionSpec): ImportacionCampo[] =>
  spec.campos.map((c) => ({
    campo: c.campo,
    titulo: c.titulo,
    requerido: c.requerido ?? false,
    ...(c.opciones ? { opciones: Object.values(c.opciones) } : {}),
  }));
