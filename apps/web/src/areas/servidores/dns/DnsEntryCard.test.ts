// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../components/testing.tsx';
import { DnsEntryCard } from './DnsEntryCard.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const entry = {
  id: 11,
  host: 'app.example.com',
  servidor_id: 1,
  servidor_nombre: 'web-01',
  tipo: 'A' as const,
  ttl: 3600,
  activo: true,
  direcciones_count: 1,
  direcciones: [
    { id: 101, dns: 11, host: 'app.example.com', port: 8443, path: '/salud', url: 'http://app.example.com:8443/salud' },
  ],
};

const render = (puedeEditar = true) => renderUi(createElement(DnsEntryCard, { servidorId: 1, entry, puedeEditar }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DnsEntryCard', () => {
  it('resolves the host now and says whether it matches the server', async () => {
    http.post.mockResolvedValue({
      error: null,
      datos: { host: 'app.example.com', direcciones: ['203.0.113.10'], error: null, coincide: true },
    });
    render();
    const card = screen.getByRole('region', { name: 'app.example.com' });
    fireEvent.click(within(card).getByRole('button', { name: 'Resolver ahora' }));
    expect((await within(card).findByRole('status')).textContent).toBe(
      'app.example.com resuelve a 203.0.113.10. Coincide con las IP del servidor.',
    );
    expect(http.post).toHaveBeenCalledWith('/api/dns/11/resolver', undefined, expect.anything());
  });

  it('lists its addresses as URLs and checks one', async () => {
    http.post.mockResolvedValue({
      error: null,
      datos: { alcanzable: false, ms: null, error: 'Tiempo de espera agotado' },
    });
    render();
    const table = screen.getByRole('table', { name: 'Direcciones de app.example.com' });
    expect(within(table).getByRole('link', { name: 'http://app.example.com:8443/salud' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Verificar http://app.example.com:8443/salud' }));
    expect(await within(table).findByText('No alcanzable: Tiempo de espera agotado')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('/api/direcciones/101/verificar', undefined, expect.anything());
  });

  it('edits an address in its own row, across the table, and goes back to the row on Cancelar', () => {
    render();
    const table = screen.getByRole('table', { name: 'Direcciones de app.example.com' });
    fireEvent.click(within(table).getByRole('button', { name: 'Editar dirección http://app.example.com:8443/salud' }));
    const form = within(table).getByRole('form', { name: 'Editar dirección http://app.example.com:8443/salud' });
    expect(form.closest('td')?.getAttribute('colspan')).toBe('5');
    expect(within(table).queryByRole('link', { name: 'http://app.example.com:8443/salud' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(within(table).getByRole('link', { name: 'http://app.example.com:8443/salud' })).toBeTruthy();
  });

  it('says how many addresses go with a deleted entry', async () => {
    http.delete.mockResolvedValue({ error: null, datos: null });
    render();
    const card = screen.getByRole('region', { name: 'app.example.com' });
    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar entrada DNS' });
    expect(dialog.textContent).toContain(
      '¿Eliminar la entrada DNS app.example.com? También se eliminará su dirección.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(http.delete).toHaveBeenCalledWith('/api/dns/11', expect.anything()));
  });

  it('edits the entry inline and puts a duplicate host error on the field', async () => {
    http.put.mockRejectedValue(
      Object.assign(new Error('Conflicto'), {
        status: 409,
        campos: { host: ['Ya existe una entrada DNS con ese host'] },
      }),
    );
    render();
    fireEvent.click(
      within(screen.getByRole('region', { name: 'app.example.com' })).getByRole('button', { name: 'Editar' }),
    );
    const form = screen.getByRole('form', { name: 'Editar entrada DNS app.example.com' });
    fireEvent.change(within(form).getByLabelText(/Host/), { target: { value: 'otra.example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Ya existe una entrada DNS con ese host')).toBeTruthy();
    expect(http.put).toHaveBeenCalledWith(
      '/api/dns/11',
      { servidor_id: 1, host: 'otra.example.com', tipo: 'A', ttl: 3600, activo: true },
      expect.anything(),
    );
  });

  it('offers no write actions without SERDNS#EDITAR', () => {
    render(false);
    const card = screen.getByRole('region', { name: 'app.example.com' });
    expect(within(card).queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Agregar dirección/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Resolver ahora' })).toBeTruthy();
  });
});
