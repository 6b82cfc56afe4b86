// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitioVencimiento } from '@intranet/contract/areas/sitios';
import { renderUi } from '../../components/testing.tsx';
import { answers } from '../../test/fixtures.ts';
import { SitiosVencimientos } from './SitiosVencimientos.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const fila = (over: Partial<SitioVencimiento>): SitioVencimiento => ({
  id: 10,
  sitio_id: 5,
  tipo: 'ssl',
  nombre: 'Tienda AgroLit',
  url: 'https://tienda.agrolit.com.ar/',
  empresa_id: 3,
  cliente: 'Agro del Litoral S.A.',
  detalle: "Let's Encrypt",
  vence: '2026-12-14',
  dias: 17,
  ...over,
});
const items = [
  fila({}),
  fila({
    id: 13,
    sitio_id: 6,
    tipo: 'dominio',
    nombre: 'Portal Physis',
    url: 'https://portal.physis.com.ar/',
    empresa_id: null,
    cliente: null,
    detalle: 'NIC Argentina',
    vence: '2026-11-01',
    dias: -26,
  }),
];

beforeEach(() => {
  localStorage.clear();
  permisos.clear();
  permisos.add('SUBPROD#EDITAR');
  http.get.mockImplementation(
    answers({
      '/api/sitios/vencimientos?': { items, total: 40 },
      '/api/sitios/vencimientos/meses': { vencidos: 1, meses: [] },
      '/api/empresas/opciones?': [],
    }),
  );
  http.blob.mockResolvedValue(new Blob(['a']));
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const barra = () => screen.getByRole('group', { name: 'Acciones en lote' });

describe('SitiosVencimientos', () => {
  it('exports the chosen rows, then all that match the filter, through the grid’s lote route; nothing to delete or set', async () => {
    renderUi(createElement(SitiosVencimientos), {
      url: '/soluciones/web/vencimientos?plazo=30&tipo=ssl',
      path: '/soluciones/web/vencimientos',
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Dominio de Portal Physis' }));
    expect(
      within(barra())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Exportar selección']);
    fireEvent.click(within(barra()).getByRole('button', { name: 'Exportar selección' }));
    await waitFor(() =>
      expect(http.blob).toHaveBeenCalledWith(
        '/api/sitios/vencimientos/lote/export.csv',
        {},
        { seleccion: { ids: [13] } },
      ),
    );

    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar los 40 que coinciden con el filtro' }));
    fireEvent.click(within(barra()).getByRole('button', { name: 'Exportar selección' }));
    await waitFor(() =>
      expect(http.blob).toHaveBeenLastCalledWith(
        '/api/sitios/vencimientos/lote/export.csv',
        {},
        { seleccion: { filtro: { plazo: '30', tipo: 'ssl' } } },
      ),
    );
    expect(http.post).not.toHaveBeenCalled();
  });

  it('offers the export of a selection to those who may only read', async () => {
    permisos.clear();
    renderUi(createElement(SitiosVencimientos), {
      url: '/soluciones/web/vencimientos',
      path: '/soluciones/web/vencimientos',
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Certificado SSL de Tienda AgroLit' }));
    expect(
      within(barra())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Exportar selección']);
  });
});
