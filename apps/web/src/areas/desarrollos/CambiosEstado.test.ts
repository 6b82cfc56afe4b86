// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesarrolloCambio } from '@intranet/contract/areas/desarrollos';
import { renderUi } from '../../components/testing.tsx';
import { CambiosEstado } from './CambiosEstado.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const cambios: DesarrolloCambio[] = [
  { id: 1, desde: null, hacia: 'pendiente', usuario: null, fecha: '2026-11-01T10:00:00Z' },
  { id: 2, desde: 'pendiente', hacia: 'analisis', usuario: 'Ana Gómez', fecha: '2026-11-02T10:00:00Z' },
];

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CambiosEstado', () => {
  it('lists the state changes newest first, with who moved it and the creation', async () => {
    http.get.mockResolvedValue({ error: null, datos: cambios });
    renderUi(createElement(CambiosEstado, { id: 9 }));
    const table = await screen.findByRole('table', { name: 'Cambios de estado del desarrollo' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fecha', 'Usuario', 'De', 'A']);
    const [, nuevo, creacion] = within(table).getAllByRole('row');
    expect(nuevo?.textContent).toContain('Ana Gómez');
    expect(nuevo?.textContent).toContain('Análisis');
    expect(creacion?.textContent).toContain('Sistema');
    expect(creacion?.textContent).toContain('Creado');
  });
});
