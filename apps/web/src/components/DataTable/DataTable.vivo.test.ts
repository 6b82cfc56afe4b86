// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ListaViva } from '@intranet/contract/areas/vivo';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing.tsx';
import { DataTable, type DataTableProps } from './DataTable.tsx';

const http = vi.hoisted(() => ({ post: vi.fn(), blob: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));

// The tab's feed, as the table subscribes to it: the test plays the server's side.
const feed = vi.hoisted(() => {
  const oyentes = new Map<string, Set<() => void>>();
  return {
    oyentes,
    suscribir: (lista: string, oyente: () => void) => {
      const set = oyentes.get(lista) ?? new Set();
      set.add(oyente);
      oyentes.set(lista, set);
      return () => set.delete(oyente);
    },
  };
});
vi.mock('../../core/vivo/feed.ts', () => ({ feedVivo: { suscribir: feed.suscribir } }));

const cambio = (lista: ListaViva) =>
  act(() => {
    for (const oyente of feed.oyentes.get(lista) ?? []) oyente();
  });

interface Fila {
  id: number;
  nombre: string;
}

const columns: ColumnDef<Fila>[] = [{ id: 'nombre', accessorKey: 'nombre', header: 'Nombre' }];
const filas: Fila[] = [
  { id: 1, nombre: 'acme' },
  { id: 2, nombre: 'globex' },
];

function paginada(lista: ListaViva, refrescar: () => unknown) {
  const props: DataTableProps<Fila> = {
    label: 'Clientes',
    tableId: lista,
    columns,
    sortable: [],
    rows: filas,
    total: filas.length,
    list: { page: 1, size: 25, sort: undefined, setPage: vi.fn(), setSize: vi.fn(), setSort: vi.fn() },
    getRowId: (row) => String(row.id),
    rowLabel: (row) => row.nombre,
    onDeleteSelected: vi.fn(),
    vivo: { lista, refrescar },
  };
  renderUi(createElement(DataTable<Fila>, props));
}

beforeEach(() => feed.oyentes.clear());
afterEach(cleanup);

describe('a live DataTable', () => {
  it('reads its list again when someone else changes it and nobody is working on it', () => {
    const refrescar = vi.fn();
    paginada('clientes', refrescar);
    cambio('clientes');
    expect(refrescar).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /cambios? — actualizar/ })).toBeNull();
    // Another list's change is not this one's.
    cambio('maquinas');
    expect(refrescar).toHaveBeenCalledTimes(1);
  });

  it('counts the changes while a row is selected, and shows them when asked', () => {
    const refrescar = vi.fn();
    paginada('maquinas', refrescar);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar acme' }));
    cambio('maquinas');
    expect(screen.getByRole('button', { name: '1 cambio — actualizar' })).toBeTruthy();
    cambio('maquinas');
    expect(refrescar).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '2 cambios — actualizar' }));
    expect(refrescar).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /cambios? — actualizar/ })).toBeNull();
  });

  it('is live without paging too (the notifications): the same banner while a row is selected', () => {
    const refrescar = vi.fn();
    renderUi(
      createElement(DataTable<Fila>, {
        label: 'Notificaciones',
        columns,
        rows: filas,
        getRowId: (row) => String(row.id),
        rowLabel: (row) => row.nombre,
        lote: { url: '/api/alertas/notificaciones', filtro: '', eliminar: true },
        vivo: { lista: 'notificaciones', refrescar },
      }),
    );
    cambio('notificaciones');
    expect(refrescar).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar globex' }));
    cambio('notificaciones');
    fireEvent.click(screen.getByRole('button', { name: '1 cambio — actualizar' }));
    expect(refrescar).toHaveBeenCalledTimes(2);
  });
});
