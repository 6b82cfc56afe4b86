import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envelope } from '@intranet/contract/shared/envelope';
import { importacionConteo, importacionSubida, importacionVistaPrevia } from '@intranet/contract/shared/importacion';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { afipCertificados, afipSolicitudes, clientes } from '../../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../../test/harness.ts';

const template = useTemplate();
const dir = mkdtempSync(join(tmpdir(), 'importar-certificados-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A self-signed certificate with AFIP's subject (serialNumber=CUIT …), made by openssl, as PEM. */
function certificado(nombre: string, cuit: string, issuerTest = false): string {
  const ruta = join(dir, nombre);
  const subj = `/C=AR/O=Prueba/CN=${nombre.replace(/\.\w+$/, '')}/serialNumber=CUIT ${cuit}`;
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(dir, `${nombre}.key`),
      '-out',
      ruta,
      '-days',
      '730',
      '-subj',
      issuerTest ? subj.replace('O=Prueba', 'O=Computadores Test') : subj,
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return readFileSync(ruta, 'utf8');
}

/**
 * A test authority's key and certificate, that signs a request's CSR as AFIP would (the subject kept, its
 * key's certificate).
 */
function autoridad(): (csr: string, nombre: string) => string {
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(dir, 'ac.key'),
      '-out',
      join(dir, 'ac.crt'),
      '-days',
      '3650',
      '-subj',
      '/C=AR/O=AC de prueba/CN=AC de prueba',
    ],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return (csr, nombre) => {
    writeFileSync(join(dir, `${nombre}.csr`), csr);
    const firma = spawnSync(
      'openssl',
      [
        'x509',
        '-req',
        '-in',
        join(dir, `${nombre}.csr`),
        '-CA',
        join(dir, 'ac.crt'),
        '-CAkey',
        join(dir, 'ac.key'),
        '-set_serial',
        '4242',
        '-days',
        '730',
        '-out',
        join(dir, nombre),
      ],
      { encoding: 'utf8' },
    );
    if (firma.status !== 0) throw new Error(firma.stderr);
    return readFileSync(join(dir, nombre), 'utf8');
  };
}

function fresh() {
  return freshApp(template, [], {
    tmpFiles: 'importar-certificados-',
    setup: async ({ t }) => {
      await createUser(t.db, { usuario: 'ventas', password: 'clave', codigos: ['CLIENTES#VER', 'CLIENTES#EDITAR'] });
      return { headers: await bearer(t.app, 'ventas', 'clave') };
    },
  });
}
type Ctx = ReturnType<typeof fresh>;
const BASE = '/api/vencimientos/certificados/importaciones';
const post = (ctx: Ctx, url: string, payload?: object) =>
  ctx.t.app.inject({ method: 'POST', url, headers: ctx.headers, ...(payload ? { payload } : {}) });

async function subir(ctx: Ctx, contenido: Buffer, nombre: string) {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: `${BASE}?nombre=${nombre}`,
    headers: { ...ctx.headers, 'content-type': 'application/octet-stream' },
    payload: contenido,
  });
  expect(res.statusCode, res.body).toBe(201);
  return envelope(importacionSubida).parse(res.json()).datos;
}

