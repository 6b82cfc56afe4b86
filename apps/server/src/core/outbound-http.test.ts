import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { DisallowedAddressError, isAllowedAddress, outboundGuard, parseNetwork } from './outbound-http.ts';

describe('outbound addresses', () => {
  it('refuse internal and special ranges, allow public ones', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '[::1]',
    ]) {
      expect(isAllowedAddress(a, []), a).toBe(false);
    }
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111']) expect(isAllowedAddress(a, []), a).toBe(true);
  });

  it('refuse the machine’s own addresses', () => {
    const own = Object.values(networkInterfaces())
      .flatMap((l) => l ?? [])
      .map((i) => i.address.replace(/%.*$/, ''));
    for (const a of own) expect(isAllowedAddress(a, []), a).toBe(false);
  });

  it('allow what the allowed networks hold, and nothing else', () => {
    expect(isAllowedAddress('10.20.3.4', ['10.20.0.0/16'])).toBe(true);
    expect(isAllowedAddress('10.21.3.4', ['10.20.0.0/16'])).toBe(false);
    expect(isAllowedAddress('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(parseNetwork('10.0.0.0/8')).not.toBeNull();
    expect(parseNetwork('fd00::/8')).not.toBeNull();
    expect(parseNetwork('10.0.0.0/33')).toBeNull();
    expect(parseNetwork('intranet')).toBeNull();
  });

  it('catch numeric spellings of loopback, which the URL parser reads as 127.0.0.1', async () => {
    const guard = outboundGuard({
      allowedNetworks: [],
      resolve: async () => [{ address: '93.184.215.14', family: 4 }],
    });
    for (const url of [
      'http://0x7f000001/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::1]:5432/',
    ]) {
      await expect(guard.check(url), url).rejects.toBeInstanceOf(DisallowedAddressError);
      await expect(guard.post(url, { headers: {}, body: '{}', timeoutMs: 1000 }), url).rejects.toBeInstanceOf(
        DisallowedAddressError,
      );
    }
    await expect(guard.check('https://hooks.example.com/x')).resolves.toBeUndefined();
    await expect(outboundGuard({ allowedNetworks: [] }).check('http://localhost:5432/')).rejects.toBeInstanceOf(
      DisallowedAddressError,
    );
  });

  it('refuse a name resolving to an internal address', async () => {
    const guard = outboundGuard({
      allowedNetworks: [],
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    await expect(guard.check('http://mixto.example.com/')).rejects.toBeInstanceOf(DisallowedAddressError);
    await expect(
      guard.post('http://mixto.example.com/', { headers: {}, body: '{}', timeoutMs: 1000 }),
    ).rejects.toBeInstanceOf(DisallowedAddressError);
  });
});
