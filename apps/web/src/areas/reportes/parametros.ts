import type { z } from 'zod';

/** A report's parameter schema (every one is an object of query-string values). */
export type ParametrosSchema = z.ZodObject<z.ZodRawShape> & z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** The URL's values for the keys the report knows, as the server would read them (blank ones left out). */
export function leerParametros(schema: ParametrosSchema, search: URLSearchParams): Record<string, string> {
  const valores: Record<string, string> = {};
  for (const clave of Object.keys(schema.shape)) {
    const valor = search.get(clave);
    if (valor !== null && valor !== '') valores[clave] = valor;
  }
  return valores;
}

/** Parsed parameters as a query string, in the schema's key order: the run's URL, its link and its CSV. */
export function parametrosQuery(schema: ParametrosSchema, valores: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const clave of Object.keys(schema.shape)) {
    const valor = valores[clave];
    if (valor === undefined || valor === null || valor === '') continue;
    query.set(clave, String(valor));
  }
  return query.toString();
}

/**
 * What a run asks for: the URL's parameters once the schema accepts them (defaults filled in), or null with the
 * URL's raw values when it does not (a hand-edited link), so the form can show what is wrong.
 */
export function parametrosDeUrl(
  schema: ParametrosSchema,
  search: URLSearchParams,
): { query: string | null; valores: Record<string, unknown> } {
  const crudos = leerParametros(schema, search);
  const parsed = schema.safeParse(crudos);
  if (parsed.success) return { query: parametrosQuery(schema, parsed.data), valores: parsed.data };
  const defaults = schema.safeParse({});
  return { query: null, valores: { ...(defaults.success ? defaults.data : {}), ...crudos } };
}
