import { inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clientes, productos } from '../../db/schema.ts';
import { ApiError } from '../../core/api-error.ts';

/** A name as an import compares it with the stored ones: case and surrounding spaces ignored. */
export const comparable = (nombre: string): string => nombre.trim().toLowerCase();

/** A record a column names by text, with every name it answers to (a product's code and its name). */
export interface Referido {
  id: number;
  nombres: readonly (string | null)[];
}

/**
 * The ids of the records a column names (the export writes names, not ids), by the name as compared. A name that
 * no record answers to, or that two records share, refuses the rows with the column's reason: never a guess.
 */
export async function idsPorNombre(
  nombres: readonly string[],
  buscar: (comparables: string[]) => Promise<Referido[]>,
  mensajes: { falta: (nombre: string) => string; repetido: (nombre: string) => string },
): Promise<Map<string, number>> {
  const pedidos = [...new Set(nombres.map(comparable))];
  const ids = new Map<string, Set<number>>();
  if (pedidos.length > 0) {
    for (const r of await buscar(pedidos)) {
      for (const n of new Set(r.nombres.filter((x): x is string => x !== null).map(comparable)))
        ids.set(n, (ids.get(n) ?? new Set()).add(r.id));
    }
  }
  const unicos = new Map<string, number>();
  for (const nombre of nombres) {
    const encontrados = ids.get(comparable(nombre));
    if (!encontrados) throw new ApiError(400, mensajes.falta(nombre.trim()));
    if (encontrados.size > 1) throw new ApiError(400, mensajes.repetido(nombre.trim()));
    unicos.set(comparable(nombre), [...encontrados][0]!);
  }
  return unicos;
}

/** The clients a column names by their razón social (as the lists export them), by the name as compared. */
export function clientesPorNombre(tx: Tx, nombres: readonly string[], titulo: string): Promise<Map<string, number>> {
  return idsPorNombre(
    nombres,
    async (c) =>
      (
        await tx
          .select({ id: clientes.id, nombre: clientes.razonSocial })
          .from(clientes)
          .where(inArray(sql`lower(${clientes.razonSocial})`, c))
      ).map((e) => ({ id: e.id, nombres: [e.nombre] })),
    {
      falta: (n) => `${titulo}: no hay un cliente con la razón social «${n}»`,
      repetido: (n) => `${titulo}: hay más de un cliente con la razón social «${n}»`,
    },
  );
}

/** The products a column names by their code or their name, by the text as compared. */
export function productosPorNombre(tx: Tx, nombres: readonly string[], titulo: string): Promise<Map<string, number>> {
  return idsPorNombre(
    nombres,
    async (c) =>
      (
        await tx
          .select({ id: productos.id, codigo: productos.codigo, nombre: productos.nombre })
          .from(productos)
          .where(or(inArray(sql`lower(${productos.codigo})`, c), inArray(sql`lower(${productos.nombre})`, c)))
      ).map((p) => ({ id: p.id, nombres: [p.codigo, p.nombre] })),
    {
      falta: (n) => `${titulo}: no hay un producto con el código o el nombre «${n}»`,
      repetido: (n) => `${titulo}: hay más de un producto llamado «${n}»; use su código`,
    },
  );
}
