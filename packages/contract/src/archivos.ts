import { z } from 'zod';

// ---- The file store `{archivos}` (issue 5): content-addressed uploads shared by paquetes, versiones and apps. ----

/** A SHA-256 as lower-case hex: the file's identity in the store and its download key. */
export const sha256Hex = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'Suma SHA-256 inválida');

/** The name a file is stored and downloaded under: no path, no control characters. */
export const nombreArchivo = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .max(200, 'Máximo 200 caracteres')
  .refine((v) => !/[/\\\u0000-\u001f\u007f]/.test(v) && v !== '.' && v !== '..', 'Nombre de archivo inválido');

/** A stored file: one row per distinct content. */
export const archivo = z.object({
  id: z.number().int(),
  sha256: z.string(),
  /** Bytes. */
  tamano: z.number().int().nonnegative(),
  /** The content type the first upload declared. */
  tipo: z.string(),
  /** The name of the first upload. */
  nombre: z.string(),
  descargas: z.number().int().nonnegative(),
  creado: z.string(),
});
export type Archivo = z.infer<typeof archivo>;

/** `POST {archivos}/api/archivos?nombre=`: the body is the file's bytes. */
export const archivoUploadQuery = z.object({ nombre: nombreArchivo }).strict();

/** `GET {archivos}/api/archivos/:sha256`: the download; `nombre` names the saved file. */
export const archivoDescargaParams = z.object({ sha256: sha256Hex }).strict();
export const archivoDescargaQuery = z.object({ nombre: nombreArchivo.optional() }).strict();

/** The public download address of a stored file (relative to `{archivos}`). */
export const archivoDescargaPath = (sha256: string, nombre?: string): string =>
  `/api/archivos/${sha256}${nombre ? `?nombre=${encodeURIComponent(nombre)}` : ''}`;

/** `GET {archivos}/api/archivos/limite`: the largest upload accepted, so the browser can refuse before sending. */
export const archivoLimite = z.object({ max_bytes: z.number().int().positive() });
