// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadOptions } from '../../core/http/client.ts';
import { renderUi } from '../../components/testing.tsx';
import { SubidaPaquete } from './SubidaPaquete.tsx';

const http = vi.hoisted(() => ({ upload: vi.fn(), get: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const archivo = (size = 10 * 1024 * 1024) =>
  new File([new Uint8Array(size)], 'PhysisSetup-3.16.0.exe', { type: 'application/x-msdownload' });

describe('SubidaPaquete', () => {
  it('sends the fields in the query and the file as the body, showing percentage and speed while it goes', async () => {
    let options: UploadOptions = {};
    let finish: (value: unknown) => void = () => undefined;
    http.upload.mockImplementation((_url: string, _file: File, _schema: unknown, opts: UploadOptions) => {
      options = opts;
      return new Promise((resolve) => (finish = resolve));
    });
    const onDone = vi.fn();
    const file = archivo();
    renderUi(createElement(SubidaPaquete, { file, maxBytes: 100 * 1024 * 1024, onDone }), { url: '/instaladores' });
    expect((screen.getByRole('textbox', { name: /Versión/ }) as HTMLInputElement).value).toBe('3.16.0');
    fireEvent.change(screen.getByRole('textbox', { name: /Producto/ }), { target: { value: 'Physis ERP' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir paquete' }));

    await waitFor(() => expect(http.upload).toHaveBeenCalled());
    const [url, sent] = http.upload.mock.calls[0] as [string, File];
    expect(url).toBe('/api/paquetes?nombre=PhysisSetup-3.16.0.exe&producto=Physis+ERP&version=3.16.0&canal=estable');
    expect(sent).toBe(file);
    options.onProgress?.({ loaded: 5 * 1024 * 1024, total: 10 * 1024 * 1024 });
    expect(await screen.findByRole('progressbar', { name: 'Progreso de la subida' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('subida-progreso').textContent).toMatch(
        /^50 % · [\d.,]+ (B|KB|MB|GB)\/s · 5,0 MB de 10,0 MB$/,
      ),
    );
    expect(screen.getByRole('button', { name: 'Cancelar subida' })).toBeTruthy();

    finish({ error: null, datos: { nombre: 'PhysisSetup-3.16.0.exe' } });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('cancels through the signal and keeps the panel for another try', async () => {
    http.upload.mockImplementation(
      (_url: string, _file: File, _schema: unknown, opts: UploadOptions) =>
        new Promise((_resolve, reject) =>
          opts.signal?.addEventListener('abort', () => reject(new DOMException('cancelada', 'AbortError'))),
        ),
    );
    const onDone = vi.fn();
    renderUi(createElement(SubidaPaquete, { file: archivo(), maxBytes: undefined, onDone }), { url: '/instaladores' });
    fireEvent.click(screen.getByRole('button', { name: 'Subir paquete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar subida' }));
    expect(await screen.findByRole('button', { name: 'Descartar' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses a file over the server limit before sending a byte, and shows a server error on its field', async () => {
    renderUi(createElement(SubidaPaquete, { file: archivo(3 * 1024 * 1024), maxBytes: 1024 * 1024, onDone: vi.fn() }), {
      url: '/instaladores',
    });
    expect(screen.getByRole('alert').textContent).toContain('El archivo supera el tamaño máximo permitido (1,0 MB)');
    expect((screen.getByRole('button', { name: 'Subir paquete' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    const { HttpError } = await import('../../core/http/HttpError.ts');
    http.upload.mockRejectedValue(
      new HttpError(
        400,
        { error: 'Datos inválidos', datos: null, campos: { version: ['Número de versión inválido'] } },
        'x',
      ),
    );
    renderUi(createElement(SubidaPaquete, { file: archivo(), maxBytes: undefined, onDone: vi.fn() }), {
      url: '/instaladores',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Subir paquete' }));
    expect(await screen.findByText('Número de versión inválido')).toBeTruthy();
    expect(http.upload).toHaveBeenCalledTimes(1);
  });
});
