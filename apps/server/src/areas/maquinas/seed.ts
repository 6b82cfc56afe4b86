import type { MaquinaEstado, MaquinaTipo } from '@intranet/contract/areas/maquinas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { columnValues } from '../../db/wire.ts';
import { historiaDemo } from '../../db/historia-demo.ts';
import { auditoria, loteFilas, lotes, maquinaAsignaciones, maquinas, personas } from '../../db/schema.ts';
import { auditadoDe, ENTIDAD } from './queries.ts';

// Demo inventory: ~20 machines, some with a few owners over the years (dates relative to today).

const DAY = 24 * 60 * 60 * 1000;
const haceDias = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

interface MaquinaSemilla {
  nombre: string;
  tipo: MaquinaTipo;
  fabricante: string;
  modelo: string;
  so: string;
  so_version: string;
  cpu: string;
  ram: number;
  disco: number;
  ubicacion: string;
  /** Days since purchase; the warranty lasts `garantia` days from then. */
  compra: number;
  garantia: number;
  ip?: string;
  estado?: Exclude<MaquinaEstado, 'en_uso'>;
  /** Owners, oldest first, by legajo with the days each one started; the last stays open unless `devuelta`. */
  historia?: { legajo: string; desde: number; hasta?: number }[];
  notas?: string;
}

