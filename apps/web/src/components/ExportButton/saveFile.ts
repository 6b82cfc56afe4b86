import dayjs from 'dayjs';

/** `servidores` → `servidores-2026-11-21.csv`: the list's name and the day it was exported. */
export function exportFilename(name: string, now: Date = new Date(), extension = 'csv'): string {
  return `${name}-${dayjs(now).format('YYYY-MM-DD')}.${extension}`;
}

/** Hands a downloaded file to the browser as a download with the given name. */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start reading the object URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
