import type {
  VencimientoGrupo,
  vencimientoListQuery,
  VencimientoTipo,
} from '@intranet/contract/areas/clientes/vencimientos';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/client.ts';
import { clientes, vencimientos } from '../../../db/schema.ts';
import { ApiError } from '../../../core/api-error.ts';
import { HOY } from '../../../core/fechas.ts';

export type ListQuery = Omit<z.output<typeof vencimientoListQuery>, 'page' | 'size'> & { grupo: VencimientoGrupo };

/** The audit entities of the area. */
export const ENTIDAD = {
  certificado: 'afip_certificado',
  punto_venta: 'afip_punto_venta',
  licencia: 'physis_licencia',
  solicitud: 'afip_solicitud',
} as const;

/**
 * Days left until the item expires, in Buenos Aires (negative once expired). Today is read once per statement (an
 * InitPlan): read in each row, the CSV's state, which reads the days six times, cost 25 time zone conversions a row.
 */
export const dias = sql<number>`(${vencimientos.vence} - (select ${HOY}))::int`;

/** The 404 of an item of the kind. */
export const noExiste = (tipo: VencimientoTipo) =>
  new ApiError(
    404,
    {
      certificado: 'El certificado no existe',
      punto_venta: 'El punto de venta no existe',
      licencia: 'La licencia no existe',
    }[tipo],
  );

/** The client an item is for must exist: a 400 on `empresa_id` if not. */
export async function clienteExiste(tx: Executor, id: number): Promise<void> {
  const [row] = await tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, id));
  if (!row) throw new ApiError(400, 'El cliente elegido no existe', { empresa_id: ['El cliente elegido no existe'] });
}
