// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Renovacion, RenovarInput, VencimientoMeses } from '@intranet/contract/areas/clientes/vencimientos';
import { renderUi } from '../../../components/testing.tsx';
import { vencimiento } from '../../../test/builders/clientes.ts';
import { answers, badRequest, ok, watchNotifications } from '../../../test/fixtures.ts';
import { VencimientosAfip } from './VencimientosAfip.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), blob: vi.fn(), upload: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const items = [
  vencimiento(),
  vencimiento({
    id: 2,
    tipo: 'punto_venta',
    item_id: 4,
    cliente: 'Ferretería Norte SRL',
    empresa_id: 4,
    cuit: '20123456786',
    item: 'PV 0003',
    detalle: 'CAI',
    vence: '2026-11-20',
    dias: -4,
    renovaciones: 0,
  }),
];
const meses: VencimientoMeses = {
  vencidos: 1,
  meses: [
    { mes: '2026-12', cantidad: 1 },
    { mes: '2027-01', cantidad: 3 },
  ],
};
const historial: Renovacion[] = [
  {
    id: 1,
    vence_anterior: '2024-12-14',
    vence_nuevo: '2026-12-14',
    nota: 'Certificado nuevo',
    usuario: 'Admin',
    fecha: '2024-12-01T10:00:00',
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
      '/api/vencimientos/afip/lista?': { items, total: 2 },
      '/api/vencimientos/afip/meses': meses,
      '/api/vencimientos/items/certificado/21/renovaciones': historial,
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const listCalls = () =>
  http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/vencimientos/afip/lista?'));
const render = (url = '/clientes/vencimientosafip/lista') =>
  renderUi(createElement(VencimientosAfip), { url, path: '/clientes/vencimientosafip/lista' });

describe('VencimientosAfip', () => {
  it('asks for the term, kind and search the URL holds, and shows each expiry with its days left and state', async () => {
    render('/clientes/vencimientosafip/lista?plazo=30&tipo=certificado&q=agro&sort=vence');
    const table = await screen.findByRole('table', { name: 'Vencimientos AFIP' });
    await within(table).findByText('Facturación');
    expect(http.get).toHaveBeenCalledWith(
      '/api/vencimientos/afip/lista?page=1&size=25&sort=vence&q=agro&plazo=30&tipo=certificado',
      expect.anything(),
      expect.anything(),
    );
    expect(screen.getByRole('radio', { name: '30 días' })).toHaveProperty('checked', true);
    const [, certificado, punto] = within(table).getAllByRole('row');
    expect(within(certificado!).getByRole('link', { name: 'Agro del Litoral S.A.' }).getAttribute('href')).toBe(
      '/clientes/3',
    );
    for (const text of ['30-71234567-1', 'Facturación', 'Producción · wsfe', '14/12/2026', '20 días', 'Por vencer'])
      expect(certificado?.textContent).toContain(text);
    for (const text of ['20-12345678-6', 'PV 0003', '20/11/2026', 'Vencido hace 4 días', 'Vencido'])
      expect(punto?.textContent).toContain(text);
  });

  it('shows how many fall due each month, and how many already expired', async () => {
    render();
    expect(
      await screen.findByRole('img', { name: 'Vencimientos de los próximos 12 meses: 4; ya vencidos: 1' }),
    ).toBeTruthy();
    expect(screen.getByText('1 ya vencido')).toBeTruthy();
  });

  it('narrows to a term with the quick filter', async () => {
    const { router } = render();
    await screen.findByText('Facturación');
    fireEvent.click(screen.getByRole('radio', { name: 'Vencidos' }));
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/vencimientos/afip/lista?page=1&size=25&plazo=vencidos'));
    expect(router.state.location.search).toBe('?plazo=vencidos');
  });

  it('renews a certificate renewed elsewhere two years on by default, with its past renewals shown', async () => {
    const renovada: Renovacion = {
      id: 2,
      vence_anterior: '2026-12-14',
      vence_nuevo: '2028-12-14',
      nota: null,
      usuario: 'Admin',
      fecha: '2026-11-24T10:00:00',
    };
    http.post.mockResolvedValue(ok(renovada));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Renovar Facturación de Agro del Litoral S.A.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renovar: Facturación' });
    // A certificate is renewed here as in the client's tab (a new key and request) unless it was renewed elsewhere.
    expect((within(dialog).getByLabelText('Generar la clave y la solicitud aquí') as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByLabelText('Registrar uno renovado en otro lado'));
    expect(dialog.textContent).toContain('Agro del Litoral S.A. · vence el 14/12/2026');
    expect((within(dialog).getByLabelText(/Nuevo vencimiento/) as HTMLInputElement).value).toBe('14/12/2028');
    expect((await within(dialog).findByRole('list', { name: 'Renovaciones anteriores' })).textContent).toContain(
      '14/12/2024 → 14/12/2026 · 01/12/2024 10:00 · Admin · Certificado nuevo',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renovar' }));
    const enviado: RenovarInput = { vence: '2028-12-14', nota: null };
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/vencimientos/items/certificado/21/renovar',
        enviado,
        expect.anything(),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Vencimiento renovado', message: 'Facturación: 14/12/2026 → 14/12/2028' }),
    );
  });

  it('keeps the renewal open with the server’s error on the date', async () => {
    http.post.mockRejectedValue(badRequest({ vence: ['El nuevo vencimiento debe ser posterior al actual'] }));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Renovar Facturación de Agro del Litoral S.A.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renovar: Facturación' });
    fireEvent.click(within(dialog).getByLabelText('Registrar uno renovado en otro lado'));
    fireEvent.change(within(dialog).getByLabelText(/Nuevo vencimiento/), { target: { value: '2026-12-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Renovar' }));
    expect(await within(dialog).findByText('El nuevo vencimiento debe ser posterior al actual')).toBeTruthy();
    expect(notified).not.toHaveBeenCalled();
  });

  it('deletes a point of sale once confirmed', async () => {
    http.delete.mockResolvedValue(ok(null));
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar PV 0003 de Ferretería Norte SRL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar vencimiento' });
    expect(dialog.textContent).toContain('¿Eliminar «PV 0003» y su historial de renovaciones? No se puede deshacer.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(http.delete).toHaveBeenCalledWith('/api/vencimientos/items/punto_venta/4', expect.anything()),
    );
    expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Eliminado', message: 'PV 0003' }));
  });

  it('offers no renewal, deletion or import to those who may only read', async () => {
    permisos.clear();
    render();
    await screen.findByText('Facturación');
    expect(screen.queryByRole('button', { name: /^Renovar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Importar certificado' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Acciones' })).toBeNull();
  });
});
