// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClienteOpcion } from '@intranet/contract/areas/clientes';
import type { Licencia, LicenciaInput } from '@intranet/contract/areas/clientes/vencimientos';
import type { ProductoOpcion } from '@intranet/contract/areas/productos';
import { renderUi } from '../../../components/testing.tsx';
import { CUIT_VALIDO, vencimiento } from '../../../test/builders/clientes.ts';
import { personaOpciones } from '../../../test/builders/personas.ts';
import { answers, choose, ok, watchNotifications } from '../../../test/fixtures.ts';
import { VencimientosPhysis } from './VencimientosPhysis.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), blob: vi.fn() }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const mensual = vencimiento({
  id: 5,
  tipo: 'licencia',
  item_id: 9,
  item: 'Physis ERP · Sueldos',
  detalle: 'Mensual · 10 usuarios',
  vence: '2026-12-31',
  dias: 37,
});
const clientes: ClienteOpcion[] = [{ id: 3, razon_social: 'Agro del Litoral S.A.', cuit: CUIT_VALIDO, activo: true }];
const productos: ProductoOpcion[] = [{ id: 1, codigo: 'ERP', nombre: 'Physis ERP' }];
const hoy = dayjs().format('YYYY-MM-DD');

let notified: ReturnType<typeof watchNotifications>;
const warn = console.warn;
beforeEach(() => {
  localStorage.clear();
  notified = watchNotifications();
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('The width(')) warn(...args);
  });
  http.get.mockImplementation(
    answers({
      '/api/vencimientos/physis/lista?': { items: [mensual], total: 1 },
      '/api/vencimientos/physis/meses': { vencidos: 0, meses: [] },
      '/api/vencimientos/items/licencia/9/renovaciones': [],
      '/api/empresas/opciones?': clientes,
      '/api/productos/opciones': productos,
      '/api/personas/opciones?': personaOpciones,
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const render = () => renderUi(createElement(VencimientosPhysis), { url: '/clientes/vencimientosphysis/lista' });

async function nuevaLicencia() {
  render();
  fireEvent.click(await screen.findByRole('button', { name: 'Nueva licencia' }));
  return screen.findByRole('dialog', { name: 'Nueva licencia Physis' });
}

describe('VencimientosPhysis', () => {
  it('lists the licences with no kind filter (they are all licences)', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Vencimientos Physis' });
    await within(table).findByText('Physis ERP · Sueldos');
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain(
      'Physis ERP · SueldosMensual · 10 usuarios31/12/202637 díasPróximo',
    );
    expect(http.get).toHaveBeenCalledWith(
      '/api/vencimientos/physis/lista?page=1&size=25',
      expect.anything(),
      expect.anything(),
    );
    expect(screen.queryByRole('textbox', { name: 'Tipo' })).toBeNull();
  });

  it('selects licences for the bulk bar: their automatic renewal set in one request, delete and export offered', async () => {
    http.post.mockResolvedValue(ok({ total: 1, hechos: [5], rechazados: [] }));
    render();
    fireEvent.click(
      await screen.findByRole('checkbox', { name: 'Seleccionar Physis ERP · Sueldos de Agro del Litoral S.A.' }),
    );
    const barra = screen.getByRole('group', { name: 'Acciones en lote' });
    expect(within(barra).getByRole('button', { name: 'Eliminar' })).toBeTruthy();
    expect(within(barra).getByRole('button', { name: 'Exportar selección' })).toBeTruthy();
    fireEvent.click(within(barra).getByRole('button', { name: 'Cambiar renovación automática' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar renovación automática de 1 fila' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/vencimientos/physis/lote',
        { seleccion: { ids: [5] }, accion: 'cambiar', cambio: { campo: 'renovacion_auto', valor: true } },
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Se cambió 1 fila.')).toBeTruthy();
  });

  it('renews a monthly licence one month on by default', async () => {
    render();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Renovar Physis ERP · Sueldos de Agro del Litoral S.A.' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Renovar: Physis ERP · Sueldos' });
    expect((within(dialog).getByLabelText(/Nuevo vencimiento/) as HTMLInputElement).value).toBe('31/01/2027');
    expect(await within(dialog).findByText('Sin renovaciones anteriores.')).toBeTruthy();
  });

  it('checks a new licence with the contract: client, product, and a due date unless perpetual', async () => {
    const dialog = await nuevaLicencia();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Elija un cliente')).toBeTruthy();
    expect(within(dialog).getByText('Elija un producto')).toBeTruthy();

    await choose(/^Cliente/, 'Agro del Litoral S.A. (30-71234567-1)');
    await choose(/^Producto/, 'Physis ERP');
    fireEvent.change(within(dialog).getByLabelText('Vence'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Una licencia anual o mensual necesita vencimiento')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    // A perpetual licence needs none.
    http.post.mockResolvedValue(ok(null));
    await choose(/^Tipo/, 'Perpetua');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/vencimientos/licencias',
        expect.objectContaining({ tipo: 'perpetua', vence: null }),
        expect.anything(),
      ),
    );
  });

  it('saves a new licence for the client and product chosen', async () => {
    const guardada: Licencia = {
      id: 10,
      empresa_id: 3,
      cliente: 'Agro del Litoral S.A.',
      producto_id: 1,
      producto: 'Physis ERP',
      modulo: 'Stock',
      tipo: 'anual',
      usuarios: 5,
      serial: null,
      inicio: hoy,
      vence: null,
      baja: null,
      renovacion_auto: true,
      contacto_id: null,
      contacto: null,
    };
    http.post.mockResolvedValue(ok(guardada));
    const dialog = await nuevaLicencia();
    await choose(/^Cliente/, 'Agro del Litoral S.A. (30-71234567-1)');
    await choose(/^Producto/, 'Physis ERP');
    fireEvent.change(within(dialog).getByLabelText('Módulo'), { target: { value: 'Stock' } });
    fireEvent.change(within(dialog).getByLabelText(/^Usuarios/), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Renovación automática' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    const enviado: LicenciaInput = {
      empresa_id: 3,
      producto_id: 1,
      modulo: 'Stock',
      tipo: 'anual',
      usuarios: 5,
      serial: null,
      inicio: hoy,
      vence: dayjs().add(1, 'year').format('YYYY-MM-DD'),
      baja: null,
      renovacion_auto: true,
      contacto_id: null,
    };
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/vencimientos/licencias', enviado, expect.anything()),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Licencia guardada', message: 'Agro del Litoral S.A.: Physis ERP' }),
    );
  });
});
