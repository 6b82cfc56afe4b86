import type { PaletteEntry } from '../../core/area.ts';

/** How long after `g` the letter still counts. */
export const GO_WINDOW_MS = 1500;

/** The places `g` then a letter goes to, of those the user may open, by letter. */
export function goTargets(entries: readonly PaletteEntry[], granted: ReadonlySet<string>): Map<string, PaletteEntry> {
  return new Map(
    entries.filter((entry) => entry.goKey && granted.has(entry.accion)).map((entry) => [entry.goKey!, entry]),
  );
}

/** Whether a key press is typing (in a field, an editor, a list box): single-key shortcuts leave it alone. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="listbox"], [role="combobox"]') !== null
  );
}

/** The form Ctrl-S saves: the one holding the focus, else the only one open (a dialog's before the page's). */
export function formToSave(active: Element | null, root: ParentNode = document): HTMLFormElement | null {
  const own = active?.closest('form');
  if (own) return own;
  const dialogForms = root.querySelectorAll<HTMLFormElement>('[role="dialog"] form');
  if (dialogForms.length === 1) return dialogForms[0]!;
  if (dialogForms.length > 1) return null;
  const forms = root.querySelectorAll<HTMLFormElement>('main form');
  return forms.length === 1 ? forms[0]! : null;
}
