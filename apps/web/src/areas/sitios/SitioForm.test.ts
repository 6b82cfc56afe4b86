// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitioInput } from '@intranet/contract/areas/sitios';
import { renderUi } from '../../components/testing.tsx';
import { sitio, sitioOpciones } from '../../test/builders/sitios.ts';
import { answers, badRequest, choose, ok, stubRoute, watchNotifications } from '../../test/fixtures.ts';
import { SitioEditar, SitioNuevo } from './SitioForm.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
  http.get.mockImplementation(
    answers({ '/api/sitios/opciones': sitioOpciones, '/api/empresas/opciones?': [], '/api/sitios/5': sitio() }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const routes = [stubRoute('/soluciones/web/:id', 'Detalle del sitio')];
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SitioForm', () => {
  it('accepts only https addresses, as the contract says', async () => {
    renderUi(createElement(SitioNuevo), { url: '/soluciones/web/nuevo', routes });
    type(/Nombre/, 'Portal');
    type(/URL/, 'http://portal.physis.com.ar');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La URL debe empezar con https://')).toBeTruthy();
    type(/URL/, 'https://mal host/');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('URL inválida: debe empezar con https:// y tener un nombre de host válido'),
    ).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('creates the site with its address normalised and the server its DNS entry belongs to', async () => {
    http.post.mockResolvedValue(ok(sitio({ id: 8, nombre: 'Portal Physis' })));
    renderUi(createElement(SitioNuevo), { url: '/soluciones/web/nuevo', routes });
    type(/Nombre/, 'Portal Physis');
    type(/URL/, 'https://Portal.Physis.com.ar');
    // Choosing the DNS entry chooses its server.
    await choose('Entrada DNS', 'portal.physis.com.ar');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Servidor' }) as HTMLInputElement).value).toBe('web-02'),
    );
    type('Dominio vence', '2027-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Detalle del sitio')).toBeTruthy();
    const enviado: SitioInput = {
      nombre: 'Portal Physis',
      url: 'https://portal.physis.com.ar/',
      empresa_id: null,
      servidor_id: 4,
      dns_id: 9,
      estado: 'activo',
      ssl_vence: null,
      ssl_emisor: null,
      dominio_vence: '2027-03-01',
      registrador: null,
      notas: null,
    };
    expect(http.post).toHaveBeenCalledWith('/api/sitios', enviado, expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Sitio guardado', message: '«Portal Physis» quedó guardado.' }),
    );
  });

  it('drops a DNS entry of another server when the server changes, and shows the server’s 400', async () => {
    http.put.mockRejectedValue(badRequest({ url: ['Ya hay un sitio con esa URL'] }));
    renderUi(createElement(SitioEditar), {
      url: '/soluciones/web/5/editar',
      path: '/soluciones/web/:id/editar',
      routes,
    });
    expect(await screen.findByRole('heading', { name: 'Editar: Tienda AgroLit' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Entrada DNS' }) as HTMLInputElement).value).toBe(
        'tienda.agrolit.com.ar',
      ),
    );
    await choose('Servidor', 'web-02');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Entrada DNS' }) as HTMLInputElement).value).toBe(''),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya hay un sitio con esa URL')).toBeTruthy();
    expect(http.put).toHaveBeenCalledWith(
      '/api/sitios/5',
      expect.objectContaining({ servidor_id: 4, dns_id: null, empresa_id: 3 }),
      expect.anything(),
    );
  });
});
