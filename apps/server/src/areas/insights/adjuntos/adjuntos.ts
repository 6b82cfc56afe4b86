import { ADJUNTO_MAX_BYTES, ADJUNTOS_MAX_POR_EVENTO, type Adjunto } from '@intranet/contract/areas/insights/adjuntos';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/client.ts';
import { archivos, insightsAdjuntos, insightsIssues } from '../../../db/schema.ts';
import { ApiError } from '../../../core/api-error.ts';
import { conArchivo, registrarArchivo } from '../../../storage/archivos.ts';
import { type FileStore, putBytes } from '../../../storage/store.ts';
import { formatoBytes } from '../../../storage/barrido.ts';
import type { EnvelopeItem } from '../intake/wire.ts';

// Attachments: the files an SDK sends beside an event (`attachment` envelope items, `scope.addAttachment`). Their
// bytes go to the portal's file store (`archivos`, content-addressed, kept once) and a row here ties them to the
// project and the event_id. The rows live in month partitions by their event's time, so retention drops them with
// their events; the nightly file sweep then removes the bytes no row holds any more (storage/barrido.ts).

const MAX_NOMBRE = 255;
const MAX_TIPO = 100;
const TIPO_DEFECTO = 'application/octet-stream';
const CLASE_DEFECTO = 'event.attachment';

export interface AdjuntoRecibido {
  nombre: string;
  tipo: string;
  clase: string;
  datos: Buffer;
}

const texto = (v: unknown, max: number): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : undefined;

/** An `attachment` item as kept: the name without folders or control characters, its declared type and kind. */
export function adjuntoDe(item: EnvelopeItem): AdjuntoRecibido {
  const crudo = texto(item.header.filename, 1000) ?? 'adjunto';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const nombre = (crudo.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_NOMBRE);
  const tipo = texto(item.header.content_type, MAX_TIPO);
  return {
    nombre: nombre || 'adjunto',
    tipo: tipo && /^[\w.+-]+\/[\w.+-]+$/.test(tipo) ? tipo.toLowerCase() : TIPO_DEFECTO,
    clase: texto(item.header.attachment_type, 100) ?? CLASE_DEFECTO,
    datos: item.payload,
  };
}

/** Why an envelope's attachments are refused (413), or undefined when they fit the limits. */
export function excesoDeAdjuntos(adjuntos: AdjuntoRecibido[]): string | undefined {
  const grande = adjuntos.find((a) => a.datos.length > ADJUNTO_MAX_BYTES);
  if (grande) return `Adjunto de más de ${formatoBytes(ADJUNTO_MAX_BYTES)}`;
  const total = adjuntos.reduce((s, a) => s + a.datos.length, 0);
  if (total > ADJUNTOS_MAX_POR_EVENTO)
    return `Adjuntos de un evento de más de ${formatoBytes(ADJUNTOS_MAX_POR_EVENTO)}`;
  return undefined;
}

/**
 * Stores an event's attachments: the bytes in the file store, a row each. A retried envelope (same event, name and
 * content) adds nothing. `fecha` is the event's time, so they share its month.
 */
export async function guardarAdjuntos(
  db: Db,
  store: FileStore,
  proyectoId: number,
  eventId: string,
  fecha: Date,
  adjuntos: AdjuntoRecibido[],
): Promise<void> {
  for (const a of adjuntos) {
    const stored = await putBytes(store, a.datos);
    const upload = { ...stored, tipo: TIPO_DEFECTO };
    await conArchivo(db, store, upload, () =>
      db.transaction(async (tx) => {
        const archivo = await registrarArchivo(tx, upload, a.nombre);
        await tx.execute(sql`
          insert into ${insightsAdjuntos} (proyecto_id, event_id, fecha, nombre, tipo, clase, tamano, archivo_id)
          select ${proyectoId}, ${eventId}, ${fecha}, ${a.nombre}, ${a.tipo}, ${a.clase},
                 ${a.datos.length}, ${archivo.id}
          where not exists (
            select 1 from ${insightsAdjuntos}
             where proyecto_id = ${proyectoId} and event_id = ${eventId} and nombre = ${a.nombre}
               and archivo_id = ${archivo.id})`);
      }),
    );
  }
}

/** The project of an issue; 404 when there is none. */
async function proyectoDeIssue(db: Executor, issueId: number): Promise<number> {
  const [row] = await db
    .select({ proyectoId: insightsIssues.proyectoId })
    .from(insightsIssues)
    .where(eq(insightsIssues.id, issueId));
  if (!row) throw new ApiError(404, 'El error no existe');
  return row.proyectoId;
}

const columnas = {
  id: insightsAdjuntos.id,
  nombre: insightsAdjuntos.nombre,
  tipo: insightsAdjuntos.tipo,
  clase: insightsAdjuntos.clase,
  tamano: insightsAdjuntos.tamano,
  recibido: insightsAdjuntos.recibido,
};

/** The attachments of an event of the issue's project, in the order they arrived. */
export async function adjuntosDe(db: Executor, issueId: number, eventId: string): Promise<Adjunto[]> {
  const proyectoId = await proyectoDeIssue(db, issueId);
  const filas = await db
    .select(columnas)
    .from(insightsAdjuntos)
    .where(and(eq(insightsAdjuntos.proyectoId, proyectoId), eq(insightsAdjuntos.eventId, eventId)))
    .orderBy(asc(insightsAdjuntos.id));
  return filas.map((f) => ({ ...f, recibido: f.recibido.toISOString() }));
}

/** One attachment with where its bytes are, for the download; 404 when the issue, event or attachment is not there. */
export async function adjuntoParaDescargar(
  db: Executor,
  issueId: number,
  eventId: string,
  adjuntoId: number,
): Promise<{ nombre: string; sha256: string; tamano: number }> {
  const proyectoId = await proyectoDeIssue(db, issueId);
  const [row] = await db
    .select({ nombre: insightsAdjuntos.nombre, sha256: archivos.sha256, tamano: archivos.tamano })
    .from(insightsAdjuntos)
    .innerJoin(archivos, eq(archivos.id, insightsAdjuntos.archivoId))
    .where(
      and(
        eq(insightsAdjuntos.proyectoId, proyectoId),
        eq(insightsAdjuntos.eventId, eventId),
        eq(insightsAdjuntos.id, adjuntoId),
      ),
    );
  if (!row) throw new ApiError(404, 'El adjunto no existe');
  return row;
}

export { TIPO_DEFECTO as TIPO_DESCARGA };
