// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DnsDetalle } from '@intranet/contract/areas/servidores/dns';
import { renderUi } from '../../../components/testing.tsx';
import { answers, choose, stubRoute } from '../../../test/fixtures.ts';
import { DnsEditar, DnsNueva } from './DnsForm.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const entry: DnsDetalle = {
  id: 11,
  host: 'app.example.com',
  servidor_id: 1,
  servidor_nombre: 'web-01',
  tipo: 'A',
  ttl: 3600,
  activo: true,
  direcciones_count: 0,
  direcciones: [],
};
const servidores = [
  { id: 1, nombre: 'web-01', dnss: [] },
  { id: 2, nombre: 'db-01', dnss: [] },
];
const routes = [stubRoute('/dns/:id', 'Página de la entrada')];

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DnsForm', () => {
  it('creates an entry on the server chosen, asking for one first, then opens its page', async () => {
    http.get.mockImplementation(answers({ '/api/servidores': servidores }));
    http.post.mockResolvedValue({
      error: null,
      datos: { ...entry, id: 12, host: 'nuevo.example.com', servidor_id: 2, servidor_nombre: 'db-01' },
    });
    const { router } = renderUi(createElement(DnsNueva), { url: '/dns/nueva', routes });
    const form = screen.getByRole('form', { name: 'Nueva entrada DNS' });
    fireEvent.change(screen.getByLabelText(/Host/), { target: { value: 'nuevo.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Elija un servidor')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await choose(/Servidor/, 'db-01', form);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/dns',
        { servidor_id: 2, host: 'nuevo.example.com', tipo: 'A', ttl: 3600, activo: true },
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Página de la entrada')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dns/12');
  });

  it('edits an entry with its values, its server offered even when the servers list cannot be read', async () => {
    http.get.mockImplementation(answers({ '/api/dns/11': entry }));
    http.put.mockResolvedValue({ error: null, datos: { ...entry, ttl: 900 } });
    const { router } = renderUi(createElement(DnsEditar), { url: '/dns/11/editar', path: '/dns/:id/editar', routes });
    const form = await screen.findByRole('form', { name: 'Editar entrada DNS app.example.com' });
    expect((screen.getByRole('textbox', { name: /Servidor/ }) as HTMLInputElement).value).toBe('web-01');
    expect((screen.getByLabelText(/Host/) as HTMLInputElement).value).toBe('app.example.com');
    fireEvent.change(screen.getByLabelText(/TTL/), { target: { value: '900' } });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/dns/11',
        { servidor_id: 1, host: 'app.example.com', tipo: 'A', ttl: 900, activo: true },
        expect.anything(),
      ),
    );
    expect(await screen.findByText('Página de la entrada')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dns/11');
  });
});
