// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductoOpcion } from '@intranet/contract/areas/productos';
import { REPORTES, type ReporteResultado, type ReporteResumen } from '@intranet/contract/areas/reportes';
import { renderUi } from '../../components/testing.tsx';
import { answers, choose } from '../../test/fixtures.ts';
import { ReporteScreen } from './ReporteScreen.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), blob: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const def = REPORTES['descargas-por-mes'];
const resumen: ReporteResumen = {
  id: 'descargas-por-mes',
  nombre: def.nombre,
  descripcion: def.descripcion,
  permisos: [...def.permisos],
  parametros: [...def.parametros],
  columnas: [...def.columnas],
  grafico: def.grafico,
};
const resultado: ReporteResultado = {
  id: 'descargas-por-mes',
  columnas: [...def.columnas],
  grafico: def.grafico,
  filas: [
    { mes: '2026-01', descargas: 1234, paquetes: 12 },
    { mes: '2026-02', descargas: 980, paquetes: 9 },
  ],
  totales: { descargas: 2214 },
};
const productos: ProductoOpcion[] = [{ id: 1, codigo: 'PHY-ERP', nombre: 'Physis ERP' }];

beforeEach(() => {
  localStorage.clear();
  http.get.mockImplementation(
    answers({
      '/api/reportes': [resumen],
      '/api/reportes/descargas-por-mes?': resultado,
      '/api/productos/opciones': productos,
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const runs = () =>
  http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/reportes/descargas-por-mes?'));
const render = (url: string) => renderUi(createElement(ReporteScreen), { url, path: '/soluciones/reporte/:id' });

describe('ReporteScreen', () => {
  it('runs the report with the URL’s parameters and shows its rows, totals and chart', async () => {
    render('/soluciones/reporte/descargas-por-mes?desde=2026-01&hasta=2026-06&canal=beta');
    const table = await screen.findByRole('table', { name: 'Paquetes descargados por mes' });
    expect(runs()).toEqual(['/api/reportes/descargas-por-mes?desde=2026-01&hasta=2026-06&canal=beta']);
    const [, enero, febrero] = within(table).getAllByRole('row');
    expect(enero?.textContent).toBe('ene 20261.23412');
    expect(febrero?.textContent).toBe('feb 20269809');
    expect(within(table).getByText('Total').closest('tr')?.textContent).toBe('Total2.214');
    // Lines of downloads and packages, a point per month each.
    expect(
      screen.getByRole('img', { name: 'Gráfico de Paquetes descargados por mes: 2 filas' }).querySelectorAll('circle'),
    ).toHaveLength(4);
    expect((screen.getByLabelText('Desde') as HTMLInputElement).value).toBe('2026-01');
    expect((screen.getByRole('textbox', { name: 'Canal' }) as HTMLInputElement).value).toBe('Beta');
  });

  it('runs again with the parameters chosen, keeping them in the URL', async () => {
    const { router } = render('/soluciones/reporte/descargas-por-mes?desde=2026-01&hasta=2026-06');
    await screen.findByRole('table', { name: 'Paquetes descargados por mes' });
    await choose('Canal', 'Hotfix');
    await choose('Producto', 'Physis ERP');
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-03' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ejecutar' }));
    await waitFor(() =>
      expect(runs().at(-1)).toBe(
        '/api/reportes/descargas-por-mes?desde=2026-01&hasta=2026-03&producto_id=1&canal=hotfix',
      ),
    );
    expect(router.state.location.search).toBe('?desde=2026-01&hasta=2026-03&producto_id=1&canal=hotfix');
  });

  it('does not run a link whose range the contract refuses, and says why', async () => {
    render('/soluciones/reporte/descargas-por-mes?desde=2026-06&hasta=2026-01');
    expect(await screen.findByText('El final no puede ser anterior al inicio')).toBeTruthy();
    expect(runs()).toEqual([]);
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-08' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ejecutar' }));
    await waitFor(() =>
      expect(runs()).toEqual(['/api/reportes/descargas-por-mes?desde=2026-06&hasta=2026-08&canal=todos']),
    );
  });

  it('shows why a run failed', async () => {
    http.get.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/reportes/descargas-por-mes?')) throw new Error('La consulta tardó demasiado');
      return answers({ '/api/reportes': [resumen], '/api/productos/opciones': productos })(url);
    });
    render('/soluciones/reporte/descargas-por-mes?desde=2026-01&hasta=2026-06');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudo ejecutar el reporte');
    expect(alert.textContent).toContain('La consulta tardó demasiado');
  });

  it('says so for a report outside the session’s catalogue', async () => {
    render('/soluciones/reporte/maquinas-por-estado');
    expect(await screen.findByText('El reporte no existe o no tiene permiso para ver sus datos.')).toBeTruthy();
    expect(runs()).toEqual([]);
  });
});
