import { PRODUCTO_PHYSIS } from '@intranet/contract/areas/clientes/actualizaciones';
import { isVersionNumero, versionOrden } from '@intranet/contract/shared/version-numero';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { actualizaciones, personas, productos, servidoresCliente, versiones } from '../../../db/schema.ts';

// Demo updates: each client server's current Physis ERP version got there through a recorded update, plus a
// few failed and partial ones. Runs after the clients' and versions' seeds.

const DAY = 24 * 60 * 60 * 1000;

export async function seedActualizaciones(tx: Tx): Promise<void> {
  const [erp] = await tx.select({ id: productos.id }).from(productos).where(eq(productos.codigo, PRODUCTO_PHYSIS));
  if (!erp) return;
  const vs = (
    await tx
      .select({
        id: versiones.id,
        numero: versiones.numero,
        orden: versiones.orden,
        estado: versiones.estado,
        canal: versiones.canal,
      })
      .from(versiones)
      .where(and(eq(versiones.productoId, erp.id), inArray(versiones.estado, ['publicada', 'retirada'])))
  ).sort((a, b) => (a.orden < b.orden ? -1 : 1));
  if (vs.length === 0) return;
  const servidores = await tx
    .select({
      id: servidoresCliente.id,
      clienteId: servidoresCliente.clienteId,
      versionPhysis: servidoresCliente.versionPhysis,
    })
    .from(servidoresCliente)
    .orderBy(asc(servidoresCliente.id));
  const tecnicos = await tx.select({ id: personas.id }).from(personas).orderBy(asc(personas.id)).limit(5);
  const estables = vs.filter((v) => v.estado === 'publicada' && v.canal !== 'beta');
  for (const [i, s] of servidores.entries()) {
    let idx =
      s.versionPhysis && isVersionNumero(s.versionPhysis)
        ? vs.findIndex((v) => v.orden === versionOrden(s.versionPhysis!))
        : -1;
    if (idx < 0 && estables.length > 0) {
      // A demo server whose version is not one of the Versiones demo's: it runs one of those, most of them
      // behind the newest, so "Clientes desactualizados" has something to show.
      const elegida = estables[(i * 7 + 3) % estables.length]!;
      idx = vs.indexOf(elegida);
      await tx.update(servidoresCliente).set({ versionPhysis: elegida.numero }).where(eq(servidoresCliente.id, s.id));
    }
    if (idx < 0) continue;
    const persona = tecnicos[i % Math.max(tecnicos.length, 1)]?.id ?? null;
    const fecha = new Date(Date.now() - (3 + ((i * 11) % 50)) * DAY);
    const siguiente = estables.find((v) => v.orden > vs[idx]!.orden);
    if (i % 6 === 2 && siguiente) {
      // A try at the next version that failed: the server stays where it was.
      await tx.insert(actualizaciones).values({
        clienteId: s.clienteId,
        servidorId: s.id,
        productoId: erp.id,
        versionDesdeId: vs[idx]!.id,
        versionHastaId: siguiente.id,
        fecha,
        personaId: persona,
        resultado: i % 12 === 2 ? 'parcial' : 'error',
        log: 'Ejecutando scripts de base de datos…\nERROR: el servicio Physis seguía en ejecución; se revirtió la actualización.',
      });
    }
    await tx.insert(actualizaciones).values({
      clienteId: s.clienteId,
      servidorId: s.id,
      productoId: erp.id,
      versionDesdeId: idx > 0 ? vs[idx - 1]!.id : null,
      versionHastaId: vs[idx]!.id,
      fecha: new Date(fecha.getTime() - 20 * DAY),
      personaId: persona,
      resultado: 'ok',
      log: `Actualización a ${vs[idx]!.numero} terminada sin errores.`,
    });
  }
}
