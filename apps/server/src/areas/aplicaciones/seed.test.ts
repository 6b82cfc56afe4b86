import { createHash } from 'node:crypto';
import { storeCatalogo, storeIndex } from '@intranet/contract/areas/appsstore';
import { envelope } from '@intranet/contract/shared/envelope';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aplicaciones, usuarios } from '../../db/schema.ts';
import { diskStore } from '../../storage/disk.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { seedVersionesApk } from './seed.ts';

const template = useTemplate();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

// The tests' template is seeded without a file store; a start-up seed (main.ts) has one and builds the APKs too.
describe("the demo apps' versions, built at seed time into the file store", () => {
  const ctx = freshApp(template, [], {
    tmpFiles: 'intranet-semilla-apk-',
    setup: async ({ t }) => {
      const [admin] = await t.db
        .select({ id: usuarios.id, nombre: usuarios.nombre })
        .from(usuarios)
        .where(eq(usuarios.usuario, 'admin'));
      const apps = await t.db
        .select({ id: aplicaciones.id, package_name: aplicaciones.packageName, nombre: aplicaciones.nombre })
        .from(aplicaciones);
      await t.db.transaction((tx) => seedVersionesApk(tx, diskStore(t.config.filesDir), apps, admin!));
    },
  });

  it('lists the published apps with stable and beta versions in the catalogue and the F-Droid index, their APKs downloadable', async () => {
    const catalogo = envelope(storeCatalogo).parse(
      (await ctx.t.app.inject({ url: '/api/store/catalogo' })).json(),
    ).datos;
    const conVersion = catalogo.apps.filter((app) => app.versiones.estable || app.versiones.beta);
    expect(conVersion.map((app) => app.package_name).sort()).toEqual([
      'com.physis.movil',
      'com.physis.soporte',
      'com.physis.ventas',
    ]);
    const movil = conVersion.find((app) => app.package_name === 'com.physis.movil')!;
    expect(movil.versiones.estable).toMatchObject({
      version_name: '3.1.0',
      version_code: 31,
      min_sdk: 24,
      target_sdk: 34,
    });
    expect(movil.versiones.beta).toMatchObject({ version_name: '3.2.0-beta1', version_code: 32 });

    const index = storeIndex.parse((await ctx.t.app.inject({ url: '/api/store/index-v1.json' })).json());
    expect(Object.keys(index.packages).sort()).toEqual(['com.physis.movil', 'com.physis.soporte', 'com.physis.ventas']);

    const estable = movil.versiones.estable!;
    const apk = await ctx.t.app.inject({ url: new URL(estable.url).pathname });
    expect(apk.statusCode).toBe(200);
    expect(sha256(apk.rawPayload)).toBe(estable.sha256);
    expect(apk.rawPayload.length).toBe(estable.tamano);
    expect(estable.tamano).toBeLessThan(20_000);
  });
});
