import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { envelope } from '@intranet/contract/shared/envelope';
import { solicitud } from '@intranet/contract/areas/clientes/solicitudes';
import { certificado, vencimientosCliente } from '@intranet/contract/areas/clientes/vencimientos';
import { emptyDocument } from '@intranet/editor';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { descifrar } from '../../../core/secretos.ts';
import { arrayBuffer, pem } from '../../../core/x509.ts';
import { afipCertificados, afipSolicitudes, auditoria, clientes } from '../../../db/schema.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';
import { TEST_SECRETS_KEY } from '../../../test/passwords.ts';
import { vencimientosAlertas } from './alertas.ts';

const template = useTemplate();
const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
};
const SUJETO = 'C = AR, O = Zeta Prueba SA, CN = zeta-facturacion, serialNumber = CUIT 30712345671';
const dir = mkdtempSync(join(tmpdir(), 'solicitudes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs openssl and answers what it printed, its messages (stderr: "verify OK", the .p12's -info) after its output.
 * OPENSSL_LOG=<file> keeps each command and its answer (the issue's closing note shows them).
 */
function openssl(args: string[]): string {
  const r = spawnSync('openssl', args, { encoding: 'utf8' });
  const salida = r.stdout + r.stderr;
  if (process.env.OPENSSL_LOG) appendFileSync(process.env.OPENSSL_LOG, `$ openssl ${args.join(' ')}\n${salida}\n`);
  if (r.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${salida}`);
  return salida;
}

const archivo = (nombre: string, contenido: string | Buffer) => {
  const ruta = join(dir, nombre);
  writeFileSync(ruta, contenido);
  return ruta;
};

/** A test CA made with the portal's X.509 library, that signs the certificate a CSR asks for (as AFIP would). */
async function autoridadDePrueba() {
  const keyPair = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const nombre = new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'AC de prueba' }) }),
    ],
  });
  let serie = 1000;
  return async (csrPem: string): Promise<string> => {
    const csr = pkijs.CertificationRequest.fromBER(
      arrayBuffer(Buffer.from(csrPem.replace(/-----[^-]+-----|\s/g, ''), 'base64')),
    );
    expect(await csr.verify()).toBe(true);
    const cert = new pkijs.Certificate();
    cert.version = 2;
    cert.serialNumber = new asn1js.Integer({ value: serie++ });
    cert.issuer = nombre;
    cert.subject = csr.subject;
    cert.subjectPublicKeyInfo = csr.subjectPublicKeyInfo;
    cert.notBefore.value = new Date();
    cert.notAfter.value = new Date(Date.now() + 730 * 24 * 3600 * 1000);
    await cert.sign(keyPair.privateKey, 'SHA-256');
    return pem('CERTIFICATE', cert.toSchema().toBER(false));
  };
}

function fresh() {
  return freshApp(template, ['admin', 'comercial', 'tecnico'], {
    setup: async ({ t }) => {
      const [e] = await t.db
        .insert(clientes)
        .values({
          razonSocial: 'Zeta Prueba SA',
          cuit: '30712345671',
          condicionIva: 'responsable_inscripto',
          notas: emptyDocument(),
        })
        .returning({ id: clientes.id });
      const [otra] = await t.db
        .insert(clientes)
        .values({
          razonSocial: 'Otra Empresa SRL',
          cuit: '30500010912',
          condicionIva: 'responsable_inscripto',
          notas: emptyDocument(),
        })
        .returning({ id: clientes.id });
      return { clienteId: e!.id, otraId: otra!.id, firmar: await autoridadDePrueba() };
    },
  });
}

describe('a certificate request, from the key to the paired certificate and its download', () => {
  const ctx = fresh();
  const generar = (payload: Record<string, unknown>, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/vencimientos/solicitudes', headers, payload });
  const importar = (pemCert: string, query = '') =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/vencimientos/certificados/importar?empresa_id=${ctx.clienteId}&ambiente=produccion${query}`,
      headers: { ...ctx.admin, 'content-type': 'application/x-x509-ca-cert' },
      payload: pemCert,
    });
  const csrDe = async (id: number) => {
    const res = await ctx.t.app.inject({ url: `/api/vencimientos/solicitudes/${id}/csr`, headers: ctx.comercial });
    expect(res.statusCode).toBe(200);
    return res;
  };
  let viejoId = 0;
  let nuevoId = 0;

  it('makes an RSA 2048 key and a CSR that OpenSSL verifies, with the subject AFIP expects', async () => {
    // The certificate being renewed: one imported the old way, its key held elsewhere.
    const viejo = await importar(await ctx.firmar(SOLICITUD_AJENA), '&alias=zeta-facturacion');
    expect(viejo.statusCode).toBe(201);
    viejoId = viejo.json().datos.id;
    expect(viejo.json().datos).toMatchObject({ clave_guardada: false, reemplazado_por: null });

    const res = await generar({
      empresa_id: ctx.clienteId,
      renueva_id: viejoId,
      alias: 'zeta-facturacion',
      ambiente: 'produccion',
      servicios: ['wsfe'],
    });
    expect(res.statusCode).toBe(201);
    const s = envelope(solicitud).parse(res.json()).datos!;
    expect(s).toMatchObject({
      cuit: '30712345671',
      razon_social: 'Zeta Prueba SA',
      alias: 'zeta-facturacion',
      renueva_id: viejoId,
      usuario: 'Administrador',
    });
    expect(s.sujeto).toBe('C=AR, O=Zeta Prueba SA, CN=zeta-facturacion, serialNumber=CUIT 30712345671');

    const csr = await csrDe(s.id);
    expect(csr.headers['content-type']).toMatch(/^application\/pkcs10/);
    expect(csr.headers['content-disposition']).toBe('attachment; filename="zeta-facturacion-30712345671.csr"');
    const ruta = archivo('zeta.csr', csr.body);
    const texto = openssl(['req', '-in', ruta, '-verify', '-text', '-noout']);
    expect(texto).toContain(`Subject: ${SUJETO}`);
    expect(texto).toContain('Public-Key: (2048 bit)');
    expect(texto).toContain('sha256WithRSAEncryption');
    expect(texto).toContain('Certificate request self-signature verify OK');
    expect(openssl(['req', '-in', ruta, '-noout', '-subject', '-nameopt', 'RFC2253'])).toBe(
      'subject=serialNumber=CUIT 30712345671,CN=zeta-facturacion,O=Zeta Prueba SA,C=AR\n',
    );
  });

  it('lists the pending request of the client, and refuses a certificate signed for another key of that CUIT', async () => {
    const pendientes = await ctx.t.app.inject({
      url: `/api/vencimientos/empresas/${ctx.clienteId}/solicitudes`,
      headers: ctx.comercial,
    });
    expect(pendientes.json().datos).toHaveLength(1);
    const ajeno = await importar(await ctx.firmar(SOLICITUD_AJENA));
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().error).toMatch(
      /^El certificado no corresponde a ninguna solicitud pendiente del CUIT 30712345671/,
    );
  });

  it('pairs the certificate signed for the request: the key is kept, the old certificate replaced and out of the grid and alerts', async () => {
    const [s] = (
      await ctx.t.app.inject({ url: `/api/vencimientos/empresas/${ctx.clienteId}/solicitudes`, headers: ctx.comercial })
    ).json().datos;
    const res = await importar(await ctx.firmar((await csrDe(s.id)).body));
    expect(res.statusCode).toBe(201);
    const c = envelope(certificado).parse(res.json()).datos!;
    nuevoId = c.id;
    expect(c).toMatchObject({
      cuit: '30712345671',
      cn: 'zeta-facturacion',
      alias: 'zeta-facturacion',
      servicios: ['wsfe'],
      clave_guardada: true,
      reemplazado_por: null,
    });
    expect(c.serial).toMatch(/^[0-9A-F]+$/);
    expect(c.huella).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

    const detalle = envelope(vencimientosCliente).parse(
      (await ctx.t.app.inject({ url: `/api/vencimientos/empresas/${ctx.clienteId}`, headers: ctx.comercial })).json(),
    ).datos!;
    expect(detalle.certificados.find((x) => x.id === viejoId)?.reemplazado_por).toBe(nuevoId);
    expect(detalle.proximos.filter((v) => v.tipo === 'certificado').map((v) => v.item_id)).toEqual([nuevoId]);
    const pendientes = await ctx.t.app.inject({
      url: `/api/vencimientos/empresas/${ctx.clienteId}/solicitudes`,
      headers: ctx.comercial,
    });
    expect(pendientes.json().datos).toEqual([]);

    const alertas = (await ctx.t.db.execute<{ item_id: number }>(vencimientosAlertas[0]!.consulta)).rows.map((r) =>
      Number(r.item_id),
    );
    expect(alertas).toContain(nuevoId);
    expect(alertas).not.toContain(viejoId);
    const acciones = await ctx.t.db
      .select({ accion: auditoria.accion, entidad: auditoria.entidad })
      .from(auditoria)
      .where(sql`${auditoria.entidad} in ('afip_certificado', 'afip_solicitud')`);
    expect(acciones.map((a) => `${a.entidad}:${a.accion}`)).toEqual(
      expect.arrayContaining([
        'afip_solicitud:generar',
        'afip_solicitud:emparejar',
        'afip_certificado:reemplazar',
        'afip_certificado:importar',
      ]),
    );
  });

  it('downloads key and certificate as a .p12 that OpenSSL opens with the chosen password, the key matching the certificate', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/vencimientos/certificados/${nuevoId}/clave`,
      headers: ctx.admin,
      payload: { formato: 'p12', password: 'Clave-del-p12' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-pkcs12');
    expect(res.headers['content-disposition']).toBe('attachment; filename="zeta-facturacion-30712345671.p12"');
    expect(res.headers['cache-control']).toBe('no-store');
    const p12 = archivo('zeta.p12', res.rawPayload);

    const info = openssl(['pkcs12', '-in', p12, '-passin', 'pass:Clave-del-p12', '-noout', '-info']);
    expect(info).toMatch(/MAC: sha256/);
    const contenido = openssl(['pkcs12', '-in', p12, '-passin', 'pass:Clave-del-p12', '-nodes']);
    const privateKey = archivo('p12-clave.pem', contenido.slice(contenido.indexOf('-----BEGIN PRIVATE KEY-----')));
    const cert = archivo('p12-cert.pem', contenido.slice(contenido.indexOf('-----BEGIN CERTIFICATE-----')));
    expect(openssl(['x509', '-in', cert, '-noout', '-subject'])).toBe(`subject=${SUJETO}\n`);
    const publicKey = openssl(['pkey', '-in', privateKey, '-pubout']);
    expect(openssl(['x509', '-in', cert, '-noout', '-pubkey'])).toBe(publicKey);
    expect(() => openssl(['pkcs12', '-in', p12, '-passin', 'pass:otra-clave', '-nodes'])).toThrow(
      /invalid password|mac verify/i,
    );

    const pemRes = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/vencimientos/certificados/${nuevoId}/clave`,
      headers: ctx.admin,
      payload: { formato: 'pem' },
    });
    expect(pemRes.statusCode).toBe(200);
    const juntos = archivo('zeta.pem', pemRes.body);
    expect(openssl(['pkey', '-in', juntos, '-pubout'])).toBe(publicKey);

    const descargas = await ctx.t.db
      .select({ usuario: auditoria.usuarioNombre, despues: auditoria.despues })
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'descargar_clave'), eq(auditoria.entidadId, String(nuevoId))));
    expect(descargas).toEqual([
      { usuario: 'Administrador', despues: { formato: 'p12' } },
      { usuario: 'Administrador', despues: { formato: 'pem' } },
    ]);
  });

  it('gives the key only to CLIENTES#CERTIFICADOS, only with a password of 8 or more for a .p12, only when it is kept', async () => {
    const pedir = (id: number, payload: Record<string, unknown>, headers = ctx.admin) =>
      ctx.t.app.inject({ method: 'POST', url: `/api/vencimientos/certificados/${id}/clave`, headers, payload });
    expect((await pedir(nuevoId, { formato: 'pem' }, ctx.comercial)).statusCode).toBe(403);
    expect((await pedir(nuevoId, { formato: 'pem' }, ctx.tecnico)).statusCode).toBe(403);
    const corta = await pedir(nuevoId, { formato: 'p12', password: 'corta' });
    expect(corta.statusCode).toBe(400);
    expect(corta.json().campos).toEqual({ password: ['La contraseña del .p12 debe tener al menos 8 caracteres'] });
    expect((await pedir(nuevoId, { formato: 'zip' })).statusCode).toBe(400);
    const sinClave = await pedir(viejoId, { formato: 'pem' });
    expect(sinClave.statusCode).toBe(409);
    expect(sinClave.json().error).toMatch(/no se guarda en el portal/);
    expect((await pedir(999999, { formato: 'pem' })).statusCode).toBe(404);
  });

  it('never shows a key in a list, an export or the history', async () => {
    const g = await generar({ empresa_id: ctx.clienteId, alias: 'zeta-pendiente', ambiente: 'homologacion' });
    expect(g.statusCode).toBe(201);
    const selladas = [
      ...(await ctx.t.db
        .select({ v: afipCertificados.claveCifrada })
        .from(afipCertificados)
        .where(eq(afipCertificados.id, nuevoId))),
      ...(await ctx.t.db.select({ v: afipSolicitudes.claveCifrada }).from(afipSolicitudes)),
    ].map((r) => r.v!);
    expect(selladas).toHaveLength(2);
    const key = Buffer.from(TEST_SECRETS_KEY, 'base64');
    // The sealed values, and a stretch of each key's body (past the common PKCS#8 header).
    const prohibidos = selladas.flatMap((s) => [s, descifrar(key, s).split('\n')[5]!]);
    const respuestas = await Promise.all(
      [
        `/api/vencimientos/empresas/${ctx.clienteId}`,
        `/api/vencimientos/empresas/${ctx.clienteId}/solicitudes`,
        '/api/vencimientos/afip/lista?size=100',
        '/api/vencimientos/afip/export.csv',
        `/api/vencimientos/items/certificado/${nuevoId}`,
        `/api/vencimientos/items/certificado/${nuevoId}/renovaciones`,
        `/api/auditoria?entidad=afip_certificado&id=${nuevoId}`,
        `/api/auditoria?entidad=afip_certificado&id=${viejoId}`,
        `/api/auditoria?entidad=afip_solicitud&id=${g.json().datos.id}`,
      ].map((url) => ctx.t.app.inject({ url, headers: ctx.admin })),
    );
    for (const res of respuestas) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/PRIVATE KEY|clave_cifrada|claveCifrada/);
      for (const p of prohibidos) expect(res.body).not.toContain(p);
    }
  });
});

