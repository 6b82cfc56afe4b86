// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../components/testing.tsx';
import { clienteFila } from '../../../test/builders/clientes.ts';
import { answers, choose, stubRoute } from '../../../test/fixtures.ts';
import { ClientesList } from './ClientesList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const vence = dayjs().add(10, 'day').format('YYYY-MM-DD');
const items = [
  clienteFila({ proximo_vencimiento: { fecha: vence, tipo: 'Certificado AFIP', item: 'Facturación' } }),
  clienteFila({
    id: 4,
    razon_social: 'Ferretería Norte SRL',
    nombre_fantasia: null,
    cuit: '20123456786',
    condicion_iva: 'monotributo',
    localidad: null,
    activo: false,
    servidores_count: 0,
    version_physis: null,
  }),
];

beforeEach(() => {
  localStorage.clear();
  permisos.clear();
  permisos.add('CLIENTES#EDITAR');
  http.get.mockImplementation(answers({ '/api/empresas?': { items, total: 2 } }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const listCalls = () =>
  http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/empresas?'));

describe('ClientesList', () => {
  it('asks the server for the view the URL describes', async () => {
    renderUi(createElement(ClientesList), {
      url: '/clientes/lista?provincia=Santa%20Fe&activo=true&condicion_iva=monotributo&sort=-proximo_vencimiento&q=agro',
      path: '/clientes/lista',
    });
    await within(await screen.findByRole('table', { name: 'Clientes' })).findByText('Agro del Litoral S.A.');
    expect(http.get).toHaveBeenCalledWith(
      '/api/empresas?page=1&size=25&sort=-proximo_vencimiento&q=agro&provincia=Santa+Fe&activo=true&condicion_iva=monotributo',
      expect.anything(),
      expect.anything(),
    );
    expect((screen.getByRole('textbox', { name: 'Condición IVA' }) as HTMLInputElement).value).toBe('Monotributo');
  });

  it('shows each client with CUIT, place, servers, Physis version, next expiry and state', async () => {
    renderUi(createElement(ClientesList), { url: '/clientes/lista' });
    const table = await screen.findByRole('table', { name: 'Clientes' });
    const headers = (await within(table).findAllByRole('columnheader')).map((th) => th.textContent);
    expect(headers).toEqual(
      expect.arrayContaining([
        'Razón social',
        'CUIT',
        'Localidad',
        'Servidores',
        'Versión Physis',
        'Próximo vencimiento',
        'Activo',
      ]),
    );
    expect(headers).not.toContain('Provincia');
    const [, agro, ferreteria] = within(table).getAllByRole('row');
    expect(within(agro!).getByRole('link', { name: 'Agro del Litoral S.A.' }).getAttribute('href')).toBe('/clientes/3');
    for (const text of ['AgroLit', '30-71234567-1', 'Rosario', '8.4.2', 'Sí'])
      expect(agro?.textContent).toContain(text);
    const badge = within(agro!).getByTitle('Certificado AFIP: Facturación · Vence en 10 días');
    expect(badge.textContent).toBe(dayjs(vence).format('DD/MM/YYYY'));
    expect(ferreteria?.textContent).toContain('20-12345678-6');
    expect(within(ferreteria!).getByTitle('Inactivo').textContent).toBe('No');
  });

  it('filters by province, state and VAT condition', async () => {
    const { router } = renderUi(createElement(ClientesList), { url: '/clientes/lista', path: '/clientes/lista' });
    await screen.findByText('Agro del Litoral S.A.');
    await choose('Provincia', 'Córdoba');
    await choose('Activo', 'Inactivo');
    await choose('Condición IVA', 'Exento');
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe(
        '/api/empresas?page=1&size=25&provincia=C%C3%B3rdoba&activo=false&condicion_iva=exento',
      ),
    );
    expect(router.state.location.search).toBe('?provincia=C%C3%B3rdoba&activo=false&condicion_iva=exento');
  });

  it('searches by name or CUIT and opens a client from its row', async () => {
    const { router } = renderUi(createElement(ClientesList), {
      url: '/clientes/lista',
      path: '/clientes/lista',
      routes: [stubRoute('/clientes/:id', 'Detalle del cliente')],
    });
    await screen.findByText('Agro del Litoral S.A.');
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: '30-7123' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/empresas?page=1&size=25&q=30-7123'));
    fireEvent.click(screen.getByText('20-12345678-6'));
    expect(await screen.findByText('Detalle del cliente')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/clientes/4');
  });

  it('offers «Nuevo cliente» only to those who may edit clients', async () => {
    renderUi(createElement(ClientesList), { url: '/clientes/lista' });
    expect((await screen.findByRole('link', { name: 'Nuevo cliente' })).getAttribute('href')).toBe('/clientes/nuevo');
    cleanup();
    permisos.clear();
    renderUi(createElement(ClientesList), { url: '/clientes/lista' });
    await screen.findByText('Agro del Litoral S.A.');
    expect(screen.queryByRole('link', { name: 'Nuevo cliente' })).toBeNull();
  });

  it('says when no client matches', async () => {
    http.get.mockImplementation(answers({ '/api/empresas?': { items: [], total: 0 } }));
    renderUi(createElement(ClientesList), { url: '/clientes/lista' });
    expect(await screen.findByText('No hay clientes que coincidan con la búsqueda.')).toBeTruthy();
  });
});
