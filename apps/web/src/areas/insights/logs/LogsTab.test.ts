// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Adjunto } from '@intranet/contract/areas/insights/adjuntos';
import type { LogItem } from '@intranet/contract/areas/insights/logs';
import { capturarDescargas, renderUi } from '../../../components/testing.tsx';
import { AdjuntosEvento } from '../adjuntos/AdjuntosEvento.tsx';
import { LogsTab } from './LogsTab.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), blob: vi.fn() }));
const pantalla = vi.hoisted(() => ({ telefono: false }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));
vi.mock('../../../components/useTelefono.ts', () => ({ useTelefono: () => pantalla.telefono }));

const TRAZA = 'c'.repeat(32);
const log = (id: number, nivel: LogItem['nivel'], cuerpo: string, evento: LogItem['evento'] = null): LogItem => ({
  id,
  fecha: `2026-11-29T10:0${id}:00.000Z`,
  nivel,
  cuerpo,
  trace_id: TRAZA,
  atributos: { cliente: { value: 'ACME', type: 'string' }, 'sentry.release': { value: 'r@1', type: 'string' } },
  release: 'r@1',
  environment: 'production',
  evento,
});

beforeEach(() => {
  pantalla.telefono = false;
  http.get.mockImplementation(async (url: string) => {
    const q = new URL(url, 'http://x').searchParams;
    if (q.get('cursor')) return { error: null, datos: { items: [log(1, 'info', 'Sesión iniciada')], siguiente: null } };
    return {
      error: null,
      datos: {
        items: [
          log(3, 'error', 'No se pudo cobrar', { issue_id: 9, event_id: 'e'.repeat(32) }),
          log(2, 'warn', 'Reintento'),
        ],
        siguiente: '2026-11-29T10:02:00.000Z~2',
      },
    };
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('Logs tab', () => {
  it('lists newest first with the trace and its error, filters by level and text, and loads more', async () => {
    renderUi(createElement(LogsTab, { proyectoId: 4 }));
    const tabla = await screen.findByRole('table', { name: 'Logs' });
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(filas.map((f) => within(f).getAllByRole('cell')[2]!.textContent)).toEqual([
      'No se pudo cobrarcliente=ACME',
      'Reintentocliente=ACME',
    ]);
    expect(within(filas[0]!).getByRole('link', { name: 'Ver el error' }).getAttribute('href')).toBe(
      `/insights/9?evento=${'e'.repeat(32)}`,
    );
    expect(
      within(filas[0]!)
        .getByRole('link', { name: `Ver la traza ${TRAZA}` })
        .getAttribute('href'),
    ).toBe(`/insights/trazas/${TRAZA}`);
    expect(within(filas[1]!).queryByRole('link', { name: 'Ver el error' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    await screen.findByText('Sesión iniciada');
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    const ultima = new URL(http.get.mock.calls.at(-1)![0] as string, 'http://x');
    expect(ultima.pathname).toBe('/api/insights/proyectos/4/logs');
    expect(ultima.searchParams.get('cursor')).toBe('2026-11-29T10:02:00.000Z~2');

    fireEvent.change(screen.getByRole('textbox', { name: 'Texto' }), { target: { value: 'cobrar' } });
    await waitFor(() => {
      const q = new URL(http.get.mock.calls.at(-1)![0] as string, 'http://x').searchParams;
      expect(q.get('q')).toBe('cobrar');
      expect(q.get('desde')).not.toBeNull();
    });
  });

  it('shows cards on a phone', async () => {
    pantalla.telefono = true;
    renderUi(createElement(LogsTab, { proyectoId: 4 }));
    const lista = await screen.findByRole('list', { name: 'Logs' });
    expect(within(lista).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe("An event's attachments", () => {
  it('lists name, type and size, and saves an attachment fetched with the session’s token under its name', async () => {
    const adjuntos: Adjunto[] = [
      { id: 5, nombre: 'pedido.json', tipo: 'application/json', clase: 'event.attachment', tamano: 2048, recibido: '' },
      {
        id: 6,
        nombre: 'volcado.dmp',
        tipo: 'application/octet-stream',
        clase: 'event.minidump',
        tamano: 10,
        recibido: '',
      },
    ];
    http.get.mockResolvedValue({ error: null, datos: adjuntos });
    renderUi(createElement(AdjuntosEvento, { issueId: 9, eventId: 'e'.repeat(32) }));
    const tabla = await screen.findByRole('table', { name: 'Adjuntos' });
    expect(within(tabla).getByText('pedido.json')).toBeTruthy();
    expect(within(tabla).getByText('2,0 KB')).toBeTruthy();
    expect(within(tabla).getByText('application/octet-stream · minidump')).toBeTruthy();
    http.blob.mockResolvedValue(new Blob(['{}'], { type: 'application/json' }));
    const guardados = capturarDescargas();
    fireEvent.click(screen.getByRole('button', { name: 'Descargar pedido.json' }));
    await waitFor(() => expect(guardados).toEqual(['pedido.json']));
    expect(http.blob).toHaveBeenCalledWith(`/api/insights/issues/9/eventos/${'e'.repeat(32)}/adjuntos/5`);
  });

  it('tells a failed download in a notification, and saves nothing', async () => {
    http.get.mockResolvedValue({
      error: null,
      datos: [
        { id: 5, nombre: 'pedido.json', tipo: 'application/json', clase: 'event.attachment', tamano: 2, recibido: '' },
      ],
    });
    http.blob.mockRejectedValue(new Error('Sesión inválida o vencida'));
    const guardados = capturarDescargas();
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    renderUi(createElement(AdjuntosEvento, { issueId: 9, eventId: 'e'.repeat(32) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar pedido.json' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: 'No se pudo descargar el archivo.',
          message: 'Sesión inválida o vencida',
        }),
      ),
    );
    expect(guardados).toEqual([]);
  });
});
