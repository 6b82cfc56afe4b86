// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClienteOpcion } from '@intranet/contract/areas/clientes';
import type { Actualizacion, ProductoDesactualizados } from '@intranet/contract/areas/clientes/actualizaciones';
import type { ProductoOpcion } from '@intranet/contract/areas/productos';
import { renderUi } from '../../../components/testing.tsx';
import { CUIT_VALIDO } from '../../../test/builders/clientes.ts';
import { personaOpciones } from '../../../test/builders/personas.ts';
import { answers, badRequest, choose, ok, watchNotifications } from '../../../test/fixtures.ts';
import { ActualizacionesList, ActualizacionesTabla } from './ActualizacionesList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), blob: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const actualizacion = (over: Partial<Actualizacion> = {}): Actualizacion => ({
  id: 5,
  empresa_id: 3,
  cliente: 'Agro del Litoral S.A.',
  servidor_id: 11,
  servidor: 'SRV-AGRO',
  producto_id: 1,
  producto: 'Physis ERP',
  version_desde_id: 40,
  version_desde: '8.4.1',
  version_hasta_id: 41,
  version_hasta: '8.4.2',
  paquete_id: null,
  paquete: null,
  fecha: '2026-11-20T15:30:00',
  persona_id: 5,
  persona: 'Pérez, Ana',
  resultado: 'ok',
  log: 'Actualización aplicada sin errores.',
  ...over,
});
const items = [
  actualizacion(),
  actualizacion({
    id: 6,
    servidor: 'SRV-AGRO-2',
    version_desde: null,
    version_desde_id: null,
    resultado: 'error',
    log: null,
  }),
];
const clientes: ClienteOpcion[] = [{ id: 3, razon_social: 'Agro del Litoral S.A.', cuit: CUIT_VALIDO, activo: true }];
const productos: ProductoOpcion[] = [{ id: 1, codigo: 'PHY-ERP', nombre: 'Physis ERP' }];
const opciones = {
  servidores: [{ id: 11, nombre: 'SRV-AGRO', empresa_id: 3, version_physis: '8.4.1' }],
  versiones: [
    { id: 40, producto_id: 1, numero: '8.4.1', estado: 'publicada' },
    { id: 41, producto_id: 1, numero: '8.4.2', estado: 'publicada' },
  ],
  paquetes: [],
};
const desactualizados: ProductoDesactualizados[] = [
  {
    producto_id: 1,
    producto: 'Physis ERP',
    ultima_version: '8.4.2',
    clientes: [
      {
        empresa_id: 4,
        cliente: 'Ferretería Norte SRL',
        atraso: 2,
        servidores: [{ id: 12, nombre: 'SRV-FN', version: '8.3.9', atraso: 2 }],
      },
    ],
  },
];

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  localStorage.clear();
  notified = watchNotifications();
  permisos.clear();
  permisos.add('CLIENTES#EDITAR');
  http.get.mockImplementation(
    answers({
      '/api/actualizaciones/lista?': { items, total: 2 },
      '/api/actualizaciones/opciones': opciones,
      '/api/actualizaciones/opciones?': opciones,
      '/api/actualizaciones/desactualizados': desactualizados,
      '/api/actualizaciones/desactualizados?': desactualizados,
      '/api/productos/opciones': productos,
      '/api/empresas/opciones?': clientes,
      '/api/personas/opciones?': personaOpciones,
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const listCalls = () =>
  http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/actualizaciones/lista?'));
const render = (url = '/clientes/actualizaciones/lista') =>
  renderUi(createElement(ActualizacionesList), { url, path: '/clientes/actualizaciones/lista' });

async function registrar() {
  render();
  fireEvent.click(await screen.findByRole('button', { name: 'Registrar actualización' }));
  return screen.findByRole('dialog', { name: 'Registrar actualización' });
}

describe('ActualizacionesList', () => {
  it('asks for the filters the URL holds and shows each update with its versions and result', async () => {
    render('/clientes/actualizaciones/lista?desde=2026-11-01&producto_id=1&resultado=ok&sort=-fecha');
    const table = await screen.findByRole('table', { name: 'Actualizaciones' });
    await within(table).findAllByText('Physis ERP');
    expect(http.get).toHaveBeenCalledWith(
      '/api/actualizaciones/lista?page=1&size=25&sort=-fecha&desde=2026-11-01&producto_id=1&resultado=ok',
      expect.anything(),
      expect.anything(),
    );
    const [, primera, segunda] = within(table).getAllByRole('row');
    expect(within(primera!).getByRole('link', { name: 'Agro del Litoral S.A.' }).getAttribute('href')).toBe(
      '/clientes/3',
    );
    for (const text of ['20/11/2026 15:30', 'SRV-AGRO', '8.4.1', '8.4.2', 'Correcta'])
      expect(primera?.textContent).toContain(text);
    expect(segunda?.textContent).toContain('—');
    expect(segunda?.textContent).toContain('Con error');
  });

  it('filters by result and by dates', async () => {
    const { router } = render();
    await screen.findAllByText('SRV-AGRO');
    await choose('Resultado', 'Parcial');
    fireEvent.change(screen.getByLabelText('Hasta el'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe('/api/actualizaciones/lista?page=1&size=25&hasta=2026-11-30&resultado=parcial'),
    );
    expect(router.state.location.search).toBe('?resultado=parcial&hasta=2026-11-30');
  });

  it('shows an update’s log', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver log SRV-AGRO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log de SRV-AGRO' });
    expect(dialog.textContent).toContain('Actualización aplicada sin errores.');
  });

  it('deletes a record once confirmed', async () => {
    http.delete.mockResolvedValue(ok(null));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar SRV-AGRO 8.4.2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar registro' });
    expect(dialog.textContent).toContain(
      'Se elimina el registro de la actualización; la versión del servidor no cambia.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(http.delete).toHaveBeenCalledWith('/api/actualizaciones/5', expect.anything()));
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Registro eliminado', message: 'SRV-AGRO 8.4.2' }),
    );
  });

  it("deletes all the client's updates that match the filter in one bulk request", async () => {
    http.get.mockImplementation(
      answers({
        '/api/actualizaciones/lista?': { items, total: 40 },
        '/api/actualizaciones/opciones': opciones,
        '/api/productos/opciones': productos,
      }),
    );
    http.post.mockResolvedValue(ok({ total: 40, hechos: Array.from({ length: 40 }, (_, i) => i + 1), rechazados: [] }));
    renderUi(createElement(ActualizacionesTabla, { clienteId: 3 }), {
      url: '/clientes/3?tab=actualizaciones&resultado=error',
      path: '/clientes/3',
    });
    await screen.findAllByText('SRV-AGRO');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
    fireEvent.click(screen.getByRole('button', { name: 'Seleccionar los 40 que coinciden con el filtro' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Acciones en lote' })).getByRole('button', { name: 'Eliminar' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar en lote' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/actualizaciones/lote',
        { seleccion: { filtro: { resultado: 'error', empresa_id: '3' } }, accion: 'eliminar' },
        expect.anything(),
      ),
    );
    expect((await screen.findByRole('dialog', { name: 'Resultado de la acción en lote' })).textContent).toContain(
      'Se eliminaron 40 filas.',
    );
  });

  it('checks a new record with the contract before sending', async () => {
    const dialog = await registrar();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar actualización' }));
    expect(await within(dialog).findByText('Elija un cliente')).toBeTruthy();
    expect(within(dialog).getByText('Elija un servidor')).toBeTruthy();
    expect(within(dialog).getByText('Elija un producto')).toBeTruthy();
    expect(within(dialog).getByText('Elija la versión instalada')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('registers an update on a server of the client chosen, then says so', async () => {
    http.post.mockResolvedValue(ok(actualizacion({ id: 7 })));
    const dialog = await registrar();
    await choose(/^Cliente/, 'Agro del Litoral S.A. (30-71234567-1)', dialog);
    await choose(/^Servidor/, 'SRV-AGRO (8.4.1)', dialog);
    expect(http.get).toHaveBeenCalledWith(
      '/api/actualizaciones/opciones?empresa_id=3',
      expect.anything(),
      expect.anything(),
    );
    await choose(/^Producto/, 'Physis ERP', dialog);
    await choose(/^Versión instalada/, '8.4.2', dialog);
    fireEvent.change(within(dialog).getByLabelText(/^Fecha/), { target: { value: '2026-11-24T09:30' } });
    await choose(/^Resultado/, 'Parcial', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar actualización' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/actualizaciones',
        {
          servidor_id: 11,
          producto_id: 1,
          version_desde_id: null,
          version_hasta_id: 41,
          paquete_id: null,
          fecha: dayjs('2026-11-24T09:30').format(),
          persona_id: null,
          resultado: 'parcial',
          log: null,
        },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Actualización registrada', message: 'SRV-AGRO → 8.4.2' }),
    );
  });

  it('shows the server’s field error in the dialog', async () => {
    http.post.mockRejectedValue(
      badRequest({ version_hasta_id: ['La versión instalada debe ser otra que la de origen'] }),
    );
    const dialog = await registrar();
    await choose(/^Cliente/, 'Agro del Litoral S.A. (30-71234567-1)', dialog);
    await choose(/^Servidor/, 'SRV-AGRO (8.4.1)', dialog);
    await choose(/^Producto/, 'Physis ERP', dialog);
    await choose(/^Versión instalada/, '8.4.1', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar actualización' }));
    expect(await within(dialog).findByText('La versión instalada debe ser otra que la de origen')).toBeTruthy();
    expect(notified).not.toHaveBeenCalled();
  });

  it('lists the clients behind the newest version on its second tab', async () => {
    render('/clientes/actualizaciones/lista?vista=desactualizados');
    const seccion = await screen.findByRole('region', { name: 'Clientes desactualizados de Physis ERP' });
    expect(seccion.textContent).toContain('Última versión publicada: 8.4.2');
    const [, fila] = within(seccion).getAllByRole('row');
    expect(fila?.textContent).toBe('Ferretería Norte SRLSRV-FN: 8.3.92 versiones atrás');
    expect(within(fila!).getByRole('link', { name: 'Ferretería Norte SRL' }).getAttribute('href')).toBe('/clientes/4');
  });
});

describe('ActualizacionesTabla on a client’s tab', () => {
  it('asks only for that client’s updates and leaves out the client column', async () => {
    renderUi(createElement(ActualizacionesTabla, { clienteId: 3 }), {
      url: '/clientes/3?tab=actualizaciones',
      path: '/clientes/3',
    });
    const table = await screen.findByRole('table', { name: 'Actualizaciones' });
    await within(table).findAllByText('Physis ERP');
    expect(http.get).toHaveBeenCalledWith(
      '/api/actualizaciones/lista?page=1&size=25&empresa_id=3',
      expect.anything(),
      expect.anything(),
    );
    expect(within(table).queryByRole('columnheader', { name: 'Cliente' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Cliente' })).toBeNull();
  });
});
