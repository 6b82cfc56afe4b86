import type { IconoSubido } from '@intranet/contract/areas/aplicaciones';
import { archivoDescargaPath } from '@intranet/contract/areas/archivos';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../core/api-error.ts';
import type { FileStore } from '../../storage/store.ts';
import type { Upload } from '../../storage/upload.ts';
import { conArchivo, descartarHuerfano, ENTIDAD_ARCHIVO, registrarArchivo } from '../../storage/archivos.ts';
import { MENSAJES } from './messages.ts';

/** The image type by its first bytes: what was sent, whatever the request declared. */
export function tipoDeImagen(cabecera: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (cabecera.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (cabecera[0] === 0xff && cabecera[1] === 0xd8 && cabecera[2] === 0xff) return 'image/jpeg';
  if (cabecera.toString('latin1', 0, 4) === 'RIFF' && cabecera.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

async function primerosBytes(store: FileStore, sha256: string, cantidad: number): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const chunk of store.read(sha256, { start: 0, end: cantidad - 1 })) partes.push(chunk as Buffer);
  return Buffer.concat(partes);
}

/** Records an uploaded icon in the file store, refusing anything but a PNG, JPEG or WebP image. */
export async function guardarIcono(
  db: Db,
  store: FileStore,
  upload: Upload,
  nombre: string,
  autor: Autor,
): Promise<IconoSubido> {
  const tipo = tipoDeImagen(await primerosBytes(store, upload.sha256, 12));
  if (!tipo) {
    await descartarHuerfano(db, store, upload);
    throw new ApiError(400, MENSAJES.iconoNoImagen, { archivo: [MENSAJES.iconoNoImagen] });
  }
  return conArchivo(db, store, upload, () =>
    db.transaction(async (tx) => {
      const archivo = await registrarArchivo(tx, { ...upload, tipo }, nombre);
      await writeAudit(tx, {
        autor,
        accion: 'subir',
        entidad: ENTIDAD_ARCHIVO,
        entidadId: archivo.id,
        despues: archivo,
      });
      return {
        id: archivo.id,
        sha256: archivo.sha256,
        tipo: archivo.tipo,
        descarga: archivoDescargaPath(archivo.sha256),
      };
    }),
  );
}