describe('generating a request: checks and permissions', () => {
  const ctx = fresh();
  const generar = (payload: Record<string, unknown>, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/vencimientos/solicitudes', headers, payload });

  it('answers field errors in Spanish, never a 500', async () => {
    const alias = await generar({ empresa_id: ctx.clienteId, alias: 'con espacios', ambiente: 'produccion' });
    expect(alias.statusCode).toBe(400);
    expect(alias.json().campos).toEqual({ alias: ['Solo letras, números, punto, guion y guion bajo (sin espacios)'] });
    const sinCliente = await generar({ empresa_id: 999999, alias: 'x', ambiente: 'produccion' });
    expect(sinCliente.statusCode).toBe(400);
    expect(sinCliente.json().campos).toEqual({ empresa_id: ['El cliente elegido no existe'] });
    expect((await generar({ empresa_id: ctx.clienteId, alias: 'x', ambiente: 'marte' })).json().campos).toHaveProperty(
      'ambiente',
    );
    expect(
      (await generar({ empresa_id: ctx.clienteId, alias: 'x', ambiente: 'produccion', clave: 'no' })).statusCode,
    ).toBe(400);
  });

  it('renews only a certificate of the same client', async () => {
    const ajeno = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/vencimientos/certificados/importar?empresa_id=${ctx.otraId}&ambiente=produccion`,
      headers: { ...ctx.admin, 'content-type': 'application/x-x509-ca-cert' },
      payload: await ctx.firmar(SOLICITUD_OTRA),
    });
    expect(ajeno.statusCode).toBe(201);
    const res = await generar({
      empresa_id: ctx.clienteId,
      renueva_id: ajeno.json().datos.id,
      alias: 'zeta',
      ambiente: 'produccion',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().campos).toEqual({
      renueva_id: ['El certificado a renovar no es de este cliente o ya fue reemplazado'],
    });
  });

  it('needs CLIENTES#EDITAR to generate and cancel, CLIENTES#VER to read; a cancelled request is gone with its key', async () => {
    expect(
      (await generar({ empresa_id: ctx.clienteId, alias: 'zeta', ambiente: 'produccion' }, ctx.comercial)).statusCode,
    ).toBe(403);
    const s = (await generar({ empresa_id: ctx.clienteId, alias: 'zeta', ambiente: 'produccion' })).json().datos;
    expect(
      (await ctx.t.app.inject({ url: `/api/vencimientos/solicitudes/${s.id}/csr`, headers: ctx.tecnico })).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.t.app.inject({
          method: 'DELETE',
          url: `/api/vencimientos/solicitudes/${s.id}`,
          headers: ctx.comercial,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/vencimientos/solicitudes/${s.id}`, headers: ctx.admin }))
        .statusCode,
    ).toBe(200);
    expect(await ctx.t.db.select().from(afipSolicitudes).where(eq(afipSolicitudes.id, s.id))).toEqual([]);
    expect(
      (await ctx.t.app.inject({ url: `/api/vencimientos/solicitudes/${s.id}/csr`, headers: ctx.admin })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/vencimientos/solicitudes/${s.id}`, headers: ctx.admin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.t.app.inject({ url: '/api/vencimientos/empresas/999999/solicitudes', headers: ctx.admin })).statusCode,
    ).toBe(404);
  });
});

/** CSRs made by openssl for keys the portal never had: Zeta's CUIT, and the other client's. */
const csrAjeno = (subj: string) =>
  execFileSync('openssl', ['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', '/dev/null', '-subj', subj], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
const SOLICITUD_AJENA = csrAjeno('/C=AR/O=Zeta Prueba SA/CN=zeta-facturacion/serialNumber=CUIT 30712345671');
const SOLICITUD_OTRA = csrAjeno('/C=AR/O=Otra Empresa SRL/CN=otra/serialNumber=CUIT 30500010912');
