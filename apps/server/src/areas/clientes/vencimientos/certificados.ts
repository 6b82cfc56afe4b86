import type {
  Certificado,
  certificadoImportarQuery,
  certificadoInput,
} from '@intranet/contract/areas/clientes/vencimientos';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor, Tx } from '../../../db/client.ts';
import { afipCertificados, afipSolicitudes, clientes } from '../../../db/schema.ts';
import { wireColumns } from '../../../db/wire.ts';
import { ApiError } from '../../../core/api-error.ts';
import { MENSAJES_CERTIFICADO, type ArchivoCertificado } from './certificado.ts';
import { clienteExiste, ENTIDAD, noExiste } from './queries.ts';

// A client's AFIP certificates: imported from their X.509 file (paired with a request made here when one has its
// key), then edited. The sealed key itself is never selected here: only whether there is one.

export const certCampos = {
  ...wireColumns(afipCertificados, [
    'id',
    'empresa_id',
    'cuit',
    'alias',
    'cn',
    'ambiente',
    'servicios',
    'emitido',
    'vence',
    'serial',
    'huella',
    'reemplazado_por',
    'creado',
  ]),
  cliente: clientes.razonSocial,
  clave_guardada: sql<boolean>`(${afipCertificados.claveCifrada} is not null)`,
};

export async function certificadoRow(db: Executor, id: number): Promise<Certificado | undefined> {
  const [row] = await db
    .select(certCampos)
    .from(afipCertificados)
    .innerJoin(clientes, eq(clientes.id, afipCertificados.clienteId))
    .where(eq(afipCertificados.id, id));
  return row && { ...row, creado: row.creado.toISOString() };
}

export type Solicitud = typeof afipSolicitudes.$inferSelect;

/**
 * The client's pending request whose key the certificate carries. None: the import goes on as a plain one when the
 * client has no pending request for that CUIT, and is refused when it has one (the certificate is then for a key
 * nobody here holds).
 */
async function solicitudDe(tx: Tx, clienteId: number, archivo: ArchivoCertificado): Promise<Solicitud | undefined> {
  const pendientes = await tx
    .select()
    .from(afipSolicitudes)
    .where(eq(afipSolicitudes.clienteId, clienteId))
    .for('update');
  const par = pendientes.find((s) => s.clavePublica === archivo.clavePublica);
  const { cuit } = archivo.datos;
  if (par && par.cuit !== cuit) throw new ApiError(400, MENSAJES_CERTIFICADO.otroCuit(par.cuit, cuit));
  if (!par && pendientes.some((s) => s.cuit === cuit)) throw new ApiError(400, MENSAJES_CERTIFICADO.sinSolicitud(cuit));
  return par;
}

/** The certificate the request renewed steps aside for the new one: it leaves the grid and the expiry alerts. */
async function reemplazar(tx: Tx, solicitud: Solicitud, nuevoId: number, autor: Autor): Promise<void> {
  if (solicitud.renuevaId === null) return;
  const antes = await certificadoRow(tx, solicitud.renuevaId);
  if (!antes || antes.reemplazado_por !== null) return;
  await tx
    .update(afipCertificados)
    .set({ reemplazadoPor: nuevoId, actualizado: sql`now()` })
    .where(and(eq(afipCertificados.id, solicitud.renuevaId), isNull(afipCertificados.reemplazadoPor)));
  await writeAudit(tx, {
    autor,
    accion: 'reemplazar',
    entidad: ENTIDAD.certificado,
    entidadId: antes.id,
    antes,
    despues: await certificadoRow(tx, antes.id),
  });
}

/** The key now lives with its certificate: the request is done, and the certificate it renewed is replaced. */
export async function emparejar(tx: Tx, solicitud: Solicitud, certificadoId: number, autor: Autor): Promise<void> {
  await tx.delete(afipSolicitudes).where(eq(afipSolicitudes.id, solicitud.id));
  await writeAudit(tx, {
    autor,
    accion: 'emparejar',
    entidad: ENTIDAD.solicitud,
    entidadId: solicitud.id,
    despues: { certificado_id: certificadoId },
  });
  await reemplazar(tx, solicitud, certificadoId, autor);
}

export async function importarCertificado(
  db: Db,
  archivo: ArchivoCertificado,
  opciones: z.output<typeof certificadoImportarQuery>,
  autor: Autor,
): Promise<Certificado> {
  return db.transaction(async (tx) => {
    await clienteExiste(tx, opciones.empresa_id);
    const solicitud = await solicitudDe(tx, opciones.empresa_id, archivo);
    const [row] = await tx
      .insert(afipCertificados)
      .values({
        ...archivo.datos,
        clienteId: opciones.empresa_id,
        alias: opciones.alias ?? solicitud?.alias ?? null,
        ambiente: opciones.ambiente,
        servicios: opciones.servicios.length > 0 || !solicitud ? opciones.servicios : solicitud.servicios,
        claveCifrada: solicitud?.claveCifrada ?? null,
      })
      .returning({ id: afipCertificados.id });
    const creado = (await certificadoRow(tx, row!.id))!;
    await writeAudit(tx, {
      autor,
      accion: 'importar',
      entidad: ENTIDAD.certificado,
      entidadId: creado.id,
      despues: creado,
    });
    if (solicitud) await emparejar(tx, solicitud, creado.id, autor);
    return creado;
  });
}

export async function modificarCertificado(
  db: Db,
  id: number,
  values: z.output<typeof certificadoInput>,
  autor: Autor,
): Promise<Certificado> {
  return db.transaction(async (tx) => {
    const antes = await certificadoRow(tx, id);
    if (!antes) throw noExiste('certificado');
    await tx
      .update(afipCertificados)
      .set({ alias: values.alias, ambiente: values.ambiente, servicios: values.servicios, actualizado: sql`now()` })
      .where(eq(afipCertificados.id, id));
    const despues = (await certificadoRow(tx, id))!;
    await writeAudit(tx, { autor, accion: 'modificar', entidad: ENTIDAD.certificado, entidadId: id, antes, despues });
    return despues;
  });
}
