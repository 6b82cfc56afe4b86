import type { Tx } from '../../db/client.ts';
import { historiaDemo } from '../../db/historia-demo.ts';
import { direcciones, dns, servidores } from '../../db/schema.ts';
import { auditadoDe as dnsAuditado, ENTIDAD_DNS } from './dns/queries.ts';
import { auditadoDe, ENTIDAD } from './queries.ts';

// The company's own demo servers, with their DNS entries and the addresses behind each.

const SERVERS = [
  {
    nombre: 'srv-app-01',
    hostname: 'app01.physis.com.ar',
    ipPublica: '200.58.112.14',
    ipPrivada: '10.10.1.11',
    proveedor: 'DonWeb',
    rol: 'Aplicaciones',
    so: 'Debian 12',
    estado: 'activo' as const,
    dnss: [
      { host: 'app.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'app.physis.com.ar', port: 443, path: '/' }] },
      { host: 'api.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'api.physis.com.ar', port: 443, path: '/api' }] },
    ],
  },
  {
    nombre: 'srv-db-01',
    hostname: 'db01.physis.com.ar',
    ipPublica: null,
    ipPrivada: '10.10.1.21',
    proveedor: 'AWS',
    rol: 'Base de datos',
    so: 'Ubuntu 22.04 LTS',
    estado: 'activo' as const,
    dnss: [
      { host: 'db01.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'db01.physis.com.ar', port: 5432, path: '/' }] },
    ],
  },
  {
    nombre: 'srv-web-01',
    hostname: 'web01.physis.com.ar',
    ipPublica: '168.119.42.7',
    ipPrivada: '10.10.2.5',
    proveedor: 'Hetzner',
    rol: 'Sitios web',
    so: 'Debian 12',
    estado: 'activo' as const,
    dnss: [
      { host: 'www.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'www.physis.com.ar', port: 443, path: '/' }] },
      {
        host: 'soporte.physis.com.ar',
        tipo: 'CNAME' as const,
        dirs: [{ host: 'soporte.physis.com.ar', port: 443, path: '/tickets' }],
      },
    ],
  },
  {
    nombre: 'srv-backup-01',
    hostname: 'backup01.physis.local',
    ipPublica: null,
    ipPrivada: '192.168.0.40',
    proveedor: 'On-premise',
    rol: 'Respaldos',
    so: 'Windows Server 2019',
    estado: 'offline' as const,
    dnss: [{ host: 'backup.physis.local', tipo: 'A' as const, dirs: [] }],
  },
  {
    nombre: 'srv-mail-01',
    hostname: 'mail01.physis.com.ar',
    ipPublica: '168.119.42.9',
    ipPrivada: '10.10.2.9',
    proveedor: 'Hetzner',
    rol: 'Correo',
    so: 'Debian 12',
    estado: 'activo' as const,
    notas: 'Postfix y Dovecot. Renovación del certificado automática.',
    dnss: [
      {
        host: 'mail.physis.com.ar',
        tipo: 'A' as const,
        dirs: [
          { host: 'mail.physis.com.ar', port: 993, path: '/' },
          { host: 'mail.physis.com.ar', port: 587, path: '/' },
        ],
      },
      {
        host: 'webmail.physis.com.ar',
        tipo: 'CNAME' as const,
        dirs: [{ host: 'webmail.physis.com.ar', port: 443, path: '/' }],
      },
    ],
  },
  {
    nombre: 'srv-store-01',
    hostname: 'store01.physis.com.ar',
    ipPublica: '54.232.18.77',
    ipPrivada: '172.31.4.12',
    proveedor: 'AWS',
    rol: 'AppsStore e instaladores',
    so: 'Debian 12',
    estado: 'activo' as const,
    dnss: [
      {
        host: 'store.physis.com.ar',
        tipo: 'A' as const,
        dirs: [{ host: 'store.physis.com.ar', port: 443, path: '/api/store' }],
      },
      {
        host: 'descargas.physis.com.ar',
        tipo: 'CNAME' as const,
        dirs: [{ host: 'descargas.physis.com.ar', port: 443, path: '/instaladores' }],
      },
    ],
  },
  {
    nombre: 'srv-ci-01',
    hostname: 'ci01.physis.local',
    ipPublica: null,
    ipPrivada: '192.168.0.50',
    proveedor: 'On-premise',
    rol: 'Integración continua',
    so: 'Ubuntu 24.04 LTS',
    estado: 'activo' as const,
    dnss: [
      { host: 'ci.physis.local', tipo: 'A' as const, dirs: [{ host: '192.168.0.50', port: 8080, path: '/' }] },
      {
        host: 'git.physis.local',
        tipo: 'A' as const,
        dirs: [
          { host: 'git.physis.local', port: 443, path: '/' },
          { host: 'git.physis.local', port: 22, path: '/' },
        ],
      },
    ],
  },
  {
    nombre: 'srv-vpn-01',
    hostname: 'vpn01.physis.com.ar',
    ipPublica: '168.119.42.12',
    ipPrivada: '10.10.2.12',
    proveedor: 'Hetzner',
    rol: 'VPN',
    so: 'Debian 12',
    estado: 'activo' as const,
    dnss: [
      { host: 'vpn.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'vpn.physis.com.ar', port: 1194, path: '/' }] },
      { host: 'vpn6.physis.com.ar', tipo: 'AAAA' as const, dirs: [] },
    ],
  },
  {
    nombre: 'srv-test-02',
    hostname: 'test02.physis.com.ar',
    ipPublica: null,
    ipPrivada: '10.10.1.32',
    proveedor: 'DonWeb',
    rol: 'Homologación',
    so: 'Debian 12',
    estado: 'planificado' as const,
    notas: 'Reemplaza a srv-test-01; pendiente de contratación.',
    dnss: [],
  },
  {
    nombre: 'srv-legacy-01',
    hostname: 'legacy01.physis.local',
    ipPublica: null,
    ipPrivada: '192.168.0.15',
    proveedor: 'On-premise',
    rol: 'Physis 2 (clientes sin migrar)',
    so: 'Windows Server 2012 R2',
    estado: 'baja' as const,
    notas: 'Apagado desde la migración; se conserva la base por consultas.',
    dnss: [
      { host: 'legacy.physis.local', tipo: 'A' as const, dirs: [{ host: '192.168.0.15', port: 1433, path: '/' }] },
    ],
  },
];

/** The demo servers, each with its DNS entries and their addresses, and the history of both. */
export async function seedServers(tx: Tx): Promise<void> {
  const ids = new Map<string, number>();
  const dnsIds = new Map<string, number>();
  for (const { dnss, ...server } of SERVERS) {
    const [srv] = await tx.insert(servidores).values(server).returning({ id: servidores.id });
    if (!srv) throw new Error(`no se pudo crear el servidor ${server.nombre}`);
    ids.set(server.nombre, srv.id);
    for (const { dirs, ...entry } of dnss) {
      const [d] = await tx
        .insert(dns)
        .values({ ...entry, servidorId: srv.id })
        .returning({ id: dns.id });
      if (!d) throw new Error(`no se pudo crear el DNS ${entry.host}`);
      dnsIds.set(entry.host, d.id);
      if (dirs.length > 0) await tx.insert(direcciones).values(dirs.map((dir) => ({ ...dir, dnsId: d.id })));
    }
  }
  // The technician keeps the servers and their DNS: the edits are theirs (seed.ts ROLES).
  await historiaDemo(tx, ENTIDAD, [...ids.values()], auditadoDe, [
    { id: ids.get('srv-app-01')!, por: 'tecnico', antes: { so: 'Debian 11' } },
    { id: ids.get('srv-backup-01')!, por: 'tecnico', antes: { estado: 'activo' } },
    { id: ids.get('srv-app-01')!, por: 'tecnico', antes: { ip_privada: '10.10.1.10', rol: 'Aplicaciones y API' } },
    { id: ids.get('srv-test-02')!, por: 'tecnico', antes: { notas: null } },
  ]);
  await historiaDemo(tx, ENTIDAD_DNS, [...dnsIds.values()], dnsAuditado, [
    { id: dnsIds.get('api.physis.com.ar')!, por: 'tecnico', antes: { ttl: 300 } },
    { id: dnsIds.get('vpn6.physis.com.ar')!, por: 'tecnico', antes: { tipo: 'A' } },
  ]);
}
