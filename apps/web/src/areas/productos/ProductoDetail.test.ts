// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../components/testing.tsx';
import { producto } from '../../test/builders/productos.ts';
import { answers, ok, stubRoute, watchNotifications } from '../../test/fixtures.ts';
import { ProductoDetail } from './ProductoDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), delete: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
  http.get.mockImplementation(answers({ '/api/productos/1': producto({ activo: false }) }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const render = () =>
  renderUi(createElement(ProductoDetail), {
    url: '/soluciones/productos/1',
    path: '/soluciones/productos/:id',
    routes: [stubRoute('/soluciones/productos', 'Lista de productos')],
  });

describe('ProductoDetail', () => {
  it('shows the product’s data and its description rendered', async () => {
    render();
    const titulo = await screen.findByRole('heading', { level: 1, name: /Physis ERP/ });
    expect(titulo.textContent).toContain('Escritorio');
    expect(titulo.textContent).toContain('Inactivo');
    expect(screen.getByText('Línea', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Gestión');
    expect(screen.getByText('Activo', { selector: 'dt' }).nextElementSibling?.textContent).toBe('No');
    expect(screen.getByRole('region', { name: 'Descripción' }).textContent).toBe('El ERP de Physis');
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/soluciones/productos/1/editar');
  });

  it('deletes the product once confirmed and goes back to the list', async () => {
    http.delete.mockResolvedValue(ok(null));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar producto' });
    expect(dialog.textContent).toContain('¿Eliminar el producto Physis ERP? Esta acción no se puede deshacer.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Lista de productos')).toBeTruthy();
    expect(http.delete).toHaveBeenCalledWith('/api/productos/1', expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Producto eliminado', message: 'Physis ERP' }),
    );
  });
});
