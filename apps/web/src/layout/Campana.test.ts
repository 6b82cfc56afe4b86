// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notificacion } from '@intranet/contract/areas/alertas';
import { renderUi } from '../components/testing.tsx';
import { answers, ok, stubRoute } from '../test/fixtures.ts';
import { Campana } from './Campana.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../core/http/http.ts', () => ({ http }));
vi.mock('../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../core/session/session.ts', () => ({
  useSesion: () => ({ token: 't', usuario: { nombre: 'Administrador', roles: [] } }),
}));

const nueva: Notificacion = {
  id: 7,
  tipo: 'vencimientos',
  titulo: '3 vencimientos requieren atención',
  detalle: '2 certificados AFIP, 1 licencia Physis',
  enlace: '/alertas/notificaciones/7',
  creada: '2026-11-25T12:00:00Z',
  leida: false,
};
const vieja: Notificacion = {
  ...nueva,
  id: 3,
  tipo: 'garantia',
  titulo: 'Un vencimiento requiere atención',
  detalle: '1 garantía de máquina',
  enlace: '/maquinas/4',
  leida: true,
};

beforeEach(() => {
  http.get.mockImplementation(answers({ '/api/alertas/notificaciones?': { no_leidas: 1, items: [nueva, vieja] } }));
  http.post.mockResolvedValue(ok({ no_leidas: 0 }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Campana', () => {
  it('shows the unread count and the latest notifications; opening one marks it read and goes to its item', async () => {
    renderUi(createElement(Campana), {
      url: '/',
      routes: [stubRoute('/alertas/notificaciones/7', 'Detalle de la notificación')],
    });
    const boton = await screen.findByRole('button', { name: '1 notificación sin leer' });
    expect(http.get).toHaveBeenCalledWith('/api/alertas/notificaciones?limite=8', expect.anything(), expect.anything());
    fireEvent.click(boton);
    const lista = await screen.findByRole('list', { name: 'Notificaciones' });
    const [primera, segunda] = within(lista).getAllByRole('button', { hidden: true });
    expect(primera?.textContent).toContain('3 vencimientos requieren atención');
    expect(primera?.textContent).toContain('2 certificados AFIP, 1 licencia Physis');
    expect(primera?.textContent).toContain('25/11/2026');
    expect(primera?.getAttribute('data-leida')).toBe('false');
    expect(segunda?.getAttribute('data-leida')).toBe('true');
    fireEvent.click(primera!);
    await screen.findByText('Detalle de la notificación');
    expect(http.post).toHaveBeenCalledWith('/api/alertas/notificaciones/7/leida', undefined, expect.anything());
  });

  it('marks every notification read at once', async () => {
    renderUi(createElement(Campana));
    fireEvent.click(await screen.findByRole('button', { name: '1 notificación sin leer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/alertas/notificaciones/leidas', undefined, expect.anything()),
    );
  });

  it('says when there is nothing', async () => {
    http.get.mockImplementation(answers({ '/api/alertas/notificaciones?': { no_leidas: 0, items: [] } }));
    renderUi(createElement(Campana));
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones' }));
    expect(await screen.findByText('No tiene notificaciones.')).toBeTruthy();
  });
});
