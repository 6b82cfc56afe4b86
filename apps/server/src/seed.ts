import { PERMISSION_CODES, type PermissionCode } from '@intranet/contract/registry';
import { sql } from 'drizzle-orm';
import { AREAS } from './areas/index.ts';
import type { SeedOptions } from './area.ts';
import { generatePassword, hashPassword } from './core/passwords.ts';
import { writeAudit } from './db/audit.ts';
import type { Db, Tx } from './db/client.ts';
import { rolPermisos, roles, usuarioRoles, usuarios } from './db/schema.ts';

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

export interface SeedResult {
  seeded: boolean;
  /** Passwords made up because the environment gave none; to be shown and remembered. */
  generated: { admin?: string; demo?: string };
}

/** Seeds the demo data once: only when there is no user yet (a second start seeds nothing). */
export async function seed(
  db: Db,
  opts: SeedOptions & { adminPassword?: string | undefined; demoPassword?: string | undefined },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Several processes may start together on one PostgreSQL: the first seeds, the rest see users.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const existing = await tx.select({ id: usuarios.id }).from(usuarios).limit(1);
    if (existing.length > 0) return { seeded: false, generated: {} };

    const generated: SeedResult['generated'] = {};
    const adminPassword = opts.adminPassword ?? generatePassword();
    const demoPassword = opts.demoPassword ?? generatePassword();
    if (adminPassword !== opts.adminPassword) generated.admin = adminPassword;
    if (demoPassword !== opts.demoPassword) generated.demo = demoPassword;
    await seedAccounts(tx, adminPassword, demoPassword);
    // Each area's demo data, in the registry's order (clients before their certificates, staff before machines).
    for (const area of AREAS) await area.seed?.(tx, opts);
    await writeAudit(tx, { autor: null, accion: 'semilla', entidad: 'sistema', entidadId: null });
    return { seeded: true, generated };
  });
}

async function seedAccounts(tx: Tx, adminPassword: string, demoPassword: string): Promise<void> {
  const roleIds = new Map<string, number>();
  for (const r of ROLES) {
    const [row] = await tx
      .insert(roles)
      .values({ nombre: r.nombre, descripcion: r.descripcion })
      .returning({ id: roles.id });
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
