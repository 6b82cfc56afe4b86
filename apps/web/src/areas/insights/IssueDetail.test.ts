// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Evento, IssueDetalle } from '@intranet/contract/areas/insights';
import { capturarDescargas, renderUi } from '../../components/testing.tsx';
import { IssueDetail } from './IssueDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), blob: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const evento = (id: string, anterior: string | null, siguiente: string | null, funcion: string): Evento => ({
  event_id: id,
  issue_id: 7,
  fecha: '2026-11-21T10:00:00Z',
  nivel: 'error',
  mensaje: 'TypeError: x is undefined',
  release: 'web@1.0.0',
  environment: 'production',
  usuario: 'ana@example.com',
  recibido: '2026-11-21T10:00:01Z',
  platform: 'javascript',
  server_name: null,
  transaction: '/carrito',
  exception: [
    {
      type: 'TypeError',
      value: 'x is undefined',
      module: null,
      mechanism: { type: 'onerror', handled: false },
      frames: [
        {
          filename: 'src/carrito.js',
          abs_path: null,
          function: funcion,
          module: null,
          lineno: 3,
          colno: 9,
          in_app: true,
          context_line: null,
          pre_context: [],
          post_context: [],
        },
      ],
    },
  ],
  breadcrumbs: [
    {
      timestamp: '2026-11-21T09:59:59Z',
      type: 'default',
      category: 'ui.click',
      level: 'info',
      message: 'button#agregar',
      data: null,
    },
  ],
  request: {
    url: 'https://tienda.example.com/carrito',
    method: 'GET',
    query_string: null,
    headers: { 'User-Agent': 'Chrome' },
    data: null,
  },
  user: { email: 'ana@example.com' },
  tags: [{ key: 'browser', value: 'Chrome 131' }],
  contexts: { browser: { name: 'Chrome', version: '131' } },
  extra: {},
  modules: { react: '19.2.0', '@sentry/browser': '11.12.0' },
  sdk: { name: 'sentry.javascript.browser', version: '11.12.0' },
  fingerprint: [],
  anterior,
  siguiente,
});

const detalle = (estado: IssueDetalle['estado']): IssueDetalle => ({
  id: 7,
  proyecto_id: 1,
  proyecto_nombre: 'Tienda',
  titulo: 'TypeError: x is undefined',
  culprit: 'src/carrito.js in agregar',
  nivel: 'error',
  estado,
  cantidad: 2,
  primera_vez: '2026-11-20T10:00:00Z',
  ultima_vez: '2026-11-21T10:00:00Z',
  release: 'web@1.0.0',
  environment: 'production',
  asignado: null,
  serie: [],
  tipo: 'TypeError',
  fingerprint: [],
  comentarios: 0,
  ultimo_evento: evento('b'.repeat(32), 'a'.repeat(32), null, 'agregar'),
});

