import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { MAX_PAGE_SIZE } from '@intranet/contract/shared/list';

/** What every contract `listQuery(...)` answers once parsed: paging, sort and search, plus the area's filters. */
interface ListQueryBase {
  page: number;
  size: number;
  sort?: string | undefined;
  q?: string | undefined;
  tras?: number | undefined;
  antes?: number | undefined;
}

/** The row a page is read from: the next page after the last row shown (`tras`), the previous before the first. */
export interface PageCursor {
  tras?: number | undefined;
  antes?: number | undefined;
}

/** A contract list query schema (`servidorListQuery`, `dnsListQuery`...). */
export type ListQuerySchema = z.ZodObject<z.ZodRawShape, z.core.$ZodObjectConfig> & z.ZodType<ListQueryBase>;

/**
 * `?imprimir=1`: the screen is laid out for paper (components/Imprimir.tsx); a list then reads every row its filter
 * matches, up to a page's most.
 */
export const PARAMETRO_IMPRIMIR = 'imprimir';

const PAGING_KEYS = ['page', 'size', 'sort', 'q', 'tras', 'antes'] as const;

/** The area's own filters: every key of the schema but paging, sort and search. */
export type ListFilterKey<S extends ListQuerySchema> = Exclude<keyof S['shape'] & string, (typeof PAGING_KEYS)[number]>;

/** A value as it goes into the URL; empty values remove the parameter. */
export type ListParamValue = string | number | boolean | null | undefined;

/**
 * Reads the URL's search params through the schema. A param the schema refuses (a stale link, a typo) is
 * dropped rather than breaking the screen, so the rest of the view still comes back.
 */
export function readListQuery<S extends ListQuerySchema>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete raw[String(issue.path[0])];
  const second = schema.safeParse(raw);
  return second.success ? second.data : schema.parse({});
}

/** Serialises a parsed query for the API; `withPaging: false` leaves page and size out (CSV export). */
export function listQueryString(query: object, { withPaging = true } = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (!withPaging && (key === 'page' || key === 'size' || key === 'tras' || key === 'antes')) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export interface ListState<S extends ListQuerySchema> {
  /** The parsed query: defaults applied, values typed as the contract outputs them. */
  query: z.output<S>;
  page: number;
  size: number;
  sort: string | undefined;
  q: string;
  /**
   * `page=2&size=25&sort=-nombre&q=...` for the list call; while printing, the first `MAX_PAGE_SIZE` rows the
   * filter matches.
   */
  apiParams: string;
  /** The list is being printed: it shows every row its filter matches (up to `MAX_PAGE_SIZE`), not the page. */
  imprimiendo: boolean;
  /** The same filters without page and size, for `export.csv`. */
  exportParams: string;
  /** With a cursor for the next or previous page, read from that row however deep the page is. */
  setPage: (page: number, cursor?: PageCursor) => void;
  setSize: (size: number) => void;
  setSort: (sort: string | undefined) => void;
  setSearch: (q: string) => void;
  setFilter: (key: ListFilterKey<S>, value: ListParamValue) => void;
  /** Clears search and filters, keeping the page size and sort. */
  clearFilters: () => void;
  /** How many of the area's filters the URL sets to other than their default (the search not counted). */
  filtrosActivos: number;
}

/**
 * The list's state lives in the URL (page, size, sort as `campo`/`-campo`, q and the area's filters), so a
 * copied link reproduces the view. Changing anything but the page goes back to page 1. The next or previous
 * page carries its cursor (`tras`/`antes`, a row id) beside the page number: the link stays shareable.
 */
export function useListState<S extends ListQuerySchema>(schema: S): ListState<S> {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(schema, params), [schema, params]);
  const defaults = useMemo(() => schema.parse({}), [schema]);
  const imprimiendo = params.get(PARAMETRO_IMPRIMIR) === '1';

  const update = useCallback(
    (changes: Record<string, ListParamValue>, { keepPage = false, replace = false } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          // A cursor belongs to the page it was given with: any other change drops it.
          next.delete('tras');
          next.delete('antes');
          for (const [name, value] of Object.entries(changes)) {
            const isDefault =
              value !== undefined &&
              value !== null &&
              String(value) === String(defaults[name as keyof typeof defaults]);
            if (value === undefined || value === null || value === '' || isDefault) next.delete(name);
            else next.set(name, String(value));
          }
          if (!keepPage) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams, defaults],
  );

  return useMemo(() => {
    const base = query as ListQueryBase;
    const valores = query as Record<string, unknown>;
    const filtrosActivos = Object.keys(schema.shape).filter(
      (name) =>
        !PAGING_KEYS.includes(name as never) &&
        valores[name] !== undefined &&
        String(valores[name]) !== String((defaults as Record<string, unknown>)[name]),
    ).length;
    return {
      query,
      page: base.page,
      size: base.size,
      sort: base.sort,
      q: base.q ?? '',
      apiParams: imprimiendo
        ? listQueryString({ ...query, page: 1, size: MAX_PAGE_SIZE, tras: undefined, antes: undefined })
        : listQueryString(query),
      imprimiendo,
      exportParams: listQueryString(query, { withPaging: false }),
      setPage: (page, cursor) => update({ page, tras: cursor?.tras, antes: cursor?.antes }, { keepPage: true }),
      setSize: (size) => update({ size }),
      setSort: (sort) => update({ sort }),
      // Typing replaces the history entry, so Back leaves the list instead of replaying each keystroke.
      setSearch: (q) => update({ q: q.trim() }, { replace: true }),
      setFilter: (name, value) => update({ [name]: value }),
      clearFilters: () => {
        const cleared: Record<string, undefined> = { q: undefined };
        for (const name of Object.keys(schema.shape))
          if (!PAGING_KEYS.includes(name as never)) cleared[name] = undefined;
        update(cleared);
      },
      filtrosActivos,
    };
  }, [query, update, schema, imprimiendo, defaults]);
}
