// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../components/testing.tsx';
import { productoFila } from '../../test/builders/productos.ts';
import { answers, choose, ok, watchNotifications } from '../../test/fixtures.ts';
import { HttpError } from '../../core/http/HttpError.ts';
import { ProductosList } from './ProductosList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const items = [
  productoFila(),
  productoFila({
    id: 2,
    codigo: 'PORTAL',
    nombre: 'Portal de clientes',
    linea: null,
    tipo: 'web',
    activo: false,
    responsable: null,
  }),
];

beforeEach(() => {
  localStorage.clear();
  watchNotifications();
  permisos.clear();
  permisos.add('PROD#EDITAR');
  http.get.mockImplementation(
    answers({ '/api/productos?': { items, total: 2 }, '/api/productos/lineas': ['Gestión', 'Web'] }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const listCalls = () =>
  http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/productos?'));

describe('ProductosList', () => {
  it('asks for the view the URL describes and shows each product’s code, name, line, kind and state', async () => {
    renderUi(createElement(ProductosList), {
      url: '/soluciones/productos?linea=Gesti%C3%B3n&tipo=escritorio&activo=true&sort=codigo&q=erp',
      path: '/soluciones/productos',
    });
    const table = await screen.findByRole('table', { name: 'Productos' });
    await within(table).findByText('Physis ERP');
    expect(http.get).toHaveBeenCalledWith(
      '/api/productos?page=1&size=25&sort=codigo&q=erp&linea=Gesti%C3%B3n&tipo=escritorio&activo=true',
      expect.anything(),
      expect.anything(),
    );
    const [, erp, portal] = within(table).getAllByRole('row');
    expect(within(erp!).getByRole('link', { name: 'PHY-ERP' }).getAttribute('href')).toBe('/soluciones/productos/1');
    for (const text of ['Physis ERP', 'Gestión', 'Escritorio', 'Activo', 'Gómez, Laura'])
      expect(erp?.textContent).toContain(text);
    expect(portal?.textContent).toContain('Web');
    expect(portal?.textContent).toContain('Inactivo');
    expect(screen.getByRole('link', { name: 'Nuevo producto' }).getAttribute('href')).toBe(
      '/soluciones/productos/nuevo',
    );
    expect(screen.getByRole('button', { name: 'Importar' })).toBeTruthy();
  });

  it('filters by line, kind and state', async () => {
    renderUi(createElement(ProductosList), { url: '/soluciones/productos' });
    await screen.findByText('Physis ERP');
    await choose('Línea', 'Web');
    await choose('Tipo', 'Móvil');
    await choose('Activo', 'No');
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe('/api/productos?page=1&size=25&linea=Web&tipo=movil&activo=false'),
    );
  });

  it('deletes the selected products in one bulk request once confirmed, and tells which stayed and why', async () => {
    http.post.mockResolvedValue(
      ok({
        total: 2,
        hechos: [2],
        rechazados: [{ id: 1, nombre: 'PHY-ERP Physis ERP', motivo: 'El producto tiene versiones' }],
      }),
    );
    renderUi(createElement(ProductosList), { url: '/soluciones/productos' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Physis ERP' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Portal de clientes' }));
    const barra = screen.getByRole('group', { name: 'Acciones en lote' });
    expect(barra.textContent).toContain('2 filas seleccionadas');
    fireEvent.click(within(barra).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar en lote' });
    expect(dialog.textContent).toContain('¿Eliminar las 2 filas seleccionadas?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/productos/lote',
        { seleccion: { ids: [1, 2] }, accion: 'eliminar' },
        expect.anything(),
      ),
    );
    const resultado = await screen.findByRole('dialog', { name: 'Resultado de la acción en lote' });
    expect(resultado.textContent).toContain('Se eliminó 1 fila.');
    expect(resultado.textContent).toContain('El producto tiene versiones: PHY-ERP Physis ERP');
  });

  it('selects all that match the filter and changes a field of all of them in one request', async () => {
    http.get.mockImplementation(
      answers({ '/api/productos?': { items, total: 40 }, '/api/productos/lineas': ['Gestión', 'Web'] }),
    );
    http.post.mockResolvedValue(ok({ total: 40, hechos: Array.from({ length: 40 }, (_, i) => i + 1), rechazados: [] }));
    renderUi(createElement(ProductosList), { url: '/soluciones/productos?tipo=web&q=portal' });
    await screen.findByText('Physis ERP');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar los 40 que coinciden con el filtro' }));
    expect(screen.getByText('Los 40 que coinciden con el filtro están seleccionados')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Acciones en lote' })).getByRole('button', { name: 'Cambiar …' }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cambiar tipo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar tipo de 40 filas' });
    await choose('Tipo', 'Móvil', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/productos/lote',
        {
          seleccion: { filtro: { q: 'portal', tipo: 'web' } },
          accion: 'cambiar',
          cambio: { campo: 'tipo', valor: 'movil' },
        },
        expect.anything(),
      ),
    );
    expect((await screen.findByRole('dialog', { name: 'Resultado de la acción en lote' })).textContent).toContain(
      'Se cambiaron 40 filas.',
    );
  });

  it("shows a bad value's field error from the server on the dialog's input", async () => {
    http.post.mockRejectedValue(
      new HttpError(
        400,
        { error: 'Datos inválidos', datos: null, campos: { 'cambio.valor': ['Máximo 80 caracteres'] } },
        'Datos inválidos',
      ),
    );
    renderUi(createElement(ProductosList), { url: '/soluciones/productos' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Physis ERP' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Acciones en lote' })).getByRole('button', { name: 'Cambiar …' }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cambiar línea' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar línea de 1 fila' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Línea' }), { target: { value: 'x'.repeat(90) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await within(dialog).findByText('Máximo 80 caracteres')).toBeTruthy();
  });

  it('offers those who may only read no creation, no import, and only the export of a selection', async () => {
    permisos.clear();
    renderUi(createElement(ProductosList), { url: '/soluciones/productos' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Physis ERP' }));
    expect(screen.queryByRole('link', { name: 'Nuevo producto' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importar' })).toBeNull();
    const barra = screen.getByRole('group', { name: 'Acciones en lote' });
    expect(
      within(barra)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Exportar selección']);
  });
});