describe('importing AFIP certificates in bulk', () => {
  const ctx = fresh();

  it('reads a zip of .crt files: a non-certificate and an unknown CUIT refused by row; then imported, again unchanged, undone', async () => {
    const [a, b] = await ctx.t.db.select().from(clientes).orderBy(clientes.id).limit(2);
    writeFileSync(join(dir, 'no-es.crt'), 'hola');
    certificado('uno.crt', a!.cuit);
    certificado('dos.pem', b!.cuit, true);
    certificado('ajeno.crt', '20111111112');
    const zip = (nombre: string, archivos: string[]) => {
      const r = spawnSync('zip', ['-j', '-q', join(dir, nombre), ...archivos.map((f) => join(dir, f))]);
      if (r.status !== 0) throw new Error(String(r.stderr));
      return readFileSync(join(dir, nombre));
    };

    const malo = await subir(ctx, zip('malo.zip', ['uno.crt', 'no-es.crt', 'ajeno.crt']), 'malo.zip');
    expect(malo).toMatchObject({ filas: 3, clave_titulo: 'Huella SHA-256' });
    expect(Object.values(malo.mapeo).every((c) => c !== null)).toBe(true);
    const vista = envelope(importacionVistaPrevia).parse(
      (await post(ctx, `${BASE}/${malo.id}/vista-previa`, { mapeo: malo.mapeo })).json(),
    ).datos;
    expect(vista.filas.map((f) => [f.valores.archivo, f.valores.cuit])).toEqual([
      ['uno.crt', `${a!.cuit.slice(0, 2)}-${a!.cuit.slice(2, 10)}-${a!.cuit.slice(10)}`],
      ['no-es.crt', ''],
      ['ajeno.crt', '20-11111111-2'],
    ]);
    expect(vista.filas[1]!.errores.error).toEqual(['El archivo no es un certificado X.509 (.crt o .pem) válido']);
    const rechazo = await post(ctx, `${BASE}/${malo.id}/importar`, { mapeo: malo.mapeo, modo: 'crear' });
    expect(rechazo.statusCode).toBe(400);
    expect(Object.keys(rechazo.json().campos)).toEqual(['fila 3', 'fila 4']);
    expect(rechazo.json().campos['fila 4']).toEqual(['CUIT: no hay un cliente con el CUIT 20-11111111-2']);

    const bueno = await subir(ctx, zip('bueno.zip', ['uno.crt', 'dos.pem']), 'bueno.zip');
    const hecha = await post(ctx, `${BASE}/${bueno.id}/importar`, { mapeo: bueno.mapeo, modo: 'actualizar' });
    expect(hecha.statusCode, hecha.body).toBe(200);
    const creados = await ctx.t.db
      .select()
      .from(afipCertificados)
      .where(inArray(afipCertificados.cn, ['uno', 'dos']));
    expect(creados.map((c) => [c.cn, c.clienteId, c.ambiente]).sort()).toEqual([
      ['dos', b!.id, 'homologacion'],
      ['uno', a!.id, 'produccion'],
    ]);

    // The same two as one PEM bundle (what the wizard sends for several files): nothing new.
    const bundle = Buffer.from(readFileSync(join(dir, 'uno.crt'), 'utf8') + readFileSync(join(dir, 'dos.pem'), 'utf8'));
    const otra = await subir(ctx, bundle, 'certificados.pem');
    const ensayo = envelope(importacionConteo).parse(
      (await post(ctx, `${BASE}/${otra.id}/ensayo`, { mapeo: otra.mapeo, modo: 'actualizar' })).json(),
    ).datos;
    expect(ensayo).toMatchObject({ crear: 0, actualizar: 0, sin_cambios: 2, rechazadas: 0 });

    expect((await post(ctx, `${BASE}/${bueno.id}/deshacer`)).statusCode).toBe(200);
    expect(
      await ctx.t.db
        .select()
        .from(afipCertificados)
        .where(inArray(afipCertificados.cn, ['uno', 'dos'])),
    ).toEqual([]);
  });

  it('pairs a certificate with the pending request of its key, as the single import does; refuses one for another key of that CUIT', async () => {
    const [, , c] = await ctx.t.db.select().from(clientes).orderBy(clientes.id).limit(3);
    const cliente = c!;
    // The certificate being renewed, imported the single way before the request exists.
    const viejo = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/vencimientos/certificados/importar?empresa_id=${cliente.id}&ambiente=produccion`,
      headers: { ...ctx.headers, 'content-type': 'application/x-x509-ca-cert' },
      payload: certificado('viejo.crt', cliente.cuit),
    });
    expect(viejo.statusCode, viejo.body).toBe(201);
    const viejoId = viejo.json().datos.id as number;
    const generada = await post(ctx, '/api/vencimientos/solicitudes', {
      empresa_id: cliente.id,
      renueva_id: viejoId,
      alias: 'renovado-bulk',
      ambiente: 'produccion',
      servicios: ['wsfe'],
    });
    expect(generada.statusCode, generada.body).toBe(201);
    const solicitudId = generada.json().datos.id as number;
    const csr = await ctx.t.app.inject({
      url: `/api/vencimientos/solicitudes/${solicitudId}/csr`,
      headers: ctx.headers,
    });
    const firmado = autoridad()(csr.body, 'renovado.crt');
    const ajeno = certificado('ajeno-renovado.crt', cliente.cuit);

    // Read in order, as one by one: while the request waits, a certificate of its CUIT for another key is refused.
    const malo = await subir(ctx, Buffer.from(ajeno + firmado), 'certificados.pem');
    const rechazo = await post(ctx, `${BASE}/${malo.id}/importar`, { mapeo: malo.mapeo, modo: 'crear' });
    expect(rechazo.statusCode).toBe(400);
    expect(Object.keys(rechazo.json().campos)).toEqual(['fila 2']);
    expect(rechazo.json().campos['fila 2'][0]).toMatch(
      new RegExp(`^El certificado no corresponde a ninguna solicitud pendiente del CUIT ${cliente.cuit}`),
    );

    const bueno = await subir(ctx, Buffer.from(firmado), 'renovado.crt');
    const hecha = await post(ctx, `${BASE}/${bueno.id}/importar`, { mapeo: bueno.mapeo, modo: 'crear' });
    expect(hecha.statusCode, hecha.body).toBe(200);
    const [nuevo] = await ctx.t.db.select().from(afipCertificados).where(eq(afipCertificados.alias, 'renovado-bulk'));
    expect(nuevo).toMatchObject({
      clienteId: cliente.id,
      cuit: cliente.cuit,
      servicios: ['wsfe'],
      reemplazadoPor: null,
    });
    expect(nuevo!.claveCifrada).not.toBeNull();
    expect(await ctx.t.db.select().from(afipSolicitudes).where(eq(afipSolicitudes.id, solicitudId))).toEqual([]);
    const [reemplazado] = await ctx.t.db.select().from(afipCertificados).where(eq(afipCertificados.id, viejoId));
    expect(reemplazado!.reemplazadoPor).toBe(nuevo!.id);

    // Undoing would delete the only copy of the request's key: refused, nothing changed.
    const deshacer = await post(ctx, `${BASE}/${bueno.id}/deshacer`);
    expect(deshacer.statusCode).toBe(409);
    expect(deshacer.json().error).toBe(
      'No se puede deshacer: «renovado-bulk» se emparejó con su solicitud y guarda su clave; elimínelo desde la ficha del cliente si hace falta',
    );
    expect(
      await ctx.t.db
        .select({ id: afipCertificados.id })
        .from(afipCertificados)
        .where(eq(afipCertificados.id, nuevo!.id)),
    ).toHaveLength(1);
  });
});
