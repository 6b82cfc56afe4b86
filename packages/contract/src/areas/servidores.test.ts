import { describe, expect, it } from 'vitest';
import { servidorInput, servidorListQuery } from './servidores.ts';
import { direccionInput, direccionUrl } from './servidores/dns.ts';
import { hostname, port } from '@intranet/contract/shared/validators';

describe('the validators, as the servidores and DNS schemas use them', () => {
  it('accepts DNS names and refuses malformed ones', () => {
    expect(hostname.parse('App-01.Example.com')).toBe('app-01.example.com');
    for (const bad of ['-bad.example.com', 'a..b', 'with space.com', `${'x'.repeat(64)}.com`, '']) {
      expect(hostname.safeParse(bad).success).toBe(false);
    }
  });

  it('names the problem of a bad optional IP or host name in Spanish', () => {
    const bad = servidorInput.safeParse({ nombre: 'srv', estado: 'activo', ip_publica: '1.2.3', hostname: 'a b' });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(
      (bad.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages.ip_publica).toBe('Dirección IP inválida');
    expect(messages.hostname).toMatch(/^Nombre de host inválido/);
  });

  it('keeps ports within 1-65535', () => {
    expect(port.parse('443')).toBe(443);
    expect(port.safeParse(0).success).toBe(false);
    expect(port.safeParse(65536).success).toBe(false);
  });

  it('turns blank optional fields into null and refuses unknown fields', () => {
    const parsed = servidorInput.parse({ nombre: ' srv ', hostname: '', ip_publica: '', estado: 'activo' });
    expect(parsed).toMatchObject({ nombre: 'srv', hostname: null, ip_publica: null, proveedor: null });
    expect(servidorInput.safeParse({ nombre: 'srv', estado: 'activo', extra: 1 }).success).toBe(false);
    expect(servidorInput.safeParse({ nombre: 'srv', estado: 'activo', ip_publica: '300.1.1.1' }).success).toBe(false);
  });

  it('parses the shared list query with defaults and refuses unknown sorts', () => {
    expect(servidorListQuery.parse({})).toMatchObject({ page: 1, size: 25 });
    expect(servidorListQuery.parse({ sort: '-nombre', estado: 'baja' })).toMatchObject({
      sort: '-nombre',
      estado: 'baja',
    });
    expect(servidorListQuery.safeParse({ sort: 'password' }).success).toBe(false);
    expect(servidorListQuery.safeParse({ size: '5000' }).success).toBe(false);
  });

  it('shows addresses as URLs', () => {
    expect(direccionUrl({ host: 'app.example.com', port: 443, path: '/api' })).toBe('https://app.example.com/api');
    expect(direccionUrl({ host: '10.0.0.5', port: 8080, path: '/' })).toBe('http://10.0.0.5:8080/');
    expect(direccionInput.safeParse({ dns: 1, host: 'x.example.com', port: 80, path: 'no-slash' }).success).toBe(false);
  });
});