const MAQUINAS: MaquinaSemilla[] = [
  {
    nombre: 'NB-DIR-01',
    tipo: 'notebook',
    fabricante: 'Apple',
    modelo: 'MacBook Pro 14" M3',
    so: 'macOS',
    so_version: '14 Sonoma',
    cpu: 'Apple M3 Pro',
    ram: 18,
    disco: 512,
    ubicacion: 'Oficina central',
    compra: 400,
    garantia: 365,
    historia: [{ legajo: '1001', desde: 395 }],
  },
  {
    nombre: 'NB-DEV-01',
    tipo: 'notebook',
    fabricante: 'Lenovo',
    modelo: 'ThinkPad T14 Gen 4',
    so: 'Windows',
    so_version: '11 Pro',
    cpu: 'Intel Core i7-1365U',
    ram: 32,
    disco: 1024,
    ubicacion: 'Oficina central',
    compra: 300,
    garantia: 1095,
    historia: [{ legajo: '1002', desde: 290 }],
  },
  {
    nombre: 'NB-DEV-02',
    tipo: 'notebook',
    fabricante: 'Lenovo',
    modelo: 'ThinkPad T14 Gen 3',
    so: 'Windows',
    so_version: '11 Pro',
    cpu: 'Intel Core i5-1245U',
    ram: 16,
    disco: 512,
    ubicacion: 'Oficina central',
    compra: 800,
    garantia: 1095,
    historia: [
      { legajo: '0987', desde: 790, hasta: 200 },
      { legajo: '1008', desde: 198 },
    ],
    notas: 'Se le cambió la batería en la devolución de R. Luna.',
  },
  {
    nombre: 'NB-DEV-03',
    tipo: 'notebook',
    fabricante: 'Dell',
    modelo: 'Latitude 5440',
    so: 'Ubuntu',
    so_version: '24.04 LTS',
    cpu: 'Intel Core i7-1355U',
    ram: 32,
    disco: 1024,
    ubicacion: 'Home office',
    compra: 210,
    garantia: 1095,
    historia: [{ legajo: '1009', desde: 205 }],
  },
  {
    nombre: 'NB-DEV-04',
    tipo: 'notebook',
    fabricante: 'Dell',
    modelo: 'Latitude 5420',
    so: 'Windows',
    so_version: '10 Pro',
    cpu: 'Intel Core i5-1145G7',
    ram: 16,
    disco: 256,
    ubicacion: 'Depósito',
    compra: 1300,
    garantia: 1095,
    historia: [
      { legajo: '1003', desde: 1290, hasta: 420 },
      { legajo: '1015', desde: 418, hasta: 60 },
    ],
  },
  {
    nombre: 'NB-TEC-01',
    tipo: 'notebook',
    fabricante: 'HP',
    modelo: 'ProBook 450 G10',
    so: 'Debian',
    so_version: '12',
    cpu: 'Intel Core i7-1355U',
    ram: 32,
    disco: 1024,
    ubicacion: 'Sala técnica',
    compra: 150,
    garantia: 730,
    historia: [{ legajo: '1004', desde: 148 }],
  },
  {
    nombre: 'NB-TEC-02',
    tipo: 'notebook',
    fabricante: 'HP',
    modelo: 'EliteBook 840 G8',
    so: 'Windows',
    so_version: '11 Pro',
    cpu: 'Intel Core i7-1165G7',
    ram: 16,
    disco: 512,
    ubicacion: 'Sala técnica',
    compra: 1000,
    garantia: 1095,
    historia: [{ legajo: '1005', desde: 990 }],
  },
  {
    nombre: 'NB-COM-01',
    tipo: 'notebook',
    fabricante: 'Lenovo',
    modelo: 'IdeaPad 5',
    so: 'Windows',
    so_version: '11 Home',
    cpu: 'AMD Ryzen 7 5700U',
    ram: 16,
    disco: 512,
    ubicacion: 'Oficina central',
    compra: 650,
    garantia: 365,
    historia: [
      { legajo: '1007', desde: 640, hasta: 330 },
      { legajo: '1006', desde: 325 },
    ],
  },
  {
    nombre: 'NB-COM-02',
    tipo: 'notebook',
    fabricante: 'Lenovo',
    modelo: 'IdeaPad 5',
    so: 'Windows',
    so_version: '11 Home',
    cpu: 'AMD Ryzen 7 5700U',
    ram: 16,
    disco: 512,
    ubicacion: 'Oficina central',
    compra: 330,
    garantia: 730,
    historia: [{ legajo: '1007', desde: 328 }],
  },
  {
    nombre: 'NB-IMP-01',
    tipo: 'notebook',
    fabricante: 'Dell',
    modelo: 'Vostro 3520',
    so: 'Windows',
    so_version: '11 Pro',
    cpu: 'Intel Core i5-1235U',
    ram: 16,
    disco: 512,
    ubicacion: 'En cliente',
    compra: 500,
    garantia: 365,
    historia: [{ legajo: '1013', desde: 495 }],
  },
  {
    nombre: 'NB-SOP-01',
    tipo: 'notebook',
    fabricante: 'Acer',
    modelo: 'Aspire 5',
    so: 'Windows',
    so_version: '11 Pro',
    cpu: 'Intel Core i5-1235U',
    ram: 8,
    disco: 512,
    ubicacion: 'Servicio técnico',
    compra: 900,
    garantia: 365,
    estado: 'reparacion',
    historia: [{ legajo: '1010', desde: 890, hasta: 12 }],
    notas: 'Teclado con teclas trabadas; enviada a service.',
  },
  {
    nombre: 'NB-SPARE-01',
    tipo: 'notebook',
    fabricante: 'Lenovo',
    modelo: 'ThinkPad E14',
    so: 'Windows',
    so_version: '11 Pro',
    cpu: 'Intel Core i5-1335U',
    ram: 16,
    disco: 512,
    ubicacion: 'Depósito',
    compra: 90,
    garantia: 730,
    notas: 'Reserva para ingresos nuevos.',
  },
  {
    nombre: 'PC-SOP-01',
    tipo: 'pc',
    fabricante: 'Dell',
    modelo: 'OptiPlex 7010',
    so: 'Windows',
    so_version: '11 Pro',
    cpu: 'Intel Core i5-13500',
    ram: 16,
    disco: 512,
    ubicacion: 'Oficina central',
    compra: 260,
    garantia: 1095,
    ip: '192.168.0.121',
    historia: [{ legajo: '1012', desde: 255 }],
  },
  {
    nombre: 'PC-SOP-02',
    tipo: 'pc',
    fabricante: 'Dell',
    modelo: 'OptiPlex 7010',
    so: 'Windows',
    so_version: '11 Pro',
    cpu: 'Intel Core i5-13500',
    ram: 16,
    disco: 512,
    ubicacion: 'Oficina central',
    compra: 260,
    garantia: 1095,
    ip: '192.168.0.122',
    historia: [{ legajo: '1011', desde: 255 }],
  },
  {
    nombre: 'PC-ADM-01',
    tipo: 'pc',
    fabricante: 'HP',
    modelo: 'ProDesk 400 G7',
    so: 'Windows',
    so_version: '10 Pro',
    cpu: 'Intel Core i5-10500',
    ram: 8,
    disco: 256,
    ubicacion: 'Oficina central',
    compra: 1500,
    garantia: 1095,
    ip: '192.168.0.131',
    historia: [{ legajo: '1014', desde: 1490 }],
  },
  {
    nombre: 'PC-QA-01',
    tipo: 'pc',
    fabricante: 'Armada',
    modelo: 'Ryzen 5 5600G',
    so: 'Windows',
    so_version: '11 Pro',
    cpu: 'AMD Ryzen 5 5600G',
    ram: 32,
    disco: 1024,
    ubicacion: 'Sala técnica',
    compra: 700,
    garantia: 365,
    ip: '192.168.0.140',
  },
  {
    nombre: 'PC-VIEJA-01',
    tipo: 'pc',
    fabricante: 'HP',
    modelo: 'Compaq 6200 Pro',
    so: 'Windows',
    so_version: '7 Professional',
    cpu: 'Intel Core i3-2120',
    ram: 4,
    disco: 250,
    ubicacion: 'Depósito',
    compra: 4200,
    garantia: 1095,
    estado: 'baja',
    historia: [{ legajo: '1014', desde: 4100, hasta: 1492 }],
    notas: 'Reemplazada por PC-ADM-01; para donación.',
  },
  {
    nombre: 'SRV-RACK-01',
    tipo: 'servidor',
    fabricante: 'Dell',
    modelo: 'PowerEdge R650',
    so: 'Proxmox VE',
    so_version: '8.2',
    cpu: '2× Intel Xeon Silver 4314',
    ram: 256,
    disco: 8000,
    ubicacion: 'Sala técnica',
    compra: 600,
    garantia: 1825,
    ip: '192.168.0.10',
    historia: [{ legajo: '1005', desde: 590 }],
  },
  {
    nombre: 'SRV-RACK-02',
    tipo: 'servidor',
    fabricante: 'HP',
    modelo: 'ProLiant DL380 Gen9',
    so: 'Windows Server',
    so_version: '2019',
    cpu: '2× Intel Xeon E5-2620 v4',
    ram: 128,
    disco: 4000,
    ubicacion: 'Sala técnica',
    compra: 2900,
    garantia: 1095,
    ip: '192.168.0.11',
    notas: 'Sin garantía; solo respaldos.',
  },
  {
    nombre: 'VM-CI-01',
    tipo: 'vm',
    fabricante: 'Proxmox',
    modelo: 'KVM',
    so: 'Ubuntu',
    so_version: '24.04 LTS',
    cpu: '8 vCPU',
    ram: 16,
    disco: 200,
    ubicacion: 'SRV-RACK-01',
    compra: 200,
    garantia: 0,
    ip: '192.168.0.50',
    historia: [{ legajo: '1004', desde: 195 }],
  },
  {
    nombre: 'VM-TEST-01',
    tipo: 'vm',
    fabricante: 'Proxmox',
    modelo: 'KVM',
    so: 'Windows Server',
    so_version: '2022',
    cpu: '4 vCPU',
    ram: 8,
    disco: 120,
    ubicacion: 'SRV-RACK-01',
    compra: 100,
    garantia: 0,
    ip: '192.168.0.51',
  },
];

