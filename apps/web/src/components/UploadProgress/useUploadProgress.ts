import { useRef, useState } from 'react';
import type { UploadProgress } from '../../core/http/client.ts';

/** Where an upload is: bytes sent of the total, the average speed since it started and the whole percent. */
export interface Avance {
  loaded: number;
  total: number;
  /** Bytes per second since the upload started. */
  velocidad: number;
  porcentaje: number;
}

/** What an upload call receives: where to report its progress, and the signal that cancels it. */
export interface UploadControl {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

/** The user cancelled the upload (not a failure to report). */
export const isCancelled = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

/**
 * One upload at a time with its progress: `upload(size, send)` runs `send` with a progress callback and an abort
 * signal, `avance` follows it (null when idle) and `cancel()` aborts it.
 */
export function useUploadProgress() {
  const [avance, setAvance] = useState<Avance | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function upload<T>(size: number, send: (control: UploadControl) => Promise<T>): Promise<T> {
    const current = new AbortController();
    controller.current = current;
    const inicio = performance.now();
    setAvance({ loaded: 0, total: size, velocidad: 0, porcentaje: 0 });
    const onProgress = ({ loaded, total }: UploadProgress) => {
      const segundos = (performance.now() - inicio) / 1000;
      setAvance({
        loaded,
        total,
        velocidad: segundos > 0 ? loaded / segundos : 0,
        porcentaje: total > 0 ? Math.floor((loaded / total) * 100) : 0,
      });
    };
    try {
      return await send({ onProgress, signal: current.signal });
    } finally {
      setAvance(null);
    }
  }

  return { avance, subiendo: avance !== null, upload, cancel: () => controller.current?.abort() };
}
