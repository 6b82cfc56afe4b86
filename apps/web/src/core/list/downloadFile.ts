import { http } from '../http/http.ts';

/** Downloads a file (a list's `export.csv`) through core/http, so the session's Bearer token goes with it. */
export const downloadFile = (url: string): Promise<Blob> => http.blob(url);
