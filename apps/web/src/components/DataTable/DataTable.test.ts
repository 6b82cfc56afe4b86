// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { createElement, Fragment } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { FilterSelect } from '../FilterSelect.tsx';
import { ListSearch } from '../ListSearch.tsx';
import { renderUi } from '../testing.tsx';
import { DataTable, type DataTableList, type DataTableProps } from './DataTable.tsx';

const http = vi.hoisted(() => ({ post: vi.fn(), blob: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));

interface Fila {
  id: number;
  nombre: string;
  estado: string;
}

const columns: ColumnDef<Fila>[] = [
  { id: 'nombre', accessorKey: 'nombre', header: 'Nombre' },
  { id: 'estado', accessorKey: 'estado', header: 'Estado' },
];

const filas: Fila[] = [
  { id: 1, nombre: 'web-01', estado: 'activo' },
  { id: 2, nombre: 'db-01', estado: 'baja' },
];

function setup(
  overrides: Partial<DataTableProps<Fila>> = {},
  listOverrides: Partial<DataTableList> = {},
  ancho?: number,
) {
  const list: DataTableList = {
    page: 1,
    size: 25,
    sort: undefined,
    setPage: vi.fn(),
    setSize: vi.fn(),
    setSort: vi.fn(),
    ...listOverrides,
  };
  const props: DataTableProps<Fila> = {
    label: 'Servidores',
    tableId: 'prueba',
    columns,
    sortable: ['nombre'],
    rows: filas,
    total: 2,
    list,
    getRowId: (row) => String(row.id),
    rowLabel: (row) => row.nombre,
    ...overrides,
  };
  renderUi(createElement(DataTable<Fila>, props), { ancho });
  return { list, props };
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('DataTable', () => {
  it('shows the rows under the table name and the total', () => {
    setup({ total: 57 });
    const table = screen.getByRole('table', { name: 'Servidores' });
    expect(within(table).getByText('web-01')).toBeTruthy();
    expect(within(table).getByText('db-01')).toBeTruthy();
    expect(screen.getByText('57 resultados')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página 3' })).toBeTruthy();
  });

  it('says "más de" when the server stopped counting, and pages as far as it counted', () => {
    setup({ total: 10_000, totalExacto: false });
    expect(screen.getByText('Más de 10.000 resultados')).toBeTruthy();
    expect(screen.queryByText('10.000 resultados')).toBeNull();
    expect(screen.getByRole('button', { name: 'Página 400' })).toBeTruthy();
  });

  it('says the estimate when the server gave one instead of counting, and pages as far as the cap', () => {
    setup({ total: 10_000, totalExacto: false, totalEstimado: 332_705 });
    expect(screen.getByText('≈ 330 mil resultados')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página 400' })).toBeTruthy();
    cleanup();
    setup({ total: 10_000, totalExacto: false, totalEstimado: 1_234_567 });
    expect(screen.getByText('≈ 1,2 M resultados')).toBeTruthy();
  });

  it('cycles a sortable column through ascending, descending and unsorted', () => {
    const first = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Nombre' }));
    expect(first.list.setSort).toHaveBeenCalledWith('nombre');
    cleanup();

    const asc = setup({}, { sort: 'nombre' });
    expect(screen.getByRole('columnheader', { name: /Nombre/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Nombre, orden ascendente' }));
    expect(asc.list.setSort).toHaveBeenCalledWith('-nombre');
    cleanup();

    const desc = setup({}, { sort: '-nombre' });
    fireEvent.click(screen.getByRole('button', { name: 'Nombre, orden descendente' }));
    expect(desc.list.setSort).toHaveBeenCalledWith(undefined);
    expect(screen.queryByRole('button', { name: 'Estado' })).toBeNull();
  });

  it('pages and changes the page size through the list state', () => {
    const { list } = setup({ total: 120 });
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    // The next page is read after the last row shown.
    expect(list.setPage).toHaveBeenCalledWith(2, { tras: 2 });
    fireEvent.change(screen.getByLabelText('Filas por página'), { target: { value: '50' } });
    expect(list.setSize).toHaveBeenCalledWith(50);
  });

  it('reads the previous page before the first row shown, and a page jumped to by its number', () => {
    const { list } = setup({ total: 120 }, { page: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(list.setPage).toHaveBeenLastCalledWith(2, { antes: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Página 5' }));
    expect(list.setPage).toHaveBeenLastCalledWith(5, undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Primera página' }));
    expect(list.setPage).toHaveBeenLastCalledWith(1, undefined);
  });

  it('says when it is loading, empty or failed', () => {
    setup({ rows: undefined, loading: true, total: 0 });
    expect(screen.getByText('Cargando…')).toBeTruthy();
    cleanup();
    setup({ rows: [], total: 0, emptyText: 'No hay servidores' });
    expect(screen.getByText('No hay servidores')).toBeTruthy();
    cleanup();
    const onRetry = vi.fn();
    setup({ rows: undefined, total: 0, error: new Error('Error del servidor'), onRetry });
    expect(screen.getByRole('alert').textContent).toContain('No se pudieron cargar los datos.');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('selects rows and hands them to the bulk delete', () => {
    const onDeleteSelected = vi.fn();
    setup({ onDeleteSelected });
    expect(screen.queryByRole('button', { name: /Eliminar seleccionados/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar db-01' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionados (1)' }));
    expect(onDeleteSelected).toHaveBeenCalledWith([filas[1]]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
    expect(screen.getByRole('button', { name: 'Eliminar seleccionados (2)' })).toBeTruthy();
  });

  it('opens a row on click, but not when its checkbox is clicked', () => {
    const onRowClick = vi.fn();
    setup({ onRowClick, onDeleteSelected: vi.fn() });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar web-01' }));
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('web-01'));
    expect(onRowClick).toHaveBeenCalledWith(filas[0]);
  });

  it('hides a column from the Columnas menu and remembers it', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Columnas' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Estado' }));
    expect(screen.queryByRole('columnheader', { name: 'Estado' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('intranet.columnas.prueba') ?? '{}')).toEqual({ estado: false });
    cleanup();
    setup();
    expect(screen.queryByRole('columnheader', { name: 'Estado' })).toBeNull();
  });

  it('shows rows already at hand read-only: no sorting, column menu or pager', () => {
    const readOnly = (rows: Fila[] | undefined, extra: { loading?: boolean } = {}) =>
      renderUi(
        createElement(DataTable<Fila>, {
          label: 'Verificaciones',
          columns: [
            { id: 'nombre', accessorKey: 'nombre', header: 'Nombre', meta: { width: 150 } },
            ...columns.slice(1),
          ],
          rows,
          getRowId: (row) => String(row.id),
          emptyText: 'Sin verificaciones',
          ...extra,
        }),
      );
    readOnly(filas);
    const table = screen.getByRole('table', { name: 'Verificaciones' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: 'Nombre' }).style.width).toContain('9.375rem');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText(/resultados/)).toBeNull();
    cleanup();
    readOnly([]);
    expect(screen.getByText('Sin verificaciones')).toBeTruthy();
    cleanup();
    readOnly(undefined, { loading: true });
    expect(screen.getByText('Cargando…')).toBeTruthy();
  });

  it('gives a column a share of the table’s width', () => {
    renderUi(
      createElement(DataTable<Fila>, {
        label: 'Parámetros',
        columns: [
          { id: 'nombre', accessorKey: 'nombre', header: 'Nombre', meta: { width: '24%' } },
          ...columns.slice(1),
        ],
        rows: filas,
        getRowId: (row) => String(row.id),
      }),
    );
    expect(screen.getByRole('columnheader', { name: 'Nombre' }).style.width).toBe('24%');
  });

  it('leaves the actions column and the checkboxes off paper, header and cells', () => {
    setup({
      onDeleteSelected: vi.fn(),
      columns: [
        ...columns,
        { id: 'acciones', header: 'Acciones', cell: () => createElement('button', { type: 'button' }, 'Editar') },
      ],
    });
    const table = screen.getByRole('table', { name: 'Servidores' });
    expect(screen.getByRole('columnheader', { name: 'Acciones' }).className).toContain('no-print');
    for (const fila of within(table).getAllByRole('row').slice(1)) {
      const celdas = within(fila).getAllByRole('cell');
      expect(celdas.map((celda) => celda.classList.contains('no-print'))).toEqual([true, false, false, true]);
    }
    expect(screen.getByRole('columnheader', { name: 'Nombre' }).className).not.toContain('no-print');
  });

  it('shows a row as one cell across the table when it is replaced (its inline edit form)', () => {
    renderUi(
      createElement(DataTable<Fila>, {
        label: 'Direcciones',
        columns,
        rows: filas,
        getRowId: (row) => String(row.id),
        replaceRow: (row) => row.id === 2 && createElement('form', { 'aria-label': `Editar ${row.nombre}` }),
      }),
    );
    const form = screen.getByRole('form', { name: 'Editar db-01' });
    expect(form.closest('td')?.getAttribute('colspan')).toBe('2');
    expect(screen.getByText('web-01')).toBeTruthy();
    expect(screen.queryByText('db-01')).toBeNull();
  });

  describe('bulk actions (lote)', () => {
    const lote = {
      url: '/api/servidores',
      filtro: 'estado=activo&q=web',
      nombre: 'servidores',
      eliminar: true,
      campos: [{ campo: 'rol', etiqueta: 'Rol' }],
    };
    const barra = () => screen.getByRole('group', { name: 'Acciones en lote' });

    it('offers all that match once the whole page is selected, and back to the page', () => {
      setup({ total: 57, lote });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar web-01' }));
      expect(barra().textContent).toContain('1 fila seleccionada');
      expect(screen.queryByRole('button', { name: /que coinciden con el filtro/ })).toBeNull();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
      fireEvent.click(screen.getByRole('button', { name: 'Seleccionar los 57 que coinciden con el filtro' }));
      expect(barra().textContent).toContain('57 filas seleccionadas');
      expect(screen.getByText('Los 57 que coinciden con el filtro están seleccionados')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Solo esta página' }));
      expect(barra().textContent).toContain('2 filas seleccionadas');
    });

    it('says in Spanish when all that match pass what one action may touch, and offers only the export', () => {
      const barraDe = (seleccionar: string) => {
        fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
        expect(screen.queryByTestId('lote-excedido')).toBeNull();
        fireEvent.click(screen.getByRole('button', { name: seleccionar }));
        expect(screen.getByRole('alert').textContent).toBe(
          'Más de 10.000 filas coinciden con el filtro: eliminar o cambiar en lote actúa sobre 10.000 como máximo. Acote la lista con un filtro para hacerlo; Exportar selección las incluye todas.',
        );
        expect((within(barra()).getByRole('button', { name: 'Eliminar' }) as HTMLButtonElement).disabled).toBe(true);
        expect((within(barra()).getByRole('button', { name: 'Cambiar rol' }) as HTMLButtonElement).disabled).toBe(true);
        expect(
          (within(barra()).getByRole('button', { name: 'Exportar selección' }) as HTMLButtonElement).disabled,
        ).toBe(false);
      };
      // The list stopped counting: how many is unknown, and said so.
      setup({ total: 10_000, totalExacto: false, lote });
      barraDe('Seleccionar los más de 10.000 que coinciden con el filtro');
      expect(screen.getByText('Los más de 10.000 que coinciden con el filtro están seleccionados')).toBeTruthy();
      cleanup();
      setup({ total: 12_345, lote });
      barraDe('Seleccionar los 12.345 que coinciden con el filtro');
      // Back to the page's rows, the actions come back.
      fireEvent.click(screen.getByRole('button', { name: 'Solo esta página' }));
      expect(screen.queryByRole('alert')).toBeNull();
      expect((within(barra()).getByRole('button', { name: 'Eliminar' }) as HTMLButtonElement).disabled).toBe(false);
    });

    it('does not offer all that match when the page holds them all', () => {
      setup({ total: 2, lote });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
      expect(barra().textContent).toContain('2 filas seleccionadas');
      expect(screen.queryByRole('button', { name: /que coinciden con el filtro/ })).toBeNull();
    });

    it('exports the chosen rows, or the filter for all that match, in one request', async () => {
      http.blob.mockResolvedValue(new Blob(['a']));
      URL.createObjectURL = vi.fn(() => 'blob:x');
      URL.revokeObjectURL = vi.fn();
      setup({ total: 57, lote });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar db-01' }));
      fireEvent.click(within(barra()).getByRole('button', { name: 'Exportar selección' }));
      await vi.waitFor(() =>
        expect(http.blob).toHaveBeenCalledWith('/api/servidores/lote/export.csv', {}, { seleccion: { ids: [2] } }),
      );
      fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
      fireEvent.click(screen.getByRole('button', { name: 'Seleccionar los 57 que coinciden con el filtro' }));
      fireEvent.click(within(barra()).getByRole('button', { name: 'Exportar selección' }));
      await vi.waitFor(() =>
        expect(http.blob).toHaveBeenLastCalledWith(
          '/api/servidores/lote/export.csv',
          {},
          { seleccion: { filtro: { estado: 'activo', q: 'web' } } },
        ),
      );
    });

    it('sets a day typed as dd/mm/aaaa, sent as the contract has it', async () => {
      http.post.mockResolvedValue({ error: null, datos: { total: 1, hechos: [2], rechazados: [] } });
      setup({
        total: 57,
        lote: { ...lote, campos: [{ campo: 'garantia_hasta', etiqueta: 'Garantía hasta', tipo: 'fecha' }] },
      });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar db-01' }));
      fireEvent.click(within(barra()).getByRole('button', { name: 'Cambiar garantía hasta' }));
      const dia = await screen.findByRole('textbox', { name: 'Garantía hasta' });
      fireEvent.change(dia, { target: { value: '31/03/2029' } });
      fireEvent.blur(dia);
      fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
      await vi.waitFor(() =>
        expect(http.post).toHaveBeenCalledWith(
          '/api/servidores/lote',
          { seleccion: { ids: [2] }, accion: 'cambiar', cambio: { campo: 'garantia_hasta', valor: '2029-03-31' } },
          expect.anything(),
        ),
      );
    });

    it('shows no delete or change to who may not edit, only the export', () => {
      setup({ total: 57, lote: { ...lote, eliminar: false, campos: undefined } });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar web-01' }));
      expect(
        within(barra())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Exportar selección']);
    });
  });

  describe('on a phone (390 px)', () => {
    const TELEFONO = 390;
    const toolbar = createElement(
      Fragment,
      null,
      createElement(ListSearch, { value: '', onSearch: vi.fn(), placeholder: 'Buscar servidores' }),
      createElement(FilterSelect, {
        label: 'Estado',
        value: 'activo',
        options: [{ value: 'activo', label: 'Activo' }],
        onChange: vi.fn(),
      }),
    );

    it('shows each row as a card with its columns as named fields, and no table', () => {
      setup({ total: 2 }, {}, TELEFONO);
      expect(screen.queryByRole('table')).toBeNull();
      const tarjetas = within(screen.getByRole('list', { name: 'Servidores' })).getAllByRole('listitem');
      expect(tarjetas).toHaveLength(2);
      // The first column heads the card; the others follow with their headers.
      expect(within(tarjetas[0]!).getByText('web-01')).toBeTruthy();
      expect(within(tarjetas[1]!).getByRole('term').textContent).toBe('Estado');
      expect(within(tarjetas[1]!).getByRole('definition').textContent).toBe('baja');
      expect(screen.getByText('2 resultados')).toBeTruthy();
    });

    it('keeps the search in sight and folds the filters behind one button that says how many are on', () => {
      const clearFilters = vi.fn();
      setup({ total: 2, toolbar }, { filtrosActivos: 1, clearFilters }, TELEFONO);
      expect(screen.getByPlaceholderText('Buscar servidores')).toBeTruthy();
      const boton = screen.getByRole('button', { name: 'Filtros: 1 activo' });
      expect(boton.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByRole('textbox', { name: 'Estado' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull();
      fireEvent.click(boton);
      expect(boton.getAttribute('aria-expanded')).toBe('true');
      expect(screen.getByRole('textbox', { name: 'Estado' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
      expect(clearFilters).toHaveBeenCalledOnce();
    });

    it('sorts from a picker of the sortable columns, either way, since cards have no headers to click', () => {
      const { list } = setup({ total: 2, sortable: ['nombre', 'estado'] }, { sort: '-nombre' }, TELEFONO);
      const orden = screen.getByRole('textbox', { name: 'Ordenar por' }) as HTMLInputElement;
      expect(orden.value).toBe('Nombre (descendente)');
      fireEvent.click(orden);
      fireEvent.click(screen.getByRole('option', { name: 'Estado (ascendente)' }));
      expect(list.setSort).toHaveBeenCalledWith('estado');
    });

    it('selects a card with its checkbox and the whole page with one above them', () => {
      setup({ total: 57, onDeleteSelected: vi.fn() }, {}, TELEFONO);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar db-01' }));
      expect(screen.getByRole('button', { name: /Eliminar seleccionados \(1\)/ })).toBeTruthy();
      fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
      expect(screen.getByText('2 seleccionados')).toBeTruthy();
    });

    it('stays a table on paper, and with a closing row of totals', () => {
      setup({ total: 2 }, { imprimiendo: true }, TELEFONO);
      expect(screen.getByRole('table', { name: 'Servidores' })).toBeTruthy();
      cleanup();
      renderUi(
        createElement(DataTable<Fila>, {
          label: 'Totales',
          columns,
          rows: filas,
          getRowId: (row) => String(row.id),
          footer: { nombre: 'Total' },
        }),
        { ancho: TELEFONO },
      );
      expect(screen.getByRole('table', { name: 'Totales' })).toBeTruthy();
    });

    it("shows a record's rows at hand as cards too, and its empty text in one", () => {
      const aMano = (rows: Fila[]) =>
        renderUi(
          createElement(DataTable<Fila>, {
            label: 'Verificaciones',
            columns,
            rows,
            getRowId: (row) => String(row.id),
            emptyText: 'Sin verificaciones',
          }),
          { ancho: TELEFONO },
        );
      aMano(filas);
      expect(within(screen.getByRole('list', { name: 'Verificaciones' })).getAllByRole('listitem')).toHaveLength(2);
      expect(screen.queryByRole('table')).toBeNull();
      cleanup();
      aMano([]);
      expect(screen.getByText('Sin verificaciones')).toBeTruthy();
    });
  });
});
