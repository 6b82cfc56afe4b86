// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../components/testing.tsx';
import { aplicacionFila } from '../../test/builders/aplicaciones.ts';
import { answers, choose } from '../../test/fixtures.ts';
import { AplicacionesList } from './AplicacionesList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const items = [
  aplicacionFila(),
  aplicacionFila({
    id: 2,
    package_name: 'com.physis.stock',
    nombre: 'Physis Stock',
    categoria: null,
    publicada: false,
    versiones: 0,
    ultima_version: null,
    ultima_version_code: null,
    descargas: 0,
  }),
];

beforeEach(() => {
  localStorage.clear();
  http.get.mockImplementation(
    answers({ '/api/aplicaciones?': { items, total: 2 }, '/api/aplicaciones/categorias': ['Logística', 'Ventas'] }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const listCalls = () =>
  http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/aplicaciones?'));

describe('AplicacionesList', () => {
  it('asks for the view the URL describes and shows each app’s package, latest version, downloads and state', async () => {
    renderUi(createElement(AplicacionesList), {
      url: '/soluciones/apk?categoria=Ventas&publicada=true&sort=-descargas&q=physis',
      path: '/soluciones/apk',
    });
    const table = await screen.findByRole('table', { name: 'Aplicaciones' });
    await within(table).findByText('Physis Ventas');
    expect(http.get).toHaveBeenCalledWith(
      '/api/aplicaciones?page=1&size=25&sort=-descargas&q=physis&categoria=Ventas&publicada=true',
      expect.anything(),
      expect.anything(),
    );
    const [, ventas, stock] = within(table).getAllByRole('row');
    expect(within(ventas!).getByRole('link', { name: 'Physis Ventas' }).getAttribute('href')).toBe('/soluciones/apk/1');
    for (const text of ['com.physis.ventas', 'Ventas', '2.1.0', '1250', 'Publicada'])
      expect(ventas?.textContent).toContain(text);
    expect(stock?.textContent).toContain('—');
    expect(stock?.textContent).toContain('No publicada');
    expect(screen.getByRole('link', { name: 'Nueva aplicación' }).getAttribute('href')).toBe('/soluciones/apk/nueva');
  });

  it('filters by category and by whether the store offers the app', async () => {
    renderUi(createElement(AplicacionesList), { url: '/soluciones/apk' });
    await screen.findByText('Physis Ventas');
    await choose('Categoría', 'Logística');
    await choose('Publicada', 'No');
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe('/api/aplicaciones?page=1&size=25&categoria=Log%C3%ADstica&publicada=false'),
    );
  });
});
