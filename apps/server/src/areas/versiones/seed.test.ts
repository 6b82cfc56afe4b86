import { describe, expect, it } from 'vitest';
import { diskStore } from '../../storage/disk.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { seedArchivosVersiones } from './seed.ts';

const template = useTemplate();

// The tests' template is seeded without a file store; a start-up seed (main.ts) has one and attaches these files too.
describe("the demo versions' files, written at seed time into the file store", () => {
  const ctx = freshApp(template, ['admin'], {
    tmpFiles: 'intranet-semilla-versiones-',
    setup: async ({ t }) => {
      await t.db.transaction((tx) => seedArchivosVersiones(tx, diskStore(t.config.filesDir)));
    },
  });

  it('attaches its change list to every version but the drafts, downloadable', async () => {
    const { items } = (await ctx.t.app.inject({ url: '/api/versiones?size=50', headers: ctx.admin })).json().datos as {
      items: { id: number; numero: string; estado: string; assets: number }[];
    };
    expect(items.length).toBeGreaterThan(3);
    for (const v of items) expect(v.assets, v.numero).toBe(v.estado === 'borrador' ? 0 : 1);
    const publicada = items.find((v) => v.numero === '3.14.2')!;
    const [asset] = (await ctx.t.app.inject({ url: `/api/versiones/${publicada.id}`, headers: ctx.admin })).json().datos
      .assets_lista as { nombre: string; descarga: string; tipo: string }[];
    expect(asset).toMatchObject({ nombre: 'phy-erp-3.14.2-cambios.txt', tipo: 'text/plain' });
    const archivo = await ctx.t.app.inject({ url: asset!.descarga, headers: ctx.admin });
    expect(archivo.statusCode).toBe(200);
    expect(archivo.body).toContain('Physis ERP 3.14.2: lista de cambios');
    expect(archivo.body).toContain('- Nuevo informe de ventas por vendedor');
  });
});
