import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStore } from '../../../storage/disk.ts';
import type { FileStore } from '../../../storage/store.ts';
import { codificarAxml } from './escribir-axml.ts';
import { buildApk, createSigner, type ApkSigner, type BuildApkOptions } from '../fixtures/apk.ts';
import { escribirZip } from '../../../core/escribir-zip.ts';
import { leerApk } from './leer.ts';
import { verificarPkcs7 } from './pkcs7.ts';

let dir: string;
let store: FileStore;
let signer: ApkSigner;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intranet-leer-apk-'));
  store = diskStore(dir);
  signer = createSigner();
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const leer = async (bytes: Buffer) => {
  const f = await store.put(Readable.from([bytes]), { maxBytes: 1e9 });
  return leerApk(store, f.sha256, f.tamano);
};
const apk = (o: Partial<BuildApkOptions> = {}) =>
  buildApk({
    packageName: 'com.physis.ventas',
    versionCode: 305,
    versionName: '3.0.5',
    minSdk: 21,
    targetSdk: 35,
    signer,
    ...o,
  });

describe('leerApk', () => {
  it('reads the manifest and the v1 signer', async () => {
    expect(await leer(apk())).toEqual({
      packageName: 'com.physis.ventas',
      versionCode: 305,
      versionName: '3.0.5',
      minSdk: 21,
      targetSdk: 35,
      firmaSha256: signer.sha256,
    });
  });

  it('reads the signer of a v2-only APK and of a v1 + v2 one', async () => {
    expect((await leer(apk({ schemes: ['v2'] }))).firmaSha256).toBe(signer.sha256);
    expect((await leer(apk({ schemes: ['v1', 'v2'] }))).firmaSha256).toBe(signer.sha256);
  });

  it('refuses a v2 APK changed after signing', async () => {
    await expect(leer(apk({ schemes: ['v2'], tamper: true }))).rejects.toThrow(
      'La firma del APK no es válida: el contenido fue modificado después de firmar el APK',
    );
  });

  it('refuses a zip without manifest, with repeated entries, or with a manifest that is not AXML', async () => {
    const manifest = { nombre: 'AndroidManifest.xml', datos: Buffer.from('<manifest package="com.x.y"/>') };
    await expect(leer(escribirZip([{ nombre: 'classes.dex', datos: Buffer.from('dex') }]).unir())).rejects.toThrow(
      'le falta AndroidManifest.xml',
    );
    await expect(leer(escribirZip([manifest, manifest]).unir())).rejects.toThrow('entradas repetidas');
    await expect(leer(escribirZip([manifest]).unir())).rejects.toThrow('No se pudo leer el AndroidManifest.xml');
  });

  it('refuses an AXML whose chunk claims no size, instead of looping on it', async () => {
    const axml = codificarAxml({
      nombre: 'manifest',
      atributos: [{ android: false, nombre: 'package', valor: 'com.x.y' }],
      hijos: [],
    });
    axml.writeUInt32LE(0, 8 + 4); // the string pool's chunk size
    await expect(leer(escribirZip([{ nombre: 'AndroidManifest.xml', datos: axml }]).unir())).rejects.toThrow(
      'No se pudo leer el AndroidManifest.xml',
    );
  });

  it('refuses a manifest without versionCode', async () => {
    const axml = codificarAxml({
      nombre: 'manifest',
      atributos: [{ android: false, nombre: 'package', valor: 'com.x.y' }],
      hijos: [],
    });
    await expect(leer(escribirZip([{ nombre: 'AndroidManifest.xml', datos: axml }]).unir())).rejects.toThrow(
      'no declara un versionCode válido',
    );
  });
});

describe('verificarPkcs7', () => {
  it('checks a signature over signed attributes (as jarsigner writes them) and their message digest', () => {
    const contenido = Buffer.from('Signature-Version: 1.0\r\n\r\n');
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(contenido.toString('binary'));
    p7.addCertificate(signer.forgeCertificate);
    p7.addSigner({
      key: signer.forgeKey,
      certificate: signer.forgeCertificate,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        { type: forge.pki.oids.messageDigest! },
      ],
    });
    p7.sign({ detached: true });
    const bloque = Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
    expect(verificarPkcs7(bloque, contenido).equals(signer.certificate)).toBe(true);
    expect(() => verificarPkcs7(bloque, Buffer.from('otro contenido'))).toThrow('el resumen firmado no coincide');
  });

  it('checks the blocks openssl signs with EC and DSA keys too, and answers their signer', async () => {
    const contenido = Buffer.from('Signature-Version: 1.0\r\n\r\n');
    const sf = join(dir, 'CERT.SF');
    await writeFile(sf, contenido);
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
    openssl('genpkey', '-genparam', '-algorithm', 'DSA', '-pkeyopt', 'dsa_paramgen_bits:2048', '-out', 'dsa-param.pem');
    for (const [nombre, keyAlgorithm] of [
      ['ec', 'ec'],
      ['dsa', 'dsa:dsa-param.pem'],
    ] as const) {
      const extra = nombre === 'ec' ? ['-pkeyopt', 'ec_paramgen_curve:prime256v1'] : [];
      openssl(
        'req',
        '-x509',
        '-newkey',
        keyAlgorithm,
        ...extra,
        '-nodes',
        '-keyout',
        `${nombre}.key`,
        '-out',
        `${nombre}.pem`,
        '-days',
        '30',
        '-subj',
        `/CN=${nombre}`,
      );
      openssl(
        'cms',
        '-sign',
        '-binary',
        '-in',
        'CERT.SF',
        '-signer',
        `${nombre}.pem`,
        '-inkey',
        `${nombre}.key`,
        '-outform',
        'DER',
        '-out',
        `${nombre}.p7`,
        '-md',
        'sha256',
      );
      const bloque = await readFile(join(dir, `${nombre}.p7`));
      const esperado = new X509Certificate(await readFile(join(dir, `${nombre}.pem`))).raw;
      expect(verificarPkcs7(bloque, contenido).equals(esperado), nombre).toBe(true);
      expect(() => verificarPkcs7(bloque, Buffer.from('otro contenido')), nombre).toThrow(
        'el resumen firmado no coincide',
      );
    }
    expect(() => verificarPkcs7(Buffer.from('no es un bloque'), contenido)).toThrow('el bloque de firma está dañado');
  });
});
