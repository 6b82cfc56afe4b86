import type { ServidorCliente, servidorClienteInput } from '@intranet/contract/areas/clientes';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { servidoresCliente, servidoresClienteDns } from '../../db/schema.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { ApiError } from '../../core/api-error.ts';
import { clienteExiste, ENTIDAD } from './queries.ts';

type Values = z.output<typeof servidorClienteInput>;

const campos = {
  ...wireColumns(servidoresCliente, [
    'id',
    'empresa_id',
    'nombre',
    'hostname',
    'ip',
    'puerto',
    'so',
    'motor_bd',
    'instancia_bd',
    'version_physis',
    'notas',
    'actualizado',
  ]),
  // The spec's dnss: [{id, host}], by host.
  dnss: sql<
    { id: number; host: string }[]
  >`coalesce((select json_agg(json_build_object('id', servidores_cliente_dns.id, 'host', servidores_cliente_dns.host)
    order by servidores_cliente_dns.host) from servidores_cliente_dns
    where servidores_cliente_dns.servidor_id = "servidores_cliente"."id"), '[]'::json)`,
};

const wire = <R extends { actualizado: Date }>(r: R) => ({ ...r, actualizado: r.actualizado.toISOString() });

const noExiste = () => new ApiError(404, 'El servidor no existe');

/** `GET /api/empresas/:id/servidores`: the client's servers by name, each with its dnss. */
export async function servidoresDeCliente(db: Executor, clienteId: number): Promise<ServidorCliente[]> {
  await clienteExiste(db, clienteId);
  const rows = await db
    .select(campos)
    .from(servidoresCliente)
    .where(eq(servidoresCliente.clienteId, clienteId))
    .orderBy(asc(servidoresCliente.nombre), asc(servidoresCliente.id));
  return rows.map(wire);
}

async function servidorRow(db: Executor, clienteId: number, id: number): Promise<ServidorCliente | undefined> {
  const [row] = await db
    .select(campos)
    .from(servidoresCliente)
    .where(and(eq(servidoresCliente.id, id), eq(servidoresCliente.clienteId, clienteId)));
  return row ? wire(row) : undefined;
}

/** Throws 404 unless the server exists and belongs to the client. */
export async function servidorDeCliente(db: Executor, clienteId: number, id: number): Promise<void> {
  const [row] = await db
    .select({ id: servidoresCliente.id })
    .from(servidoresCliente)
    .where(and(eq(servidoresCliente.id, id), eq(servidoresCliente.clienteId, clienteId)));
  if (!row)
    throw new ApiError(404, 'El servidor no existe o no es de este cliente', {
      servidor_id: ['El servidor no es de este cliente'],
    });
}

/** A client's server's values as the contract gives them (its DNS entries aside), as its row's columns. */
export const columnasServidorCliente = (v: Omit<Values, 'dnss'>) => columnValues(servidoresCliente, v);

/** The server's DNS names become exactly `hosts`; names kept keep their id. */
async function ponerDnss(tx: Tx, servidorId: number, hosts: string[]): Promise<void> {
  const unicos = [...new Map(hosts.map((h) => [h.toLowerCase(), h])).values()];
  await tx.delete(servidoresClienteDns).where(
    and(
      eq(servidoresClienteDns.servidorId, servidorId),
      unicos.length
        ? notInArray(
            sql`lower(${servidoresClienteDns.host})`,
            unicos.map((h) => h.toLowerCase()),
          )
        : undefined,
    ),
  );
  if (unicos.length === 0) return;
  await tx
    .insert(servidoresClienteDns)
    .values(unicos.map((host) => ({ servidorId, host })))
    .onConflictDoNothing();
}

export async function crearServidor(
  db: Db,
  clienteId: number,
  values: Values,
  autor: Autor | null,
): Promise<ServidorCliente> {
  return db.transaction(async (tx) => {
    await clienteExiste(tx, clienteId, true);
    const [row] = await tx
      .insert(servidoresCliente)
      .values({ clienteId, ...columnasServidorCliente(values) })
      .returning({ id: servidoresCliente.id });
    await ponerDnss(tx, row!.id, values.dnss);
    const creado = (await servidorRow(tx, clienteId, row!.id))!;
    await writeAudit(tx, { autor, accion: 'crear servidor', entidad: ENTIDAD, entidadId: clienteId, despues: creado });
    return creado;
  });
}

export async function modificarServidor(
  db: Db,
  clienteId: number,
  id: number,
  values: Values,
  autor: Autor,
): Promise<ServidorCliente> {
  return db.transaction(async (tx) => {
    await clienteExiste(tx, clienteId, true);
    const antes = await servidorRow(tx, clienteId, id);
    if (!antes) throw noExiste();
    await tx
      .update(servidoresCliente)
      .set({ ...columnasServidorCliente(values), actualizado: sql`now()` })
      .where(eq(servidoresCliente.id, id));
    await ponerDnss(tx, id, values.dnss);
    const despues = (await servidorRow(tx, clienteId, id))!;
    await writeAudit(tx, {
      autor,
      accion: 'modificar servidor',
      entidad: ENTIDAD,
      entidadId: clienteId,
      antes,
      despues,
    });
    return despues;
  });
}

/** Deletes the server with its DNS names and its parameters. */
export async function eliminarServidor(db: Db, clienteId: number, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    await clienteExiste(tx, clienteId, true);
    const antes = await servidorRow(tx, clienteId, id);
    if (!antes) throw noExiste();
    await tx.delete(servidoresCliente).where(eq(servidoresCliente.id, id));
    await writeAudit(tx, { autor, accion: 'eliminar servidor', entidad: ENTIDAD, entidadId: clienteId, antes });
  });
}