let estado: IssueDetalle['estado'] = 'unresolved';
const warn = console.warn;
beforeEach(() => {
  estado = 'unresolved';
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('The width(')) warn(...args);
  });
  http.get.mockImplementation(async (url: string) => {
    if (url === '/api/insights/issues/7') return { error: null, datos: detalle(estado) };
    if (url === `/api/insights/issues/7/eventos/${'a'.repeat(32)}`)
      return { error: null, datos: evento('a'.repeat(32), null, 'b'.repeat(32), 'iniciar') };
    if (url.startsWith('/api/insights/issues/7/serie'))
      return { error: null, datos: [{ fecha: '2026-11-21', cantidad: 2 }] };
    return { error: null, datos: [] };
  });
  http.put.mockImplementation(async (_url: string, body: { estado?: IssueDetalle['estado'] }) => {
    estado = body.estado ?? estado;
    return { error: null, datos: detalle(estado) };
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const render = () => renderUi(createElement(IssueDetail), { url: '/insights/7', path: '/insights/:id' });

describe('IssueDetail', () => {
  it('shows the latest event: stack trace, breadcrumbs, request, user, tags, contexts and packages', async () => {
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'TypeError: x is undefined' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Traza de la pila: TypeError' }).textContent).toContain(
      'src/carrito.js en agregar · línea 3:9',
    );
    expect(screen.getByRole('table', { name: 'Rastro (breadcrumbs)' }).textContent).toContain('button#agregar');
    expect(screen.getByRole('region', { name: 'Solicitud' }).textContent).toContain(
      'GET https://tienda.example.com/carrito',
    );
    expect(screen.getByRole('region', { name: 'Usuario' }).textContent).toContain('ana@example.com');
    expect(screen.getByRole('region', { name: 'Etiquetas' }).textContent).toContain('browser Chrome 131');
    expect(screen.getByRole('region', { name: 'Contextos' }).textContent).toContain('131');
    expect(screen.getByRole('region', { name: 'Paquetes (2)' }).textContent).toContain(
      '@sentry/browser11.12.0react19.2.0',
    );
    expect(screen.getByRole('button', { name: /Evento siguiente/ }).hasAttribute('disabled')).toBe(true);
    // Fetched with the session's token, then saved under the event's id.
    http.blob.mockResolvedValue(new Blob(['{}'], { type: 'application/json' }));
    const guardados = capturarDescargas();
    fireEvent.click(screen.getByRole('button', { name: /^JSON del evento tal como llegó del SDK/ }));
    await waitFor(() => expect(guardados).toEqual([`evento-${'b'.repeat(32)}.json`]));
    expect(http.blob).toHaveBeenCalledWith(`/api/insights/issues/7/eventos/${'b'.repeat(32)}/json`);
  });

  it('heads the issue with the culprit as the source maps read it, marked as from a source map', async () => {
    http.get.mockImplementation(async (url: string) => {
      if (url === '/api/insights/issues/7')
        return {
          error: null,
          datos: {
            ...detalle('unresolved'),
            culprit: 'index-3f9a.js in a',
            culprit_mapa: 'src/carrito.ts in agregarItem',
          },
        };
      return { error: null, datos: [] };
    });
    render();
    const marca = await screen.findByLabelText('Resuelto con source map; minificado: index-3f9a.js in a');
    expect(marca.textContent).toBe('source map');
    expect(marca.parentElement!.textContent).toContain('src/carrito.ts in agregarItem');
    expect(screen.queryByText(/index-3f9a\.js in a/)).toBeNull();
  });

  it('goes to the previous event and back to the latest', async () => {
    const { router } = render();
    fireEvent.click(await screen.findByRole('button', { name: /Evento anterior/ }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Traza de la pila: TypeError' }).textContent).toContain('iniciar'),
    );
    expect(router.state.location.search).toBe(`?evento=${'a'.repeat(32)}`);
    fireEvent.click(screen.getByRole('button', { name: /Más reciente/ }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Traza de la pila: TypeError' }).textContent).toContain('agregar'),
    );
  });

  it('says so when the retention removed every event of the issue, and still shows its counts', async () => {
    http.get.mockImplementation(async (url: string) => {
      if (url === '/api/insights/issues/7')
        return { error: null, datos: { ...detalle('unresolved'), ultimo_evento: null } };
      if (url.startsWith('/api/insights/issues/7/serie'))
        return { error: null, datos: [{ fecha: '2026-11-21', cantidad: 2 }] };
      return { error: null, datos: [] };
    });
    render();
    expect(await screen.findByText(/No quedan eventos guardados de este error/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'TypeError: x is undefined' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('resolves the issue, then offers to reopen it', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Resolver' }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith('/api/insights/issues/7', { estado: 'resolved' }, expect.anything()),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reabrir' }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith('/api/insights/issues/7', { estado: 'unresolved' }, expect.anything()),
    );
    expect(await screen.findByRole('button', { name: 'Resolver' })).toBeTruthy();
  });

  it('"Ignorar" offers a while, N more events or users, and forever; the page says until when', async () => {
    let ignorada: IssueDetalle['ignorada'] = null;
    http.get.mockImplementation(async (url: string) => {
      if (url === '/api/insights/issues/7') return { error: null, datos: { ...detalle(estado), ignorada } };
      return { error: null, datos: [] };
    });
    http.post.mockImplementation(async (_url: string, body: { modo: string }) => {
      estado = 'ignored';
      ignorada =
        body.modo === 'eventos'
          ? { modo: 'eventos', hasta: null, cantidad: 100, ventana: null, faltan: 37 }
          : { modo: 'tiempo', hasta: '2026-11-29T14:30:00', cantidad: null, ventana: null, faltan: null };
      return { error: null, datos: { ...detalle(estado), ignorada } };
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Ignorar' }));
    const opciones = (await screen.findAllByRole('menuitem', { hidden: true })).map((item) => item.textContent);
    expect(opciones).toEqual([
      '30 minutos',
      '2 horas',
      '24 horas',
      'Una semana',
      'Hasta N eventos más…',
      'Hasta que afecte a N usuarios más…',
      'Para siempre',
    ]);

    // N more events: asked in a dialog, checked as the server checks it.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Hasta N eventos más…', hidden: true }));
    const dialogo = await screen.findByRole('form', { name: 'Ignorar hasta N eventos más' });
    const cantidad = within(dialogo).getByRole('textbox', { name: /Eventos más/ });
    fireEvent.change(cantidad, { target: { value: '0' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Ignorar' }));
    expect(await within(dialogo).findByText('Debe ser un número entero positivo')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.change(cantidad, { target: { value: '100' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Ignorar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/insights/issues/7/ignorar',
        { modo: 'eventos', cantidad: 100, ventana: null },
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Ignorado hasta 100 eventos más (faltan 37)')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Ignorar hasta N eventos más' })).toBeNull());

    // For a while: straight from the menu.
    estado = 'unresolved';
    ignorada = null;
    cleanup();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Ignorar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '30 minutos', hidden: true }));
    await waitFor(() =>
      expect(http.post).toHaveBeenLastCalledWith(
        '/api/insights/issues/7/ignorar',
        { modo: 'tiempo', minutos: 30 },
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Ignorado hasta el 29/11/2026 14:30')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reabrir' })).toBeTruthy();
  });

  it('words each condition as the page shows it', async () => {
    const casos: [NonNullable<IssueDetalle['ignorada']>, string][] = [
      [
        { modo: 'usuarios', hasta: null, cantidad: 10, ventana: null, faltan: null },
        'Ignorado hasta que afecte a 10 usuarios más',
      ],
      [
        { modo: 'usuarios', hasta: null, cantidad: 10, ventana: 'dia', faltan: 1 },
        'Ignorado hasta que afecte a 10 usuarios más en un día (falta 1)',
      ],
      [
        { modo: 'eventos', hasta: null, cantidad: 1000, ventana: 'hora', faltan: 999 },
        'Ignorado hasta 1.000 eventos más en una hora (faltan 999)',
      ],
      [{ modo: 'siempre', hasta: null, cantidad: null, ventana: null, faltan: null }, 'Ignorado para siempre'],
    ];
    for (const [ignorada, texto] of casos) {
      http.get.mockImplementation(async (url: string) => {
        if (url === '/api/insights/issues/7') return { error: null, datos: { ...detalle('ignored'), ignorada } };
        return { error: null, datos: [] };
      });
      render();
      expect(await screen.findByText(texto)).toBeTruthy();
      cleanup();
    }
  });

  it('resolves in the next release, assigns to a role as a team, and shows the merged activity', async () => {
    http.get.mockImplementation(async (url: string) => {
      if (url === '/api/insights/issues/7') return { error: null, datos: detalle(estado) };
      if (url === '/api/insights/roles-asignables') return { error: null, datos: [{ id: 3, nombre: 'Soporte' }] };
      if (url === '/api/insights/asignables') return { error: null, datos: [{ id: 5, nombre: 'Ana Pérez' }] };
      if (url === '/api/insights/issues/7/actividad') {
        return {
          error: null,
          datos: [
            {
              tipo: 'asignacion',
              fecha: '2026-11-21T10:00:00Z',
              autor: 'Administrador',
              antes: null,
              despues: 'rol:Soporte',
              texto: null,
            },
            {
              tipo: 'estado',
              fecha: '2026-11-21T11:00:00Z',
              autor: 'Administrador',
              antes: 'unresolved',
              despues: 'resolved',
              texto: null,
            },
            {
              tipo: 'comentario',
              fecha: '2026-11-21T12:00:00Z',
              autor: 'Ana Pérez',
              antes: null,
              despues: null,
              texto: 'Corregido en la 1.2',
            },
          ],
        };
      }
      return { error: null, datos: [] };
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Resolver en la próxima versión' }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/insights/issues/7',
        { estado: 'resolved', en_proxima_release: true },
        expect.anything(),
      ),
    );

    fireEvent.click(screen.getByRole('textbox', { name: 'Asignar a' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Equipo Soporte', hidden: true }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/insights/issues/7',
        { asignado_id: null, asignado_rol_id: 3 },
        expect.anything(),
      ),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Actividad' }));
    expect(await screen.findByText('Administrador lo asignó a Equipo Soporte')).toBeTruthy();
    expect(screen.getByText('Administrador cambió el estado de Sin resolver a Resuelto')).toBeTruthy();
    expect(screen.getByText('Ana Pérez comentó')).toBeTruthy();
    expect(screen.getByText('Corregido en la 1.2')).toBeTruthy();
  });
});
