// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../components/testing.tsx';
import { productoFila } from '../../test/builders/productos.ts';
import { answers, choose, ok, watchNotifications } from '../../test/fixtures.ts';
import { ProductosList } from './ProductosList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const items = [productoFila(), productoFila({ id: 2, codigo: 'PORTAL', nombre: 'Portal de clientes', linea: null, tipo: 'web', activo: false, responsable: null })];

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  localStorage.clear();
  notified = watchNotifications();
  permisos.clear();
  permisos.add('PROD#EDITAR');
  http.get.mockImplementation(answers({ '/api/productos?': { items, total: 2 }, '/api/productos/lineas': ['Gestión', 'Web'] }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const listCalls = () => http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/productos?'));

describe('ProductosList', () => {
  it('asks for the view the URL describes and shows each product’s code, name, line, kind and state', async () => {
    renderUi(createElement(ProductosList), { url: '/soluciones/productos?linea=Gesti%C3%B3n&tipo=escritorio&activo=true&sort=codigo&q=erp', path: '/soluciones/productos' });
    const table = await screen.findByRole('table', { name: 'Productos' });
    await within(table).findByText('Physis ERP');
    expect(http.get).toHaveBeenCalledWith('/api/productos?page=1&size=25&sort=codigo&q=erp&linea=Gesti%C3%B3n&tipo=escritorio&activo=true', expect.anything(), expect.anything());
    const [, erp, portal] = within(table).getAllByRole('row');
    expect(within(erp!).getByRole('link', { name: 'PHY-ERP' }).getAttribute('href')).toBe('/soluciones/productos/1');
    for (const text of ['Physis ERP', 'Gestión', 'Escritorio', 'Activo', 'Gómez, Laura']) expect(erp?.textContent).toContain(text);
    expect(portal?.textContent).toContain('Web');
    expect(portal?.textContent).toContain('Inactivo');
    expect(screen.getByRole('link', { name: 'Nuevo producto' }).getAttribute('href')).toBe('/soluciones/productos/nuevo');
  });

  it('filters by line, kind and state', async () => {
    renderUi(createElement(ProductosList), { url: '/soluciones/productos' });
    await screen.findByText('Physis ERP');
    await choose('Línea', 'Web');
    await choose('Tipo', 'Móvil');
    await choose('Activo', 'No');
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/productos?page=1&size=25&linea=Web&tipo=movil&activo=false'));
  });

  it('deletes the selected products in one call once confirmed', async () => {
    http.post.mockResolvedValue(ok({ eliminados: 2 }));
    renderUi(createElement(ProductosList), { url: '/soluciones/productos' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Physis ERP' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Portal de clientes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar seleccionados (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar productos' });
    expect(dialog.textContent).toContain('¿Eliminar 2 productos? Esta acción no se puede deshacer.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/api/productos/eliminar', { ids: [1, 2] }, expect.anything()));
    expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Producto eliminado', message: 'Se eliminaron 2 productos.' }));
  });

  it('offers neither creation nor selection to those who may only read', async () => {
    permisos.clear();
    renderUi(createElement(ProductosList), { url: '/soluciones/productos' });
    await screen.findByText('Physis ERP');
    expect(screen.queryByRole('link', { name: 'Nuevo producto' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
