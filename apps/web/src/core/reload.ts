// A page left open while a new build was deployed asks for chunks that are gone. It reloads itself, once, onto
// the new build: the session comes back from the renewal cookie and each form's unsaved values from its draft.

import { keepDraftsOnClose } from './drafts.ts';

const KEY = 'intranet:recarga-por-version';
/** A second failure this soon after the reload is not a new build: the error page shows it instead. */
const ONCE_WITHIN_MS = 60_000;

let reloading = false;

/** The page is reloading onto a new build: the unsaved-changes prompt stays quiet (the drafts are kept). */
export const isReloadingForNewBuild = (): boolean => reloading;

/** Whether an error is a chunk (script or style) of the build that could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk \S+ failed/i.test(
    message,
  );
}

function readLast(): number {
  try {
    return Number(sessionStorage.getItem(KEY) ?? 0);
  } catch {
    return 0;
  }
}

/** Reloads the page once for a new build; false if it already did within the last minute (then show the error). */
export function reloadForNewBuild(): boolean {
  const now = Date.now();
  if (now - readLast() < ONCE_WITHIN_MS) return false;
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reloading = true;
  keepDraftsOnClose();
  window.location.reload();
  return true;
}

/** Reloads now (the offline worker's update, once no form is being edited). */
export function reloadNow(): void {
  reloading = true;
  keepDraftsOnClose();
  window.location.reload();
}
