// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditRow } from '@intranet/contract/areas/auditoria';
import type { DnsDetalle } from '@intranet/contract/areas/servidores/dns';
import { renderUi } from '../../../components/testing.tsx';
import { HttpError } from '../../../core/http/HttpError.ts';
import { answers, stubRoute } from '../../../test/fixtures.ts';
import { DnsDetail } from './DnsDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const entry: DnsDetalle = {
  id: 11,
  host: 'app.example.com',
  servidor_id: 1,
  servidor_nombre: 'web-01',
  tipo: 'CNAME',
  ttl: 900,
  activo: true,
  direcciones_count: 1,
  direcciones: [
    { id: 101, dns: 11, host: 'app.example.com', port: 8443, path: '/salud', url: 'http://app.example.com:8443/salud' },
  ],
};

const historial: AuditRow[] = [
  {
    id: 2,
    fecha: '2026-11-21T10:00:00Z',
    usuario_nombre: 'Técnico Demo',
    accion: 'modificar',
    entidad: 'dns',
    entidad_id: '11',
    antes: { ttl: 3600 },
    despues: { ttl: 900 },
  },
  {
    id: 1,
    fecha: '2026-11-20T10:00:00Z',
    usuario_nombre: 'Técnico Demo',
    accion: 'crear',
    entidad: 'dns',
    entidad_id: '11',
    antes: null,
    despues: { host: 'app.example.com', ttl: 3600 },
  },
];

const show = (url = '/dns/11') => {
  http.get.mockImplementation(answers({ '/api/dns/11': entry, '/api/auditoria?': { items: historial, total: 2 } }));
  return renderUi(createElement(DnsDetail), {
    url,
    path: '/dns/:id',
    routes: [stubRoute('/dns', 'Lista de entradas DNS')],
  });
};
/** The value shown under a label of the detail grid. */
const dato = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  permisos.clear();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DnsDetail', () => {
  it('shows the entry’s fields, its server linked', async () => {
    show();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('app.example.comCNAMEActiva');
    expect(http.get).toHaveBeenCalledWith('/api/dns/11', expect.anything(), expect.anything());
    expect(dato('Host')).toBe('app.example.com');
    expect(dato('Tipo')).toBe('CNAME');
    expect(dato('TTL (segundos)')).toBe('900');
    expect(dato('Activo')).toBe('Sí');
    expect(screen.getByRole('link', { name: 'Ver servidor web-01' }).getAttribute('href')).toBe('/servidores/1');
    expect(screen.getByRole('tab', { name: 'Direcciones (1)' })).toBeTruthy();
  });

  it('shows its history from the audit log', async () => {
    show('/dns/11?tab=historial');
    const table = await screen.findByRole('table', { name: 'Historial de cambios' });
    expect(http.get).toHaveBeenCalledWith(
      expect.stringMatching(/^\/api\/auditoria\?entidad=dns&id=11&/),
      expect.anything(),
      expect.anything(),
    );
    const [, cambio, creacion] = within(table).getAllByRole('row');
    expect(cambio?.textContent).toContain('TTL (segundos): 3600 → 900');
    expect(creacion?.textContent).toContain('Técnico Demo');
  });

  it('offers Editar and Eliminar with SERDNS#EDITAR, and deletes back to the list', async () => {
    permisos.add('SERDNS#EDITAR');
    http.delete.mockResolvedValue({ error: null, datos: null });
    const { router } = show();
    expect((await screen.findByRole('link', { name: 'Editar' })).getAttribute('href')).toBe('/dns/11/editar');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar entrada DNS' });
    expect(dialog.textContent).toContain(
      '¿Eliminar la entrada DNS app.example.com? También se eliminará su dirección.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(http.delete).toHaveBeenCalledWith('/api/dns/11', expect.anything()));
    expect(await screen.findByText('Lista de entradas DNS')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dns');
  });

  it('offers neither Editar nor Eliminar without SERDNS#EDITAR', async () => {
    show();
    await screen.findByRole('heading', { level: 1, name: /app\.example\.com/ });
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Resolver ahora' })).toBeTruthy();
  });

  it('says in Spanish that a missing entry was not found, with a way back', async () => {
    http.get.mockRejectedValue(
      new HttpError(404, { error: 'La entrada DNS no existe', datos: null }, 'La entrada DNS no existe'),
    );
    renderUi(createElement(DnsDetail), { url: '/dns/999', path: '/dns/:id' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se encontró la entrada DNS.');
    expect(alert.textContent).toContain('La entrada DNS no existe');
    expect(screen.getByRole('heading', { level: 1, name: 'Servicio DNS' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la lista' }).getAttribute('href')).toBe('/dns');
  });
});
