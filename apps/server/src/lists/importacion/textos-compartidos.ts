import type { FileStore } from '../../storage/store.ts';
import { abrirZip } from '../../storage/zip.ts';

// A streamed sheet is read row by row, but its shared strings (the table of texts its cells point to) are held whole
// while it is read. Their size is checked first, by inflating them and counting, with no text made of them: a table
// that inflates past what a worker's heap could hold is refused in milliseconds, before the reader fills the heap
// and its collections take the processor the rest of the server needs.

/** Where ExcelJS' streaming reader takes the shared strings from (it reads no other part for them). */
const PARTE = 'xl/sharedStrings.xml';

/**
 * Whether the shared strings of the XLSX `sha256` inflate to at most `maxBytes`, counted as they inflate. A file
 * that is no ZIP passes (the reader then says it cannot read it); shared strings that do not inflate to the size
 * the ZIP's directory states (a bomb that hides its size) throw, and the file is refused as unreadable.
 */
export async function textosCompartidosCaben(
  store: FileStore,
  archivo: { sha256: string; tamano: number },
  maxBytes: number,
): Promise<boolean> {
  let zip: Awaited<ReturnType<typeof abrirZip>>;
  try {
    zip = await abrirZip(store, archivo.sha256, archivo.tamano);
  } catch {
    return true;
  }
  try {
    for await (const entrada of zip.eachEntry()) {
      if (entrada.fileName !== PARTE) continue;
      if (entrada.uncompressedSize > maxBytes) return false;
      let total = 0;
      const flujo = await zip.openReadStreamPromise(entrada);
      try {
        for await (const trozo of flujo) {
          total += (trozo as Buffer).length;
          if (total > maxBytes) return false;
        }
      } finally {
        flujo.destroy();
      }
    }
    return true;
  } finally {
    zip.close();
  }
}
