import {
  destinoDeUrl,
  type Verificacion,
  type VerificarResultado,
  type VerificarVariosResultado,
} from '@intranet/contract/areas/sitios';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { wireColumns } from '../../db/wire.ts';
import { sitios, sitioVerificaciones } from '../../db/schema.ts';
import { ApiError } from '../../core/api-error.ts';
import { ENTIDAD, paraAuditoria, sitioParaCambiar, sitioRow } from './queries.ts';
import { verificarTls, type OpcionesTls, type ResultadoTls } from './tls.ts';

/** How many sites "Verificar seleccionados" checks at once (each waits up to 5 s). */
const EN_PARALELO = 5;

const campos = {
  ...wireColumns(sitioVerificaciones, [
    'id',
    'sitio_id',
    'fecha',
    'resultado',
    'codigo',
    'mensaje',
    'host',
    'puerto',
    'valido_desde',
    'valido_hasta',
    'emisor',
    'sujeto',
    'sans',
  ]),
  usuario: sitioVerificaciones.usuarioNombre,
};
const wire = <R extends { fecha: Date }>(row: R) => ({ ...row, fecha: row.fecha.toISOString() });

/** The checks of a site, newest first (the last 50). */
export async function verificacionesDe(db: Executor, sitioId: number): Promise<Verificacion[]> {
  if (!(await sitioRow(db, sitioId))) throw new ApiError(404, 'El sitio no existe');
  const rows = await db
    .select(campos)
    .from(sitioVerificaciones)
    .where(eq(sitioVerificaciones.sitioId, sitioId))
    .orderBy(desc(sitioVerificaciones.fecha), desc(sitioVerificaciones.id))
    .limit(50);
  return rows.map(wire);
}

/**
 * Stores a check: its row, and on the site the time, outcome and message; the certificate's expiry and issuer
 * when the certificate is the site's own (read, and valid for its host, even if expired or self-signed).
 */
async function guardar(db: Db, sitioId: number, r: ResultadoTls, autor: Autor | null): Promise<VerificarResultado> {
  return db.transaction(async (tx) => {
    const antes = await sitioParaCambiar(tx, sitioId);
    const [fila] = await tx
      .insert(sitioVerificaciones)
      .values({
        sitioId,
        resultado: r.resultado,
        codigo: r.codigo,
        mensaje: r.mensaje,
        host: r.host,
        puerto: r.puerto,
        validoDesde: r.certificado?.validoDesde ?? null,
        validoHasta: r.certificado?.validoHasta ?? null,
        emisor: r.certificado?.emisor ?? null,
        sujeto: r.certificado?.sujeto ?? null,
        sans: r.certificado?.sans ?? null,
        usuarioId: autor?.id ?? null,
        usuarioNombre: autor?.nombre ?? null,
      })
      .returning(campos);
    const delSitio = r.certificado && r.codigo !== 'host_no_coincide';
    await tx
      .update(sitios)
      .set({
        verificadoEn: fila!.fecha,
        verificacionResultado: r.resultado,
        verificacionMensaje: r.mensaje,
        ...(delSitio ? { sslVence: r.certificado!.validoHasta, sslEmisor: r.certificado!.emisor } : {}),
        actualizado: sql`now()`,
      })
      .where(eq(sitios.id, sitioId));
    const despues = (await sitioRow(tx, sitioId))!;
    await writeAudit(tx, {
      autor,
      accion: 'verificar',
      entidad: ENTIDAD,
      entidadId: sitioId,
      antes: paraAuditoria(antes),
      despues: paraAuditoria(despues),
    });
    return { verificacion: wire(fila!), sitio: despues };
  });
}

/** "Verificar": connects to the site's host and port, reads its certificate and stores what it found. */
export async function verificarSitio(
  db: Db,
  id: number,
  autor: Autor | null,
  opciones: OpcionesTls = {},
): Promise<VerificarResultado> {
  const sitio = await sitioRow(db, id);
  if (!sitio) throw new ApiError(404, 'El sitio no existe');
  const { host, puerto } = destinoDeUrl(sitio.url);
  return guardar(db, id, await verificarTls(host, puerto, opciones), autor);
}

/** A site deleted while the others were checked is left out. */
const sinSiBorrado = (err: unknown): null => {
  if (err instanceof ApiError && err.statusCode === 404) return null;
  throw err;
};

/** "Verificar seleccionados": every site of the list, a few at a time; ids that do not exist are skipped. */
export async function verificarSitios(
  db: Db,
  ids: number[],
  autor: Autor | null,
  opciones: OpcionesTls = {},
): Promise<VerificarVariosResultado> {
  const existentes = await db
    .select({ id: sitios.id })
    .from(sitios)
    .where(inArray(sitios.id, [...new Set(ids)]));
  const pendientes = existentes.map((s) => s.id).sort((a, b) => a - b);
  const resultados: VerificarVariosResultado = [];
  while (pendientes.length > 0) {
    const tanda = pendientes.splice(0, EN_PARALELO);
    const hechos = await Promise.all(tanda.map((id) => verificarSitio(db, id, autor, opciones).catch(sinSiBorrado)));
    for (const hecho of hechos) {
      if (hecho)
        resultados.push({
          sitio_id: hecho.sitio.id,
          nombre: hecho.sitio.nombre,
          resultado: hecho.verificacion.resultado,
          mensaje: hecho.verificacion.mensaje,
        });
    }
  }
  return resultados;
}
