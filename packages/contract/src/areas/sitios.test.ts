import { describe, expect, it } from 'vitest';
import { destinoDeUrl, sitioInput, sitioUrl } from './sitios.ts';

describe('sitioUrl', () => {
  it('keeps https addresses normalised: lower-case host, a path, the port when not 443', () => {
    expect(sitioUrl.parse('  HTTPS://Www.Physis.com.ar ')).toBe('https://www.physis.com.ar/');
    expect(sitioUrl.parse('https://soporte.physis.com.ar/tickets?x=1')).toBe(
      'https://soporte.physis.com.ar/tickets?x=1',
    );
    expect(sitioUrl.parse('https://localhost:8443/')).toBe('https://localhost:8443/');
    expect(sitioUrl.parse('https://127.0.0.1:443/')).toBe('https://127.0.0.1/');
    expect(sitioUrl.parse('https://[::1]:9443/')).toBe('https://[::1]:9443/');
  });

  it('refuses what Verificar could not connect to, in Spanish', () => {
    const mensaje = (v: string) => sitioUrl.safeParse(v).error?.issues[0]?.message;
    expect(mensaje('http://www.physis.com.ar/')).toBe('La URL debe empezar con https://');
    expect(mensaje('ftp://www.physis.com.ar/')).toBe('La URL debe empezar con https://');
    expect(mensaje('www.physis.com.ar')).toMatch(/^URL inválida/);
    expect(mensaje('https://usuario:clave@physis.com.ar/')).toMatch(/^URL inválida/);
    expect(mensaje('https://mal_host.com/')).toMatch(/^URL inválida/);
    expect(mensaje('')).toBe('Este campo es requerido');
  });
});

describe('destinoDeUrl', () => {
  it('answers the host and port of the TLS connection (443 by default, IPv6 without brackets)', () => {
    expect(destinoDeUrl('https://www.physis.com.ar/')).toEqual({ host: 'www.physis.com.ar', puerto: 443 });
    expect(destinoDeUrl('https://localhost:8443/x')).toEqual({ host: 'localhost', puerto: 8443 });
    expect(destinoDeUrl('https://[::1]:9443/')).toEqual({ host: '::1', puerto: 9443 });
  });
});

describe('sitioInput', () => {
  it('turns blanks into null and leaves the references optional (own sites have no client)', () => {
    const v = sitioInput.parse({
      nombre: 'Webmail',
      url: 'https://webmail.physis.com.ar',
      estado: 'activo',
      ssl_vence: '',
      dominio_vence: null,
      notas: ' ',
    });
    expect(v).toMatchObject({
      empresa_id: null,
      servidor_id: null,
      dns_id: null,
      ssl_vence: null,
      dominio_vence: null,
      notas: null,
      url: 'https://webmail.physis.com.ar/',
    });
    expect(
      sitioInput.safeParse({ nombre: 'x', url: 'https://x.com', estado: 'activo', ssl_vence: '31/12/2027' }).error
        ?.issues[0]?.message,
    ).toBe('Fecha inválida (aaaa-mm-dd)');
  });
});
