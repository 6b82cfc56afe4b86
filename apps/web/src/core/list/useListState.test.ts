// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { servidorListQuery } from '@intranet/contract/areas/servidores';
import { dnsListQuery } from '@intranet/contract/areas/servidores/dns';
import { listQueryString, readListQuery, useListState } from './useListState.ts';

function renderList<S extends typeof servidorListQuery | typeof dnsListQuery>(schema: S, url: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const hook = renderHook(() => ({ list: useListState(schema), location: useLocation() }), {
    wrapper: ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] });
      return createElement(RouterProvider, { router });
    },
  });
  return hook;
}

describe('readListQuery', () => {
  it('applies the contract defaults', () => {
    expect(readListQuery(servidorListQuery, new URLSearchParams())).toEqual({ page: 1, size: 25 });
  });

  it('types the values as the contract outputs them', () => {
    const query = readListQuery(dnsListQuery, new URLSearchParams('page=3&servidor_id=7&activo=false&sort=-host'));
    expect(query).toEqual({ page: 3, size: 25, servidor_id: 7, activo: false, sort: '-host' });
  });

  it('drops a param the schema refuses and keeps the rest', () => {
    const query = readListQuery(servidorListQuery, new URLSearchParams('estado=roto&q=web&sort=nope&page=2'));
    expect(query).toEqual({ page: 2, size: 25, q: 'web' });
  });

  it('ignores params the list does not know', () => {
    expect(readListQuery(servidorListQuery, new URLSearchParams('foo=1&q=a'))).toEqual({ page: 1, size: 25, q: 'a' });
  });
});

describe('listQueryString', () => {
  it('leaves page and size out for the export', () => {
    const query = { page: 2, size: 50, q: 'web', activo: true, tipo: undefined };
    expect(listQueryString(query)).toBe('page=2&size=50&q=web&activo=true');
    expect(listQueryString(query, { withPaging: false })).toBe('q=web&activo=true');
  });
});

describe('useListState', () => {
  it('reads the view from the URL', () => {
    const { result } = renderList(servidorListQuery, '/servidores?page=2&size=50&sort=-nombre&q=web&estado=activo');
    expect(result.current.list.page).toBe(2);
    expect(result.current.list.size).toBe(50);
    expect(result.current.list.sort).toBe('-nombre');
    expect(result.current.list.q).toBe('web');
    expect(result.current.list.query.estado).toBe('activo');
    expect(result.current.list.exportParams).toBe('sort=-nombre&q=web&estado=activo');
  });

  it('counts the filters the URL sets, not the search, paging or sort', () => {
    const { result } = renderList(dnsListQuery, '/dns?page=2&sort=-host&q=web');
    expect(result.current.list.filtrosActivos).toBe(0);
    act(() => result.current.list.setFilter('tipo', 'A'));
    act(() => result.current.list.setFilter('activo', false));
    expect(result.current.list.filtrosActivos).toBe(2);
    act(() => result.current.list.clearFilters());
    expect(result.current.list.filtrosActivos).toBe(0);
    expect(result.current.location.search).toBe('?sort=-host');
  });

  it('writes filters into the URL and goes back to page 1', () => {
    const { result } = renderList(servidorListQuery, '/servidores?page=4');
    act(() => result.current.list.setFilter('estado', 'baja'));
    expect(result.current.location.search).toBe('?estado=baja');
    act(() => result.current.list.setPage(3));
    expect(result.current.location.search).toBe('?estado=baja&page=3');
    act(() => result.current.list.setSort('-actualizado'));
    expect(result.current.location.search).toBe('?estado=baja&sort=-actualizado');
  });

  it("carries the next or previous page's cursor beside the page number, and drops it on any other change", () => {
    const { result } = renderList(dnsListQuery, '/dns?tipo=A&page=4');
    act(() => result.current.list.setPage(5, { tras: 1234 }));
    expect(result.current.location.search).toBe('?tipo=A&page=5&tras=1234');
    expect(result.current.list.apiParams).toBe('page=5&size=25&tras=1234&tipo=A');
    expect(result.current.list.exportParams).toBe('tipo=A');
    act(() => result.current.list.setPage(4, { antes: 77 }));
    expect(result.current.location.search).toBe('?tipo=A&page=4&antes=77');
    act(() => result.current.list.setPage(9));
    expect(result.current.location.search).toBe('?tipo=A&page=9');
    act(() => result.current.list.setPage(10, { tras: 5 }));
    act(() => result.current.list.setSort('-ttl'));
    expect(result.current.location.search).toBe('?tipo=A&sort=-ttl');
  });

  it('keeps default values out of the URL and clears filters', () => {
    const { result } = renderList(dnsListQuery, '/dns?q=mail&tipo=A&size=50');
    act(() => result.current.list.setSize(25));
    expect(result.current.location.search).toBe('?q=mail&tipo=A');
    act(() => result.current.list.clearFilters());
    expect(result.current.location.search).toBe('');
    act(() => result.current.list.setSearch('  web  '));
    expect(result.current.location.search).toBe('?q=web');
    act(() => result.current.list.setFilter('activo', false));
    expect(result.current.list.query.activo).toBe(false);
  });
});
