import type { PermissionCode } from '@intranet/contract/permissions';
import { AREAS } from '../areas/index.ts';
import { MENU_SECTIONS } from '../core/area.ts';
import { isHeading, isParent, type MenuEntry } from '../core/menu.ts';

/**
 * The portal's menu, in the specification's order under the headings of MENU_SECTIONS, each item with its
 * permission code: every area's entries (areas/index.ts), under their heading, by their place. Where the
 * specification shows no code for an item, the code is the portal's own choice (in the area's index.ts).
 */
export const MENU: MenuEntry[] = MENU_SECTIONS.flatMap((section) => {
  const entries = AREAS.flatMap((area) => area.menu)
    .filter((entry) => entry.section === section)
    .sort((a, b) => a.position - b.position);
  return entries.length ? [{ heading: true as const, text: section }, ...entries.map((entry) => entry.item)] : [];
});

/** Every code the menu needs, once each: the body of the single `permisos` call. */
export function menuCodes(entries: MenuEntry[]): PermissionCode[] {
  const codes = new Set<PermissionCode>();
  for (const entry of entries) {
    if (isHeading(entry)) continue;
    if (isParent(entry)) {
      for (const child of entry.submenu) codes.add(child.accion);
    } else {
      codes.add(entry.accion);
    }
  }
  return [...codes];
}
