import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;
/** `sort=-campo` sorts descending, `sort=campo` ascending. */
export const SORT_DESC_PREFIX = '-';

/** A query-string boolean filter: `?activo=true`. */
export const queryBoolean = z
  .enum(['true', 'false'], { error: 'Debe ser true o false' })
  .transform((v) => v === 'true');

/** The largest id a table holds (PostgreSQL `integer`): a larger one names no record, and is refused as invalid. */
export const MAX_ID = 2_147_483_647;

/** A row id as a paging cursor: `?tras=123`. */
const cursor = z.coerce
  .number({ error: 'Debe ser un número' })
  .int('Debe ser un número entero')
  .positive('Id inválido')
  .max(MAX_ID, 'Id inválido')
  .optional();

/**
 * The list query every paginated list shares: `?page&size&sort&q` (and `tras`/`antes`, cursors) plus
 * the area's own filters.
 * `sortable` names the fields the list can be sorted by.
 */
export function listQuery<const Sort extends readonly [string, ...string[]], Filters extends z.ZodRawShape>(
  sortable: Sort,
  filters: Filters,
) {
  // Typed as the names themselves: a list's declaration on the server (ListSpec.sorts) is checked against them.
  const sortValues = [...sortable, ...sortable.map((field) => `${SORT_DESC_PREFIX}${field}`)] as [
    Sort[number],
    ...(Sort[number] | `${typeof SORT_DESC_PREFIX}${Sort[number]}`)[],
  ];
  return z
    .object({
      page: z.coerce
        .number({ error: 'Debe ser un número' })
        .int('Debe ser un número entero')
        .min(1, 'Mínimo 1')
        .default(1),
      size: z.coerce
        .number({ error: 'Debe ser un número' })
        .int('Debe ser un número entero')
        .min(1, 'Mínimo 1')
        .max(MAX_PAGE_SIZE, `Máximo ${MAX_PAGE_SIZE}`)
        .default(DEFAULT_PAGE_SIZE),
      sort: z.enum(sortValues, { error: `Orden inválido; use uno de: ${sortValues.join(', ')}` }).optional(),
      q: z.string().trim().max(200, 'Máximo 200 caracteres').optional(),
      // Keyset paging (the next or previous page of the one shown): the id of its last row (`tras`) or first
      // (`antes`). The page number stays in the URL beside it; a cursor whose row is gone is ignored.
      tras: cursor,
      antes: cursor,
      ...filters,
    })
    .strict();
}

/** Above this many matching rows a filtered list stops counting and says so: "más de 10.000" (as Gmail and GitHub). */
export const TOPE_TOTAL = 10_000;

/**
 * The paginated answer inside `datos`: one page of items and the total of the filtered rows. `total_exacto:
 * false` says the count stopped at `total` (TOPE_TOTAL): at least that many rows match. `total_estimado`, beside
 * it, is the database's estimate of how many match when it is far above the cap (nothing was counted): the list
 * says "≈ 330 mil resultados".
 */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    total_exacto: z.boolean().optional(),
    total_estimado: z.number().int().nonnegative().optional(),
  });

/** Splits `-nombre` into the field and its direction. */
export function parseSort(sort: string | undefined): { field: string; desc: boolean } | undefined {
  if (!sort) return undefined;
  return sort.startsWith(SORT_DESC_PREFIX) ? { field: sort.slice(1), desc: true } : { field: sort, desc: false };
}

/** Ids in bulk actions (`DELETE /x` with a body of ids). */
export const idList = z
  .object({
    ids: z.array(z.number().int().positive().max(MAX_ID, 'Id inválido')).min(1, 'Seleccione al menos uno').max(500),
  })
  .strict();

export const idParam = z
  .object({
    id: z.coerce.number({ error: 'Id inválido' }).int('Id inválido').positive('Id inválido').max(MAX_ID, 'Id inválido'),
  })
  .strict();
