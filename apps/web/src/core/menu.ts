import type { PermissionCode } from '@intranet/contract/registry';
import type { ComponentType } from 'react';

/** The icon components of @tabler/icons-react, as the menu uses them. */
export type MenuIcon = ComponentType<{ size?: number | string; stroke?: number | string }>;

/** A menu item as the specification defines it: text, icon, link, submenu, accion (permission code), heading flag. */
export interface MenuHeading {
  heading: true;
  text: string;
}

export interface MenuLink {
  heading?: false;
  text: string;
  icon: MenuIcon;
  link: string;
  accion: PermissionCode;
}

/** A parent shows while at least one of its submenu entries is allowed. */
export interface MenuParent {
  heading?: false;
  text: string;
  icon: MenuIcon;
  submenu: MenuLink[];
}

export type MenuItem = MenuLink | MenuParent;
export type MenuEntry = MenuHeading | MenuItem;

export const isHeading = (entry: MenuEntry): entry is MenuHeading => entry.heading === true;
export const isParent = (entry: MenuEntry): entry is MenuParent => 'submenu' in entry;
