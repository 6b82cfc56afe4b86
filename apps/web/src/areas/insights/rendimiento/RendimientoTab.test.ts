// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rendimiento, Transaccion } from '@intranet/contract/areas/insights/rendimiento';
import { renderUi } from '../../../components/testing.tsx';
import { RendimientoTab } from './RendimientoTab.tsx';
import { TransaccionPage } from './TransaccionPage.tsx';
import { TransaccionesPage } from './TransaccionesPage.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const RENDIMIENTO: Rendimiento = {
  filas: [
    { nombre: 'GET /facturas', cantidad: 1440, por_minuto: 1, p50: 120, p75: 180.4, p95: 1250, tasa_fallas: 0.025 },
  ],
  serie: [
    { fecha: '2026-11-28', cantidad: 700 },
    { fecha: '2026-11-29', cantidad: 740 },
  ],
  environments: ['production'],
  releases: ['portal@2.4.1'],
};

const TRANSACCION: Transaccion = {
  event_id: 'a'.repeat(32),
  nombre: 'GET /facturas',
  trace_id: 'b'.repeat(32),
  span_id: 'raiz000000000000',
  parent_span_id: null,
  op: 'pageload',
  estado: 'ok',
  inicio: '2026-11-29T12:00:00.000Z',
  fin: '2026-11-29T12:00:01.000Z',
  duracion_ms: 1000,
  release: null,
  environment: 'production',
  spans: [
    {
      span_id: 'http000000000000',
      parent_span_id: 'raiz000000000000',
      op: 'http.client',
      description: 'GET /api/facturas',
      inicio: '2026-11-29T12:00:00.200Z',
      duracion_ms: 500,
      estado: 'internal_error',
    },
    {
      span_id: 'db00000000000000',
      parent_span_id: 'http000000000000',
      op: 'db',
      description: 'select … from comprobantes',
      inicio: '2026-11-29T12:00:00.250Z',
      duracion_ms: 300,
      estado: 'ok',
    },
  ],
};

beforeEach(() => {
  http.get.mockImplementation((u: string) =>
    Promise.resolve({
      error: null,
      datos: u.includes('/reglas-lentitud') ? [] : u.includes('/transacciones/') ? TRANSACCION : RENDIMIENTO,
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('the Rendimiento tab', () => {
  it('lists each transaction name with throughput, percentiles and failure rate; a row opens its recent ones', async () => {
    const { router } = renderUi(createElement(RendimientoTab, { proyectoId: 4 }), {
      url: '/insights/proyectos/4',
      routes: [{ path: '/insights/proyectos/:id/rendimiento', element: null }],
    });
    const tabla = await screen.findByRole('table', { name: 'Rendimiento' });
    const fila = within(tabla).getAllByRole('row')[1]!;
    expect(fila.textContent).toContain('GET /facturas');
    expect(fila.textContent).toContain('120 ms');
    expect(fila.textContent).toContain('180 ms');
    expect(fila.textContent).toContain('1,25 s');
    expect(fila.textContent).toContain('2,5 %');
    expect(fila.textContent).toContain('1.440');
    expect(http.get).toHaveBeenCalledWith(
      '/api/insights/proyectos/4/rendimiento?rango=24h',
      expect.anything(),
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('radio', { name: '7 días' }));
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith(
        '/api/insights/proyectos/4/rendimiento?rango=7d',
        expect.anything(),
        expect.anything(),
      ),
    );
    fireEvent.click(within(tabla).getByRole('link', { name: 'Ver las transacciones recientes de GET /facturas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/insights/proyectos/4/rendimiento'));
    expect(new URLSearchParams(router.state.location.search).get('nombre')).toBe('GET /facturas');
  });

  it('shows one card per transaction name on a phone', async () => {
    renderUi(createElement(RendimientoTab, { proyectoId: 4 }), { url: '/insights/proyectos/4', ancho: 390 });
    const lista = await screen.findByRole('list', { name: 'Rendimiento' });
    const [card] = within(lista).getAllByRole('listitem');
    expect(card!.textContent).toContain('GET /facturas');
    expect(card!.textContent).toContain('p95 1,25 s');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe("a name's recent transactions", () => {
  it('without a name (an address cut short) is the Rendimiento tab, with no call refused', async () => {
    const { router } = renderUi(createElement(TransaccionesPage), {
      url: '/insights/proyectos/4/rendimiento?rango=7d',
      path: '/insights/proyectos/:id/rendimiento',
      routes: [{ path: '/insights/proyectos/:id', element: null }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/insights/proyectos/4'));
    expect(router.state.location.search).toBe('?tab=rendimiento');
    expect(http.get).not.toHaveBeenCalled();
  });
});

describe("a transaction's page", () => {
  it('shows its spans, each under its parent, and links its trace', async () => {
    renderUi(createElement(TransaccionPage), {
      url: `/insights/proyectos/4/transacciones/${'a'.repeat(32)}`,
      path: '/insights/proyectos/:id/transacciones/:transaccion',
    });
    const cascada = await screen.findByRole('region', { name: 'Spans' });
    const filas = within(cascada).getAllByRole('listitem');
    expect(filas.map((f) => f.textContent)).toEqual([
      expect.stringContaining('http.clientGET /api/facturas500 ms'),
      expect.stringContaining('dbselect … from comprobantes300 ms'),
    ]);
    expect(filas[0]!.textContent).toContain('internal_error');
    expect(screen.getByRole('link', { name: 'Ver la traza' }).getAttribute('href')).toBe(
      `/insights/trazas/${'b'.repeat(32)}`,
    );
  });
});
