// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, isReloadingForNewBuild, reloadForNewBuild } from './reload.ts';

describe('reloading onto a new build', () => {
  it('recognises the browsers’ chunk errors and nothing else', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/Clientes-abc.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then lets the error show if it comes back within the minute', () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
    expect(reloadForNewBuild()).toBe(true);
    expect(isReloadingForNewBuild()).toBe(true);
    expect(reloadForNewBuild()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
