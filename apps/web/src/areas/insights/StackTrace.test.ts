// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExceptionValue, Frame, Thread } from '@intranet/contract/areas/insights';
import { installDomStubs, testTheme } from '../../components/testing.tsx';
import { groupFrames, hiloInicial, StackTrace } from './StackTrace.tsx';

const frame = (fn: string, inApp: boolean, context?: { line: string; lineno: number }): Frame => ({
  filename: inApp ? `src/${fn}.js` : `node_modules/lib/${fn}.js`,
  abs_path: null,
  function: fn,
  module: null,
  lineno: context?.lineno ?? 10,
  colno: 5,
  in_app: inApp,
  context_line: context?.line ?? null,
  pre_context: context ? ['function antes() {', '  const x = 1;'] : [],
  post_context: context ? ['}'] : [],
});

afterEach(cleanup);

describe('groupFrames', () => {
  it('puts the newest frame first and folds runs of library frames', () => {
    const frames = [
      frame('main', true),
      frame('lib1', false),
      frame('lib2', false),
      frame('handler', true),
      frame('lib3', false),
    ];
    const groups = groupFrames(frames);
    expect(
      groups.map((g) => (g.kind === 'frame' ? g.frame.function : g.frames.map((f) => f.frame.function).join('+'))),
    ).toEqual(['lib3', 'handler', 'lib2+lib1', 'main']);
  });

  it('shows every frame when none is the app’s own', () => {
    const groups = groupFrames([frame('a', false), frame('b', false)]);
    expect(groups.map((g) => g.kind)).toEqual(['frame', 'frame']);
  });
});

