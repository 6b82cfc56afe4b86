// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AplicacionInput } from '@intranet/contract/areas/aplicaciones';
import { renderUi } from '../../components/testing.tsx';
import { aplicacion } from '../../test/builders/aplicaciones.ts';
import { answers, badRequest, ok, stubRoute, watchNotifications } from '../../test/fixtures.ts';
import { AplicacionEditar, AplicacionNueva } from './AplicacionForm.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), upload: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
  http.get.mockImplementation(
    answers({ '/api/aplicaciones/categorias': ['Ventas'], '/api/aplicaciones/1': aplicacion() }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const routes = [stubRoute('/soluciones/apk/:id', 'Detalle de la aplicación')];
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('AplicacionForm', () => {
  it('checks the Android package name with the contract', async () => {
    renderUi(createElement(AplicacionNueva), { url: '/soluciones/apk/nueva', routes });
    type(/Nombre/, 'Physis Ventas');
    type(/Paquete/, 'com.physis.new');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText(
        'Nombre de paquete inválido: segmentos separados por puntos (com.empresa.app), cada uno empieza con letra y no es una palabra reservada de Java',
      ),
    ).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('creates the app with a new category, tells the user and opens it', async () => {
    http.post.mockResolvedValue(ok(aplicacion({ id: 4, nombre: 'Physis Stock' })));
    renderUi(createElement(AplicacionNueva), { url: '/soluciones/apk/nueva', routes });
    type(/Nombre/, 'Physis Stock');
    type(/Paquete/, 'com.physis.stock');
    type('Resumen', 'Inventario en depósito');
    fireEvent.change(screen.getByRole('textbox', { name: 'Categoría' }), { target: { value: 'Logística' } });
    fireEvent.click(screen.getByRole('switch', { name: /Publicada/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Detalle de la aplicación')).toBeTruthy();
    const enviado: AplicacionInput = {
      package_name: 'com.physis.stock',
      nombre: 'Physis Stock',
      resumen: 'Inventario en depósito',
      categoria: 'Logística',
      publicada: true,
      icono_id: null,
      descripcion: { type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] },
    };
    expect(http.post).toHaveBeenCalledWith('/api/aplicaciones', enviado, expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Aplicación guardada', message: 'Se guardó la aplicación Physis Stock.' }),
    );
  });

  it('keeps the package fixed once the app has versions, and shows the server’s 400 on its field', async () => {
    http.put.mockRejectedValue(badRequest({ nombre: ['Ya existe una aplicación con ese nombre'] }));
    renderUi(createElement(AplicacionEditar), {
      url: '/soluciones/apk/1/editar',
      path: '/soluciones/apk/:id/editar',
      routes,
    });
    expect(await screen.findByRole('heading', { name: 'Editar aplicación Physis Ventas' })).toBeTruthy();
    expect((screen.getByLabelText(/Paquete/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText('Fijo: la aplicación ya tiene versiones con este paquete.')).toBeTruthy();
    type(/Nombre/, 'Physis Stock');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe una aplicación con ese nombre')).toBeTruthy();
    expect(http.put).toHaveBeenCalledWith(
      '/api/aplicaciones/1',
      expect.objectContaining({ package_name: 'com.physis.ventas', nombre: 'Physis Stock' }),
      expect.anything(),
    );
  });
});
