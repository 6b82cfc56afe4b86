import { fechaCorta } from '@intranet/contract/areas/clientes/vencimientos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fechaLocal } from '../../core/fechas.ts';
import { certificados, dias, servidorHttps, servidorTcp } from './tls-fixtures.ts';
import { puertoLibre } from '../../test/puerto.ts';
import { verificarTls } from './tls.ts';

// Real TLS handshakes with local servers presenting certificates made here (no network beyond loopback).

const certs = certificados();
const abiertos: { close(): Promise<void> }[] = [];
const https = async (par: (typeof certs)['valido']) => {
  const s = await servidorHttps(par);
  abiertos.push(s);
  return s.puerto;
};

afterAll(async () => {
  await Promise.all(abiertos.map((s) => s.close()));
});

describe('verificarTls', () => {
  let puertos: Record<'valido' | 'vencido' | 'autofirmado' | 'otroHost', number>;
  beforeAll(async () => {
    puertos = {
      valido: await https(certs.valido),
      vencido: await https(certs.vencido),
      autofirmado: await https(certs.autofirmado),
      otroHost: await https(certs.otroHost),
    };
  });

  it('reads a valid certificate (SNI localhost, trusted CA): ok, with its expiry, issuer, subject and names', async () => {
    const r = await verificarTls('localhost', puertos.valido, { ca: certs.ca.cert });
    expect(r).toMatchObject({ resultado: 'ok', codigo: 'ok', host: 'localhost', puerto: puertos.valido });
    expect(r.certificado).toEqual({
      validoDesde: expect.any(String),
      validoHasta: fechaLocal(dias(120)),
      emisor: 'Pruebas CA',
      sujeto: 'localhost',
      sans: ['localhost', '127.0.0.1'],
    });
    expect(r.mensaje).toBe(
      `Certificado válido para localhost, emitido por Pruebas CA; vence el ${fechaCorta(fechaLocal(dias(120)))}.`,
    );
  });

  it('checks an IP address against the certificate IP names (no SNI)', async () => {
    const r = await verificarTls('127.0.0.1', puertos.valido, { ca: certs.ca.cert });
    expect(r.resultado).toBe('ok');
  });

  it('records an expired self-signed certificate with its past expiry, as a warning naming both problems', async () => {
    const r = await verificarTls('localhost', puertos.vencido);
    expect(r.resultado).toBe('advertencia');
    expect(r.codigo).toBe('vencido');
    expect(r.certificado?.validoHasta).toBe(fechaLocal(dias(-35)));
    expect(r.mensaje).toContain(`el certificado venció el ${fechaCorta(fechaLocal(dias(-35)))}`);
    expect(r.mensaje).toContain('autofirmado');
  });

  it('a self-signed certificate still in date is a warning, its expiry read', async () => {
    const r = await verificarTls('localhost', puertos.autofirmado);
    expect(r).toMatchObject({ resultado: 'advertencia', codigo: 'autofirmado' });
    expect(r.certificado?.validoHasta).toBe(fechaLocal(dias(200)));
    expect(r.mensaje).toMatch(
      /^Certificado leído, emitido por Pruebas \(localhost\), vence el .*Advertencia: el certificado es autofirmado/,
    );
  });

  it('without the CA the same valid certificate is untrusted: a warning, not an error', async () => {
    const r = await verificarTls('localhost', puertos.valido);
    expect(r.resultado).toBe('advertencia');
    expect(['no_confiable', 'autofirmado']).toContain(r.codigo);
  });

  it('a certificate for another host is an error that says for which names it was issued', async () => {
    const r = await verificarTls('localhost', puertos.otroHost, { ca: certs.ca.cert });
    expect(r).toMatchObject({ resultado: 'error', codigo: 'host_no_coincide' });
    expect(r.mensaje).toBe('El certificado no es válido para localhost: está emitido para otro.example.');
    expect(r.certificado?.sans).toEqual(['otro.example']);
  });

  it('a port nobody listens on: connection refused, said so', async () => {
    const puerto = await puertoLibre();
    const r = await verificarTls('127.0.0.1', puerto);
    expect(r).toEqual({
      host: '127.0.0.1',
      puerto,
      certificado: null,
      resultado: 'error',
      codigo: 'rechazada',
      mensaje: `Conexión rechazada por 127.0.0.1:${puerto}: nada escucha en ese puerto.`,
    });
  });

  it('a server that never answers: timeout after the limit', async () => {
    const mudo = await servidorTcp('mudo');
    abiertos.push(mudo);
    const inicio = Date.now();
    const r = await verificarTls('127.0.0.1', mudo.puerto, { timeoutMs: 300 });
    expect(Date.now() - inicio).toBeLessThan(3000);
    expect(r).toMatchObject({ resultado: 'error', codigo: 'tiempo' });
    expect(r.mensaje).toContain('Sin respuesta de 127.0.0.1');
    expect(r.mensaje).toContain('no es alcanzable desde el servidor');
  });

  it('a plain HTTP port: the TLS handshake fails, said so', async () => {
    const http = await servidorTcp('http');
    abiertos.push(http);
    const r = await verificarTls('127.0.0.1', http.puerto);
    expect(r.resultado).toBe('error');
    expect(['tls', 'cortada']).toContain(r.codigo);
  });

  it('a name that does not resolve: a DNS failure, said so', async () => {
    const r = await verificarTls('no-existe.invalid', 443);
    expect(r.resultado).toBe('error');
    expect(['dns', 'tiempo']).toContain(r.codigo);
    if (r.codigo === 'dns') expect(r.mensaje).toContain('No se pudo resolver no-existe.invalid en el DNS');
  });
});