describe('StackTrace', () => {
  const exception: ExceptionValue = {
    type: 'TypeError',
    value: "Cannot read properties of undefined (reading 'precio')",
    module: null,
    mechanism: { type: 'onerror', handled: false },
    frames: [
      frame('main', true),
      frame('dispatch', false),
      frame('agregar', true, { line: '  return item.precio;', lineno: 42 }),
    ],
  };

  it('highlights the app’s frames, opens the newest one’s code and folds library frames', () => {
    installDomStubs();
    render(
      createElement(MantineProvider, { theme: testTheme }, createElement(StackTrace, { exceptions: [exception] })),
    );
    expect(screen.getByText('TypeError')).toBeTruthy();
    expect(screen.getByText('no manejado · onerror')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Traza de la pila: TypeError' });
    const items = within(list).getAllByRole('listitem');
    // Newest first: agregar (app, with code), the folded library frame, main (app).
    expect(items[0]?.textContent).toContain('src/agregar.js en agregar · línea 42:5');
    expect(items[0]?.getAttribute('data-in-app')).toBe('true');
    expect(within(items[0] as HTMLElement).getByText('42')).toBeTruthy();
    expect(items[0]?.querySelector('[aria-current="true"]')?.textContent).toBe('42  return item.precio;');
    const toggle = screen.getByRole('button', { name: 'Mostrar 1 marco de bibliotecas' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Ocultar 1 marco de bibliotecas' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByText('node_modules/lib/dispatch.js')).toBeTruthy();
  });

  it('marks a frame resolved from a source map, with its minified frame one click away, and says why one has no map', () => {
    installDomStubs();
    const minificado = { abs_path: 'https://app.example/assets/index-3f9a.js', function: 'a', lineno: 1, colno: 48211 };
    const resuelto: Frame = {
      ...frame('agregarItem', true, { line: "    throw new Error('x');", lineno: 8 }),
      filename: 'src/carrito.ts',
      sourcemap: { resuelto: true, motivo: null, minificado },
    };
    const sinMapa: Frame = {
      ...frame('b', true),
      filename: 'index-3f9a.js',
      sourcemap: { resuelto: false, motivo: 'No hay source map para ~/index-3f9a.js en la release 2.0.0', minificado },
    };
    render(
      createElement(
        MantineProvider,
        { theme: testTheme },
        createElement(StackTrace, { exceptions: [{ ...exception, frames: [sinMapa, resuelto] }] }),
      ),
    );
    const items = within(screen.getByRole('list', { name: 'Traza de la pila: TypeError' })).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('src/carrito.ts en agregarItem · línea 8:5');
    expect(within(items[0] as HTMLElement).getByText('Resuelto con source map')).toBeTruthy();
    const ver = within(items[0] as HTMLElement).getByRole('button', { name: 'Ver marco minificado' });
    fireEvent.click(ver);
    expect(ver.getAttribute('aria-expanded')).toBe('true');
    expect(within(items[0] as HTMLElement).getByLabelText('Marco minificado').textContent).toBe(
      'https://app.example/assets/index-3f9a.js en a · línea 1:48211',
    );
    expect(items[1]?.textContent).toContain(
      'Sin source map: No hay source map para ~/index-3f9a.js en la release 2.0.0',
    );
  });

  it('shows the local variables a Python frame sent, by name, when the frame opens, even without its code', () => {
    installDomStubs();
    const conVariables: ExceptionValue = {
      type: 'ZeroDivisionError',
      value: 'float division by zero',
      module: null,
      mechanism: null,
      frames: [
        { ...frame('main', true), vars: null },
        { ...frame('cobrar', true), vars: { factura_id: '1234', importe: '99.5', lineas: ["'a'", "'b'"] } },
      ],
    };
    render(
      createElement(MantineProvider, { theme: testTheme }, createElement(StackTrace, { exceptions: [conVariables] })),
    );
    const vars = screen.getByRole('table', { name: 'Variables locales' });
    const rows = within(vars)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['factura_id1234', 'importe99.5', `lineas["'a'","'b'"]`]);
    // The frame without variables nor code does not open.
    expect(screen.getAllByRole('table', { name: 'Variables locales' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);
  });

  it('says so when the event has no stack trace', () => {
    installDomStubs();
    render(createElement(MantineProvider, { theme: testTheme }, createElement(StackTrace, { exceptions: [] })));
    expect(screen.getByText('El evento no trae traza de la pila.')).toBeTruthy();
  });
});

describe("an event's threads", () => {
  const hilo = (name: string, funciones: string[], marcas: Partial<Thread> = {}): Thread => ({
    id: String(name.length),
    name,
    crashed: false,
    current: false,
    frames: funciones.map((f) => frame(f, true)),
    ...marcas,
  });

  it('shows a message’s own stack, as its current thread’s, with no "no stack" note', () => {
    installDomStubs();
    render(
      createElement(
        MantineProvider,
        { theme: testTheme },
        createElement(StackTrace, {
          exceptions: [],
          threads: [hilo('MainThread', ['main', 'avisar_demora'], { id: '140', current: true })],
        }),
      ),
    );
    expect(screen.queryByText('El evento no trae traza de la pila.')).toBeNull();
    expect(screen.getByText('MainThread (140)')).toBeTruthy();
    expect(screen.getByText('actual')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Traza de la pila: MainThread (140)' })).getAllByRole(
      'listitem',
    );
    expect(items.map((i) => i.textContent?.split(' · ')[0])).toEqual([
      'src/avisar_demora.js en avisar_demora',
      'src/main.js en main',
    ]);
  });

  it('shows a lone thread without name nor id as its frames alone', () => {
    installDomStubs();
    const anonimo = { ...hilo('x', ['avisar']), name: null, id: null, current: true };
    render(
      createElement(
        MantineProvider,
        { theme: testTheme },
        createElement(StackTrace, { exceptions: [], threads: [anonimo] }),
      ),
    );
    expect(screen.queryByText('Hilo')).toBeNull();
    expect(screen.getByRole('list', { name: 'Traza de la pila' }).textContent).toContain('avisar');
  });

  it('opens on the thread that crashed, and shows another one chosen from the list', () => {
    installDomStubs();
    const hilos = [
      hilo('OkHttp Dispatcher', ['park'], { current: true }),
      hilo('main', ['run', 'cobrar'], { crashed: true }),
      hilo('FinalizerDaemon', ['finalize']),
    ];
    expect(hiloInicial(hilos)).toBe(1);
    expect(hiloInicial([hilos[0]!, hilos[2]!])).toBe(0);
    expect(hiloInicial([hilos[2]!])).toBe(0);
    render(
      createElement(
        MantineProvider,
        { theme: testTheme },
        createElement(StackTrace, { exceptions: [], threads: hilos }),
      ),
    );
    expect(screen.getByText('se cayó')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Traza de la pila: main (4)' }).textContent).toContain('cobrar');
    fireEvent.click(screen.getByRole('textbox', { name: 'Hilo' }));
    fireEvent.click(screen.getByRole('option', { name: 'FinalizerDaemon (15)' }));
    expect(screen.getByRole('list', { name: 'Traza de la pila: FinalizerDaemon (15)' }).textContent).toContain(
      'finalize',
    );
    expect(screen.queryByText('se cayó')).toBeNull();
  });
});
