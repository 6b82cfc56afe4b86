import { isHeading, isParent, type MenuEntry, type MenuItem } from '../core/menu.ts';

/**
 * The menu a user sees, by the specified rules: items whose code is not granted go, submenus are filtered alike, a
 * parent left without children goes, and a heading stays only if items remain before the next heading.
 */
export function filterMenu(entries: MenuEntry[], granted: ReadonlySet<string>): MenuEntry[] {
  const allowed: MenuEntry[] = [];
  for (const entry of entries) {
    if (isHeading(entry)) {
      allowed.push(entry);
      continue;
    }
    const item = allowItem(entry, granted);
    if (item) allowed.push(item);
  }
  return allowed.filter((entry, index) => {
    if (!isHeading(entry)) return true;
    const next = allowed[index + 1];
    return next !== undefined && !isHeading(next);
  });
}

function allowItem(item: MenuItem, granted: ReadonlySet<string>): MenuItem | null {
  if (!isParent(item)) return granted.has(item.accion) ? item : null;
  const submenu = item.submenu.filter((child) => granted.has(child.accion));
  return submenu.length > 0 ? { ...item, submenu } : null;
}

/** The granted codes of a `permisos` answer. */
export interface MenuGroup {
  heading: string | null;
  items: MenuItem[];
}

/** The menu split at its headings, for layouts that show one block (or one dropdown) per heading. */
export function groupMenu(entries: MenuEntry[]): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const entry of entries) {
    if (isHeading(entry)) groups.push({ heading: entry.text, items: [] });
    else if (groups.length === 0) groups.push({ heading: null, items: [entry] });
    else groups[groups.length - 1]?.items.push(entry);
  }
  return groups;
}
