// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TableOrCards } from './TableOrCards.tsx';
import { renderUi } from './testing.tsx';

afterEach(cleanup);

interface Fruta {
  id: number;
  nombre: string;
  kilos: number;
}

const FRUTAS: Fruta[] = [
  { id: 1, nombre: 'Manzana', kilos: 12 },
  { id: 2, nombre: 'Pera', kilos: 3 },
];

function frutas(rows: Fruta[], extra: Partial<Parameters<typeof TableOrCards<Fruta>>[0]> = {}) {
  return createElement(TableOrCards<Fruta>, {
    label: 'Frutas',
    rows,
    rowKey: (f) => f.id,
    empty: 'No hay frutas.',
    minWidth: 400,
    striped: true,
    columns: [
      { header: 'Nombre', cell: (f) => f.nombre, td: (f) => ({ fw: f.kilos > 10 ? 600 : undefined }) },
      { header: 'Kilos', align: 'right', nowrap: true, top: true, cell: (f) => `${f.kilos} kg` },
      { cell: (f) => createElement('button', { type: 'button' }, `Pesar ${f.nombre}`) },
    ],
    card: (f) => `${f.nombre}: ${f.kilos} kg`,
    ...extra,
  });
}

describe('TableOrCards', () => {
  it('shows a table on a wide screen, from the columns, with their alignment and wrapping', () => {
    const abrir = vi.fn();
    renderUi(
      frutas(FRUTAS, {
        tr: (f) => ({ onClick: () => abrir(f.id) }),
        below: (f) => (f.id === 2 ? createElement('p', null, 'Detalle de Pera') : null),
      }),
    );
    const tabla = screen.getByRole('table', { name: 'Frutas' });
    const [encabezado, ...filas] = within(tabla).getAllByRole('row');
    expect(
      within(encabezado!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nombre', 'Kilos', '']);
    expect(within(encabezado!).getAllByRole('columnheader')[1]!.style.textAlign).toBe('right');
    expect(
      filas.map((f) =>
        within(f)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([['Manzana', '12 kg', 'Pesar Manzana'], ['Pera', '3 kg', 'Pesar Pera'], ['Detalle de Pera']]);
    const kilos = within(filas[0]!).getAllByRole('cell')[1]!;
    expect([kilos.style.textAlign, kilos.style.whiteSpace, kilos.style.verticalAlign]).toEqual([
      'right',
      'nowrap',
      'top',
    ]);
    expect(within(filas[2]!).getByRole('cell').getAttribute('colspan')).toBe('3');
    fireEvent.click(within(filas[1]!).getAllByRole('cell')[0]!);
    expect(abrir).toHaveBeenCalledWith(2);
    expect(screen.queryByRole('list', { name: 'Frutas' })).toBeNull();
  });

  it('shows a card per row on a phone, laid out by the screen, and no table', () => {
    renderUi(frutas(FRUTAS), { ancho: 390 });
    const lista = screen.getByRole('list', { name: 'Frutas' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Manzana: 12 kg', 'Pera: 3 kg']);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says so when there are no rows, on either screen', () => {
    renderUi(frutas([]));
    expect(screen.getByText('No hay frutas.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    renderUi(frutas([]), { ancho: 390 });
    expect(screen.getByText('No hay frutas.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
