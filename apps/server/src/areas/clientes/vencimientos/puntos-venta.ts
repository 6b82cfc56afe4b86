import type { PuntoVenta, puntoVentaInput } from '@intranet/contract/areas/clientes/vencimientos';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { afipPuntosVenta, clientes } from '../../../db/schema.ts';
import { columnValues, wireColumns } from '../../../db/wire.ts';
import { clienteExiste, ENTIDAD, noExiste } from './queries.ts';

// A client's AFIP points of sale and their CAI.

export const pvCampos = {
  ...wireColumns(afipPuntosVenta, ['id', 'empresa_id', 'numero', 'modalidad', 'cai_vence', 'descripcion']),
  cliente: clientes.razonSocial,
};

export async function puntoVentaRow(db: Executor, id: number): Promise<PuntoVenta | undefined> {
  const [row] = await db
    .select(pvCampos)
    .from(afipPuntosVenta)
    .innerJoin(clientes, eq(clientes.id, afipPuntosVenta.clienteId))
    .where(eq(afipPuntosVenta.id, id));
  return row;
}

const pvColumnas = (v: z.output<typeof puntoVentaInput>) => ({
  ...columnValues(afipPuntosVenta, v),
  // Only a CAI point of sale has an expiry.
  caiVence: v.modalidad === 'cai' ? v.cai_vence : null,
});

export async function guardarPuntoVenta(
  db: Db,
  id: number | null,
  values: z.output<typeof puntoVentaInput>,
  autor: Autor,
): Promise<PuntoVenta> {
  return db.transaction(async (tx) => {
    await clienteExiste(tx, values.empresa_id);
    if (id === null) {
      const [row] = await tx.insert(afipPuntosVenta).values(pvColumnas(values)).returning({ id: afipPuntosVenta.id });
      const creado = (await puntoVentaRow(tx, row!.id))!;
      await writeAudit(tx, {
        autor,
        accion: 'crear',
        entidad: ENTIDAD.punto_venta,
        entidadId: creado.id,
        despues: creado,
      });
      return creado;
    }
    const antes = await puntoVentaRow(tx, id);
    if (!antes) throw noExiste('punto_venta');
    await tx
      .update(afipPuntosVenta)
      .set({ ...pvColumnas(values), actualizado: sql`now()` })
      .where(eq(afipPuntosVenta.id, id));
    const despues = (await puntoVentaRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD.punto_venta, entidadId: id, antes, despues });
    return despues;
  });
}
