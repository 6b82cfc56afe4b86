// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sinVistas } from '../../test/fixtures.ts';
import type { Servidor } from '@intranet/contract/areas/servidores';
import { renderUi } from '../../components/testing.tsx';
import { ServidoresList } from './ServidoresList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const servidor = (id: number, nombre: string, dnss: string[]): Servidor => ({
  id,
  nombre,
  hostname: `${nombre}.example.com`,
  ip_publica: null,
  ip_privada: null,
  proveedor: 'Hetzner',
  rol: null,
  so: null,
  estado: 'activo',
  notas: null,
  creado: '2026-11-20T10:00:00Z',
  actualizado: '2026-11-21T10:00:00Z',
  dnss: dnss.map((host, i) => ({ id: id * 10 + i, host })),
});

beforeEach(() => {
  localStorage.clear();
  const items = [servidor(1, 'web-01', ['a.example.com', 'b.example.com']), servidor(2, 'db-01', [])];
  http.get.mockImplementation(
    async (url: string) =>
      sinVistas(url) ?? { error: null, datos: url === '/api/servidores' ? items : { items, total: 2 } },
  );
  http.post.mockResolvedValue({ error: null, datos: { eliminados: 1 } });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ServidoresList', () => {
  it('asks the server for the view the URL describes', async () => {
    renderUi(createElement(ServidoresList), {
      url: '/servidores?estado=activo&sort=-nombre&q=web',
      path: '/servidores',
    });
    const table = await screen.findByRole('table', { name: 'Servidores' });
    await within(table).findByText('web-01');
    expect(http.get).toHaveBeenCalledWith(
      '/api/servidores/lista?page=1&size=25&sort=-nombre&q=web&estado=activo',
      expect.anything(),
      expect.anything(),
    );
    expect(screen.getByText('2 resultados')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nuevo servidor' }).getAttribute('href')).toBe('/servidores/nuevo');
    // The provider filter offers the providers in use, from the spec's bare list.
    expect(http.get).toHaveBeenCalledWith('/api/servidores', expect.anything(), expect.anything());
  });

  it('deletes the selected servers with their DNS entries once confirmed', async () => {
    renderUi(createElement(ServidoresList), { url: '/servidores' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar web-01' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionados (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar servidores' });
    expect(dialog.textContent).toContain(
      '¿Eliminar 1 servidor? Tiene 2 entradas DNS que también se eliminarán, con sus direcciones.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/servidores/eliminar',
        { ids: [1], cascada: true },
        expect.anything(),
      ),
    );
  });

  it('does not ask for cascada when the selected servers have no DNS entries', async () => {
    renderUi(createElement(ServidoresList), { url: '/servidores' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar db-01' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionados (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar servidores' });
    expect(dialog.textContent).not.toContain('entradas DNS');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/servidores/eliminar',
        { ids: [2], cascada: false },
        expect.anything(),
      ),
    );
  });
});
