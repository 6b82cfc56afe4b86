// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sinVistas, stubRoute } from '../../../test/fixtures.ts';
import { renderUi } from '../../../components/testing.tsx';
import { DnsList } from './DnsList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

beforeEach(() => {
  localStorage.clear();
  permisos.clear();
  http.get.mockImplementation(
    async (url: string) =>
      sinVistas(url) ??
      (url.startsWith('/api/dns?')
        ? {
            error: null,
            datos: {
              items: [
                {
                  id: 5,
                  host: 'mail.example.com',
                  servidor_nombre: 'web-01',
                  servidor_id: 1,
                  tipo: 'A',
                  ttl: 300,
                  activo: true,
                  direcciones_count: 2,
                },
              ],
              total: 1,
            },
          }
        : { error: null, datos: [{ id: 1, nombre: 'web-01', dnss: [] }] }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DnsList', () => {
  it('lists the derived entries across servers for the filters in the URL', async () => {
    renderUi(createElement(DnsList), { url: '/dns?servidor_id=1&activo=true&q=mail', path: '/dns' });
    const table = await screen.findByRole('table', { name: 'Entradas DNS' });
    await within(table).findByText('mail.example.com');
    expect(http.get).toHaveBeenCalledWith(
      '/api/dns?page=1&size=25&q=mail&servidor_id=1&activo=true',
      expect.anything(),
      expect.anything(),
    );
    expect(within(table).getByRole('link', { name: 'Ver servidor web-01' }).getAttribute('href')).toBe('/servidores/1');
    // The server filter comes from the spec's list, asked quietly (a DNS-only user lacks SER#VER).
    expect(http.get).toHaveBeenCalledWith(
      '/api/servidores',
      expect.anything(),
      expect.objectContaining({ quiet: true }),
    );
  });

  it('links each entry to its own page, and a click on its row opens it', async () => {
    const { router } = renderUi(createElement(DnsList), {
      url: '/dns',
      routes: [stubRoute('/dns/:id', 'Página de la entrada')],
    });
    const table = await screen.findByRole('table', { name: 'Entradas DNS' });
    expect((await within(table).findByRole('link', { name: 'mail.example.com' })).getAttribute('href')).toBe('/dns/5');
    fireEvent.click(within(table).getByText('300'));
    expect(await screen.findByText('Página de la entrada')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dns/5');
  });

  it('offers "Nueva entrada DNS" only to who may create entries (SERDNS#EDITAR)', async () => {
    renderUi(createElement(DnsList), { url: '/dns' });
    await within(await screen.findByRole('table', { name: 'Entradas DNS' })).findByText('mail.example.com');
    expect(screen.queryByRole('link', { name: 'Nueva entrada DNS' })).toBeNull();
    cleanup();

    permisos.add('SERDNS#EDITAR');
    renderUi(createElement(DnsList), { url: '/dns' });
    expect((await screen.findByRole('link', { name: 'Nueva entrada DNS' })).getAttribute('href')).toBe('/dns/nueva');
  });
});
