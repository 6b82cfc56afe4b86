// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Proyecto } from '@intranet/contract/areas/insights';
import { renderUi } from '../../components/testing.tsx';
import { ProyectosList } from './ProyectosList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const proyecto: Proyecto = {
  id: 4,
  nombre: 'Tienda',
  slug: 'tienda',
  plataforma: 'javascript',
  activo: true,
  limite_por_minuto: 600,
  alerta_pico_eventos: 100,
  alerta_pico_minutos: 5,
  campos_sensibles: [],
  public_key: '0123456789abcdef0123456789abcdef',
  dsn: 'http://0123456789abcdef0123456789abcdef@intranet.local/4',
  issues_sin_resolver: 1234,
  creado: '2026-11-20T10:00:00Z',
  actualizado: '2026-11-21T10:00:00Z',
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const render = () =>
  renderUi(createElement(ProyectosList), {
    url: '/insights/proyectos',
    routes: [{ path: '/insights/proyectos/:id', element: createElement('h1', null, 'Proyecto abierto') }],
  });

describe('ProyectosList', () => {
  it('lists the projects with their open issues, and a row opens its project', async () => {
    http.get.mockResolvedValue({ error: null, datos: [proyecto] });
    render();
    const table = screen.getByRole('table', { name: 'Proyectos' });
    expect((await within(table).findByRole('link', { name: 'Tienda' })).getAttribute('href')).toBe(
      '/insights/proyectos/4',
    );
    expect(within(table).getByRole('link', { name: '1.234' }).getAttribute('href')).toBe(
      '/insights?proyecto_id=4&estado=unresolved',
    );
    fireEvent.click(within(table).getByText('tienda'));
    expect(await screen.findByRole('heading', { name: 'Proyecto abierto' })).toBeTruthy();
  });

  it('turns the chosen projects off in one request to the lote route, and offers their export', async () => {
    http.get.mockResolvedValue({
      error: null,
      datos: [proyecto, { ...proyecto, id: 9, nombre: 'Backoffice', slug: 'backoffice' }],
    });
    http.post.mockResolvedValue({ error: null, datos: { total: 1, hechos: [9], rechazados: [] } });
    render();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Backoffice' }));
    const barra = screen.getByRole('group', { name: 'Acciones en lote' });
    expect(
      within(barra)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Eliminar', 'Cambiar activo', 'Exportar selección', 'Historial de acciones masivas']);
    fireEvent.click(within(barra).getByRole('button', { name: 'Cambiar activo' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cambiar activo de 1 fila' });
    fireEvent.click(within(dialogo).getByRole('textbox', { name: 'Activo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'No', hidden: true }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/insights/proyectos/lote',
        { seleccion: { ids: [9] }, accion: 'cambiar', cambio: { campo: 'activo', valor: false } },
        expect.anything(),
      ),
    );
    expect((await screen.findByRole('dialog', { name: 'Resultado de la acción en lote' })).textContent).toContain(
      'Se cambió 1 fila.',
    );
  });

  it('says when there are no projects yet', async () => {
    http.get.mockResolvedValue({ error: null, datos: [] });
    render();
    expect(await screen.findByText('Todavía no hay proyectos.')).toBeTruthy();
  });
});
