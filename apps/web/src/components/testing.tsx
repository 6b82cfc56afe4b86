import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';

/**
 * Mantine without motion: with reduced motion respected (and asked for by the stub below) its transitions take no
 * time, so none leaves a timer behind that would fire on an unmounted screen after the file's DOM is gone (a
 * button's loader did, as an unhandled 'window is not defined', on a busy machine).
 */
export const testTheme = createTheme({ respectReducedMotion: true });

/** A `(max-width: Nem)` query's answer on a screen `ancho` pixels wide (16 px to the em); other widths never match. */
function anchoMaximo(query: string, ancho: number | undefined): boolean {
  const em = /max-width:\s*([\d.]+)em/.exec(query)?.[1];
  return ancho !== undefined && em !== undefined && ancho <= Number(em) * 16;
}

/**
 * The test DOM (happy-dom) may lack what Mantine measures with; component tests install these first.
 * `ancho` is the screen's width in pixels for `max-width` media queries (a phone: 390); without it none matches.
 */
export function installDomStubs(ancho?: number): void {
  // Always ours, even where the DOM has one (happy-dom's never prefers reduced motion): Mantine's motion off.
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('prefers-reduced-motion: reduce') || anchoMaximo(query, ancho),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => undefined;
}

/**
 * Stubs what `saveFile` saves a file with (an object URL, a hidden link's click): answers the names the files were
 * saved under, in order. Undone by `vi.restoreAllMocks()`, the object URLs aside.
 */
export function capturarDescargas(): string[] {
  const nombres: string[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:descarga');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    nombres.push(this.download);
  });
  return nombres;
}

/**
 * Renders a screen piece inside the providers the shell gives it (Mantine, modals, a query cache) and a
 * memory router at `url` (matched by `path`, e.g. '/servidores/:id'); `routes` adds pages to navigate to; `ancho`
 * is the screen's width for media queries (390 for a phone).
 */
export function renderUi(
  ui: ReactElement,
  { url = '/', path = url.split('?')[0], routes = [] as RouteObject[], ancho = undefined as number | undefined } = {},
) {
  installDomStubs(ancho);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: ui }, ...routes], { initialEntries: [url] });
  const result = render(
    <MantineProvider theme={testTheme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}
