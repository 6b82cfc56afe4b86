import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PERMISSION_CODES, permiso } from '@intranet/contract/permissions';
import { describe, expect, it } from 'vitest';
import { MENU_SECTIONS } from '../core/area.ts';
import { isParent } from '../core/menu.ts';
import { AREAS } from './index.ts';

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
    for (const area of AREAS) {
      expect(existsSync(join(repo, 'apps/server/src/areas', area.name)), `server area ${area.name}`).toBe(true);
      expect(existsSync(join(repo, 'packages/contract/src', `${area.name}.ts`)), `contract ${area.name}.ts`).toBe(true);
      for (const sub of folders(join(here, area.name)).filter((name) => !['tabs'].includes(name))) {
        const server = existsSync(join(repo, 'apps/server/src/areas', area.name, sub));
        const contract = existsSync(join(repo, 'packages/contract/src', area.name, `${sub}.ts`));
        if (server || contract) expect([server, contract], `${area.name}/${sub}`).toEqual([true, true]);
      }
    }
  });

  it('keeps the menu places unique and in the spec order of headings', () => {
    const entries = AREAS.flatMap((area) => area.menu);
    const positions = entries.map((entry) => entry.position).sort((a, b) => a - b);
    expect(positions).toEqual(positions.map((_, i) => i + 1));
    const bySection = [...entries]
      .sort((a, b) => a.position - b.position)
      .map((entry) => MENU_SECTIONS.indexOf(entry.section));
    expect(bySection).toEqual([...bySection].sort((a, b) => a - b));
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
