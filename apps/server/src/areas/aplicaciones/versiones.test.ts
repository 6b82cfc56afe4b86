import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { aplicacionVersion, aplicacionVersionPage } from '@intranet/contract/areas/aplicaciones';
import { envelope } from '@intranet/contract/shared/envelope';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { buildApk, createSigner, type BuildApkOptions } from './fixtures/apk.ts';

const template = useTemplate();

const ctx = freshApp(template, ['admin'], {
  config: { uploadMaxBytes: 64 * 1024 },
  tmpFiles: 'intranet-apk-',
  setup: async ({ t, admin }) => {
    const creada = await t.app.inject({
      method: 'POST',
      url: '/api/aplicaciones',
      headers: admin,
      payload: { package_name: 'com.physis.pruebas', nombre: 'Physis Pruebas', publicada: true },
    });
    return {
      app: creada.json<{ datos: { id: number } }>().datos.id,
      signer: createSigner(),
      otro: createSigner('Otra Empresa S.R.L.'),
    };
  },
});

const inject = (opts: InjectOptions) => ctx.t.app.inject(opts);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const enAlmacen = (sha256: string) => existsSync(join(ctx.filesDir, sha256.slice(0, 2), sha256.slice(2, 4), sha256));
const apk = (o: Partial<BuildApkOptions> & { versionCode: number }) =>
  buildApk({
    packageName: 'com.physis.pruebas',
    versionName: `2.${o.versionCode}.0`,
    minSdk: 24,
    targetSdk: 34,
    signer: ctx.signer,
    ...o,
  });
const subir = (bytes: Buffer, query = 'canal=beta', app = ctx.app) =>
  inject({
    method: 'POST',
    url: `/api/aplicaciones/${app}/versiones?${query}`,
    headers: { ...ctx.admin, 'content-type': 'application/vnd.android.package-archive' },
    payload: bytes,
  });
const rechazo = async (bytes: Buffer, status: number) => {
  const res = await subir(bytes);
  expect(res.statusCode, res.body).toBe(status);
  expect(Object.keys(res.json().campos)).toEqual(['archivo']);
  expect(enAlmacen(sha(bytes)), 'a refused APK leaves the store').toBe(false);
  return res.json().campos.archivo[0] as string;
};

describe('uploading a version', () => {
  it('reads manifest and signer from the APK, stores it and answers the version', async () => {
    const bytes = apk({ versionCode: 10 });
    const res = await subir(bytes, `canal=beta&novedades=${encodeURIComponent('Pedidos sin conexión')}`);
    expect(res.statusCode, res.body).toBe(201);
    const v = envelope(aplicacionVersion).parse(res.json()).datos;
    expect(v).toMatchObject({
      aplicacion_id: ctx.app,
      version_code: 10,
      version_name: '2.10.0',
      canal: 'beta',
      min_sdk: 24,
      target_sdk: 34,
      firma_sha256: ctx.signer.sha256,
      sha256: sha(bytes),
      tamano: bytes.length,
      novedades: 'Pedidos sin conexión',
      descargas: 0,
      publicada: true,
      publicado_por: 'Administrador',
    });
    expect(v.descarga).toBe(`/api/archivos/${sha(bytes)}?nombre=com.physis.pruebas-2.10.0.apk`);
    const descarga = await inject({ url: v.descarga });
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(descarga.rawPayload.equals(bytes)).toBe(true);
    const app = await inject({ url: `/api/aplicaciones/${ctx.app}`, headers: ctx.admin });
    expect(app.json().datos).toMatchObject({
      versiones: 1,
      ultima_version: '2.10.0',
      ultima_version_code: 10,
      firma_sha256: ctx.signer.sha256,
    });
  });

  it('refuses an APK of another package', async () => {
    expect(await rechazo(apk({ versionCode: 11, packageName: 'com.physis.otra' }), 400)).toBe(
      'El APK es del paquete com.physis.otra; esta aplicación es com.physis.pruebas',
    );
  });

  it('refuses a versionCode equal to or lower than the latest', async () => {
    expect(await rechazo(apk({ versionCode: 10, versionName: '2.10.1' }), 409)).toBe(
      'El versionCode 10 debe ser mayor que el de la última versión subida (10)',
    );
    expect(await rechazo(apk({ versionCode: 9 }), 409)).toMatch(/^El versionCode 9 debe ser mayor/);
  });

  it('refuses an APK signed by another certificate', async () => {
    expect(await rechazo(apk({ versionCode: 11, signer: ctx.otro }), 409)).toMatch(
      /^El APK está firmado con otro certificado \(SHA-256 [0-9A-F:]+…\)/,
    );
  });

  it('refuses what is not an APK, an unsigned APK and a tampered one', async () => {
    expect(await rechazo(Buffer.from('PK esto no es un zip'), 400)).toBe(
      'El archivo no es un APK: no es un archivo ZIP válido',
    );
    expect(await rechazo(apk({ versionCode: 11, signer: null }), 400)).toBe(
      'El APK no está firmado: fírmelo (Android Studio o apksigner) antes de subirlo',
    );
    expect(await rechazo(apk({ versionCode: 11, tamper: true }), 400)).toBe(
      'La firma del APK no es válida: classes.dex fue modificado después de firmar el APK',
    );
  });

  it('refuses an upload over the size limit, and to an app that does not exist', async () => {
    expect((await subir(Buffer.alloc(65 * 1024, 1))).statusCode).toBe(413);
    expect((await subir(apk({ versionCode: 11 }), 'canal=beta', 999999)).statusCode).toBe(404);
    const res = await subir(apk({ versionCode: 11 }), 'canal=alfa');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().campos)).toEqual(['canal']);
  });

  it('accepts the next versionCode from the same signer, as stable', async () => {
    const res = await subir(apk({ versionCode: 12 }), 'canal=estable');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().datos).toMatchObject({ version_code: 12, canal: 'estable', novedades: null });
  });
});

