import { asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { historiaDemo } from '../../db/historia-demo.ts';
import { personas, roles, usuarios } from '../../db/schema.ts';
import { auditadoDe, ENTIDAD } from './queries.ts';
import { auditadoDe as rolAuditado, ENTIDAD as ENTIDAD_ROL } from './roles/queries.ts';

// Demo staff: a small software company's people, with who reports to whom, and the demo accounts linked.

interface PersonaSemilla {
  legajo: string;
  nombre: string;
  apellido: string;
  puesto: string;
  area: string;
  interno: string;
  telefono: string;
  responsable?: string;
  activo?: boolean;
  /** The demo account (seed.ts DEMO_USERS) that belongs to this person. */
  usuario?: string;
}

export const PERSONAS: PersonaSemilla[] = [
  {
    legajo: '1001',
    nombre: 'Laura',
    apellido: 'Gómez',
    puesto: 'Gerente general',
    area: 'Dirección',
    interno: '100',
    telefono: '+54 11 4321-1000',
    usuario: 'admin',
  },
  {
    legajo: '1002',
    nombre: 'Martín',
    apellido: 'Sosa',
    puesto: 'Jefe de desarrollo',
    area: 'Desarrollo',
    interno: '201',
    telefono: '+54 11 4321-1201',
    responsable: '1001',
  },
  {
    legajo: '1003',
    nombre: 'Carla',
    apellido: 'Benítez',
    puesto: 'Líder funcional de Sueldos',
    area: 'Desarrollo',
    interno: '202',
    telefono: '+54 11 4321-1202',
    responsable: '1002',
  },
  {
    legajo: '1004',
    nombre: 'Martín',
    apellido: 'Ruiz',
    puesto: 'Técnico de infraestructura',
    area: 'Técnica',
    interno: '301',
    telefono: '+54 11 4321-1301',
    responsable: '1005',
    usuario: 'tecnico',
  },
  {
    legajo: '1005',
    nombre: 'Diego',
    apellido: 'Romero',
    puesto: 'Jefe de infraestructura',
    area: 'Técnica',
    interno: '300',
    telefono: '+54 11 4321-1300',
    responsable: '1001',
  },
  {
    legajo: '1006',
    nombre: 'Carolina',
    apellido: 'Fernández',
    puesto: 'Ejecutiva comercial',
    area: 'Comercial',
    interno: '401',
    telefono: '+54 11 4321-1401',
    responsable: '1007',
    usuario: 'comercial',
  },
  {
    legajo: '1007',
    nombre: 'Pablo',
    apellido: 'Medina',
    puesto: 'Gerente comercial',
    area: 'Comercial',
    interno: '400',
    telefono: '+54 11 4321-1400',
    responsable: '1001',
  },
  {
    legajo: '1008',
    nombre: 'Sofía',
    apellido: 'Álvarez',
    puesto: 'Desarrolladora',
    area: 'Desarrollo',
    interno: '203',
    telefono: '+54 11 4321-1203',
    responsable: '1002',
  },
  {
    legajo: '1009',
    nombre: 'Julián',
    apellido: 'Pereyra',
    puesto: 'Desarrollador',
    area: 'Desarrollo',
    interno: '204',
    telefono: '+54 11 4321-1204',
    responsable: '1002',
  },
  {
    legajo: '1010',
    nombre: 'Valeria',
    apellido: 'Castro',
    puesto: 'Analista de soporte',
    area: 'Soporte',
    interno: '501',
    telefono: '+54 11 4321-1501',
    responsable: '1011',
  },
  {
    legajo: '1011',
    nombre: 'Gustavo',
    apellido: 'Herrera',
    puesto: 'Jefe de soporte',
    area: 'Soporte',
    interno: '500',
    telefono: '+54 11 4321-1500',
    responsable: '1001',
  },
  {
    legajo: '1012',
    nombre: 'Lucía',
    apellido: 'Morales',
    puesto: 'Analista de soporte',
    area: 'Soporte',
    interno: '502',
    telefono: '+54 11 4321-1502',
    responsable: '1011',
  },
  {
    legajo: '1013',
    nombre: 'Federico',
    apellido: 'Giménez',
    puesto: 'Implementador',
    area: 'Implementaciones',
    interno: '601',
    telefono: '+54 11 4321-1601',
    responsable: '1007',
  },
  {
    legajo: '1014',
    nombre: 'Mariana',
    apellido: 'Torres',
    puesto: 'Administrativa contable',
    area: 'Administración',
    interno: '701',
    telefono: '+54 11 4321-1701',
    responsable: '1001',
  },
  {
    legajo: '1015',
    nombre: 'Nicolás',
    apellido: 'Acosta',
    puesto: 'Tester',
    area: 'Desarrollo',
    interno: '205',
    telefono: '+54 11 4321-1205',
    responsable: '1002',
  },
  {
    legajo: '0987',
    nombre: 'Ricardo',
    apellido: 'Luna',
    puesto: 'Desarrollador',
    area: 'Desarrollo',
    interno: '206',
    telefono: '+54 11 4321-1206',
    responsable: '1002',
    activo: false,
  },
];

const sinAcentos = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Inserts the staff, then their responsables, then links the demo accounts; then the history of staff and roles. */
export async function seedPersonas(tx: Tx): Promise<void> {
  const ids = new Map<string, number>();
  for (const p of PERSONAS) {
    const [row] = await tx
      .insert(personas)
      .values({
        legajo: p.legajo,
        nombre: p.nombre,
        apellido: p.apellido,
        email: `${sinAcentos(p.nombre)}.${sinAcentos(p.apellido)}@physis.com.ar`,
        telefono: p.telefono,
        interno: p.interno,
        puesto: p.puesto,
        area: p.area,
        activo: p.activo ?? true,
      })
      .returning({ id: personas.id });
    ids.set(p.legajo, row!.id);
  }
  for (const p of PERSONAS) {
    if (p.responsable)
      await tx
        .update(personas)
        .set({ responsableId: ids.get(p.responsable)! })
        .where(eq(personas.id, ids.get(p.legajo)!));
    if (p.usuario) {
      await tx
        .update(usuarios)
        .set({ personaId: ids.get(p.legajo)! })
        .where(sql`lower(${usuarios.usuario}) = ${p.usuario}`);
    }
  }
  const legajo = (l: string) => ids.get(l)!;
  await historiaDemo(tx, ENTIDAD, [...ids.values()], auditadoDe, [
    { id: legajo('1015'), por: 'admin', antes: { puesto: 'Tester junior' } },
    { id: legajo('1004'), por: 'admin', antes: { interno: '305', telefono: '+54 11 4321-1305' } },
    { id: legajo('1015'), por: 'admin', antes: { interno: '209' } },
    { id: legajo('0987'), por: 'admin', antes: { activo: true } },
  ]);
  // The accounts' roles were made just before (seed.ts); only the admin may edit them.
  const rolIds = new Map(
    (await tx.select({ id: roles.id, nombre: roles.nombre }).from(roles).orderBy(asc(roles.id))).map((r) => [
      r.nombre,
      r.id,
    ]),
  );
  await historiaDemo(tx, ENTIDAD_ROL, [...rolIds.values()], rolAuditado, [
    { id: rolIds.get('Administrador')!, por: 'admin', antes: { descripcion: 'Acceso completo' } },
    { id: rolIds.get('Técnica')!, por: 'admin', antes: { descripcion: 'Servidores propios y servicio DNS' } },
  ]);
}
