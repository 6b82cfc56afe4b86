import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { envelope } from './envelope.ts';

// ---- Spreadsheet import: the steps every area's import shares ----

/** Create only, or update the rows whose key (CUIT, nro_inventario, email, host) already exists and create the rest. */
export const IMPORTACION_MODOS = ['crear', 'actualizar'] as const;
export type ImportacionModo = (typeof IMPORTACION_MODOS)[number];

/** A field the area imports: its wire name, its Spanish title (the template's header) and whether a row needs it. */
export const importacionCampo = z.object({
  campo: z.string(),
  titulo: z.string(),
  requerido: z.boolean(),
  /** The values it takes, when it is a choice: what a cell may say (the export's Spanish names are read too). */
  opciones: z.array(z.string()).optional(),
});
export type ImportacionCampo = z.infer<typeof importacionCampo>;

/** Each field -> the file's column it reads (its header as the file says it), or null for none. */
export const importacionMapeo = z.record(z.string().max(100), z.string().max(500).nullable());
export type ImportacionMapeo = z.infer<typeof importacionMapeo>;

/**
 * The text encodings a CSV is read in: UTF-8 (with or without BOM), UTF-16 with its BOM, and Windows-1252, what
 * Excel in Spanish saves (a superset of Latin-1).
 */
export const CODIFICACIONES = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type Codificacion = (typeof CODIFICACIONES)[number];
/** Each encoding's name for the user ("Codificación: Windows-1252"). */
export const CODIFICACION_NOMBRES: Record<Codificacion, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
};

/** `POST …/importaciones`: the file read, its headers and the mapping guessed from them. */
export const importacionSubida = z.object({
  id: z.number().int(),
  archivo: z.string(),
  /**
   * The encoding the CSV was read in (recognised, or the one the user picked); null for a spreadsheet or certificates.
   */
  codificacion: z.enum(CODIFICACIONES).nullable(),
  columnas: z.array(z.string()),
  filas: z.number().int(),
  campos: z.array(importacionCampo),
  mapeo: importacionMapeo,
  /** The key the update mode looks rows up by (its field name), and its name for the user ('CUIT', 'CUIT y nombre'). */
  clave: z.string(),
  clave_titulo: z.string(),
});
export type ImportacionSubida = z.infer<typeof importacionSubida>;

/** One row of the file as the mapping reads it: its number in the file (the header is row 1) and its errors. */
export const importacionFila = z.object({
  fila: z.number().int(),
  valores: z.record(z.string(), z.string()),
  errores: z.record(z.string(), z.array(z.string())),
});
export type ImportacionFila = z.infer<typeof importacionFila>;

export const importacionVistaPreviaInput = z
  .object({
    mapeo: importacionMapeo,
    pagina: z.number().int().min(1).max(1_000_000).default(1),
    tamano: z.number().int().min(1).max(200).default(50),
    solo_errores: z.boolean().default(false),
  })
  .strict();

export const importacionVistaPrevia = z.object({
  filas: z.array(importacionFila),
  /** Rows shown under the filter (all, or those with errors). */
  total: z.number().int(),
  /** Rows of the file with at least one error. */
  con_errores: z.number().int(),
});
export type ImportacionVistaPrevia = z.infer<typeof importacionVistaPrevia>;

export const importacionInput = z
  .object({
    mapeo: importacionMapeo,
    modo: z.enum(IMPORTACION_MODOS, { error: 'Elija «Solo crear» o «Actualizar por clave»' }),
    /**
     * Import the valid rows and leave the refused ones out (their CSV, with the reasons, stays downloadable);
     * without it a refused row stops the whole import.
     */
    solo_validas: z.boolean({ error: 'Debe ser verdadero o falso' }).optional(),
  })
  .strict();

/** A row refused, and why (in Spanish). */
export const importacionRechazo = z.object({ fila: z.number().int(), errores: z.array(z.string()) });
export type ImportacionRechazo = z.infer<typeof importacionRechazo>;

/** The counts of a dry run or of an import: what each row would do (or did). */
export const importacionConteo = z.object({
  crear: z.number().int(),
  actualizar: z.number().int(),
  sin_cambios: z.number().int(),
  rechazadas: z.number().int(),
  /** The first refused rows, in file order (all of them are in the refused-rows CSV). */
  rechazos: z.array(importacionRechazo),
});
export type ImportacionConteo = z.infer<typeof importacionConteo>;

