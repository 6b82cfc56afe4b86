import { generateKeyPairSync } from 'node:crypto';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import forge from 'node-forge';

// Certificates made on the spot and local servers that present them: the tests' real TLS peers.

const DAY = 24 * 60 * 60 * 1000;

export interface Par {
  key: string;
  cert: string;
}

interface Emision {
  cn: string;
  /** DNS names and IPs of the subjectAltName. */
  sans: string[];
  desde: Date;
  hasta: Date;
  /** The CA that signs it; self-signed without one. */
  ca?: Par;
  esCa?: boolean;
}

const keyPair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    pub: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

/** An X.509 certificate (RSA, SHA-256), its validity and names as given. */
export function emitir(e: Emision): Par {
  const { key, pub } = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pub);
  cert.serialNumber = `0${Math.floor(Math.random() * 1e15).toString(16)}`;
  cert.validity.notBefore = e.desde;
  cert.validity.notAfter = e.hasta;
  const subject = [
    { name: 'commonName', value: e.cn },
    { name: 'organizationName', value: e.esCa ? 'Pruebas CA' : 'Pruebas' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(e.ca ? forge.pki.certificateFromPem(e.ca.cert).subject.attributes : subject);
  const ip = /^[\d.]+$/;
  cert.setExtensions([
    { name: 'basicConstraints', cA: !!e.esCa },
    ...(e.sans.length
      ? [
          {
            name: 'subjectAltName',
            altNames: e.sans.map((n) => (ip.test(n) ? { type: 7, ip: n } : { type: 2, value: n })),
          },
        ]
      : []),
  ]);
  cert.sign(forge.pki.privateKeyFromPem(e.ca?.key ?? key), forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}

export const dias = (n: number) => new Date(Date.now() + n * DAY);

/** A CA, a certificate it signed for localhost, an expired self-signed one, and one for another host. */
export function certificados() {
  const ca = emitir({ cn: 'Pruebas CA', sans: [], desde: dias(-10), hasta: dias(3650), esCa: true });
  return {
    ca,
    valido: emitir({ cn: 'localhost', sans: ['localhost', '127.0.0.1'], desde: dias(-1), hasta: dias(120), ca }),
    vencido: emitir({ cn: 'localhost', sans: ['localhost', '127.0.0.1'], desde: dias(-400), hasta: dias(-35) }),
    autofirmado: emitir({ cn: 'localhost', sans: ['localhost'], desde: dias(-1), hasta: dias(200) }),
    otroHost: emitir({ cn: 'otro.example', sans: ['otro.example'], desde: dias(-1), hasta: dias(90), ca }),
  };
}

const puertoDe = (s: Server | HttpsServer) => (s.address() as AddressInfo).port;

/** An HTTPS server on 127.0.0.1 presenting `par`; close() it. */
export async function servidorHttps(par: Par): Promise<{ puerto: number; close(): Promise<void> }> {
  const server = createHttpsServer({ key: par.key, cert: par.cert }, (_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { puerto: puertoDe(server), close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A TCP server that accepts and then says nothing (timeout) or speaks plain HTTP (not TLS). */
export async function servidorTcp(modo: 'mudo' | 'http'): Promise<{ puerto: number; close(): Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    if (modo === 'http') socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    puerto: puertoDe(server),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
