import { vencimientosBases } from '@intranet/contract/areas/clientes/vencimientos-endpoints';
import { X509Certificate } from 'node:crypto';
import { AFIP_AMBIENTES, AMBIENTE_ETIQUETA } from '@intranet/contract/areas/clientes/vencimientos';
import { formatCuit } from '@intranet/contract/shared/cuit';
import { requiredText } from '@intranet/contract/shared/validators';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { afipCertificados, afipSolicitudes, clientes } from '../../../db/schema.ts';
import { insertarFilas } from '../../../lists/importacion/insert.ts';
import type { ImportacionSpec } from '../../../lists/importacion/spec.ts';
import { ApiError } from '../../../core/api-error.ts';
import { conflictos } from '../conflicts.ts';
import { leerCertificado, MENSAJES_CERTIFICADO } from './certificado.ts';
import { emparejar, type Solicitud } from './certificados.ts';
import { ENTIDAD } from './queries.ts';

const COLUMNAS = [
  'Archivo',
  'CUIT',
  'CN',
  'Ambiente',
  'Emitido',
  'Vence',
  'Serie',
  'Huella SHA-256',
  'Certificado',
  'Error',
];
const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const ES_CERTIFICADO = /\.(crt|pem|cer|der)$/i;

/** AFIP's test authority signs the homologation certificates ("Computadores Test"). */
const ambienteDe = (cert: X509Certificate) => (/test|homolog/i.test(cert.issuer) ? 'homologacion' : 'produccion');

/** One certificate as a row: what the portal's reader finds in it, or why it is none. */
function filaDe(archivo: string, bytes: Buffer): string[] {
  try {
    const { datos } = leerCertificado(bytes);
    const ambiente = ambienteDe(new X509Certificate(bytes));
    return [
      archivo,
      formatCuit(datos.cuit),
      datos.cn,
      AMBIENTE_ETIQUETA[ambiente],
      datos.emitido,
      datos.vence,
      datos.serial,
      datos.huella,
      datos.pem,
      '',
    ];
  } catch (err) {
    return [
      archivo,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      err instanceof ApiError ? err.message : 'El archivo no es un certificado X.509 (.crt o .pem) válido',
    ];
  }
}

/** The certificates of one file: each PEM block of a bundle, or the file as one DER certificate. */
function certificadosDe(archivo: string, bytes: Buffer): string[][] {
  const bloques = bytes.toString('latin1').match(PEM);
  if (!bloques) return [filaDe(archivo, bytes)];
  return bloques.map((b, i) =>
    filaDe(bloques.length > 1 ? `${archivo} (${i + 1})` : archivo, Buffer.from(b, 'latin1')),
  );
}

/** The .crt/.pem/.cer entries of a zip, read with yauzl (folders and other files are skipped). */
function entradasDelZip(zip: Buffer): Promise<{ nombre: string; bytes: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, archivo) => {
      if (err || !archivo) return reject(err ?? new Error('zip ilegible'));
      const entradas: { nombre: string; bytes: Buffer }[] = [];
      archivo.on('entry', (entrada: yauzl.Entry) => {
        if (!ES_CERTIFICADO.test(entrada.fileName) || entrada.uncompressedSize > 1024 * 1024)
          return archivo.readEntry();
        archivo.openReadStream(entrada, (e, flujo) => {
          if (e || !flujo) return reject(e ?? new Error('entrada ilegible'));
          const partes: Buffer[] = [];
          flujo.on('data', (p: Buffer) => partes.push(p));
          flujo.on('end', () => {
            entradas.push({ nombre: entrada.fileName.split('/').at(-1)!, bytes: Buffer.concat(partes) });
            archivo.readEntry();
          });
          flujo.on('error', reject);
        });
      });
      archivo.on('end', () => resolve(entradas));
      archivo.on('error', reject);
      archivo.readEntry();
    });
  });
}

