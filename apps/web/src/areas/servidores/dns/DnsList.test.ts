// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sinVistas } from '../../../test/fixtures.ts';
import { renderUi } from '../../../components/testing.tsx';
import { DnsList } from './DnsList.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn() }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DnsList', () => {
  it('lists the derived entries across servers for the filters in the URL', async () => {
    http.get.mockImplementation(async (url: string) =>
      sinVistas(url) ?? (url.startsWith('/api/dns?')
        ? { error: null, datos: { items: [{ id: 5, host: 'mail.example.com', servidor_nombre: 'web-01', servidor_id: 1, tipo: 'A', ttl: 300, activo: true, direcciones_count: 2 }], total: 1 } }
        : { error: null, datos: [{ id: 1, nombre: 'web-01', dnss: [] }] }),
    );
    renderUi(createElement(DnsList), { url: '/dns?servidor_id=1&activo=true&q=mail', path: '/dns' });
    const table = await screen.findByRole('table', { name: 'Entradas DNS' });
    await within(table).findByText('mail.example.com');
    expect(http.get).toHaveBeenCalledWith('/api/dns?page=1&size=25&q=mail&servidor_id=1&activo=true', expect.anything(), expect.anything());
    expect(within(table).getByRole('link', { name: 'Ver servidor web-01' }).getAttribute('href')).toBe('/servidores/1');
    // The server filter comes from the spec's list, asked quietly (a DNS-only user lacks SER#VER).
    expect(http.get).toHaveBeenCalledWith('/api/servidores', expect.anything(), expect.objectContaining({ quiet: true }));
  });
});
