// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VersionDetalle, VersionEstado } from '@intranet/contract/areas/versiones';
import { renderUi } from '../../components/testing.tsx';
import { VersionDetail } from './VersionDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), upload: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const version = (estado: VersionEstado): VersionDetalle => ({
  id: 7,
  producto_id: 1,
  producto: 'Physis ERP',
  numero: '3.16.0',
  canal: 'estable',
  estado,
  fecha_publicacion: estado === 'borrador' ? null : '2026-11-20T10:00:00Z',
  assets: 1,
  creado: '2026-11-19T10:00:00Z',
  actualizado: '2026-11-20T10:00:00Z',
  notas: {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2, align: null }, content: [{ type: 'text', text: 'Novedades' }] },
      {
        type: 'paragraph',
        attrs: { align: null },
        content: [{ type: 'text', text: 'Tesorería', marks: [{ type: 'strong' }] }],
      },
    ],
  },
  notas_html: '<h2>Novedades</h2><p><strong>Tesorería</strong></p>',
  assets_lista: [
    {
      id: 3,
      nombre: 'Setup.exe',
      archivo_id: 9,
      sha256: 'a'.repeat(64),
      tamano: 2048,
      tipo: 'application/octet-stream',
      descarga: `/api/archivos/${'a'.repeat(64)}?nombre=Setup.exe`,
      creado: '2026-11-20T10:00:00Z',
    },
  ],
});

const show = (estado: VersionEstado) => {
  http.get.mockResolvedValue({ error: null, datos: version(estado) });
  renderUi(createElement(VersionDetail), { url: '/versiones/7', path: '/versiones/:id' });
};

describe('VersionDetail', () => {
  it('shows the notes rendered and offers the draft its allowed moves: publish after confirming, edit, delete', async () => {
    http.post.mockResolvedValue({ error: null, datos: version('publicada') });
    show('borrador');
    const notas = await screen.findByRole('region', { name: 'Notas de la versión' });
    expect(within(notas).getByRole('heading', { name: 'Novedades' })).toBeTruthy();
    expect(within(notas).getByText('Tesorería').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Editar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retirar' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publicar versión' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/versiones/7/estado', { estado: 'publicada' }, expect.anything()),
    );
  });

  it('lets a published version be retired, and a retired one only be published again', async () => {
    show('publicada');
    expect(await screen.findByRole('button', { name: 'Retirar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    cleanup();
    show('retirada');
    expect(await screen.findByRole('button', { name: 'Volver a publicar' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
  });

  it('lists the files with their download links', async () => {
    show('borrador');
    fireEvent.click(await screen.findByRole('tab', { name: 'Archivos (1)' }));
    const link = await screen.findByRole('link', { name: 'Descargar Setup.exe' });
    expect(link.getAttribute('href')).toBe(`/api/archivos/${'a'.repeat(64)}?nombre=Setup.exe`);
    expect(screen.getByRole('button', { name: 'Adjuntar archivo' })).toBeTruthy();
  });
});
