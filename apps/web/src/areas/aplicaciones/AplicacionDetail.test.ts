// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Aplicacion } from '@intranet/contract/areas/aplicaciones';
import { renderUi } from '../../components/testing.tsx';
import { aplicacion, aplicacionVersion } from '../../test/builders/aplicaciones.ts';
import { answers, ok, stubRoute, watchNotifications } from '../../test/fixtures.ts';
import { AplicacionDetail } from './AplicacionDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn(), blob: vi.fn(), upload: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const versiones = [
  aplicacionVersion(),
  aplicacionVersion({ id: 30, version_code: 200, version_name: '2.0.0', canal: 'estable', publicada: false }),
];

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const show = (app: Aplicacion = aplicacion(), url = '/soluciones/apk/1') => {
  http.get.mockImplementation(
    answers({
      '/api/aplicaciones/1': app,
      '/api/aplicaciones/1/versiones?': { items: versiones, total: 2 },
      '/api/archivos/limite': { max_bytes: 200 * 1024 * 1024 },
    }),
  );
  return renderUi(createElement(AplicacionDetail), {
    url,
    path: '/soluciones/apk/:id',
    routes: [stubRoute('/soluciones/apk', 'Lista de aplicaciones')],
  });
};
const dato = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('AplicacionDetail', () => {
  it('shows the app’s data, its signer and its description', async () => {
    show();
    expect((await screen.findByRole('heading', { level: 1, name: /Physis Ventas/ })).textContent).toContain(
      'Publicada',
    );
    expect(dato('Paquete')).toBe('com.physis.ventas');
    expect(dato('Última versión')).toBe('2.1.0 (210)');
    expect(dato('Certificado firmante (SHA-256)')).toBe(Array(32).fill('AB').join(':'));
    expect(screen.getByRole('region', { name: 'Descripción' }).textContent).toBe('Toma de pedidos sin conexión');
  });

  it('explains instead of deleting an app that has versions', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'La aplicación tiene versiones' });
    expect(dialog.textContent).toContain(
      'Physis Ventas tiene 2 versiones subidas. Una aplicación con versiones no se elimina',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(http.delete).not.toHaveBeenCalled();
  });

  it('deletes an app without versions once confirmed', async () => {
    http.delete.mockResolvedValue(ok(null));
    show(aplicacion({ versiones: 0, ultima_version: null, ultima_version_code: null, firma_sha256: null }));
    expect(await screen.findByText('Se fija con la primera versión subida.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Eliminar aplicación' })).getByRole('button', {
        name: 'Eliminar',
      }),
    );
    expect(await screen.findByText('Lista de aplicaciones')).toBeTruthy();
    expect(http.delete).toHaveBeenCalledWith('/api/aplicaciones/1', expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Aplicación eliminada', message: 'Physis Ventas' }),
    );
  });

  it('lists the versions with channel, state, size and SDK, and promotes a beta once confirmed', async () => {
    http.post.mockResolvedValue(ok(aplicacionVersion({ canal: 'estable' })));
    show(aplicacion(), '/soluciones/apk/1?tab=versiones');
    const table = await screen.findByRole('table', { name: 'Versiones' });
    await within(table).findByText('2.1.0');
    const [, beta, estable] = within(table).getAllByRole('row');
    for (const text of ['2.1.0', '210', 'Beta', 'Publicada', '15,2 MB', '26 (Android 8.0)'])
      expect(beta?.textContent).toContain(text);
    expect(estable?.textContent).toContain('Estable');
    expect(estable?.textContent).toContain('Despublicada');
    expect(within(beta!).getByRole('link', { name: 'Descargar APK 2.1.0' }).getAttribute('href')).toBe(
      '/api/archivos/cd?nombre=com.physis.ventas-2.1.0.apk',
    );

    fireEvent.click(within(beta!).getByRole('button', { name: 'Acciones 2.1.0' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Promover a estable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Promover a estable' });
    expect(dialog.textContent).toContain('¿Pasar la versión 2.1.0 del canal beta al estable?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promover a estable' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/aplicaciones/1/versiones/31/promover', undefined, expect.anything()),
    );
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Listo', message: 'La versión 2.1.0 está en el canal estable.' }),
    );
  });

  it('publishes an unpublished version again', async () => {
    http.post.mockResolvedValue(ok(aplicacionVersion({ id: 30, publicada: true })));
    show(aplicacion(), '/soluciones/apk/1?tab=versiones');
    fireEvent.click(await screen.findByRole('button', { name: 'Acciones 2.0.0' }));
    // A stable version is not promoted.
    expect(screen.queryByRole('menuitem', { name: 'Promover a estable' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Volver a publicar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Volver a publicar' })).getByRole('button', {
        name: 'Volver a publicar',
      }),
    );
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/aplicaciones/1/versiones/30/publicacion',
        { publicada: true },
        expect.anything(),
      ),
    );
  });
});
