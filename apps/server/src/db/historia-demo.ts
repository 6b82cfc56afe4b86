import { and, eq, inArray } from 'drizzle-orm';
import { writeAudit, type Autor } from './audit.ts';
import type { Tx } from './client.ts';
import { auditoria, usuarios } from './schema.ts';

const HORA = 3_600_000;
const DIA = 24 * HORA;

/** A demo edit of one record: the demo account that made it and the older values of the fields it changed. */
export interface EdicionDemo {
  id: number;
  por: 'admin' | 'tecnico' | 'comercial';
  antes: Record<string, unknown>;
}

/** How a record came to be when its create route says otherwise: a package is uploaded ('subir') on its own date. */
export interface AltaDemo {
  accion?: string;
  fecha?: (id: number) => Date;
}

/**
 * Gives the seeded records of one kind a history, as if the admin had created them weeks or months ago (the
 * first ids earliest) and `ediciones` (oldest first) had changed some of them in the last few days.
 * `leer` is the area's own reading of a record as its create route writes it to the history; it is the
 * record as it is now, so each edit's `antes` walks it back, and the 'crear' row has the oldest values.
 * Rows the seed wrote for these records before (a create with no author, dated now) give way.
 */
export async function historiaDemo(
  tx: Tx,
  entidad: string,
  ids: readonly number[],
  leer: (tx: Tx, id: number) => Promise<object | undefined>,
  ediciones: readonly EdicionDemo[] = [],
  alta: AltaDemo = {},
): Promise<void> {
  const cuentas = await tx
    .select({ id: usuarios.id, nombre: usuarios.nombre, usuario: usuarios.usuario })
    .from(usuarios)
    .where(inArray(usuarios.usuario, ['admin', 'tecnico', 'comercial']));
  const autor = (usuario: string): Autor | undefined => cuentas.find((c) => c.usuario === usuario);
  const admin = autor('admin');
  // An area's seed run alone (some tests) has no accounts to sign the history with.
  if (!admin || ids.length === 0) return;
  await tx.delete(auditoria).where(and(eq(auditoria.entidad, entidad), inArray(auditoria.entidadId, ids.map(String))));
  const ahora = Date.now();
  for (const [i, id] of ids.entries()) {
    const actual = await leer(tx, id);
    if (!actual) continue;
    const propias = ediciones.filter((e) => e.id === id);
    // Each record's state before each edit, newest first: the current one with that edit's older values.
    const estados = [actual as Record<string, unknown>];
    for (const e of [...propias].reverse()) estados.unshift({ ...estados[0], ...e.antes });
    const dias = 20 + Math.round((100 * (ids.length - 1 - i)) / Math.max(ids.length - 1, 1));
    const creado = alta.fecha?.(id) ?? new Date(ahora - dias * DIA - (i % 9) * HORA);
    await writeAudit(tx, {
      autor: admin,
      accion: alta.accion ?? 'crear',
      entidad,
      entidadId: id,
      despues: estados[0],
      fecha: creado,
    });
    for (const [j, e] of propias.entries()) {
      // A few days ago, but never before the record was made.
      const hace = (2 + 3 * (propias.length - 1 - j) + (i % 3)) * DIA + (3 + j) * HORA;
      const fecha = new Date(
        Math.max(ahora - hace, creado.getTime() + ((j + 1) * (ahora - creado.getTime())) / (propias.length + 1)),
      );
      await writeAudit(tx, {
        autor: autor(e.por) ?? admin,
        accion: 'modificar',
        entidad,
        entidadId: id,
        antes: estados[j],
        despues: estados[j + 1],
        fecha,
      });
    }
  }
}