describe('the versions of an app', () => {
  const versiones = async (query = '') => {
    const res = await inject({ url: `/api/aplicaciones/${ctx.app}/versiones?${query}`, headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    return envelope(aplicacionVersionPage).parse(res.json()).datos;
  };
  const beta = async () => (await versiones('canal=beta')).items[0]!;

  it('lists them highest versionCode first, filters by channel and exports them', async () => {
    const todas = await versiones();
    expect(todas.items.map((v) => v.version_code)).toEqual([12, 10]);
    expect((await versiones('canal=estable')).items.map((v) => v.version_code)).toEqual([12]);
    expect((await versiones('sort=version_code')).items.map((v) => v.version_code)).toEqual([10, 12]);
    const csv = await inject({ url: `/api/aplicaciones/${ctx.app}/versiones/export.csv`, headers: ctx.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('2.10.0');
    expect((await inject({ url: '/api/aplicaciones/999999/versiones', headers: ctx.admin })).statusCode).toBe(404);
  });

  it('promotes a beta to stable, once', async () => {
    const v = await beta();
    const url = `/api/aplicaciones/${ctx.app}/versiones/${v.id}/promover`;
    const res = await inject({ method: 'POST', url, headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos.canal).toBe('estable');
    const otra = await inject({ method: 'POST', url, headers: ctx.admin });
    expect(otra.statusCode).toBe(409);
    expect(otra.json().error).toBe('La versión ya está en el canal estable');
  });

  it('unpublishes and publishes again, refusing the state it already has', async () => {
    const [v] = (await versiones()).items;
    const url = `/api/aplicaciones/${ctx.app}/versiones/${v!.id}/publicacion`;
    expect(
      (await inject({ method: 'POST', url, headers: ctx.admin, payload: { publicada: false } })).json().datos.publicada,
    ).toBe(false);
    expect((await inject({ method: 'POST', url, headers: ctx.admin, payload: { publicada: false } })).statusCode).toBe(
      409,
    );
    expect((await versiones('publicada=false')).items.map((x) => x.id)).toEqual([v!.id]);
    expect(
      (await inject({ method: 'POST', url, headers: ctx.admin, payload: { publicada: true } })).json().datos.publicada,
    ).toBe(true);
  });

  it('changes the news of a version, and finds no version under another app', async () => {
    const [v] = (await versiones()).items;
    const url = `/api/aplicaciones/${ctx.app}/versiones/${v!.id}`;
    const res = await inject({
      method: 'PUT',
      url,
      headers: ctx.admin,
      payload: { novedades: '  Corrige el cierre de caja  ' },
    });
    expect(res.json().datos.novedades).toBe('Corrige el cierre de caja');
    expect((await inject({ url, headers: ctx.admin })).json().datos.novedades).toBe('Corrige el cierre de caja');
    expect((await inject({ url: `/api/aplicaciones/1/versiones/${v!.id}`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('keeps the package and the app once it has versions', async () => {
    const put = await inject({
      method: 'PUT',
      url: `/api/aplicaciones/${ctx.app}`,
      headers: ctx.admin,
      payload: { package_name: 'com.physis.renombrada', nombre: 'Physis Pruebas' },
    });
    expect(put.statusCode).toBe(409);
    expect(Object.keys(put.json().campos)).toEqual(['package_name']);
    const del = await inject({ method: 'DELETE', url: `/api/aplicaciones/${ctx.app}`, headers: ctx.admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatch(/^La aplicación tiene 2 versiones subidas: no se elimina/);
  });

  it('audits every change of its versions in the app history', async () => {
    const audit = await inject({ url: `/api/auditoria?entidad=aplicacion&id=${ctx.app}&size=50`, headers: ctx.admin });
    expect(audit.json().datos.items.map((r: { accion: string }) => r.accion)).toEqual([
      'modificar versión',
      'publicar versión',
      'despublicar versión',
      'promover versión',
      'subir versión',
      'subir versión',
      'crear',
    ]);
    // The diff shows changed fields only: each version row names its version.
    const promover = audit.json().datos.items.find((r: { accion: string }) => r.accion === 'promover versión');
    expect(promover).toMatchObject({
      antes: { 'Versión 2.10.0 (10)': 'Beta, publicada' },
      despues: { 'Versión 2.10.0 (10)': 'Estable, publicada' },
    });
    const subida = audit.json().datos.items.find((r: { accion: string }) => r.accion === 'subir versión');
    expect(subida.despues).toMatchObject({
      version_name: '2.12.0',
      version_code: 12,
      canal: 'estable',
      firma_sha256: ctx.signer.sha256,
    });
  });
});
