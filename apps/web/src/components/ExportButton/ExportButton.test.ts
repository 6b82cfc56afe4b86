// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing.tsx';
import { ExportButton } from './ExportButton.tsx';
import { exportFilename } from './saveFile.ts';

const blob = vi.hoisted(() => vi.fn<(url: string) => Promise<Blob>>());
vi.mock('../../core/http/http.ts', () => ({ http: { blob } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  blob.mockReset();
});

describe('exportFilename', () => {
  it('names the file after the list and the day', () => {
    expect(exportFilename('servidores', new Date(2026, 10, 21, 23, 59))).toBe('servidores-2026-11-21.csv');
  });
});

describe('ExportButton', () => {
  it('downloads the filtered list and saves it under a dated name', async () => {
    const csv = new Blob(['nombre\nweb-01\n'], { type: 'text/csv' });
    blob.mockResolvedValue(csv);
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderUi(createElement(ExportButton, { url: '/api/servidores/export.csv?q=web', name: 'servidores' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(blob).toHaveBeenCalledWith('/api/servidores/export.csv?q=web');
    expect(createObjectURL).toHaveBeenCalledWith(csv);
    expect(clicked[0]).toMatch(/^servidores-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('tells a failed download in a red notification and saves nothing', async () => {
    blob.mockRejectedValue(new Error('Sin permiso para exportar'));
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderUi(createElement(ExportButton, { url: '/api/servidores/export.csv', name: 'servidores' }));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        color: 'red',
        title: 'No se pudo exportar la lista.',
        message: 'Sin permiso para exportar',
      }),
    );
    expect(click).not.toHaveBeenCalled();
  });
});
