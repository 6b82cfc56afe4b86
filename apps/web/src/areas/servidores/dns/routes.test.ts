// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../components/testing.tsx';
import { answers, sinVistas, stubRoute } from '../../../test/fixtures.ts';
import { DnsRoutes } from './routes.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), blob: vi.fn() }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const entry = {
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
const servidores = [{ id: 1, nombre: 'web-01', dnss: [] }];

/** The area mounted as the shell mounts it (`dns/*`), opened at `url`. */
const open = (url: string) =>
  renderUi(createElement(DnsRoutes), { url, path: '/dns/*', routes: [stubRoute('/', 'Inicio')] });

beforeEach(() => {
  localStorage.clear();
  const get = answers({
    '/api/dns/11': entry,
    '/api/servidores': servidores,
    '/api/dns?': { items: [entry], total: 1 },
    '/api/auditoria?': { items: [], total: 0 },
  });
  http.get.mockImplementation(async (url: string) => sinVistas(url) ?? get(url));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DnsRoutes', () => {
  it('opens the list at /dns', async () => {
    open('/dns');
    expect(await screen.findByRole('table', { name: 'Entradas DNS' })).toBeTruthy();
  });

  it('opens the create form at /dns/nueva', async () => {
    open('/dns/nueva');
    expect(await screen.findByRole('form', { name: 'Nueva entrada DNS' })).toBeTruthy();
  });

  it('opens an entry’s page at /dns/:id, bookmarkable', async () => {
    open('/dns/11');
    expect(await screen.findByRole('heading', { level: 1, name: /app\.example\.com/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Historial' })).toBeTruthy();
  });

  it('opens its edit form at /dns/:id/editar', async () => {
    open('/dns/11/editar');
    expect(await screen.findByRole('form', { name: 'Editar entrada DNS app.example.com' })).toBeTruthy();
  });

  it('sends an unknown address inside the area home', async () => {
    open('/dns/11/otra/cosa');
    expect(await screen.findByText('Inicio')).toBeTruthy();
  });
});