/** The demo machines, their assignments to the demo staff (seeded before, by legajo) and their history. */
export async function seedMaquinas(tx: Tx): Promise<void> {
  const ids = new Map<string, number>();
  const personaIds = new Map(
    (await tx.select({ legajo: personas.legajo, id: personas.id }).from(personas)).map((p) => [p.legajo, p.id]),
  );
  for (const [i, m] of MAQUINAS.entries()) {
    const abierta = m.historia?.at(-1)?.hasta === undefined && (m.historia?.length ?? 0) > 0;
    const [row] = await tx
      .insert(maquinas)
      .values({
        // The demo's own fields named as columns (nombre, tipo, so_version…); the rest computed below.
        ...columnValues(maquinas, m),
        nroInventario: `INV-${String(i + 101).padStart(4, '0')}`,
        serie: `${m.fabricante.slice(0, 2).toUpperCase()}${(7_340_000 + i * 7919).toString(36).toUpperCase()}`,
        ramGb: m.ram,
        discoGb: m.disco,
        ip: m.ip ?? null,
        mac:
          m.tipo === 'vm'
            ? null
            : `3C:52:82:${(16 + i).toString(16).toUpperCase()}:1B:${(32 + i).toString(16).toUpperCase()}`,
        estado: abierta ? 'en_uso' : (m.estado ?? 'disponible'),
        fechaCompra: haceDias(m.compra),
        garantiaHasta: m.garantia > 0 ? haceDias(m.compra - m.garantia) : null,
        notas: m.notas ?? null,
      })
      .returning({ id: maquinas.id });
    ids.set(m.nombre, row!.id);
    for (const h of m.historia ?? []) {
      await tx.insert(maquinaAsignaciones).values({
        maquinaId: row!.id,
        personaId: personaIds.get(h.legajo)!,
        desde: haceDias(h.desde),
        hasta: h.hasta === undefined ? null : haceDias(h.hasta),
      });
    }
  }
  const id = (nombre: string) => ids.get(nombre)!;
  await historiaDemo(tx, ENTIDAD, [...ids.values()], auditadoDe, [
    { id: id('NB-COM-01'), por: 'admin', antes: { ram_gb: 8 } },
    { id: id('PC-QA-01'), por: 'admin', antes: { ram_gb: 16, disco_gb: 512 } },
    { id: id('NB-COM-01'), por: 'admin', antes: { so_version: '10 Pro' } },
    { id: id('NB-SOP-01'), por: 'admin', antes: { ubicacion: 'Oficina central', notas: null } },
    { id: id('NB-DEV-04'), por: 'tecnico', antes: { ubicacion: 'Sala técnica' } },
    { id: id('NB-SPARE-01'), por: 'tecnico', antes: { ubicacion: 'Oficina central' } },
  ]);
  await loteDemo(tx, [
    { id: id('NB-DEV-04'), nombre: 'NB-DEV-04' },
    { id: id('NB-SPARE-01'), nombre: 'NB-SPARE-01' },
  ]);
}

