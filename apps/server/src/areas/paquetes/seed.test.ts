import { createHash } from 'node:crypto';
import { envelope } from '@intranet/contract/shared/envelope';
import { paquetePage } from '@intranet/contract/areas/paquetes';
import { describe, expect, it } from 'vitest';
import { diskStore } from '../../storage/disk.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { seedArchivosPaquetes } from './seed.ts';

const template = useTemplate();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// The tests' template is seeded without a file store; a start-up seed (main.ts) has one and writes these files too.
describe("the demo installers' files, written at seed time into the file store", () => {
  const ctx = freshApp(template, ['admin'], {
    tmpFiles: 'intranet-semilla-paquetes-',
    setup: async ({ t }) => {
      await t.db.transaction((tx) => seedArchivosPaquetes(tx, diskStore(t.config.filesDir)));
    },
  });

  it('gives every installer package a file with its size and checksum, downloadable', async () => {
    const { items } = envelope(paquetePage).parse(
      (await ctx.t.app.inject({ url: '/api/paquetes/lista?size=50', headers: ctx.admin })).json(),
    ).datos;
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const paquete of items) {
      expect(paquete.tamano, paquete.nombre).toBeGreaterThan(100_000);
      const archivo = await ctx.t.app.inject({
        url: `/api/archivos/${paquete.sha256}?nombre=${encodeURIComponent(paquete.nombre)}`,
        headers: ctx.admin,
      });
      expect(archivo.statusCode, paquete.nombre).toBe(200);
      expect(sha256(archivo.rawPayload)).toBe(paquete.sha256);
    }
  });
});
