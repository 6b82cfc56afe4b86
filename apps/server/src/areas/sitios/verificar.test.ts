import { envelope } from '@intranet/contract/shared/envelope';
import { verificaciones, verificarResultado } from '@intranet/contract/areas/sitios';
import { fechaCorta } from '@intranet/contract/areas/clientes/vencimientos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fechaLocal } from '../../core/fechas.ts';
import { fresh, ids, templatePorArchivo, type Ctx } from './test-support.ts';
import { certificados, dias, servidorHttps } from './tls-fixtures.ts';
import { puertoLibre } from '../../test/puerto.ts';

// "Verificar" through the API against real local HTTPS servers with certificates made here.

const holder = templatePorArchivo();
const certs = certificados();

async function crearSitio(ctx: Ctx, nombre: string, url: string): Promise<number> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/sitios',
    headers: ctx.admin,
    payload: { nombre, url, estado: 'activo', ssl_vence: '2030-01-01', dominio_vence: null },
  });
  expect(res.statusCode).toBe(201);
  return res.json().datos.id;
}

describe('POST /api/sitios/:id/verificar', () => {
  const ctx = fresh(holder);
  let vencido: { puerto: number; close(): Promise<void> };
  let otroHost: { puerto: number; close(): Promise<void> };
  beforeAll(async () => {
    vencido = await servidorHttps(certs.vencido);
    otroHost = await servidorHttps(certs.otroHost);
  });
  afterAll(async () => {
    await vencido.close();
    await otroHost.close();
  });
  const verificar = (id: number) =>
    ctx.t.app.inject({ method: 'POST', url: `/api/sitios/${id}/verificar`, headers: ctx.admin });

  it('records an expired self-signed certificate: its expiry on the site, the check stored, a warning, audited', async () => {
    const id = await crearSitio(ctx, 'Local vencido', `https://localhost:${vencido.puerto}/`);
    const res = await verificar(id);
    expect(res.statusCode).toBe(200);
    const { verificacion, sitio } = envelope(verificarResultado).parse(res.json()).datos;
    const vence = fechaLocal(dias(-35));
    expect(verificacion).toMatchObject({
      resultado: 'advertencia',
      codigo: 'vencido',
      host: 'localhost',
      puerto: vencido.puerto,
      valido_hasta: vence,
      sujeto: 'localhost',
      usuario: 'Administrador',
    });
    expect(verificacion.mensaje).toContain(`el certificado venció el ${fechaCorta(vence)}`);
    expect(sitio).toMatchObject({
      ssl_vence: vence,
      ssl_dias: -35,
      ssl_emisor: 'Pruebas (localhost)',
      verificacion_resultado: 'advertencia',
      verificacion_mensaje: verificacion.mensaje,
    });
    expect(sitio.verificado_en).toBe(verificacion.fecha);
    const historial = (
      await ctx.t.app.inject({ url: `/api/auditoria?entidad=sitio&id=${id}`, headers: ctx.admin })
    ).json().datos.items;
    expect(historial[0]).toMatchObject({
      accion: 'verificar',
      antes: { ssl_vence: '2030-01-01' },
      despues: { ssl_vence: vence },
    });
  });

  it('a site the server cannot reach answers 200 with the Spanish reason, stores the failed check, keeps ssl_vence', async () => {
    const puerto = await puertoLibre();
    const id = await crearSitio(ctx, 'Local apagado', `https://127.0.0.1:${puerto}/`);
    const res = await verificar(id);
    expect(res.statusCode).toBe(200);
    const { verificacion, sitio } = res.json().datos;
    expect(verificacion).toMatchObject({
      resultado: 'error',
      codigo: 'rechazada',
      mensaje: `Conexión rechazada por 127.0.0.1:${puerto}: nada escucha en ese puerto.`,
      valido_hasta: null,
    });
    expect(sitio).toMatchObject({ ssl_vence: '2030-01-01', verificacion_resultado: 'error' });
    const lista = await ctx.t.app.inject({ url: `/api/sitios/${id}/verificaciones`, headers: ctx.admin });
    expect(
      envelope(verificaciones)
        .parse(lista.json())
        .datos.map((v) => v.codigo),
    ).toEqual(['rechazada']);
  });

  it('a certificate for another host is an error; the check keeps what it read, the site keeps its expiry', async () => {
    const id = await crearSitio(ctx, 'Local otro host', `https://localhost:${otroHost.puerto}/`);
    const { verificacion, sitio } = (await verificar(id)).json().datos;
    expect(verificacion).toMatchObject({
      resultado: 'error',
      codigo: 'host_no_coincide',
      sans: ['otro.example'],
      valido_hasta: fechaLocal(dias(90)),
    });
    expect(verificacion.mensaje).toBe('El certificado no es válido para localhost: está emitido para otro.example.');
    expect(sitio.ssl_vence).toBe('2030-01-01');
  });

  it('a name the DNS does not know: 200 with the DNS reason', async () => {
    const id = await crearSitio(ctx, 'Nombre inexistente', 'https://no-existe.invalid/');
    const { verificacion } = (await verificar(id)).json().datos;
    expect(verificacion.resultado).toBe('error');
    expect(['dns', 'tiempo']).toContain(verificacion.codigo);
  });

  it('404 for a site that does not exist', async () => {
    expect((await verificar(999999)).statusCode).toBe(404);
    expect((await ctx.t.app.inject({ url: '/api/sitios/999999/verificaciones', headers: ctx.admin })).statusCode).toBe(
      404,
    );
  });
});

describe('POST /api/sitios/verificar (Verificar seleccionados)', () => {
  const ctx = fresh(holder);

  it('checks each selected site, skipping ids that do not exist; at most 50', async () => {
    const puerto = await puertoLibre();
    const a = await crearSitio(ctx, 'Apagado A', `https://127.0.0.1:${puerto}/a`);
    const b = await crearSitio(ctx, 'Apagado B', `https://127.0.0.1:${puerto}/b`);
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/sitios/verificar',
      headers: ctx.admin,
      payload: { ids: [b, a, 999999, a] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toEqual([
      {
        sitio_id: a,
        nombre: 'Apagado A',
        resultado: 'error',
        mensaje: `Conexión rechazada por 127.0.0.1:${puerto}: nada escucha en ese puerto.`,
      },
      {
        sitio_id: b,
        nombre: 'Apagado B',
        resultado: 'error',
        mensaje: `Conexión rechazada por 127.0.0.1:${puerto}: nada escucha en ese puerto.`,
      },
    ]);
    const muchos = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/sitios/verificar',
      headers: ctx.admin,
      payload: { ids: Array.from({ length: 51 }, (_, i) => i + 1) },
    });
    expect(muchos.statusCode).toBe(400);
    expect(muchos.json().campos.ids).toEqual(['Máximo 50 sitios por vez']);
    expect(await ids(ctx).sitio('Apagado A')).toBe(a);
  });
});
