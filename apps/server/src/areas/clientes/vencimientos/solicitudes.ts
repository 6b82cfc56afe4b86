import type { claveDescargaInput, Solicitud, solicitudInput } from '@intranet/contract/areas/clientes/solicitudes';
import { and, asc, eq, type GetColumnData, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { cifrar, descifrar, SecretoIlegible } from '../../../core/secretos.ts';
import { writeAudit, type Autor } from '../../../db/audit.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { afipCertificados, afipSolicitudes, clientes } from '../../../db/schema.ts';
import { columnValues, wireColumns } from '../../../db/wire.ts';
import { ApiError } from '../../../core/api-error.ts';
import { generarSolicitud, pkcs12, sujetoTexto } from './clave.ts';
import { ENTIDAD, noExiste } from './queries.ts';

// AFIP certificate requests: generated here with a sealed key, paired on import (certificados.ts), and
// the key's download. The sealed key is read only by the download; every answer here leaves it out.

const campos = {
  ...wireColumns(afipSolicitudes, [
    'id',
    'empresa_id',
    'renueva_id',
    'cuit',
    'razon_social',
    'alias',
    'ambiente',
    'servicios',
  ]),
  usuario: afipSolicitudes.usuarioNombre,
  creado: afipSolicitudes.creado,
};

const solicitudWire = (s: { [K in keyof typeof campos]: GetColumnData<(typeof campos)[K]> }): Solicitud => ({
  ...s,
  sujeto: sujetoTexto({ razonSocial: s.razon_social, alias: s.alias, cuit: s.cuit }),
  creado: s.creado.toISOString(),
});

const noExisteSolicitud = () => new ApiError(404, 'La solicitud no existe (o ya se emparejó con su certificado)');

/** A new key and CSR for the client: O is its razón social, serialNumber its CUIT, CN the alias chosen. */
export async function crearSolicitud(
  db: Db,
  key: Buffer,
  values: z.output<typeof solicitudInput>,
  autor: Autor,
): Promise<Solicitud> {
  const [cliente] = await db
    .select({ razonSocial: clientes.razonSocial, cuit: clientes.cuit })
    .from(clientes)
    .where(eq(clientes.id, values.empresa_id));
  if (!cliente)
    throw new ApiError(400, 'El cliente elegido no existe', { empresa_id: ['El cliente elegido no existe'] });
  const generada = await generarSolicitud({
    razonSocial: cliente.razonSocial,
    alias: values.alias,
    cuit: cliente.cuit,
  });
  return db.transaction(async (tx) => {
    if (values.renueva_id !== null) {
      const [renueva] = await tx
        .select({ id: afipCertificados.id })
        .from(afipCertificados)
        .where(
          and(
            eq(afipCertificados.id, values.renueva_id),
            eq(afipCertificados.clienteId, values.empresa_id),
            isNull(afipCertificados.reemplazadoPor),
          ),
        );
      const msg = 'El certificado a renovar no es de este cliente o ya fue reemplazado';
      if (!renueva) throw new ApiError(400, msg, { renueva_id: [msg] });
    }
    const [row] = await tx
      .insert(afipSolicitudes)
      .values({
        ...columnValues(afipSolicitudes, values),
        cuit: cliente.cuit,
        razonSocial: cliente.razonSocial,
        csr: generada.csr,
        clavePublica: generada.clavePublica,
        claveCifrada: cifrar(key, generada.privateKey),
        usuarioNombre: autor.nombre,
      })
      .returning(campos);
    const creada = solicitudWire(row!);
    await writeAudit(tx, {
      autor,
      accion: 'generar',
      entidad: ENTIDAD.solicitud,
      entidadId: creada.id,
      despues: creada,
    });
    return creada;
  });
}

/** The client's pending requests, oldest first. */
export async function solicitudesDe(db: Executor, clienteId: number): Promise<Solicitud[]> {
  const [cliente] = await db.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, clienteId));
  if (!cliente) throw new ApiError(404, 'El cliente no existe');
  const rows = await db
    .select(campos)
    .from(afipSolicitudes)
    .where(eq(afipSolicitudes.clienteId, clienteId))
    .orderBy(asc(afipSolicitudes.creado), asc(afipSolicitudes.id));
  return rows.map(solicitudWire);
}

/** The CSR to upload at AFIP, with the file name it downloads as (`<alias>-<cuit>.csr`). */
export async function csrDe(db: Executor, id: number): Promise<{ nombre: string; csr: string }> {
  const [row] = await db
    .select({ csr: afipSolicitudes.csr, alias: afipSolicitudes.alias, cuit: afipSolicitudes.cuit })
    .from(afipSolicitudes)
    .where(eq(afipSolicitudes.id, id));
  if (!row) throw noExisteSolicitud();
  return { nombre: `${row.alias}-${row.cuit}.csr`, csr: row.csr };
}

/** Cancels a pending request: its key is gone with it. */
export async function eliminarSolicitud(db: Db, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(afipSolicitudes).where(eq(afipSolicitudes.id, id)).returning(campos);
    if (!row) throw noExisteSolicitud();
    await writeAudit(tx, {
      autor,
      accion: 'eliminar',
      entidad: ENTIDAD.solicitud,
      entidadId: id,
      antes: solicitudWire(row),
    });
  });
}

function unsealPrivateKey(key: Buffer, sellada: string): string {
  try {
    return descifrar(key, sellada);
  } catch (err) {
    if (err instanceof SecretoIlegible)
      throw new ApiError(409, 'La clave se guardó con otra SECRETS_KEY y no se puede leer');
    throw err;
  }
}

export interface Descarga {
  nombre: string;
  tipo: string;
  cuerpo: Buffer;
}

/**
 * The key with its certificate, as a PKCS#12 under the password chosen now or as PEM (key, then certificate). The
 * download is audited (who, when, which certificate, which format); the password and the key are not.
 */
export async function descargarClave(
  db: Db,
  key: Buffer,
  id: number,
  values: z.output<typeof claveDescargaInput>,
  autor: Autor,
): Promise<Descarga> {
  const [row] = await db
    .select({
      alias: afipCertificados.alias,
      cn: afipCertificados.cn,
      cuit: afipCertificados.cuit,
      pem: afipCertificados.pem,
      sealedPrivateKey: afipCertificados.claveCifrada,
    })
    .from(afipCertificados)
    .where(eq(afipCertificados.id, id));
  if (!row) throw noExiste('certificado');
  if (!row.sealedPrivateKey || !row.pem)
    throw new ApiError(409, 'La clave de este certificado no se guarda en el portal: no se generó aquí su solicitud');
  const privateKey = unsealPrivateKey(key, row.sealedPrivateKey);
  const base = `${row.alias ?? row.cn}-${row.cuit}`;
  const descarga: Descarga =
    values.formato === 'p12'
      ? {
          nombre: `${base}.p12`,
          tipo: 'application/x-pkcs12',
          cuerpo: await pkcs12({
            privateKey,
            certificado: row.pem,
            password: values.password ?? '',
            nombre: row.alias ?? row.cn,
          }),
        }
      : {
          nombre: `${base}.pem`,
          tipo: 'application/x-pem-file',
          cuerpo: Buffer.from(`${privateKey}${row.pem}`, 'utf8'),
        };
  await writeAudit(db, {
    autor,
    accion: 'descargar_clave',
    entidad: ENTIDAD.certificado,
    entidadId: id,
    despues: { formato: values.formato },
  });
  return descarga;
}