/**
 * The machines' bulk history: three days ago the técnico moved two free notebooks to the depot in one bulk
 * change. It is made of the two edits the history above gave them (their audit rows, moved to the batch's
 * moment), so the list's "Acciones masivas", each machine's history and the records agree, and "Deshacer"
 * puts them back where they were.
 */
async function loteDemo(tx: Tx, filas: { id: number; nombre: string }[]): Promise<void> {
  const cambios = await tx
    .select({
      id: auditoria.id,
      entidadId: auditoria.entidadId,
      usuarioId: auditoria.usuarioId,
      usuarioNombre: auditoria.usuarioNombre,
    })
    .from(auditoria)
    .where(
      and(
        eq(auditoria.entidad, ENTIDAD),
        eq(auditoria.accion, 'modificar'),
        inArray(
          auditoria.entidadId,
          filas.map((f) => String(f.id)),
        ),
        sql`${auditoria.antes} ? 'ubicacion'`,
      ),
    );
  // An area's seed run alone (some tests) has no accounts, and so no history to make the batch of.
  const autor = cambios[0];
  if (cambios.length !== filas.length || !autor?.usuarioNombre) return;
  const fecha = new Date(Date.now() - 3 * DAY + 2 * 3_600_000);
  await tx
    .update(auditoria)
    .set({ fecha })
    .where(
      inArray(
        auditoria.id,
        cambios.map((c) => c.id),
      ),
    );
  const [lote] = await tx
    .insert(lotes)
    .values({
      ruta: '/api/maquinas',
      usuarioId: autor.usuarioId,
      usuarioNombre: autor.usuarioNombre,
      accion: 'cambiar',
      cambio: { campo: 'ubicacion', valor: 'Depósito' },
      seleccion: { ids: filas.map((f) => f.id) },
      estado: 'terminado',
      creado: fecha,
      actualizado: fecha,
      terminado: new Date(fecha.getTime() + 1_000),
    })
    .returning({ id: lotes.id });
  await tx.insert(loteFilas).values(
    filas.map((f, orden) => ({
      loteId: lote!.id,
      filaId: f.id,
      orden,
      nombre: f.nombre,
      estado: 'hecho' as const,
      auditoriaId: cambios.find((c) => c.entidadId === String(f.id))!.id,
      actualizado: fecha,
    })),
  );
}
