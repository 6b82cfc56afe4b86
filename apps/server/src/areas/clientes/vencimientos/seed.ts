import { createHash } from 'node:crypto';
import { aliasDe } from '@intranet/contract/areas/clientes/solicitudes';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import {
  afipCertificados,
  afipPuntosVenta,
  clientes,
  personas,
  physisLicencias,
  productos,
  vencimientoRenovaciones,
} from '../../../db/schema.ts';
import { fechaLocal } from '../../../core/fechas.ts';

// Demo certificates, points of sale and licences for the demo clients, spread over expired / soon / later,
// so both expiry grids and their charts show every colour on first start. Runs after the clients' seed.

const DAY = 24 * 60 * 60 * 1000;
/** Days from today of each client's production certificate, cycling over the clients. */
const CERT_DIAS = [-40, -3, 0, 6, 18, 29, 31, 45, 70, 90, 91, 120, 200, 320, 480, 650];
const LIC_DIAS = [-15, 2, 12, 27, 38, 55, 84, 95, 140, 260, 365];
const MODULOS = ['Contabilidad', 'Ventas', 'Compras', 'Stock', 'Tesorería', null];

const dia = (offset: number) => fechaLocal(new Date(Date.now() + offset * DAY));
const hex = (seed: string, bytes: number) =>
  createHash('sha256')
    .update(seed)
    .digest('hex')
    .slice(0, bytes * 2)
    .toUpperCase();
const huella = (seed: string) => hex(seed, 32).match(/../g)!.join(':');

export async function seedVencimientos(tx: Tx): Promise<void> {
  const filasClientes = await tx
    .select({
      id: clientes.id,
      razonSocial: clientes.razonSocial,
      cuit: clientes.cuit,
      contactoId: clientes.contactoId,
    })
    .from(clientes)
    .orderBy(asc(clientes.id));
  if (filasClientes.length === 0) return;
  const prods = await tx
    .select({ id: productos.id, codigo: productos.codigo })
    .from(productos)
    .where(inArray(productos.codigo, ['PHY-ERP', 'PHY-SUELDOS', 'PHY-WEB', 'PHY-POS']));
  const porCodigo = new Map(prods.map((p) => [p.codigo, p.id]));
  const [contacto] = await tx.select({ id: personas.id }).from(personas).orderBy(asc(personas.id)).limit(1);

  for (const [i, c] of filasClientes.entries()) {
    const vence = CERT_DIAS[i % CERT_DIAS.length]!;
    const cn = aliasDe(`physis ${c.razonSocial}`);
    await tx.insert(afipCertificados).values({
      clienteId: c.id,
      cuit: c.cuit,
      alias: 'Facturación electrónica',
      cn,
      ambiente: 'produccion',
      servicios: i % 3 === 0 ? ['wsfe', 'wsfex'] : ['wsfe'],
      emitido: dia(vence - 730),
      vence: dia(vence),
      serial: hex(`${c.id}-prod`, 8),
      huella: huella(`${c.id}-prod`),
    });
    if (i % 4 === 0) {
      await tx.insert(afipCertificados).values({
        clienteId: c.id,
        cuit: c.cuit,
        alias: 'Pruebas',
        cn: `${cn}-homo`,
        ambiente: 'homologacion',
        servicios: ['wsfe'],
        emitido: dia(-200),
        vence: dia(530 - i * 7),
        serial: hex(`${c.id}-homo`, 8),
        huella: huella(`${c.id}-homo`),
      });
    }
    await tx
      .insert(afipPuntosVenta)
      .values({ clienteId: c.id, numero: 1, modalidad: 'cae', descripcion: 'Casa central' });
    if (i % 5 === 1) {
      await tx.insert(afipPuntosVenta).values({
        clienteId: c.id,
        numero: 2,
        modalidad: 'cai',
        caiVence: dia(-5 + i * 4),
        descripcion: 'Facturas manuales',
      });
    }
    if (i % 7 === 2)
      await tx
        .insert(afipPuntosVenta)
        .values({ clienteId: c.id, numero: 3, modalidad: 'controlador_fiscal', descripcion: 'Mostrador' });

    const erp = porCodigo.get('PHY-ERP');
    if (erp) {
      const dias = LIC_DIAS[i % LIC_DIAS.length]!;
      const tipo = i % 6 === 5 ? 'mensual' : 'anual';
      const [lic] = await tx
        .insert(physisLicencias)
        .values({
          clienteId: c.id,
          productoId: erp,
          modulo: MODULOS[i % MODULOS.length],
          tipo,
          usuarios: 3 + ((i * 7) % 40),
          serial: `PHY-${hex(`lic-${c.id}`, 4)}`,
          inicio: dia(dias - (tipo === 'anual' ? 365 : 30)),
          vence: dia(dias),
          renovacionAuto: i % 3 === 0,
          contactoId: c.contactoId ?? contacto?.id ?? null,
        })
        .returning({ id: physisLicencias.id, vence: physisLicencias.vence });
      // Some were renewed before: the history keeps the old date.
      if (lic?.vence && i % 4 === 1) {
        await tx.insert(vencimientoRenovaciones).values({
          tipo: 'licencia',
          itemId: lic.id,
          venceAnterior: dia(dias - 365),
          venceNuevo: lic.vence,
          nota: 'Renovación anual',
          usuarioNombre: 'Administrador',
          fecha: new Date(Date.now() + (dias - 370) * DAY),
        });
      }
    }
    const sueldos = porCodigo.get('PHY-SUELDOS');
    if (sueldos && i % 3 === 1) {
      await tx.insert(physisLicencias).values({
        clienteId: c.id,
        productoId: sueldos,
        tipo: 'anual',
        usuarios: 2,
        inicio: dia(-300),
        vence: dia(65 + i * 5),
        contactoId: c.contactoId ?? null,
      });
    }
    const pos = porCodigo.get('PHY-POS');
    if (pos && i % 5 === 3) {
      await tx
        .insert(physisLicencias)
        .values({ clienteId: c.id, productoId: pos, tipo: 'perpetua', usuarios: 5, inicio: dia(-900), vence: null });
    }
  }
  // One licence given "baja": kept, but out of the grid.
  const [primera] = await tx
    .select({ id: physisLicencias.id })
    .from(physisLicencias)
    .orderBy(asc(physisLicencias.id))
    .limit(1);
  if (primera && filasClientes.length > 10)
    await tx
      .update(physisLicencias)
      .set({ baja: dia(-1) })
      .where(eq(physisLicencias.id, primera.id));
}
