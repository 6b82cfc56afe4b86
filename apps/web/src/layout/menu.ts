import type { PermissionCode } from '@intranet/contract/registry';
import { MENU_ORDEN } from '../areas/index.ts';
import { MENU_SECTIONS } from '../core/area.ts';
import { isHeading, isParent, type MenuEntry } from '../core/menu.ts';

/**
 * The portal's menu, in the specification's order under the headings of MENU_SECTIONS, each item with its
 * permission code: under each heading, the entries of the areas MENU_ORDEN names there (areas/index.ts), in its
 * order. Where the specification shows no code for an item, the code is the portal's own choice (in the area's
 * index.ts).
 */
export const MENU: MenuEntry[] = MENU_SECTIONS.flatMap((section) => {
  const items = MENU_ORDEN[section].flatMap((area) =>
    area.menu.filter((entry) => entry.section === section).map((entry) => entry.item),
  );
  return items.length ? [{ heading: true as const, text: section }, ...items] : [];
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
