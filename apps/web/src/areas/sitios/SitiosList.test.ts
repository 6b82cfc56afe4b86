// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VerificarResultado, VerificarVariosResultado } from '@intranet/contract/areas/sitios';
import { renderUi } from '../../components/testing.tsx';
import { sitio, sitioFila, sitioOpciones } from '../../test/builders/sitios.ts';
import { answers, choose, ok, watchNotifications } from '../../test/fixtures.ts';
import { SitiosList } from './SitiosList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const items = [
  sitioFila(),
  sitioFila({
    id: 6,
    nombre: 'Portal Physis',
    url: 'https://portal.physis.com.ar/',
    empresa_id: null,
    cliente: null,
    servidor: 'web-02',
    estado: 'mantenimiento',
    ssl_vence: null,
    ssl_dias: null,
    dominio_vence: '2026-11-01',
    dominio_dias: -23,
    verificado_en: null,
    verificacion_resultado: null,
    verificacion_mensaje: null,
  }),
];

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  localStorage.clear();
  notified = watchNotifications();
  permisos.clear();
  permisos.add('SUBPROD#EDITAR');
  http.get.mockImplementation(
    answers({
      '/api/sitios?': { items, total: 2 },
      '/api/sitios/opciones': sitioOpciones,
      '/api/empresas/opciones?': [],
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const listCalls = () => http.get.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/sitios?'));

describe('SitiosList', () => {
  it('asks for the view the URL describes and shows each site’s client, server, state, expiries and last check', async () => {
    renderUi(createElement(SitiosList), {
      url: '/soluciones/web?propios=false&estado=activo&vencimiento=critico&sort=ssl_vence&q=tienda',
      path: '/soluciones/web',
    });
    const table = await screen.findByRole('table', { name: 'Sitios web' });
    await within(table).findByText('Tienda AgroLit');
    expect(http.get).toHaveBeenCalledWith(
      '/api/sitios?page=1&size=25&sort=ssl_vence&q=tienda&propios=false&estado=activo&vencimiento=critico',
      expect.anything(),
      expect.anything(),
    );
    const [, tienda, portal] = within(table).getAllByRole('row');
    expect(within(tienda!).getByRole('link', { name: 'Tienda AgroLit' }).getAttribute('href')).toBe(
      '/soluciones/web/5',
    );
    for (const text of [
      'https://tienda.agrolit.com.ar/',
      'Agro del Litoral S.A.',
      'web-01',
      'Activo',
      '14/12/2026',
      'Por vencer',
      'Sin fecha',
      'Correcto',
    ])
      expect(tienda?.textContent).toContain(text);
    for (const text of ['Propio', 'Mantenimiento', '01/11/2026', 'Vencido', 'Sin verificar'])
      expect(portal?.textContent).toContain(text);
  });

  it('filters by origin, server and nearest expiry', async () => {
    renderUi(createElement(SitiosList), { url: '/soluciones/web' });
    await screen.findByText('Tienda AgroLit');
    await choose('Sitios', 'Propios');
    await choose('Servidor', 'web-02');
    await choose('Vencimiento', 'Vencido');
    await waitFor(() =>
      expect(listCalls().at(-1)).toBe('/api/sitios?page=1&size=25&propios=true&servidor_id=4&vencimiento=vencido'),
    );
  });

  it('checks one site’s certificate and tells what the server found', async () => {
    const resultado: VerificarResultado = {
      sitio: sitio(),
      verificacion: {
        id: 1,
        sitio_id: 5,
        fecha: '2026-11-24T10:00:00',
        resultado: 'advertencia',
        codigo: 'autofirmado',
        mensaje: 'El certificado es autofirmado',
        host: 'tienda.agrolit.com.ar',
        puerto: 443,
        valido_desde: null,
        valido_hasta: null,
        emisor: null,
        sujeto: null,
        sans: null,
        usuario: 'Admin',
      },
    };
    http.post.mockResolvedValue(ok(resultado));
    renderUi(createElement(SitiosList), { url: '/soluciones/web' });
    fireEvent.click(await screen.findByRole('button', { name: 'Verificar Tienda AgroLit' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/sitios/5/verificar', undefined, expect.anything()),
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'orange',
          title: 'Certificado leído, con advertencias',
          message: 'El certificado es autofirmado',
        }),
      ),
    );
  });

  it('checks the selected sites in one call and tallies the outcome', async () => {
    const hechos: VerificarVariosResultado = [
      { sitio_id: 5, nombre: 'Tienda AgroLit', resultado: 'ok', mensaje: 'Válido' },
      { sitio_id: 6, nombre: 'Portal Physis', resultado: 'error', mensaje: 'Sin respuesta' },
    ];
    http.post.mockResolvedValue(ok(hechos));
    renderUi(createElement(SitiosList), { url: '/soluciones/web' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Tienda AgroLit' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Portal Physis' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verificar seleccionados (2)' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/sitios/verificar', { ids: [5, 6] }, expect.anything()),
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: '2 sitios verificados',
          message: '1 correctos, 0 con advertencias, 1 sin conexión',
        }),
      ),
    );
  });

  it('offers no check or creation to those who may only read, and a selection only to export', async () => {
    permisos.clear();
    renderUi(createElement(SitiosList), { url: '/soluciones/web' });
    await screen.findByText('Tienda AgroLit');
    expect(screen.queryByRole('button', { name: 'Verificar Tienda AgroLit' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Tienda AgroLit' }));
    expect(
      within(screen.getByRole('group', { name: 'Acciones en lote' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Exportar selección']);
    expect(screen.queryByRole('link', { name: 'Nuevo sitio' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Vencimientos' }).getAttribute('href')).toBe(
      '/soluciones/web/vencimientos',
    );
  });
});