/**
 * AFIP certificates in bulk as rows: a zip of .crt/.pem files, or one PEM file with several certificates (the
 * wizard joins the files chosen together into one), each read by the portal's own reader (certificado.ts).
 */
async function leerCertificados(contenido: Buffer): Promise<string[][]> {
  const esZip = contenido.subarray(0, 2).toString('latin1') === 'PK';
  const filas = esZip
    ? (await entradasDelZip(contenido)).flatMap((e) => certificadosDe(e.nombre, e.bytes))
    : certificadosDe('certificados.pem', contenido);
  return [COLUMNAS, ...filas];
}

/** The reader's reason a file is no certificate, as the row's error. */
const sinError = z
  .string()
  .nullable()
  .superRefine((v, ctx) => {
    if (v) ctx.addIssue({ code: 'custom', message: v });
  })
  .transform(() => null);
const certificadoImportado = z.object({
  archivo: requiredText(255),
  cuit: z
    .string()
    .transform((v) => v.replaceAll('-', ''))
    .pipe(z.string().regex(/^\d{11}$/, 'El certificado no tiene CUIT')),
  cn: requiredText(255),
  ambiente: z.enum(AFIP_AMBIENTES, { error: 'Elija el ambiente' }),
  emitido: z.iso.date(),
  vence: z.iso.date(),
  serial: requiredText(200),
  huella: requiredText(200),
  pem: requiredText(20000),
  error: sinError,
});
type CertificadoValues = z.output<typeof certificadoImportado>;

/**
 * The certificates inserted, each paired as the single import pairs it (certificados.ts): one whose public key is
 * that of a pending request goes to the request's client with its alias, services and key; else to the first client
 * of its CUIT, refused when that client awaits a certificate of that CUIT for another key.
 */
async function insertarEmparejados(
  tx: Tx,
  filas: CertificadoValues[],
): Promise<{ ids: number[]; pares: [number, Solicitud][] }> {
  const clavesPublicas = filas.map((f) => leerCertificado(Buffer.from(f.pem)).clavePublica);
  const cuits = [...new Set(filas.map((f) => f.cuit))];
  const pendientes = await tx
    .select()
    .from(afipSolicitudes)
    .where(or(inArray(afipSolicitudes.clavePublica, clavesPublicas), inArray(afipSolicitudes.cuit, cuits)))
    .orderBy(afipSolicitudes.id)
    .for('update');
  const filasClientes = await tx
    .select({ id: clientes.id, cuit: clientes.cuit })
    .from(clientes)
    .where(inArray(clientes.cuit, cuits))
    .orderBy(clientes.id);
  const porCuit = new Map<string, number>();
  for (const c of filasClientes) if (!porCuit.has(c.cuit)) porCuit.set(c.cuit, c.id);
  const pares: [number, Solicitud][] = [];
  const valores = filas.map((f, i) => {
    const par = pendientes.find((s) => s.clavePublica === clavesPublicas[i]);
    if (par && par.cuit !== f.cuit) throw new ApiError(400, MENSAJES_CERTIFICADO.otroCuit(par.cuit, f.cuit));
    const clienteId = par?.clienteId ?? porCuit.get(f.cuit);
    if (clienteId === undefined) throw new ApiError(400, `CUIT: no hay un cliente con el CUIT ${formatCuit(f.cuit)}`);
    if (!par && pendientes.some((s) => s.clienteId === clienteId && s.cuit === f.cuit))
      throw new ApiError(400, MENSAJES_CERTIFICADO.sinSolicitud(f.cuit));
    if (par) pares.push([i, par]);
    return {
      clienteId,
      cuit: f.cuit,
      cn: f.cn,
      ambiente: f.ambiente,
      emitido: f.emitido,
      vence: f.vence,
      serial: f.serial,
      huella: f.huella,
      pem: f.pem,
      alias: par?.alias ?? null,
      claveCifrada: par?.claveCifrada ?? null,
    };
  });
  const ids = await insertarFilas(tx, afipCertificados, afipCertificados.id, valores);
  // The services are an array per row, which the batch's unnest would flatten: the paired ones get theirs after.
  for (const [i, par] of pares)
    if (par.servicios.length > 0)
      await tx.update(afipCertificados).set({ servicios: par.servicios }).where(eq(afipCertificados.id, ids[i]!));
  return { ids, pares };
}

