import { z } from 'zod';
export { archivoUploadQuery } from '@intranet/contract/shared/entre-areas';
import { nombreArchivo, sha256Hex } from '@intranet/contract/shared/entre-areas';

// ---- The file store `{archivos}`: content-addressed uploads shared by paquetes, versiones and apps. ----

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

/** `GET {archivos}/api/archivos/:sha256`: the download; `nombre` names the saved file. */
export const archivoDescargaParams = z.object({ sha256: sha256Hex }).strict();
export const archivoDescargaQuery = z.object({ nombre: nombreArchivo.optional() }).strict();

/** The public download address of a stored file (relative to `{archivos}`). */
export const archivoDescargaPath = (sha256: string, nombre?: string): string =>
  `/api/archivos/${sha256}${nombre ? `?nombre=${encodeURIComponent(nombre)}` : ''}`;

/** `GET {archivos}/api/archivos/limite`: the largest upload accepted, so the browser can refuse before sending. */
export const archivoLimite = z.object({ max_bytes: z.number().int().positive() });
