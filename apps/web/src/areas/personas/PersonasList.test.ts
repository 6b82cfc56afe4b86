// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../components/testing.tsx';
import { persona } from '../../test/builders/personas.ts';
import { answers, choose, stubRoute } from '../../test/fixtures.ts';
import { PersonasList } from './PersonasList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const items = [
  persona({ usuario: 'aperez' }),
  persona({
    id: 7,
    nombre: 'Carlos',
    apellido: 'Ruiz',
    nombre_completo: 'Ruiz, Carlos',
    email: null,
    legajo: null,
    puesto: 'Gerente',
    area: null,
    responsable_id: null,
    responsable_nombre: null,
    empresa_id: 3,
    activo: false,
    maquinas_count: 0,
  }),
];

beforeEach(() => {
  localStorage.clear();
  permisos.clear();
  http.get.mockImplementation(
    answers({ '/api/personas?': { items, total: 2 }, '/api/personas/areas': ['Desarrollo', 'Soporte'] }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const listCalls = () =>
  http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/personas?'));

describe('PersonasList', () => {
  it('asks the server for the view the URL describes', async () => {
    renderUi(createElement(PersonasList), {
      url: '/personas?area=Soporte&activo=false&tipo=contacto&sort=-legajo&q=ana',
      path: '/personas',
    });
    await within(await screen.findByRole('table', { name: 'Personas' })).findByText('Pérez, Ana');
    expect(http.get).toHaveBeenCalledWith(
      '/api/personas?page=1&size=25&sort=-legajo&q=ana&area=Soporte&activo=false&tipo=contacto',
      expect.anything(),
      expect.anything(),
    );
    expect((screen.getByRole('textbox', { name: 'Área' }) as HTMLInputElement).value).toBe('Soporte');
    expect((screen.getByRole('textbox', { name: 'Estado' }) as HTMLInputElement).value).toBe('Inactivas');
    expect((screen.getByRole('textbox', { name: 'Tipo' }) as HTMLInputElement).value).toBe('Contacto de cliente');
  });

  it('shows each person with file number, job, area, email, boss, machines and state', async () => {
    renderUi(createElement(PersonasList), { url: '/personas' });
    const table = await screen.findByRole('table', { name: 'Personas' });
    const headers = (await within(table).findAllByRole('columnheader')).map((th) => th.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Persona', 'Legajo', 'Puesto', 'Área', 'Email', 'Responsable', 'Máquinas', 'Estado']),
    );
    // Phone, extension, account and last change start hidden.
    expect(headers).not.toContain('Usuario');
    expect(headers).not.toContain('Teléfono');
    const [, ana, carlos] = within(table).getAllByRole('row');
    expect(within(ana!).getByRole('link', { name: 'Pérez, Ana' }).getAttribute('href')).toBe('/personas/5');
    for (const text of ['L-0305', 'Analista funcional', 'Soporte', 'ana.perez@physis.com.ar', 'Gómez, Laura', 'Activa'])
      expect(ana?.textContent).toContain(text);
    expect(carlos?.textContent).toContain('Gerente');
    expect(carlos?.textContent).toContain('Inactiva');
    expect(screen.getByText('2 resultados')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nueva persona' }).getAttribute('href')).toBe('/personas/nueva');
  });

  it('filters by area, state and kind, back on the first page', async () => {
    const { router } = renderUi(createElement(PersonasList), { url: '/personas?page=2', path: '/personas' });
    await screen.findByText('Pérez, Ana');
    await choose('Área', 'Desarrollo');
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/personas?page=1&size=25&area=Desarrollo'));
    await choose('Estado', 'Activas');
    await choose('Tipo', 'Personal');
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe('/api/personas?page=1&size=25&area=Desarrollo&activo=true&tipo=personal'),
    );
    expect(router.state.location.search).toBe('?area=Desarrollo&activo=true&tipo=personal');
  });

  it('searches the text typed once the user stops typing', async () => {
    renderUi(createElement(PersonasList), { url: '/personas' });
    await screen.findByText('Pérez, Ana');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'L-0305' } });
    await waitFor(() => expect(listCalls().at(-1)).toBe('/api/personas?page=1&size=25&q=L-0305'));
  });

  it('opens a person from their row', async () => {
    const { router } = renderUi(createElement(PersonasList), {
      url: '/personas',
      routes: [stubRoute('/personas/:id', 'Detalle de la persona')],
    });
    fireEvent.click(await screen.findByText('Gerente'));
    expect(await screen.findByText('Detalle de la persona')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/personas/7');
  });

  it('offers the roles only to those who administer accounts', async () => {
    renderUi(createElement(PersonasList), { url: '/personas' });
    await screen.findByText('Pérez, Ana');
    expect(screen.queryByRole('link', { name: 'Roles' })).toBeNull();
    cleanup();
    permisos.add('USUARIOS#ADMIN');
    renderUi(createElement(PersonasList), { url: '/personas' });
    expect((await screen.findByRole('link', { name: 'Roles' })).getAttribute('href')).toBe('/personas/roles');
  });

  it('says when nobody matches', async () => {
    http.get.mockImplementation(answers({ '/api/personas?': { items: [], total: 0 }, '/api/personas/areas': [] }));
    renderUi(createElement(PersonasList), { url: '/personas?q=zzz', path: '/personas' });
    expect(await screen.findByText('No hay personas que coincidan con la búsqueda.')).toBeTruthy();
  });
});
