// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../components/testing.tsx';
import { ServidorNuevo } from './ServidorForm.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

class Conflicto extends Error {
  readonly status = 409;
  readonly campos = { nombre: ['Ya existe un servidor con ese nombre'] };
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const routes = [{ path: '/servidores/:id', element: createElement('p', null, 'Detalle del servidor') }];

describe('ServidorForm', () => {
  it('validates hostnames and IPs with the contract before sending', async () => {
    renderUi(createElement(ServidorNuevo), { url: '/servidores/nuevo', routes });
    fireEvent.change(screen.getByLabelText(/Nombre/), { target: { value: 'web-09' } });
    fireEvent.change(screen.getByLabelText('IP privada'), { target: { value: '10.0.0.300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Dirección IP inválida')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it("shows the server's 409 on the field and then saves and opens the server", async () => {
    http.post.mockRejectedValueOnce(new Conflicto('Conflicto'));
    renderUi(createElement(ServidorNuevo), { url: '/servidores/nuevo', routes });
    fireEvent.change(screen.getByLabelText(/Nombre/), { target: { value: 'web-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe un servidor con ese nombre')).toBeTruthy();
    expect(http.post.mock.calls[0]?.[1]).toMatchObject({
      nombre: 'web-01',
      estado: 'activo',
      hostname: null,
      ip_publica: null,
    });

    http.post.mockResolvedValueOnce({ error: null, datos: { id: 9, nombre: 'web-09' } });
    fireEvent.change(screen.getByLabelText(/Nombre/), { target: { value: 'web-09' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    // Saved: the dirty-form guard lets it go straight to the detail.
    expect(await screen.findByText('Detalle del servidor')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
