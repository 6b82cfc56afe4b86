// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventoResumen } from '@intranet/contract/areas/insights';
import { renderUi } from '../../components/testing.tsx';
import { EventosTab } from './EventosTab.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const evento = (id: string, mensaje: string): EventoResumen => ({
  event_id: id,
  issue_id: 7,
  fecha: '2026-11-20T10:00:00Z',
  nivel: 'error',
  mensaje,
  release: null,
  environment: 'production',
  usuario: null,
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('EventosTab', () => {
  it('lists the issue’s events and opens one from its row or its date', async () => {
    http.get.mockResolvedValue({
      error: null,
      datos: {
        items: [evento('a'.repeat(32), 'x is undefined'), evento('b'.repeat(32), 'y is null')],
        total: 2,
        page: 1,
        size: 20,
      },
    });
    const onOpen = vi.fn();
    renderUi(createElement(EventosTab, { issueId: 7, onOpen }));
    const table = await screen.findByRole('table', { name: 'Eventos del error' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.click(within(table).getByText('y is null'));
    expect(onOpen).toHaveBeenLastCalledWith('b'.repeat(32));
    fireEvent.click(within(table).getByRole('button', { name: `Ver evento ${'a'.repeat(32)}` }));
    expect(onOpen).toHaveBeenLastCalledWith('a'.repeat(32));
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
