// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductoInput } from '@intranet/contract/areas/productos';
import { renderUi } from '../../components/testing.tsx';
import { producto } from '../../test/builders/productos.ts';
import { answers, badRequest, choose, ok, stubRoute, watchNotifications } from '../../test/fixtures.ts';
import { ProductoEditar, ProductoNuevo } from './ProductoForm.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
  http.get.mockImplementation(answers({ '/api/productos/1': producto() }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const routes = [stubRoute('/soluciones/productos/:id', 'Detalle del producto')];
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ProductoForm', () => {
  it('checks the code and the name with the contract before sending', async () => {
    renderUi(createElement(ProductoNuevo), { url: '/soluciones/productos/nuevo', routes });
    type(/Código/, 'PHY ERP');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Solo letras, números, punto, guion y guion bajo, sin espacios')).toBeTruthy();
    expect(screen.getByText('Este campo es requerido')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('creates the product, tells the user and opens it', async () => {
    http.post.mockResolvedValue(ok(producto({ id: 7, nombre: 'App de ventas' })));
    renderUi(createElement(ProductoNuevo), { url: '/soluciones/productos/nuevo', routes });
    type(/Código/, 'VENTAS');
    type(/Nombre/, 'App de ventas');
    await choose(/Tipo/, 'Móvil');
    fireEvent.click(screen.getByRole('switch', { name: 'Activo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Detalle del producto')).toBeTruthy();
    const enviado: ProductoInput = {
      codigo: 'VENTAS',
      nombre: 'App de ventas',
      linea: null,
      tipo: 'movil',
      activo: false,
      responsable: null,
      descripcion: { type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] },
    };
    expect(http.post).toHaveBeenCalledWith('/api/productos', enviado, expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Producto guardado', message: 'Se guardó el producto App de ventas.' }),
    );
  });

  it('shows the server’s 400 on the code and keeps the edited product on screen', async () => {
    http.put.mockRejectedValue(badRequest({ codigo: ['Ya existe un producto con ese código'] }));
    renderUi(createElement(ProductoEditar), {
      url: '/soluciones/productos/1/editar',
      path: '/soluciones/productos/:id/editar',
      routes,
    });
    expect(await screen.findByRole('heading', { name: 'Editar producto Physis ERP' })).toBeTruthy();
    type(/Código/, 'PORTAL');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe un producto con ese código')).toBeTruthy();
    expect(http.put).toHaveBeenCalledWith(
      '/api/productos/1',
      expect.objectContaining({ codigo: 'PORTAL', nombre: 'Physis ERP', descripcion: producto().descripcion }),
      expect.anything(),
    );
    expect(screen.queryByText('Detalle del producto')).toBeNull();
  });
});
