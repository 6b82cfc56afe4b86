import type { Licencia, licenciaInput } from '@intranet/contract/areas/clientes/vencimientos';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { clientes, personas, physisLicencias, productos } from '../../../db/schema.ts';
import { columnValues, wireColumns } from '../../../db/wire.ts';
import { clienteExiste, ENTIDAD, noExiste } from './queries.ts';

// A client's Physis licences.

const contactoNombre = sql<
  string | null
>`case when ${personas.id} is null then null else ${personas.apellido} || ', ' || ${personas.nombre} end`;
const licCampos = {
  ...wireColumns(physisLicencias, [
    'id',
    'empresa_id',
    'producto_id',
    'modulo',
    'tipo',
    'usuarios',
    'serial',
    'inicio',
    'vence',
    'baja',
    'renovacion_auto',
    'contacto_id',
  ]),
  cliente: clientes.razonSocial,
  producto: productos.nombre,
  contacto: contactoNombre,
};

export const licenciasSelect = (db: Executor) =>
  db
    .select(licCampos)
    .from(physisLicencias)
    .innerJoin(clientes, eq(clientes.id, physisLicencias.clienteId))
    .innerJoin(productos, eq(productos.id, physisLicencias.productoId))
    .leftJoin(personas, eq(personas.id, physisLicencias.contactoId));

export async function licenciaRow(db: Executor, id: number): Promise<Licencia | undefined> {
  const [row] = await licenciasSelect(db).where(eq(physisLicencias.id, id));
  return row;
}

const licColumnas = (v: z.output<typeof licenciaInput>) => columnValues(physisLicencias, v);

export async function guardarLicencia(
  db: Db,
  id: number | null,
  values: z.output<typeof licenciaInput>,
  autor: Autor,
): Promise<Licencia> {
  return db.transaction(async (tx) => {
    await clienteExiste(tx, values.empresa_id);
    if (id === null) {
      const [row] = await tx.insert(physisLicencias).values(licColumnas(values)).returning({ id: physisLicencias.id });
      const creado = (await licenciaRow(tx, row!.id))!;
      await writeAudit(tx, {
        autor,
        accion: 'crear',
        entidad: ENTIDAD.licencia,
        entidadId: creado.id,
        despues: creado,
      });
      return creado;
    }
    const antes = await licenciaRow(tx, id);
    if (!antes) throw noExiste('licencia');
    await tx
      .update(physisLicencias)
      .set({ ...licColumnas(values), actualizado: sql`now()` })
      .where(eq(physisLicencias.id, id));
    const despues = (await licenciaRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD.licencia, entidadId: id, antes, despues });
    return despues;
  });
}
