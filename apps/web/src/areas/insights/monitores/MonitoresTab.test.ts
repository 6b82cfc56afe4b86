// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Monitor, MonitorDetalle } from '@intranet/contract/areas/insights/monitores';
import { renderUi } from '../../../components/testing.tsx';
import { MonitorDetail } from './MonitorDetail.tsx';
import { MonitoresTab } from './MonitoresTab.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const pantalla = vi.hoisted(() => ({ telefono: false }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));
vi.mock('../../../components/useTelefono.ts', () => ({ useTelefono: () => pantalla.telefono }));

const checkin = (id: number, estado: Monitor['ultimos'][number]['estado'], fecha: string, duracion: number | null) => ({
  id,
  check_in_id: String(id).repeat(32).slice(0, 32),
  estado,
  fecha,
  duracion,
  environment: 'production',
  release: 'portal@3.4.1',
});

const factura: Monitor = {
  id: 7,
  proyecto_id: 4,
  nombre: 'Facturación nocturna',
  slug: 'facturacion-nocturna',
  programa_tipo: 'crontab',
  crontab: '0 3 * * *',
  intervalo: null,
  unidad: null,
  margen_minutos: 15,
  max_minutos: 60,
  zona: 'America/Argentina/Buenos_Aires',
  proxima: '2026-11-30T06:00:00.000Z',
  ultimo_checkin: '2026-11-29T06:05:00.000Z',
  ultimo_estado: 'error',
  perdidas: 0,
  fallidas: 1,
  excedidas: 0,
  ultimos: [checkin(2, 'error', '2026-11-29T06:00:02.000Z', 302.5), checkin(1, 'ok', '2026-11-28T06:00:02.000Z', 290)],
  creado: '2026-11-25T10:00:00.000Z',
};
const stock: Monitor = {
  ...factura,
  id: 8,
  nombre: 'Sincronizar stock',
  slug: 'sincronizar-stock',
  programa_tipo: 'interval',
  crontab: null,
  intervalo: 30,
  unidad: 'minute',
  zona: 'UTC',
  ultimo_estado: 'missed',
  perdidas: 2,
  fallidas: 0,
  excedidas: 1,
  ultimos: [checkin(3, 'missed', '2026-11-29T09:30:00.000Z', null)],
};

beforeEach(() => {
  pantalla.telefono = false;
  http.get.mockImplementation((u: string) =>
    Promise.resolve({
      error: null,
      datos: u.endsWith('/monitores')
        ? [factura, stock]
        : ({ ...factura, checkins: factura.ultimos } satisfies MonitorDetalle),
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('MonitoresTab', () => {
  it("shows each monitor's schedule in words, its next run, latest check-ins and failures", async () => {
    renderUi(createElement(MonitoresTab, { proyectoId: 4 }));
    const tabla = await screen.findByRole('table', { name: 'Monitores de cron' });
    const filas = within(tabla).getAllByRole('row');
    expect(filas[1]!.textContent).toContain('Facturación nocturna');
    expect(filas[1]!.textContent).toContain('Todos los días a las 03:00 (America/Argentina/Buenos_Aires)');
    // dd/mm/aaaa hh:mm, in the browser's zone (the test's: UTC).
    expect(filas[1]!.textContent).toContain('30/11/2026');
    expect(filas[1]!.textContent).toContain('Con error');
    expect(within(filas[1]!).getByRole('link', { name: 'Facturación nocturna' }).getAttribute('href')).toBe(
      '/insights/monitores/7',
    );
    expect(within(filas[2]!).getByText('Cada 30 minutos')).toBeTruthy();
    expect(
      within(filas[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(-3),
    ).toEqual(['2', '0', '1']);
    expect(screen.getByRole('link', { name: 'Nuevo monitor' }).getAttribute('href')).toBe(
      '/insights/proyectos/4/monitores/nuevo',
    );
  });

  it('shows one card per monitor on a phone', async () => {
    pantalla.telefono = true;
    renderUi(createElement(MonitoresTab, { proyectoId: 4 }));
    const lista = await screen.findByRole('list', { name: 'Monitores de cron' });
    const tarjetas = within(lista)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === lista);
    expect(tarjetas).toHaveLength(2);
    expect(tarjetas[1]!.textContent).toContain('Perdidas: 2');
    expect(tarjetas[1]!.textContent).toContain('Excedidas: 1');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("a monitor's screen lists its check-ins history with status and duration", async () => {
    renderUi(createElement(MonitorDetail), { url: '/insights/monitores/7', path: '/insights/monitores/:id' });
    const historial = await screen.findByRole('table', { name: 'Historial de check-ins' });
    const filas = within(historial).getAllByRole('row');
    expect(filas).toHaveLength(3);
    expect(filas[1]!.textContent).toContain('Con error');
    expect(filas[1]!.textContent).toContain('5 min 03 s');
    expect(filas[2]!.textContent).toContain('4 min 50 s');
  });
});