/**
 * The AFIP certificates' bulk import: each one's client found by its pending request or its CUIT; key
 * its SHA-256 fingerprint.
 */
export const certificadosImportacion: ImportacionSpec<CertificadoValues> = {
  tipo: 'certificados',
  etiqueta: 'vencimientos',
  ruta: vencimientosBases.certificados,
  permiso: 'CLIENTES#EDITAR',
  entidad: ENTIDAD.certificado,
  nombre: 'certificados-afip',
  clave: 'huella',
  normalizarClave: (v) => v.trim().toUpperCase(),
  campos: [
    // The reader's error first: a file that is no certificate has nothing else to say.
    { campo: 'error', titulo: 'Error' },
    { campo: 'archivo', titulo: 'Archivo', requerido: true },
    { campo: 'cuit', titulo: 'CUIT', requerido: true },
    { campo: 'cn', titulo: 'CN', requerido: true },
    { campo: 'ambiente', titulo: 'Ambiente', tipo: 'lista', opciones: AMBIENTE_ETIQUETA, requerido: true },
    { campo: 'emitido', titulo: 'Emitido', tipo: 'fecha', requerido: true },
    { campo: 'vence', titulo: 'Vence', tipo: 'fecha', requerido: true },
    { campo: 'serial', titulo: 'Serie', requerido: true },
    { campo: 'huella', titulo: 'Huella SHA-256', requerido: true },
    { campo: 'pem', titulo: 'Certificado', requerido: true },
  ],
  esquema: certificadoImportado,
  tabla: { tabla: afipCertificados, id: afipCertificados.id, actualizado: afipCertificados.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await tx
      .select({
        id: afipCertificados.id,
        huella: afipCertificados.huella,
        cuit: afipCertificados.cuit,
        cn: afipCertificados.cn,
        ambiente: afipCertificados.ambiente,
        emitido: afipCertificados.emitido,
        vence: afipCertificados.vence,
        serial: afipCertificados.serial,
        pem: afipCertificados.pem,
      })
      .from(afipCertificados)
      .where(inArray(afipCertificados.huella, claves));
    return new Map(filas.map(({ id, ...v }) => [v.huella, { id, valores: v }]));
  },
  crear: async (tx, filas, autor) => {
    const { ids, pares } = await insertarEmparejados(tx, filas);
    for (const [i, solicitud] of pares) await emparejar(tx, solicitud, ids[i]!, autor);
    return ids;
  },
  borrar: async (tx, ids) => {
    // A paired certificate holds its request's key, which the request no longer has: deleting it would lose the key.
    const conClave = await tx
      .select({ cn: afipCertificados.cn })
      .from(afipCertificados)
      .where(and(inArray(afipCertificados.id, ids), isNotNull(afipCertificados.claveCifrada)));
    if (conClave.length > 0) {
      throw new ApiError(
        409,
        `No se puede deshacer: ${conClave.map((c) => `«${c.cn}»`).join(', ')} se emparejó con su solicitud y guarda su clave; elimínelo desde la ficha del cliente si hace falta`,
      );
    }
    await tx.delete(afipCertificados).where(inArray(afipCertificados.id, ids));
  },
  // A certificate's data is its file's: the same fingerprint is the same certificate.
  sinCambios: () => true,
  // Never called (every known certificate is unchanged); stamping keeps the contract of an update.
  actualizar: async (tx, id) => {
    await tx.update(afipCertificados).set({ actualizado: sql`now()` }).where(eq(afipCertificados.id, id));
  },
  leerArchivo: leerCertificados,
  conflictos,
};
