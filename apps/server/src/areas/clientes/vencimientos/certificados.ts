import type { Certificado, certificadoImportarQuery, certificadoInput } from '@intranet/contract/clientes/vencimientos';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { afipCertificados, empresas } from '../../../db/schema.ts';
import type { DatosCertificado } from './certificado.ts';
import { empresaExiste, ENTIDAD, noExiste } from './queries.ts';

// A client's AFIP certificates: imported from their X.509 file, then edited.

export const certCampos = {
  id: afipCertificados.id,
  empresa_id: afipCertificados.empresaId,
  cliente: empresas.razonSocial,
  cuit: afipCertificados.cuit,
  alias: afipCertificados.alias,
  cn: afipCertificados.cn,
  ambiente: afipCertificados.ambiente,
  servicios: afipCertificados.servicios,
  emitido: afipCertificados.emitido,
  vence: afipCertificados.vence,
  serial: afipCertificados.serial,
  huella: afipCertificados.huella,
  creado: afipCertificados.creado,
};

export async function certificadoRow(db: Executor, id: number): Promise<Certificado | undefined> {
  const [row] = await db.select(certCampos).from(afipCertificados).innerJoin(empresas, eq(empresas.id, afipCertificados.empresaId)).where(eq(afipCertificados.id, id));
  return row && { ...row, creado: row.creado.toISOString() };
}


export async function importarCertificado(
  db: Db,
  datos: DatosCertificado,
  opciones: z.output<typeof certificadoImportarQuery>,
  autor: Autor,
): Promise<Certificado> {
  return db.transaction(async (tx) => {
    await empresaExiste(tx, opciones.empresa_id);
    const [row] = await tx
      .insert(afipCertificados)
      .values({ ...datos, empresaId: opciones.empresa_id, alias: opciones.alias, ambiente: opciones.ambiente, servicios: opciones.servicios })
      .returning({ id: afipCertificados.id });
    const creado = (await certificadoRow(tx, row!.id))!;
    await writeAudit(tx, { autor, accion: 'importar', entidad: ENTIDAD.certificado, entidadId: creado.id, despues: creado });
    return creado;
  });
}

export async function modificarCertificado(db: Db, id: number, values: z.output<typeof certificadoInput>, autor: Autor): Promise<Certificado> {
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
