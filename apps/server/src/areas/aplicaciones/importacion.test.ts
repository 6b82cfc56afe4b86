import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { aplicaciones, aplicacionVersiones, archivos } from '../../db/schema.ts';
import { importacionDePrueba } from '../../lists/importacion/test-support.ts';
import { useTemplate } from '../../test/harness.ts';

const template = useTemplate();

describe('importing Android apps from a spreadsheet', () => {
  const imp = importacionDePrueba(template, {
    ruta: '/api/aplicaciones',
    codigos: ['APP#VER', 'APP#EDITAR'],
    lector: ['APP#VER'],
  });
  const { ctx } = imp;

  it('serves a template whose headers map back whole', () => imp.plantillaMapeaEntera());

  it('imports its own export back unchanged (round trip)', async () => {
    const [{ n }] = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(aplicaciones)) as [{ n: number }];
    await imp.idaYVuelta(n);
  });

  it('refuses by row a bad package name and a package taken, writes nothing; then creates and updates by package', async () => {
    const csv =
      'Name,Package,Category,Published\nImportada Uno,com.physis.importada.uno,Ventas,Sí\nImportada Dos,com.physis.importada.dos,,No';
    const malo = await imp.subir(`${csv}\nMala,com.physis.class,,\nOtra,COM.PHYSIS.MOVIL,,`);
    const rechazo = await imp.importar(malo.id, malo.mapeo, 'crear');
    expect(rechazo.statusCode).toBe(400);
    expect(Object.keys(rechazo.json().campos)).toEqual(['fila 4', 'fila 5']);
    expect(rechazo.json().campos['fila 4'][0]).toMatch(/^Paquete: Nombre de paquete inválido/);
    expect(rechazo.json().campos['fila 5']).toEqual(['Ya existe una aplicación con ese nombre de paquete']);
    expect(
      await ctx.t.db.select().from(aplicaciones).where(sql`${aplicaciones.packageName} like 'com.physis.importada.%'`),
    ).toEqual([]);

    const subida = await imp.subir(csv);
    expect((await imp.importar(subida.id, subida.mapeo, 'crear')).statusCode).toBe(200);
    const creadas = await ctx.t.db
      .select()
      .from(aplicaciones)
      .where(sql`${aplicaciones.packageName} like 'com.physis.importada.%'`)
      .orderBy(aplicaciones.nombre);
    expect(creadas.map((a) => [a.nombre, a.categoria, a.publicada])).toEqual([
      ['Importada Dos', null, false],
      ['Importada Uno', 'Ventas', true],
    ]);
    const cambio = await imp.subir('Paquete,Resumen\ncom.physis.importada.uno,Para probar\n');
    expect((await imp.importar(cambio.id, cambio.mapeo, 'actualizar')).statusCode).toBe(200);
    expect(
      (await ctx.t.db.select().from(aplicaciones).where(eq(aplicaciones.packageName, 'com.physis.importada.uno')))[0]!
        .resumen,
    ).toBe('Para probar');
  });

  it('keeps the package of an app with versions as it is, even its case, as the form does', async () => {
    // An uploaded version, written as the upload writes it (the file's bytes are not read here).
    const [app] = await ctx.t.db.select().from(aplicaciones).where(eq(aplicaciones.packageName, 'com.physis.reparto'));
    const [archivo] = await ctx.t.db
      .insert(archivos)
      .values({
        sha256: 'a'.repeat(64),
        tamano: 1,
        tipo: 'application/vnd.android.package-archive',
        nombre: 'reparto.apk',
      })
      .returning();
    await ctx.t.db.insert(aplicacionVersiones).values({
      aplicacionId: app!.id,
      versionCode: 1,
      versionName: '1.0',
      canal: 'estable',
      archivoId: archivo!.id,
      sha256: archivo!.sha256,
      tamano: 1,
      firmaSha256: 'b'.repeat(64),
    });
    const subida = await imp.subir('Paquete,Nombre\nCOM.PHYSIS.REPARTO,Physis Reparto\n');
    const res = await imp.importar(subida.id, subida.mapeo, 'actualizar');
    expect(res.json().campos).toEqual({
      'fila 2': ['El nombre de paquete no se puede cambiar: la aplicación ya tiene versiones con ese paquete'],
    });
  });

  it('is documented in the OpenAPI under the area', () => imp.enOpenApi());

  it('answers 403 without APP#EDITAR', () => imp.sinPermiso403());
});
