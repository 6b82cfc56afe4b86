import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS as CONTRATO, PERMISSION_CODES, permiso } from '@intranet/contract/registry';
import { describe, expect, it } from 'vitest';
import { MENU_SECTIONS } from '../core/area.ts';
import { isParent } from '../core/menu.ts';
import { AREAS, MENU_ORDEN } from './index.ts';

const here = new URL('.', import.meta.url).pathname;
const repo = join(here, '../../../..');
const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** The links an area declares: its menu items (and their submenus) and its palette entries. */
const links = (area: (typeof AREAS)[number]) => [
  ...area.menu.flatMap(({ item }) => (isParent(item) ? item.submenu.map((child) => child.link) : [item.link])),
  ...area.palette.map((entry) => entry.link),
];

describe('the areas registry', () => {
  it('has, for each code’s screen in the catalogue (what the token and role dialogs name), a link guarded by that code', () => {
    const guardados = AREAS.flatMap((area) => [
      ...area.menu.flatMap(({ item }) => (isParent(item) ? item.submenu : [item])),
      ...area.palette,
    ]);
    for (const code of PERMISSION_CODES) {
      const pantalla = permiso(code).pantalla;
      if (!pantalla) continue;
      expect(
        guardados.some((l) => l.link === pantalla.ruta && l.accion === code),
        `${code}: ${pantalla.ruta}`,
      ).toBe(true);
    }
  });

  it('lists every area folder once, under its folder name', () => {
    expect(AREAS.map((area) => area.name).sort()).toEqual(folders(here).sort());
    expect(new Set(AREAS.map((area) => area.name)).size).toBe(AREAS.length);
  });

  it('names each area as the server and the contract do, sub-areas included', () => {
    const contrato: readonly string[] = CONTRATO.map((area) => area.nombre);
    expect(AREAS.map((area) => area.name).filter((name) => !contrato.includes(name))).toEqual([]);
    for (const area of AREAS) {
      expect(existsSync(join(repo, 'apps/server/src/areas', area.name)), `server area ${area.name}`).toBe(true);
      expect(existsSync(join(repo, 'packages/contract/src/areas', `${area.name}.ts`)), `contract ${area.name}.ts`).toBe(
        true,
      );
      for (const sub of folders(join(here, area.name)).filter((name) => !['tabs'].includes(name))) {
        const server = existsSync(join(repo, 'apps/server/src/areas', area.name, sub));
        const contract = existsSync(join(repo, 'packages/contract/src/areas', area.name, `${sub}.ts`));
        if (server || contract) expect([server, contract], `${area.name}/${sub}`).toEqual([true, true]);
      }
    }
  });

  it('places, under each heading of the menu, every area that has entries there, once', () => {
    for (const section of MENU_SECTIONS) {
      const placed = MENU_ORDEN[section].map((area) => area.name);
      const withEntries = AREAS.filter((area) => area.menu.some((entry) => entry.section === section));
      expect([...placed].sort(), section).toEqual(withEntries.map((area) => area.name).sort());
      expect(new Set(placed).size, section).toBe(placed.length);
    }
  });

  it("points every menu and palette link inside one of the area's own mounts", () => {
    for (const area of AREAS) {
      const mounts = area.routes.map((route) => `/${route.path.replace(/\/\*$/, '')}`);
      for (const link of links(area)) {
        expect(
          mounts.some((mount) => link === mount || link.startsWith(`${mount}/`)),
          `${area.name}: ${link}`,
        ).toBe(true);
      }
    }
  });

  it('gives each `g` shortcut letter to one place, a single lower-case letter', () => {
    const keys = AREAS.flatMap((area) => area.palette.flatMap((entry) => (entry.goKey ? [entry.goKey] : [])));
    expect(keys.length).toBeGreaterThanOrEqual(12);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]$/);
  });

  it('mounts each URL once', () => {
    const paths = AREAS.flatMap((area) => area.routes.map((route) => route.path));
    expect(new Set(paths).size).toBe(paths.length);
  });
});
