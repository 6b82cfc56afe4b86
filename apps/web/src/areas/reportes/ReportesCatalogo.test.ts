// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPORTES, type ReporteId, type ReporteResumen } from '@intranet/contract/areas/reportes';
import { renderUi } from '../../components/testing.tsx';
import { answers } from '../../test/fixtures.ts';
import { ReportesCatalogo } from './ReportesCatalogo.tsx';

const http = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

/** A report of the contract's catalogue as `GET /api/reportes` answers it. */
const resumen = (id: ReporteId): ReporteResumen => {
  const { nombre, descripcion, permisos, parametros, columnas, grafico } = REPORTES[id];
  return {
    id,
    nombre,
    descripcion,
    permisos: [...permisos],
    parametros: [...parametros],
    columnas: [...columnas],
    grafico,
  };
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ReportesCatalogo', () => {
  it('shows a card for each report the session may run, with its parameters and chart kind', async () => {
    http.get.mockImplementation(
      answers({ '/api/reportes': [resumen('descargas-por-mes'), resumen('maquinas-por-estado')] }),
    );
    renderUi(createElement(ReportesCatalogo), { url: '/soluciones/reporte' });
    const descargas = await screen.findByRole('article', { name: 'Paquetes descargados por mes' });
    expect(within(descargas).getByRole('link', { name: 'Paquetes descargados por mes' }).getAttribute('href')).toBe(
      '/soluciones/reporte/descargas-por-mes',
    );
    expect(descargas.textContent).toContain('Descargas de paquetes de instalación en cada mes');
    expect(descargas.textContent).toContain('MesesProductoCanalLíneas');
    expect(screen.getByRole('article', { name: 'Máquinas por estado' }).textContent).toContain(
      'GarantíaBarras apiladas',
    );
  });

  it('says when the session may run none', async () => {
    http.get.mockImplementation(answers({ '/api/reportes': [] }));
    renderUi(createElement(ReportesCatalogo), { url: '/soluciones/reporte' });
    expect(await screen.findByText('No tiene permiso para ver los datos de ningún reporte.')).toBeTruthy();
  });
});
