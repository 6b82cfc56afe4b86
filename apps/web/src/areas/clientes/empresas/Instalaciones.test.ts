// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClienteInstalaciones, Parametro } from '@intranet/contract/areas/clientes';
import { renderUi } from '../../../components/testing.tsx';
import { servidorCliente } from '../../../test/builders/clientes.ts';
import { answers } from '../../../test/fixtures.ts';
import { Instalaciones } from './Instalaciones.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const agro: ClienteInstalaciones = {
  id: 3,
  razon_social: 'Agro del Litoral S.A.',
  nombre_fantasia: 'AgroLit',
  cuit: '30712345671',
  activo: true,
  servidores_count: 2,
  parametros_count: 16,
  servidores: [
    { id: 11, nombre: 'SRV-AGRO', version_physis: '8.4.2', parametros_count: 3 },
    { id: 12, nombre: 'SRV-BACKUP', version_physis: null, parametros_count: 1 },
  ],
};
const ferreteria: ClienteInstalaciones = {
  id: 4,
  razon_social: 'Ferretería Norte SRL',
  nombre_fantasia: null,
  cuit: '20123456786',
  activo: false,
  servidores_count: 0,
  parametros_count: 5,
  servidores: [],
};
const parametro = (over: Partial<Parametro>): Parametro => ({
  id: 1,
  empresa_id: 3,
  servidor_id: null,
  grupo: 'General',
  clave: 'sucursales',
  tipo: 'numero',
  valor: '3',
  descripcion: null,
  actualizado: '2026-11-20T10:00:00Z',
  ...over,
});

beforeEach(() => {
  permisos.clear();
  permisos.add('CLIENTES#VER');
  http.get.mockImplementation(
    answers({
      '/api/empresas/instalaciones?': { items: [agro, ferreteria], total: 2, instalaciones: 2 },
      '/api/empresas/opciones?': [{ id: 3, razon_social: 'Agro del Litoral S.A.', cuit: '30712345671', activo: true }],
      '/api/empresas/3/servidores': [servidorCliente(), servidorCliente({ id: 12, nombre: 'SRV-BACKUP' })],
      '/api/empresas/3/parametros': [parametro({})],
      '/api/empresas/3/parametros?servidor_id=11': [
        parametro({ id: 2, servidor_id: 11, grupo: 'Servicio', clave: 'servicio.puerto', valor: '8095' }),
      ],
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const listCalls = () =>
  http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/empresas/instalaciones?'));
const show = (url = '/clientes/parametros', ancho?: number) =>
  renderUi(createElement(Instalaciones), { url, path: '/clientes/parametros', ancho });

describe('Instalaciones before a client is chosen', () => {
  it('lists the clients with their installations and the counts', async () => {
    show();
    const table = await screen.findByRole('table', { name: 'Clientes y sus instalaciones' });
    expect(screen.getByTestId('cifra-clientes').textContent).toBe('2 clientes');
    expect(screen.getByTestId('cifra-instalaciones').textContent).toBe('2 instalaciones');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(expect.arrayContaining(['Cliente', 'CUIT', 'Instalaciones', 'Parámetros', 'Servidores']));
    const [, fila, otra] = within(table).getAllByRole('row');
    const celdas = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(celdas(fila!)).toEqual([
      'Agro del Litoral S.A.AgroLit',
      '30-71234567-1',
      '2',
      '16',
      expect.stringContaining('SRV-AGRO'),
    ]);
    expect(fila!.textContent).toContain('v8.4.2 · 3 parámetros');
    expect(fila!.textContent).toContain('SRV-BACKUP1 parámetro');
    expect(within(fila!).getByRole('link', { name: 'SRV-AGRO' }).getAttribute('href')).toBe(
      '/clientes/parametros?empresa=3&servidor=11',
    );
    expect(within(fila!).getByRole('link', { name: 'Agro del Litoral S.A.' }).getAttribute('href')).toBe(
      '/clientes/parametros?empresa=3',
    );
    expect(otra!.textContent).toContain('Sin instalaciones');
    expect(otra!.textContent).toContain('Inactivo');
    expect(listCalls()).toEqual(['/api/empresas/instalaciones?page=1&size=25']);
  });

  it('searches by name or CUIT on the server, the search kept in the URL', async () => {
    const { router } = show();
    await screen.findByText('Ferretería Norte SRL');
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'agro' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/empresas/instalaciones?page=1&size=25&q=agro'));
    expect(router.state.location.search).toBe('?q=agro');
  });

  it('says when no client matches, with the counts at zero', async () => {
    http.get.mockImplementation(answers({ '/api/empresas/instalaciones?': { items: [], total: 0, instalaciones: 0 } }));
    show('/clientes/parametros?q=nadie');
    expect(await screen.findByText('No hay clientes que coincidan con la búsqueda.')).toBeTruthy();
    expect(screen.getByTestId('cifra-clientes').textContent).toBe('0 clientes');
    expect(screen.getByTestId('cifra-instalaciones').textContent).toBe('0 instalaciones');
  });

  it('past what a list counts, says «más de» and leaves the installations out', async () => {
    http.get.mockImplementation(
      answers({
        '/api/empresas/instalaciones?': { items: [agro], total: 10_000, total_exacto: false, instalaciones: null },
      }),
    );
    show('/clientes/parametros?q=sa');
    await screen.findByText('Agro del Litoral S.A.');
    expect(screen.getByTestId('cifra-clientes').textContent).toBe('Más de 10.000 clientes');
    expect(screen.queryByTestId('cifra-instalaciones')).toBeNull();
  });

  it('picking a client shows its parameters, and Back (the link) returns to the list', async () => {
    const { router } = show();
    fireEvent.click(await screen.findByText('30-71234567-1'));
    expect(await screen.findByRole('table', { name: 'Parámetros del grupo General' })).toBeTruthy();
    expect(router.state.location.search).toBe('?empresa=3');
    expect(screen.queryByRole('table', { name: 'Clientes y sus instalaciones' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Todos los clientes' }));
    expect(await screen.findByRole('table', { name: 'Clientes y sus instalaciones' })).toBeTruthy();
  });

  it("picking an installation shows that server's own parameters", async () => {
    const { router } = show();
    fireEvent.click(await screen.findByRole('link', { name: 'SRV-AGRO' }));
    expect(await screen.findByRole('table', { name: 'Parámetros del grupo Servicio' })).toBeTruthy();
    expect(router.state.location.search).toBe('?empresa=3&servidor=11');
    expect(http.get).toHaveBeenCalledWith(
      '/api/empresas/3/parametros?servidor_id=11',
      expect.anything(),
      expect.anything(),
    );
  });

  it('on a phone, each client is a card with its counts and installations', async () => {
    show('/clientes/parametros', 390);
    const lista = await screen.findByRole('list', { name: 'Clientes y sus instalaciones' });
    expect(screen.queryByRole('table')).toBeNull();
    const [tarjeta] = within(lista).getAllByRole('listitem');
    expect(
      within(tarjeta!)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['CUIT', 'Instalaciones', 'Parámetros', 'Servidores']);
    expect(within(tarjeta!).getByRole('link', { name: 'SRV-BACKUP' }).getAttribute('href')).toBe(
      '/clientes/parametros?empresa=3&servidor=12',
    );
  });
});
