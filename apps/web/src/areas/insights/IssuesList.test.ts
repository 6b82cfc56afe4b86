// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sinVistas } from '../../test/fixtures.ts';
import type { Issue } from '@intranet/contract/areas/insights';
import { renderUi } from '../../components/testing.tsx';
import { IssuesList } from './IssuesList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
const permiso = vi.hoisted(() => ({ editar: true }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => permiso.editar }));

const issue = (id: number, titulo: string, estado: Issue['estado'] = 'unresolved'): Issue => ({
  id,
  proyecto_id: 1,
  proyecto_nombre: 'Portal web',
  titulo,
  culprit: 'src/carrito.js in agregar',
  nivel: 'error',
  estado,
  cantidad: 1234,
  primera_vez: '2026-11-01T10:00:00Z',
  ultima_vez: '2026-11-21T10:00:00Z',
  release: 'web@1.2.0',
  environment: 'production',
  asignado: null,
  serie: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3, 5, 2],
});

beforeEach(() => {
  permiso.editar = true;
  const items = [issue(1, 'TypeError: x is undefined'), issue(2, 'RangeError: demasiado', 'resolved')];
  http.get.mockImplementation(async (url: string) => {
    if (url.startsWith('/api/vistas?')) return sinVistas(url);
    if (url.startsWith('/api/insights/issues')) return { error: null, datos: { items, total: 2 } };
    if (url === '/api/insights/filtros')
      return { error: null, datos: { environments: ['production'], releases: ['web@1.2.0'] } };
    return { error: null, datos: [] };
  });
  http.post.mockResolvedValue({ error: null, datos: { actualizados: 1 } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('IssuesList', () => {
  it('asks the server for the view the URL describes and shows each issue’s figures', async () => {
    renderUi(createElement(IssuesList), {
      url: '/insights?estado=unresolved&nivel=error&environment=production&sort=-cantidad&q=Type',
      path: '/insights',
    });
    const table = await screen.findByRole('table', { name: 'Errores' });
    await within(table).findByText('TypeError: x is undefined');
    expect(http.get).toHaveBeenCalledWith(
      '/api/insights/issues?page=1&size=25&sort=-cantidad&q=Type&estado=unresolved&nivel=error&environment=production',
      expect.anything(),
      expect.anything(),
    );
    expect(within(table).getAllByText('· src/carrito.js in agregar')).toHaveLength(2);
    expect(within(table).getAllByText('Portal web', { exact: false })).toHaveLength(2);
    expect(within(table).getAllByText('1.234')).toHaveLength(2);
    expect(within(table).getAllByRole('img', { name: '11 eventos en los últimos 14 días' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Proyectos' }).getAttribute('href')).toBe('/insights/proyectos');
  });

  it('shows the culprit as the source maps read it, marked, with the minified one on the mark', async () => {
    const mapeado = {
      ...issue(1, 'Error: Falta el nombre'),
      culprit: 'index-3f9a.js in a',
      culprit_mapa: 'src/carrito.ts in agregarItem',
    };
    http.get.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/vistas?')) return sinVistas(url);
      if (url.startsWith('/api/insights/issues'))
        return { error: null, datos: { items: [mapeado, issue(2, 'RangeError: demasiado')], total: 2 } };
      return { error: null, datos: [] };
    });
    renderUi(createElement(IssuesList), { url: '/insights' });
    const table = await screen.findByRole('table', { name: 'Errores' });
    const fila = (await within(table).findByText('Error: Falta el nombre')).closest('tr')!;
    expect(fila.textContent).toContain('src/carrito.ts in agregarItem');
    expect(fila.textContent).not.toContain('index-3f9a.js');
    expect(
      within(fila as HTMLElement).getByLabelText('Resuelto con source map; minificado: index-3f9a.js in a').textContent,
    ).toBe('source map');
    // Without a map, the culprit as sent and no mark.
    const otra = within(table).getByText('RangeError: demasiado').closest('tr')!;
    expect(otra.textContent).toContain('src/carrito.js in agregar');
    expect(otra.textContent).not.toContain('source map');
  });

  it('resolves the selected issues in one call', async () => {
    renderUi(createElement(IssuesList), { url: '/insights' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar TypeError: x is undefined' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resolver (1)' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/insights/issues/estado',
        { ids: [1], estado: 'resolved' },
        expect.anything(),
      ),
    );
    // Only resolved or ignored issues can be reopened.
    expect(screen.queryByRole('button', { name: /Reabrir/ })).toBeNull();
  });

  it('ignores the selection with the same choices as the issue page', async () => {
    renderUi(createElement(IssuesList), { url: '/insights' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar TypeError: x is undefined' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ignorar (1)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Una semana', hidden: true }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/insights/issues/ignorar',
        { ids: [1], condicion: { modo: 'tiempo', minutos: 10080 } },
        expect.anything(),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Ignorar (1)' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Hasta que afecte a N usuarios más…', hidden: true }));
    const dialogo = await screen.findByRole('form', { name: 'Ignorar hasta que afecte a N usuarios más' });
    fireEvent.change(within(dialogo).getByRole('textbox', { name: /Usuarios más/ }), { target: { value: '5' } });
    fireEvent.click(within(dialogo).getByRole('textbox', { name: 'Contados' }));
    fireEvent.click(await screen.findByRole('option', { name: 'En una hora', hidden: true }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Ignorar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/insights/issues/ignorar',
        { ids: [1], condicion: { modo: 'usuarios', cantidad: 5, ventana: 'hora' } },
        expect.anything(),
      ),
    );
  });

  it('"Mis incidencias" asks for mias=1; the selection is assigned to a role in one call', async () => {
    http.get.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/vistas?')) return sinVistas(url);
      if (url.startsWith('/api/insights/issues'))
        return { error: null, datos: { items: [issue(1, 'TypeError: x is undefined')], total: 1 } };
      if (url === '/api/insights/roles-asignables') return { error: null, datos: [{ id: 3, nombre: 'Soporte' }] };
      return { error: null, datos: [] };
    });
    renderUi(createElement(IssuesList), { url: '/insights' });
    fireEvent.click(await screen.findByRole('switch', { name: 'Mis incidencias' }));
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith(
        '/api/insights/issues?page=1&size=25&mias=1',
        expect.anything(),
        expect.anything(),
      ),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar TypeError: x is undefined' }));
    fireEvent.click(screen.getByRole('textbox', { name: 'Asignar 1 error a' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Equipo Soporte', hidden: true }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/insights/issues/asignar',
        { ids: [1], asignado_id: null, asignado_rol_id: 3 },
        expect.anything(),
      ),
    );
  });

  it('offers no selection to those who may only read', async () => {
    permiso.editar = false;
    renderUi(createElement(IssuesList), { url: '/insights' });
    await screen.findByText('TypeError: x is undefined');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
