// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaludProyecto } from '@intranet/contract/areas/insights';
import { renderUi } from '../../../components/testing.tsx';
import { openSelect, optionNames } from '../../../test/fixtures.ts';
import { SaludReleases } from './SaludReleases.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const dia = (d: string, sesiones: number, crashed: number) => ({ dia: d, sesiones, crashed, abnormal: 0, errored: 0 });
const SALUD: SaludProyecto = {
  dias: 14,
  desde: '2026-11-15T10:00:00Z',
  entorno: null,
  entornos: ['production', 'staging'],
  sesiones: 400,
  alerta: { umbral: 95, minimo_sesiones: 20 },
  releases: [
    {
      version: 'tienda@1.5.0',
      sesiones: 300,
      crashed: 3,
      abnormal: 0,
      errored: 12,
      usuarios: 80,
      usuarios_crashed: 2,
      crash_free_sesiones: 99,
      crash_free_usuarios: 97.5,
      adopcion: 75,
      serie: [dia('2026-11-28', 100, 1), dia('2026-11-29', 200, 2)],
    },
    {
      version: 'tienda@1.4.0',
      sesiones: 100,
      crashed: 10,
      abnormal: 0,
      errored: 0,
      usuarios: 0,
      usuarios_crashed: 0,
      crash_free_sesiones: 90,
      crash_free_usuarios: null,
      adopcion: 25,
      serie: [dia('2026-11-28', 60, 6), dia('2026-11-29', 40, 4)],
    },
  ],
};

beforeEach(() => {
  http.get.mockResolvedValue({ error: null, datos: SALUD });
  http.put.mockResolvedValue({ error: null, datos: { umbral: 98, minimo_sesiones: 20 } });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const urls = () => http.get.mock.calls.map((c: unknown[]) => c[0]);
const render = (ancho?: number) =>
  renderUi(createElement(SaludReleases, { proyectoId: 4 }), { url: '/insights/proyectos/4', ancho });

describe('SaludReleases', () => {
  it('shows each release crash-free rates, adoption and sessions, and its sessions per day on demand', async () => {
    render();
    const tabla = await screen.findByRole('table', { name: 'Salud de las releases' });
    const fila = within(tabla).getByText('tienda@1.4.0').closest('tr')!;
    expect(within(fila).getByText('90 %')).toBeTruthy();
    expect(within(fila).getByText('—')).toBeTruthy();
    expect(within(fila).getByText('25 %')).toBeTruthy();
    expect(urls()).toContain('/api/insights/proyectos/4/salud?dias=14');
    fireEvent.click(within(fila).getByRole('button', { name: 'Sesiones por día de tienda@1.4.0' }));
    expect(await screen.findByRole('img', { name: /tienda@1\.4\.0: 100 sesiones, 10 caídas/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Últimas 24 h' }));
    await waitFor(() => expect(urls()).toContain('/api/insights/proyectos/4/salud?dias=1'));
  });

  it('filters by the environments seen', async () => {
    render();
    await screen.findByRole('table', { name: 'Salud de las releases' });
    expect(optionNames(await openSelect('Entorno'))).toEqual(['production', 'staging']);
    fireEvent.click(screen.getByRole('option', { name: 'staging', hidden: true }));
    await waitFor(() => expect(urls()).toContain('/api/insights/proyectos/4/salud?dias=14&entorno=staging'));
  });

  it('shows cards on a phone', async () => {
    render(390);
    const lista = await screen.findByRole('list', { name: 'Salud de las releases' });
    expect(within(lista).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(lista).getByText('97,5 %')).toBeTruthy();
  });

  it('saves the crash-free alert', async () => {
    render();
    const umbral = await screen.findByLabelText('Umbral (%)');
    fireEvent.change(umbral, { target: { value: '98' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/insights/proyectos/4/salud/alerta',
        { umbral: 98, minimo_sesiones: 20 },
        expect.anything(),
      ),
    );
  });
});
