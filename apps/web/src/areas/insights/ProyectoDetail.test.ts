// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Proyecto } from '@intranet/contract/areas/insights';
import { renderUi } from '../../components/testing.tsx';
import { ProyectoDetail } from './ProyectoDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const DSN = 'http://0123456789abcdef0123456789abcdef@intranet.local/4';
const proyecto: Proyecto = {
  id: 4,
  nombre: 'Tienda',
  slug: 'tienda',
  plataforma: 'javascript',
  activo: true,
  limite_por_minuto: 600,
  alerta_pico_eventos: 100,
  alerta_pico_minutos: 5,
  campos_sensibles: [],
  public_key: '0123456789abcdef0123456789abcdef',
  dsn: DSN,
  issues_sin_resolver: 3,
  creado: '2026-11-20T10:00:00Z',
  actualizado: '2026-11-21T10:00:00Z',
};

beforeEach(() => {
  http.get.mockResolvedValue({ error: null, datos: proyecto });
  http.post.mockResolvedValue({ error: null, datos: { ...proyecto, public_key: 'f'.repeat(32) } });
  http.put.mockResolvedValue({ error: null, datos: { ...proyecto, activo: false } });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const render = () =>
  renderUi(createElement(ProyectoDetail), { url: '/insights/proyectos/4', path: '/insights/proyectos/:id' });

const RELEASES = [
  {
    version: 'tienda@1.4.0',
    creada: '2026-11-20T10:00:00Z',
    finalizada: '2026-11-20T10:05:00Z',
    primer_evento: '2026-11-21T12:00:00Z',
    ultimo_evento: '2026-11-22T12:00:00Z',
    eventos: 1234,
    issues_nuevos: 2,
    bundles: [
      {
        id: 1,
        dist: null,
        tamano: 20480,
        creado: '2026-11-20T10:01:00Z',
        archivos: [
          { url: '~/assets/index-3f9a.js', tipo: 'minified_source', tamano: 4096, debug_id: 'd' },
          { url: '~/assets/index-3f9a.js.map', tipo: 'source_map', tamano: 16384, debug_id: 'd' },
        ],
      },
    ],
    deploys: [
      {
        id: 2,
        entorno: 'production',
        nombre: 'Despliegue 12',
        url: 'https://ci.example/12',
        iniciado: null,
        terminado: '2026-11-20T11:00:00Z',
        autor: 'Token «ci»',
      },
      {
        id: 1,
        entorno: 'staging',
        nombre: null,
        url: 'javascript:alert(1)',
        iniciado: null,
        terminado: '2026-11-20T10:30:00Z',
        autor: 'Ana Gómez',
      },
    ],
  },
  {
    version: 'tienda@1.3.9',
    creada: null,
    finalizada: null,
    primer_evento: '2026-11-19T12:00:00Z',
    ultimo_evento: '2026-11-20T09:00:00Z',
    eventos: 7,
    issues_nuevos: 0,
    bundles: [],
    deploys: [],
  },
];

describe('ProyectoDetail', () => {
  it('lists the releases with their events, new issues and bundles, and deletes one once confirmed', async () => {
    http.get.mockImplementation((u: string) =>
      Promise.resolve({
        error: null,
        datos: u.endsWith('/releases')
          ? RELEASES
          : u.includes('/salud?')
            ? { dias: 14, desde: '', sesiones: 0, alerta: { umbral: 95, minimo_sesiones: 20 }, releases: [] }
            : proyecto,
      }),
    );
    http.delete.mockResolvedValue({ error: null, datos: null });
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Releases' }));
    const card = await screen.findByRole('region', { name: 'tienda@1.4.0' });
    expect(within(card).getByText('1.234')).toBeTruthy();
    expect(within(card).getByText('~/assets/index-3f9a.js.map')).toBeTruthy();
    expect(within(card).getByText(/2 archivos · 20,0 KB/)).toBeTruthy();
    // Its deploys: where, when and who; a link only for a web address.
    const deploys = within(card).getByRole('region', { name: 'Deploys tienda@1.4.0' });
    expect(deploys.textContent).toContain('production · 20/11/2026');
    expect(deploys.textContent).toContain('Token «ci» · Despliegue 12');
    expect(within(deploys).getByRole('link', { name: 'https://ci.example/12' }).getAttribute('href')).toBe(
      'https://ci.example/12',
    );
    expect(within(deploys).queryByRole('link', { name: /javascript/ })).toBeNull();
    expect(deploys.textContent).toContain('Ana Gómez · javascript:alert(1)');
    expect(
      within(screen.getByRole('region', { name: 'tienda@1.3.9' })).getByText('Sin source maps subidos'),
    ).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar la release tienda@1.4.0' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(http.delete).toHaveBeenCalledWith(
        '/api/insights/proyectos/4/releases?version=tienda%401.4.0',
        expect.anything(),
      ),
    );
  });

  it('shows the DSN and the browser and Node snippets that use it', async () => {
    render();
    expect((await screen.findByTestId('dsn')).textContent).toBe(DSN);
    expect(screen.getByLabelText('Navegador (@sentry/browser)', { selector: 'pre' }).textContent).toContain(
      `import * as Sentry from '@sentry/browser';`,
    );
    expect(screen.getByLabelText('Node.js (@sentry/node)', { selector: 'pre' }).textContent).toContain(`dsn: '${DSN}'`);
    expect(screen.getByRole('button', { name: 'Copiar DSN' })).toBeTruthy();
  });

  it('rotates the key only once confirmed', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Rotar clave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotar la clave del proyecto' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Rotar clave' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Rotar clave' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/insights/proyectos/4/rotar-clave', undefined, expect.anything()),
    );
  });

  it("lists users' feedback with who wrote it and the issue it is about", async () => {
    const opiniones = [
      {
        id: 2,
        event_id: 'f'.repeat(32),
        evento_asociado: null,
        issue_id: null,
        issue_titulo: null,
        nombre: null,
        email: null,
        mensaje: 'Me gustaría exportar a Excel',
        url: null,
        recibido: '2026-11-22T12:00:00Z',
      },
      {
        id: 1,
        event_id: 'e'.repeat(32),
        evento_asociado: 'a'.repeat(32),
        issue_id: 77,
        issue_titulo: 'TypeError: Cannot read properties of undefined',
        nombre: 'Ana Pérez',
        email: 'ana@cliente.com',
        mensaje: 'Al cobrar la factura se colgó la pantalla',
        url: 'https://portal.example/facturas',
        recibido: '2026-11-21T12:00:00Z',
      },
    ];
    http.get.mockImplementation((u: string) =>
      Promise.resolve({ error: null, datos: u.endsWith('/feedback') ? opiniones : proyecto }),
    );
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Opiniones de usuarios' }));
    const lista = await screen.findByRole('list', { name: 'Opiniones de usuarios' });
    const items = within(lista).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Anónimo');
    expect(items[0]!.textContent).toContain('Me gustaría exportar a Excel');
    expect(items[1]!.textContent).toContain('Ana Pérez <ana@cliente.com>');
    expect(
      within(items[1]!)
        .getByRole('link', { name: 'TypeError: Cannot read properties of undefined' })
        .getAttribute('href'),
    ).toBe('/insights/77');
  });

  it('shows what the SDKs sent per day and kind, with the reasons of what was not kept', async () => {
    const recibidos = [
      { dia: '2026-11-22', categoria: 'error', resultado: 'aceptado', motivo: '', cantidad: 1200 },
      {
        dia: '2026-11-22',
        categoria: 'error',
        resultado: 'limitado',
        motivo: 'Límite por minuto del proyecto',
        cantidad: 30,
      },
      {
        dia: '2026-11-22',
        categoria: 'transaction',
        resultado: 'descartado',
        motivo: 'Tipo que el monitor todavía no guarda',
        cantidad: 80,
      },
      {
        dia: '2026-11-22',
        categoria: 'transaction',
        resultado: 'descartado_sdk',
        motivo: 'sample_rate',
        cantidad: 400,
      },
      { dia: '2026-11-21', categoria: 'error', resultado: 'aceptado', motivo: '', cantidad: 5 },
    ];
    http.get.mockImplementation((u: string) =>
      Promise.resolve({ error: null, datos: u.includes('/recibidos') ? recibidos : proyecto }),
    );
    render();
    fireEvent.click(await screen.findByRole('tab', { name: 'Datos recibidos' }));
    const tabla = await screen.findByRole('table', { name: 'Datos recibidos' });
    const filas = within(tabla).getAllByRole('row');
    expect(filas.map((f) => f.textContent)).toEqual([
      'DíaTipoAceptadosLimitadosDescartadosDescartados por el SDKTotal',
      '22/11/2026error1.20030Límite por minuto del proyecto: 30——1.230',
      '22/11/2026transaction——80Tipo que el monitor todavía no guarda: 80400sample_rate: 400480',
      '21/11/2026error5———5',
    ]);
    expect(http.get).toHaveBeenCalledWith(
      '/api/insights/proyectos/4/recibidos?dias=30',
      expect.anything(),
      expect.anything(),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Últimos 7 días' }));
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith(
        '/api/insights/proyectos/4/recibidos?dias=7',
        expect.anything(),
        expect.anything(),
      ),
    );
  });

  it('disables the project with its whole record, once confirmed', async () => {
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Desactivar' })).getByRole('button', { name: 'Desactivar' }),
    );
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/insights/proyectos/4',
        {
          nombre: 'Tienda',
          slug: 'tienda',
          plataforma: 'javascript',
          limite_por_minuto: 600,
          alerta_pico_eventos: 100,
          alerta_pico_minutos: 5,
          campos_sensibles: [],
          activo: false,
        },
        expect.anything(),
      ),
    );
  });
});
