// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing.tsx';
import { ExportButton } from './ExportButton.tsx';
import { exportFilename } from './saveFile.ts';

afterEach(cleanup);

describe('exportFilename', () => {
  it('names the file after the list and the day', () => {
    expect(exportFilename('servidores', new Date(2026, 10, 21, 23, 59))).toBe('servidores-2026-11-21.csv');
  });
});

describe('ExportButton', () => {
  it('downloads the filtered list and saves it under a dated name', async () => {
    const blob = new Blob(['nombre\nweb-01\n'], { type: 'text/csv' });
    const download = vi.fn(async (_url: string) => blob);
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderUi(createElement(ExportButton, { url: '/api/servidores/export.csv?q=web', name: 'servidores', download }));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(download).toHaveBeenCalledWith('/api/servidores/export.csv?q=web');
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked[0]).toMatch(/^servidores-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});
