// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Webhook } from '@intranet/contract/areas/alertas';
import { renderUi } from '../../components/testing.tsx';
import { answers, ok } from '../../test/fixtures.ts';
import { WebhooksScreen } from './WebhooksScreen.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const hook = (id: number, nombre: string): Webhook => ({
  id,
  nombre,
  url: `https://hooks.example.com/${id}`,
  formato: 'json',
  eventos: ['certificado'],
  activo: true,
  secreto: 'ab'.repeat(24),
  ultima_entrega: null,
});

beforeEach(() => {
  http.get.mockImplementation(
    answers({ '/api/alertas/webhooks': [hook(4, 'Operaciones'), hook(7, 'Slack soporte'), hook(9, 'Teams ventas')] }),
  );
  http.post.mockResolvedValue(ok({ total: 2, hechos: [4, 9], rechazados: [] }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('WebhooksScreen bulk bar', () => {
  it('deletes the chosen webhooks in one request to the lote route once confirmed; it offers no export', async () => {
    renderUi(createElement(WebhooksScreen));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar Operaciones' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Teams ventas' }));
    const barra = screen.getByRole('group', { name: 'Acciones en lote' });
    expect(barra.textContent).toContain('2 filas seleccionadas');
    expect(
      within(barra)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Eliminar', 'Historial de acciones masivas']);
    // Every webhook is in sight: there is no "all that match" to offer.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' }));
    expect(screen.queryByRole('button', { name: /coinciden con el filtro/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar Slack soporte' }));

    fireEvent.click(within(barra).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar en lote' });
    expect(dialog.textContent).toContain('¿Eliminar las 2 filas seleccionadas?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/alertas/webhooks/lote',
        { seleccion: { ids: [4, 9] }, accion: 'eliminar' },
        expect.anything(),
      ),
    );
    const resultado = await screen.findByRole('dialog', { name: 'Resultado de la acción en lote' });
    expect(resultado.textContent).toContain('Se eliminaron 2 filas.');
    expect(http.blob).not.toHaveBeenCalled();
  });
});
