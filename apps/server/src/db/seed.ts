import { PERMISSION_CODES, type PermissionCode } from '@intranet/contract/permissions';
import { sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../areas/auth/passwords.ts';
import { seedActualizaciones } from '../areas/actualizaciones/seed.ts';
import { seedAplicaciones } from '../areas/aplicaciones/seed.ts';
import { seedAppsstore } from '../areas/appsstore/seed.ts';
import { seedDesarrollos } from '../areas/desarrollos/seed.ts';
import { seedSitios } from '../areas/sitios/seed.ts';
import { seedClientes } from '../areas/clientes/seed.ts';
import { seedInsights } from '../areas/insights/seed.ts';
import { seedMaquinas } from '../areas/maquinas/seed.ts';
import { seedPersonas } from '../areas/personas/seed.ts';
import { seedPaquetes } from '../areas/paquetes/seed.ts';
import { seedProductos } from '../areas/productos/seed.ts';
import { seedVencimientos } from '../areas/vencimientos/seed.ts';
import { seedVersiones } from '../areas/versiones/seed.ts';
import { writeAudit } from './audit.ts';
import type { Db, Tx } from './client.ts';
import { direcciones, dns, rolPermisos, roles, servidores, usuarioRoles, usuarios } from './schema.ts';

const SEED_LOCK = 7_201_003;

export const ROLES: { nombre: string; descripcion: string; codigos: readonly PermissionCode[] }[] = [
  { nombre: 'Administrador', descripcion: 'Todos los permisos', codigos: PERMISSION_CODES },
  {
    nombre: 'Técnica',
    descripcion: 'Servidores propios, servicio DNS y paquetes de instalación',
    codigos: ['SER#VER', 'SER#EDITAR', '>SERDNS#VER', 'SERDNS#EDITAR', 'PACKS#VER'],
  },
  { nombre: 'Comercial', descripcion: 'Clientes y productos', codigos: ['CLIENTES#VER', 'PROD#VER'] },
];

export const DEMO_USERS = [
  { usuario: 'admin', nombre: 'Administrador', email: 'admin@intranet.local', rol: 'Administrador', demo: false },
  { usuario: 'tecnico', nombre: 'Técnico Demo', email: 'tecnico@intranet.local', rol: 'Técnica', demo: true },
  { usuario: 'comercial', nombre: 'Comercial Demo', email: 'comercial@intranet.local', rol: 'Comercial', demo: true },
] as const;

const SERVERS = [
  {
    nombre: 'srv-app-01', hostname: 'app01.physis.com.ar', ipPublica: '200.58.112.14', ipPrivada: '10.10.1.11',
    proveedor: 'DonWeb', rol: 'Aplicaciones', so: 'Debian 12', estado: 'activo' as const,
    dnss: [
      { host: 'app.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'app.physis.com.ar', port: 443, path: '/' }] },
      { host: 'api.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'api.physis.com.ar', port: 443, path: '/api' }] },
    ],
  },
  {
    nombre: 'srv-db-01', hostname: 'db01.physis.com.ar', ipPublica: null, ipPrivada: '10.10.1.21',
    proveedor: 'AWS', rol: 'Base de datos', so: 'Ubuntu 22.04 LTS', estado: 'activo' as const,
    dnss: [{ host: 'db01.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'db01.physis.com.ar', port: 5432, path: '/' }] }],
  },
  {
    nombre: 'srv-web-01', hostname: 'web01.physis.com.ar', ipPublica: '168.119.42.7', ipPrivada: '10.10.2.5',
    proveedor: 'Hetzner', rol: 'Sitios web', so: 'Debian 12', estado: 'activo' as const,
    dnss: [
      { host: 'www.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'www.physis.com.ar', port: 443, path: '/' }] },
      { host: 'soporte.physis.com.ar', tipo: 'CNAME' as const, dirs: [{ host: 'soporte.physis.com.ar', port: 443, path: '/tickets' }] },
    ],
  },
  {
    nombre: 'srv-backup-01', hostname: 'backup01.physis.local', ipPublica: null, ipPrivada: '192.168.0.40',
    proveedor: 'On-premise', rol: 'Respaldos', so: 'Windows Server 2019', estado: 'offline' as const,
    dnss: [{ host: 'backup.physis.local', tipo: 'A' as const, dirs: [] }],
  },
  {
    nombre: 'srv-mail-01', hostname: 'mail01.physis.com.ar', ipPublica: '168.119.42.9', ipPrivada: '10.10.2.9',
    proveedor: 'Hetzner', rol: 'Correo', so: 'Debian 12', estado: 'activo' as const,
    notas: 'Postfix y Dovecot. Renovación del certificado automática.',
    dnss: [
      { host: 'mail.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'mail.physis.com.ar', port: 993, path: '/' }, { host: 'mail.physis.com.ar', port: 587, path: '/' }] },
      { host: 'webmail.physis.com.ar', tipo: 'CNAME' as const, dirs: [{ host: 'webmail.physis.com.ar', port: 443, path: '/' }] },
    ],
  },
  {
    nombre: 'srv-store-01', hostname: 'store01.physis.com.ar', ipPublica: '54.232.18.77', ipPrivada: '172.31.4.12',
    proveedor: 'AWS', rol: 'AppsStore e instaladores', so: 'Debian 12', estado: 'activo' as const,
    dnss: [
      { host: 'store.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'store.physis.com.ar', port: 443, path: '/api/store' }] },
      { host: 'descargas.physis.com.ar', tipo: 'CNAME' as const, dirs: [{ host: 'descargas.physis.com.ar', port: 443, path: '/instaladores' }] },
    ],
  },
  {
    nombre: 'srv-ci-01', hostname: 'ci01.physis.local', ipPublica: null, ipPrivada: '192.168.0.50',
    proveedor: 'On-premise', rol: 'Integración continua', so: 'Ubuntu 24.04 LTS', estado: 'activo' as const,
    dnss: [
      { host: 'ci.physis.local', tipo: 'A' as const, dirs: [{ host: '192.168.0.50', port: 8080, path: '/' }] },
      { host: 'git.physis.local', tipo: 'A' as const, dirs: [{ host: 'git.physis.local', port: 443, path: '/' }, { host: 'git.physis.local', port: 22, path: '/' }] },
    ],
  },
  {
    nombre: 'srv-vpn-01', hostname: 'vpn01.physis.com.ar', ipPublica: '168.119.42.12', ipPrivada: '10.10.2.12',
    proveedor: 'Hetzner', rol: 'VPN', so: 'Debian 12', estado: 'activo' as const,
    dnss: [
      { host: 'vpn.physis.com.ar', tipo: 'A' as const, dirs: [{ host: 'vpn.physis.com.ar', port: 1194, path: '/' }] },
      { host: 'vpn6.physis.com.ar', tipo: 'AAAA' as const, dirs: [] },
    ],
  },
  {
    nombre: 'srv-test-02', hostname: 'test02.physis.com.ar', ipPublica: null, ipPrivada: '10.10.1.32',
    proveedor: 'DonWeb', rol: 'Homologación', so: 'Debian 12', estado: 'planificado' as const,
    notas: 'Reemplaza a srv-test-01; pendiente de contratación.',
    dnss: [],
  },
  {
    nombre: 'srv-legacy-01', hostname: 'legacy01.physis.local', ipPublica: null, ipPrivada: '192.168.0.15',
    proveedor: 'On-premise', rol: 'Physis 2 (clientes sin migrar)', so: 'Windows Server 2012 R2', estado: 'baja' as const,
    notas: 'Apagado desde la migración; se conserva la base por consultas.',
    dnss: [{ host: 'legacy.physis.local', tipo: 'A' as const, dirs: [{ host: '192.168.0.15', port: 1433, path: '/' }] }],
  },
];

export interface SeedResult {
  seeded: boolean;
  /** Passwords made up because the environment gave none; to be shown and remembered. */
  generated: { admin?: string; demo?: string };
}

/** Seeds the demo data once: only when there is no user yet (a second start seeds nothing). */
export async function seed(
  db: Db,
  opts: { adminPassword?: string | undefined; demoPassword?: string | undefined; secretsKey?: Buffer | undefined; dataDir?: string },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Several processes may start together on one PostgreSQL: the first seeds, the rest see users.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: usuarios.id }).from(usuarios).limit(1);
    if (existing.length > 0) return { seeded: false, generated: {} };

    const generated: SeedResult['generated'] = {};
    const adminPassword = opts.adminPassword ?? (generated.admin = generatePassword());
    const demoPassword = opts.demoPassword ?? (generated.demo = generatePassword());
    await seedAccounts(tx, adminPassword, demoPassword);
    await seedServers(tx);
    await seedMaquinas(tx, await seedPersonas(tx));
    await seedProductos(tx);
    await seedInsights(tx);
    await seedPaquetes(tx);
    await seedVersiones(tx);
    await seedClientes(tx, opts);
    // After the clients' seed: certificates, licences and updates of the demo clients.
    await seedVencimientos(tx);
    await seedActualizaciones(tx);
    await seedAplicaciones(tx);
    await seedAppsstore(tx);
    await seedSitios(tx);
    await seedDesarrollos(tx);
    await writeAudit(tx, { autor: null, accion: 'semilla', entidad: 'sistema', entidadId: null });
    return { seeded: true, generated };
  });
}

async function seedAccounts(tx: Tx, adminPassword: string, demoPassword: string): Promise<void> {
  const roleIds = new Map<string, number>();
  for (const r of ROLES) {
    const [row] = await tx.insert(roles).values({ nombre: r.nombre, descripcion: r.descripcion }).returning({ id: roles.id });
    if (!row) throw new Error(`no se pudo crear el rol ${r.nombre}`);
    roleIds.set(r.nombre, row.id);
    await tx.insert(rolPermisos).values(r.codigos.map((codigo) => ({ rolId: row.id, codigo })));
  }
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), hashPassword(demoPassword)]);
  for (const u of DEMO_USERS) {
    const [row] = await tx
      .insert(usuarios)
      .values({ usuario: u.usuario, nombre: u.nombre, email: u.email, passwordHash: u.demo ? demoHash : adminHash })
      .returning({ id: usuarios.id });
    const rolId = roleIds.get(u.rol);
    if (!row || rolId === undefined) throw new Error(`no se pudo crear el usuario ${u.usuario}`);
    await tx.insert(usuarioRoles).values({ usuarioId: row.id, rolId });
  }
}

async function seedServers(tx: Tx): Promise<void> {
  for (const { dnss, ...server } of SERVERS) {
    const [srv] = await tx.insert(servidores).values(server).returning({ id: servidores.id });
    if (!srv) throw new Error(`no se pudo crear el servidor ${server.nombre}`);
    for (const { dirs, ...entry } of dnss) {
      const [d] = await tx.insert(dns).values({ ...entry, servidorId: srv.id }).returning({ id: dns.id });
      if (!d) throw new Error(`no se pudo crear el DNS ${entry.host}`);
      if (dirs.length > 0) await tx.insert(direcciones).values(dirs.map((dir) => ({ ...dir, dnsId: d.id })));
    }
  }
}
