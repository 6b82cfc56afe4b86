import { Readable } from 'node:stream';
import yauzl, { type ZipFile } from 'yauzl';
import type { FileStore } from './store.ts';

/** Reads a stored ZIP's pieces by byte ranges, for yauzl: the file is never held whole. */
class LectorDelAlmacen extends yauzl.RandomAccessReader {
  constructor(
    private readonly store: FileStore,
    private readonly sha256: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    if (end <= start) return Readable.from([]);
    return this.store.read(this.sha256, { start, end: end - 1 });
  }
}

/**
 * A stored file opened as a ZIP (its central directory read, entries one at a time on request). An entry that
 * inflates to more or less than its directory says fails while it is read. Throws when the file is not a ZIP.
 */
export const abrirZip = (store: FileStore, sha256: string, tamano: number): Promise<ZipFile> =>
  yauzl.fromRandomAccessReaderPromise(new LectorDelAlmacen(store, sha256), tamano, {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
  });
