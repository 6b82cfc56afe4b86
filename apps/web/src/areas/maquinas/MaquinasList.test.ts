// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersonaOpcion } from '@intranet/contract/areas/personas';
import { renderUi } from '../../components/testing.tsx';
import { maquina } from '../../test/builders/maquinas.ts';
import { answers, choose, stubRoute } from '../../test/fixtures.ts';
import { MaquinasList } from './MaquinasList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const personas: PersonaOpcion[] = [
  { id: 5, nombre_completo: 'Ana Pérez', activo: true },
  { id: 6, nombre_completo: 'Bruno Díaz', activo: true },
];
const items = [
  maquina({
    id: 1,
    nombre: 'NB-ANA',
    estado: 'en_uso',
    persona_id: 5,
    persona_nombre: 'Ana Pérez',
    asignada_desde: '2026-01-10',
  }),
  maquina({
    id: 2,
    nombre: 'PC-DEPOSITO',
    tipo: 'pc',
    fabricante: 'Dell',
    modelo: 'OptiPlex 7010',
    nro_inventario: null,
    ubicacion: 'Depósito',
    garantia_hasta: '2025-01-31',
    garantia_vencida: true,
  }),
];

beforeEach(() => {
  localStorage.clear();
  http.get.mockImplementation(
    answers({
      '/api/maquinas?': { items, total: 2 },
      '/api/maquinas/ubicaciones': ['Depósito', 'Oficina Rosario'],
      '/api/personas/opciones?': personas,
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const listCalls = () =>
  http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/maquinas?'));

describe('MaquinasList', () => {
  it('asks the server for the view the URL describes', async () => {
    renderUi(createElement(MaquinasList), {
      url: '/maquinas?tipo=notebook&estado=en_uso&garantia_vencida=true&sort=-nombre&q=lenovo',
      path: '/maquinas',
    });
    await within(await screen.findByRole('table', { name: 'Máquinas' })).findByText('NB-ANA');
    expect(http.get).toHaveBeenCalledWith(
      '/api/maquinas?page=1&size=25&sort=-nombre&q=lenovo&tipo=notebook&estado=en_uso&garantia_vencida=true',
      expect.anything(),
      expect.anything(),
    );
    expect(screen.getByText('2 resultados')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement).value).toBe('lenovo');
    expect((screen.getByRole('textbox', { name: 'Estado' }) as HTMLInputElement).value).toBe('En uso');
    expect((screen.getByRole('textbox', { name: 'Garantía' }) as HTMLInputElement).value).toBe('Vencida');
  });

  it('shows each machine with its type, model, state, holder, place and warranty', async () => {
    renderUi(createElement(MaquinasList), { url: '/maquinas' });
    const table = await screen.findByRole('table', { name: 'Máquinas' });
    const headers = (await within(table).findAllByRole('columnheader')).map((th) => th.textContent);
    expect(headers).toEqual(
      expect.arrayContaining([
        'Nombre',
        'Nº de inventario',
        'Tipo',
        'Modelo',
        'Estado',
        'Asignada a',
        'Ubicación',
        'Garantía hasta',
      ]),
    );
    // IP, SO and Actualizada start hidden.
    expect(headers).not.toContain('IP');
    const [, ana, deposito] = within(table).getAllByRole('row');
    expect(within(ana!).getByRole('link', { name: 'NB-ANA' }).getAttribute('href')).toBe('/maquinas/1');
    expect(ana?.textContent).toContain('INV-0042');
    expect(ana?.textContent).toContain('Notebook');
    expect(ana?.textContent).toContain('Lenovo ThinkPad T14');
    expect(ana?.textContent).toContain('En uso');
    expect(ana?.textContent).toContain('Ana Pérez');
    expect(ana?.textContent).toContain('01/03/2027');
    expect(ana?.textContent).not.toContain('Vencida');
    expect(deposito?.textContent).toContain('PC');
    expect(deposito?.textContent).toContain('Dell OptiPlex 7010');
    expect(deposito?.textContent).toContain('Disponible');
    expect(deposito?.textContent).toContain('Depósito');
    expect(deposito?.textContent).toContain('31/01/2025Vencida');
    expect(screen.getByRole('link', { name: 'Nueva máquina' }).getAttribute('href')).toBe('/maquinas/nueva');
  });

  it('filters by state, place and warranty, each in the list call and the URL', async () => {
    const { router } = renderUi(createElement(MaquinasList), { url: '/maquinas' });
    await screen.findByText('NB-ANA');
    await choose('Estado', 'Reparación');
    await waitFor(() => expect(listCalls()).toContain('/api/maquinas?page=1&size=25&estado=reparacion'));
    await choose('Ubicación', 'Depósito');
    await waitFor(() =>
      expect(listCalls()).toContain('/api/maquinas?page=1&size=25&estado=reparacion&ubicacion=Dep%C3%B3sito'),
    );
    await choose('Garantía', 'Vigente o sin dato');
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe(
        '/api/maquinas?page=1&size=25&estado=reparacion&ubicacion=Dep%C3%B3sito&garantia_vencida=false',
      ),
    );
    expect(router.state.location.search).toBe('?estado=reparacion&ubicacion=Dep%C3%B3sito&garantia_vencida=false');
  });

  it('filters by the person holding the machine, chosen by name', async () => {
    renderUi(createElement(MaquinasList), { url: '/maquinas' });
    await screen.findByText('NB-ANA');
    await choose('Persona', 'Bruno Díaz');
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/maquinas?page=1&size=25&persona_id=6'));
  });

  it('searches the text typed, from the first page', async () => {
    const { router } = renderUi(createElement(MaquinasList), { url: '/maquinas?page=3', path: '/maquinas' });
    await screen.findByText('NB-ANA');
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: ' 3C:52 ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/maquinas?page=1&size=25&q=3C%3A52'));
    expect(router.state.location.search).toBe('?q=3C%3A52');
  });

  it('opens a machine from its row', async () => {
    const { router } = renderUi(createElement(MaquinasList), {
      url: '/maquinas',
      routes: [stubRoute('/maquinas/:id', 'Detalle de la máquina')],
    });
    fireEvent.click(await screen.findByText('Dell OptiPlex 7010'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/maquinas/2'));
  });

  it('says when no machine matches', async () => {
    http.get.mockImplementation(
      answers({
        '/api/maquinas?': { items: [], total: 0 },
        '/api/maquinas/ubicaciones': [],
        '/api/personas/opciones?': [],
      }),
    );
    renderUi(createElement(MaquinasList), { url: '/maquinas?q=zzz', path: '/maquinas' });
    expect(await screen.findByText('No hay máquinas que coincidan con la búsqueda.')).toBeTruthy();
  });
});
