// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Desarrollo } from '@intranet/contract/areas/desarrollos';
import { renderUi } from '../../components/testing.tsx';
import { answers } from '../../test/fixtures.ts';
import { DesarrolloDetail } from './DesarrolloDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => false }));

// One very long word too: a title with no spaces must still wrap rather than run out of the header.
const titulo = `Integrar la facturación electrónica con el módulo de ventas para clientes con varias sucursales ${'x'.repeat(120)}`;

const desarrollo: Desarrollo = {
  id: 7,
  titulo,
  empresa_id: null,
  empresa: null,
  producto_id: 1,
  producto: 'Physis',
  estado: 'analisis',
  prioridad: 'alta',
  responsable_id: null,
  responsable: null,
  horas_estimadas: null,
  horas_reales: null,
  fecha_solicitud: '2026-11-01',
  fecha_compromiso: null,
  fecha_entrega: null,
  version_id: null,
  version: null,
  vencido: false,
  creado: '2026-11-01T10:00:00Z',
  actualizado: '2026-11-02T10:00:00Z',
  descripcion: { type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] },
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('DesarrolloDetail', () => {
  it('shows the whole title, wrapped and never clamped, as the page heading', async () => {
    http.get.mockImplementation(answers({ '/api/desarrollos/7': desarrollo }));
    renderUi(createElement(DesarrolloDetail), { url: '/desarrollos/7', path: '/desarrollos/:id' });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toContain(titulo);
    const texto = screen.getByText(titulo);
    expect(heading.contains(texto)).toBe(true);
    expect(texto.style.overflowWrap).toBe('anywhere');
    // Nothing between the text and the heading clamps or truncates it.
    for (let el: HTMLElement | null = texto; el && el !== heading.parentElement; el = el.parentElement) {
      expect(el.hasAttribute('data-line-clamp') || el.hasAttribute('data-truncate')).toBe(false);
      expect(el.style.textOverflow).not.toBe('ellipsis');
    }
  });
});
