// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@intranet/contract/areas/personas/usuarios';
import { renderUi } from '../../components/testing.tsx';
import { answers, ok } from '../../test/fixtures.ts';
import { RolesList } from './RolesList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const rol = (id: number, nombre: string, usuarios_count: number): Rol => ({
  id,
  nombre,
  descripcion: '',
  permisos: ['>SERDNS#VER'],
  usuarios_count,
  actualizado: '2026-03-02T12:00:00.000Z',
});
const items = [rol(1, 'Comercial', 1), rol(2, 'Consulta DNS', 0)];

beforeEach(() => {
  localStorage.clear();
  http.get.mockImplementation(answers({ '/api/roles?': { items, total: 2 } }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('RolesList', () => {
  it('deletes the selected roles in one bulk request, and says which one an account still holds', async () => {
    http.post.mockResolvedValue(
      ok({
        total: 2,
        hechos: [2],
        rechazados: [
          { id: 1, nombre: 'Comercial', motivo: 'El rol está asignado a 1 cuenta; quíteselo antes de eliminarlo' },
        ],
      }),
    );
    renderUi(createElement(RolesList), { url: '/personas/roles' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Comercial' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Consulta DNS' }));
    const barra = screen.getByRole('group', { name: 'Acciones en lote' });
    expect(within(barra).queryByRole('button', { name: 'Cambiar …' })).toBeNull();
    fireEvent.click(within(barra).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar en lote' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/roles/lote',
        { seleccion: { ids: [1, 2] }, accion: 'eliminar' },
        expect.anything(),
      ),
    );
    const resultado = await screen.findByRole('dialog', { name: 'Resultado de la acción en lote' });
    expect(resultado.textContent).toContain('Se eliminó 1 fila.');
    expect(resultado.textContent).toContain(
      'El rol está asignado a 1 cuenta; quíteselo antes de eliminarlo: Comercial',
    );
  });

  it("prints every role the search matches, read in one request of a page's most, and says so when there are more", async () => {
    const print = vi.fn();
    window.print = print;
    http.get.mockImplementation(answers({ '/api/roles?': { items, total: 230 } }));
    renderUi(createElement(RolesList), { url: '/personas/roles?q=co&page=3', path: '/personas/roles' });
    await screen.findByText('Comercial');
    expect(screen.queryByTestId('tope-impresion')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(http.get).toHaveBeenCalledWith('/api/roles?page=1&size=200&q=co', expect.anything(), expect.anything());
    expect(screen.getByTestId('tope-impresion').textContent).toBe(
      'Se imprimen las primeras 2 de las 230 filas que coinciden con el filtro; acote la lista para imprimir el resto.',
    );
  });
});
