// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSearch, SEARCH_DELAY_MS } from './ListSearch.tsx';
import { renderUi } from './testing.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ListSearch', () => {
  it('searches once typing pauses', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    renderUi(createElement(ListSearch, { value: '', onSearch }));
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(box, { target: { value: 'w' } });
    fireEvent.change(box, { target: { value: 'web' } });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('web');
  });

  it('searches at once on Enter and clears with its button', () => {
    const onSearch = vi.fn();
    renderUi(createElement(ListSearch, { value: 'db', onSearch }));
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    expect((box as HTMLInputElement).value).toBe('db');
    fireEvent.change(box, { target: { value: 'dbx' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledWith('dbx');
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect((box as HTMLInputElement).value).toBe('');
  });
});