export const importacionResultado = importacionConteo.extend({
  id: z.number().int(),
  estado: z.enum(['subida', 'importada', 'deshecha']),
  /** Until when "Deshacer" is offered (24 h after the import), ISO 8601. */
  deshacer_hasta: z.string().nullable(),
});
export type ImportacionResultado = z.infer<typeof importacionResultado>;

/** `POST …/importaciones/:id/codificacion`: the CSV read again in another encoding. */
export const importacionCodificacionInput = z
  .object({ codificacion: z.enum(CODIFICACIONES, { error: 'Elija una codificación de la lista' }) })
  .strict();

export const importacionIdParam = z.object({
  id: z.coerce.number({ error: 'Id inválido' }).int().positive().max(2_147_483_647, 'Id inválido'),
});
export const importacionSubidaQuery = z.object({
  nombre: z.string().trim().min(1, 'Falta el nombre del archivo').max(255),
});

/** How long an import can be undone. */
export const IMPORTACION_DESHACER_HORAS = 24;

const IMPORT_ERRORS = [400, 401, 403] as const;

/**
 * The import routes of one list, under `<base>/importaciones` (`base` is the list's API path, `nombre` what the
 * summaries call its rows): the template, the upload (the body is the file), another encoding, the preview, the
 * dry run, the import, the refused rows and the undo. The server's `importacionRoutes` registers them all.
 */
export function importacionEndpoints<const Base extends string>(base: Base, nombre: string) {
  const raiz = `${base}/importaciones` as const;
  return {
    plantilla: endpoint({
      method: 'GET',
      path: `${raiz}/plantilla.csv`,
      summary: `Plantilla CSV para importar (${nombre})`,
      produces: ['text/csv'],
      errors: [401, 403],
    }),
    subir: endpoint({
      method: 'POST',
      path: raiz,
      summary: `Sube una planilla CSV o XLSX para importar (${nombre})`,
      description: 'El cuerpo es el archivo; responde sus encabezados y la asignación de columnas adivinada por ellos.',
      query: importacionSubidaQuery,
      answer: envelope(importacionSubida),
      status: 201,
      errors: [...IMPORT_ERRORS, 413, 429],
    }),
    codificacion: endpoint({
      method: 'POST',
      path: `${raiz}/:id/codificacion`,
      summary: 'Lee el CSV otra vez en la codificación elegida: sus encabezados y la asignación adivinada de nuevo',
      params: importacionIdParam,
      body: importacionCodificacionInput,
      answer: envelope(importacionSubida),
      errors: [...IMPORT_ERRORS, 404, 409, 410, 413, 429],
    }),
    vistaPrevia: endpoint({
      method: 'POST',
      path: `${raiz}/:id/vista-previa`,
      summary: 'Las filas leídas con la asignación elegida y los errores de cada una, por páginas',
      params: importacionIdParam,
      body: importacionVistaPreviaInput,
      answer: envelope(importacionVistaPrevia),
      errors: [...IMPORT_ERRORS, 404],
    }),
    ensayo: endpoint({
      method: 'POST',
      path: `${raiz}/:id/ensayo`,
      summary: 'Ensayo: cuántas filas se crearían, actualizarían, quedarían igual o se rechazarían (no guarda nada)',
      params: importacionIdParam,
      body: importacionInput,
      answer: envelope(importacionConteo),
      errors: [...IMPORT_ERRORS, 404, 409],
    }),
    importar: endpoint({
      method: 'POST',
      path: `${raiz}/:id/importar`,
      summary: 'Importa todas las filas en una transacción: todo o nada',
      description: 'Si una fila tiene errores no se guarda nada: 400 con los errores de cada fila («fila N»).',
      params: importacionIdParam,
      body: importacionInput,
      answer: envelope(importacionResultado),
      errors: [...IMPORT_ERRORS, 404, 409],
    }),
    rechazadas: endpoint({
      method: 'GET',
      path: `${raiz}/:id/rechazadas.csv`,
      summary: 'Las filas rechazadas en el último ensayo o importación, con una columna «error»',
      params: importacionIdParam,
      produces: ['text/csv'],
      errors: [...IMPORT_ERRORS, 404],
    }),
    deshacer: endpoint({
      method: 'POST',
      path: `${raiz}/:id/deshacer`,
      summary: 'Deshace la importación dentro de las 24 h, si ninguna de sus filas cambió desde entonces',
      params: importacionIdParam,
      answer: envelope(importacionResultado),
      errors: [...IMPORT_ERRORS, 404, 409],
    }),
  };
}
