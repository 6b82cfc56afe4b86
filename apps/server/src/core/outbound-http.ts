import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

/**
 * Calls the portal makes to addresses its users type (webhooks): they may reach only public addresses, so a
 * URL cannot be used to probe the portal's own network. Loopback, RFC 1918, link-local, CGNAT, unique-local,
 * multicast, unspecified and every other special range (anything ipaddr.js does not call `unicast`), and the
 * machine's own interface addresses, are refused unless inside one of the allowed networks. The check runs on
 * the addresses actually connected to (a `lookup` hook on the connection), so a name that resolves to a public
 * address when saved and to an internal one when sent is still refused.
 */

export type Resolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export interface OutboundOptions {
  /** CIDRs reached even though internal (WEBHOOKS_REDES_PERMITIDAS). */
  allowedNetworks: readonly string[];
  /** How names are resolved; the system's resolver by default (tests put a stub here). */
  resolve?: Resolver;
}

export interface OutboundAnswer {
  status: number;
}

/** The host of a URL is, or resolves to, an address the portal does not call. */
export class DisallowedAddressError extends Error {
  constructor(readonly address: string) {
    super(`La dirección ${address} pertenece a una red interna`);
    this.name = 'DisallowedAddressError';
  }
}

/** No answer within the time given. */
export class OutboundTimeoutError extends Error {
  constructor() {
    super('Tiempo de espera agotado');
    this.name = 'OutboundTimeoutError';
  }
}

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** `10.20.0.0/16`, or a bare address (one host); null if it is neither. */
export function parseNetwork(text: string): Network | null {
  const t = text.trim();
  try {
    if (t.includes('/')) return ipaddr.parseCIDR(t);
    const a = ipaddr.parse(t);
    return [a, a.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return null;
  }
}

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is read as the IPv4 address it carries. */
const normal = (address: string) => ipaddr.process(address.replace(/^\[|\]$/g, ''));

function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const i of list ?? []) {
      try {
        own.add(normal(i.address.replace(/%.*$/, '')).toNormalizedString());
      } catch {
        // An address this parser cannot read is not one a URL can name either.
      }
    }
  }
  return own;
}

/** Whether the portal may connect to `address` (an IP literal). */
export function isAllowedAddress(address: string, allowedNetworks: readonly string[]): boolean {
  if (!isIP(address.replace(/^\[|\]$/g, ''))) return false;
  const a = normal(address);
  for (const text of allowedNetworks) {
    const network = parseNetwork(text);
    if (!network) continue;
    const [base, bits] = network;
    const b =
      base.kind() === 'ipv6' && (base as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96
        ? ([(base as ipaddr.IPv6).toIPv4Address(), bits - 96] as Network)
        : network;
    if (a.kind() === b[0].kind() && a.match(b)) return true;
  }
  return a.range() === 'unicast' && !ownAddresses().has(a.toNormalizedString());
}

const systemResolve: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface OutboundGuard {
  /** Throws DisallowedAddressError when the URL's host is, or now resolves to, an address not allowed. */
  check(url: string): Promise<void>;
  /** POSTs `body`, connecting only to allowed addresses and following no redirect; reads the status, never the body. */
  post(
    url: string,
    request: { headers: OutgoingHttpHeaders; body: string; timeoutMs: number },
  ): Promise<OutboundAnswer>;
}

export function outboundGuard(options: OutboundOptions): OutboundGuard {
  const resolve = options.resolve ?? systemResolve;
  const allowed = (address: string) => isAllowedAddress(address, options.allowedNetworks);

  /** Every address of the host, all allowed, or DisallowedAddressError. */
  async function addressesOf(hostname: string): Promise<{ address: string; family: number }[]> {
    const bare = hostname.replace(/^\[|\]$/g, '');
    const literal = isIP(bare);
    const found = literal ? [{ address: bare, family: literal }] : [...(await resolve(bare))];
    if (found.length === 0) throw Object.assign(new Error(`${hostname} no tiene direcciones`), { code: 'ENOTFOUND' });
    const refused = found.find((f) => !allowed(f.address));
    if (refused) throw new DisallowedAddressError(refused.address);
    return found;
  }

  const lookup: LookupFunction = (hostname, opts, callback) => {
    addressesOf(hostname).then(
      (found) => (opts.all ? callback(null, found) : callback(null, found[0]!.address, found[0]!.family)),
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };

  return {
    async check(url) {
      await addressesOf(new URL(url).hostname);
    },
    async post(url, { headers, body, timeoutMs }) {
      const target = new URL(url);
      // An IP literal never reaches the lookup hook: it is checked here (the URL parser already turned 0x7f000001
      // into 127.0.0.1).
      if (isIP(target.hostname.replace(/^\[|\]$/g, ''))) await addressesOf(target.hostname);
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      return new Promise<OutboundAnswer>((done, fail) => {
        const req = send(
          target,
          { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, lookup, agent: false },
          (res) => {
            clearTimeout(timer);
            done({ status: res.statusCode ?? 0 });
            res.destroy();
          },
        );
        const timer = setTimeout(() => req.destroy(new OutboundTimeoutError()), timeoutMs);
        req.on('error', (err) => {
          clearTimeout(timer);
          fail(err);
        });
        req.end(body);
      });
    },
  };
}
