// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import { createElement as h } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs } from '../components/testing.tsx';
import { navigateTo } from '../core/navigation.ts';
import { showLogin } from './boot.tsx';

const login = vi.hoisted(() => ({ fail: false }));
const router = vi.hoisted(() => ({
  state: { initialized: true },
  subscribe: () => () => undefined,
  navigate: vi.fn(async () => undefined),
  startedAt: [] as string[],
}));

vi.mock('../pages/Login.tsx', () => ({
  LoginPage: ({ registro }: { registro: boolean }) => {
    if (login.fail) throw new Error('falla de render');
    return h('p', null, registro ? 'login con registro' : 'login');
  },
}));
vi.mock('./App.tsx', () => ({
  App: () => h('p', null, `app en ${window.location.pathname}`),
  createRouter: () => {
    router.startedAt.push(window.location.pathname + window.location.search);
    return router;
  },
}));

let root: Root | null = null;

function open(url: string): Root {
  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  return root;
}

beforeAll(() => installDomStubs());
afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
  router.startedAt = [];
  router.navigate.mockClear();
  login.fail = false;
  vi.restoreAllMocks();
});

describe('/login opened directly', () => {
  it('renders the sign-in screen without the router, with the ?registro of its URL', () => {
    const root = open('/login?registro=1');
    act(() => showLogin(root));
    expect(screen.getByText('login con registro')).toBeTruthy();
    expect(router.startedAt).toEqual([]);
  });

  it('starts the router at the target of its first navigation, replacing /login, then lets the router navigate', async () => {
    const root = open('/login');
    act(() => showLogin(root));
    const length = window.history.length;
    await act(() => navigateTo('/maquinas?q=1', { replace: true }));
    expect(router.startedAt).toEqual(['/maquinas?q=1']);
    expect(window.history.length).toBe(length);
    expect(screen.getByText('app en /maquinas')).toBeTruthy();
    await act(() => navigateTo('/personas'));
    expect(router.navigate).toHaveBeenCalledWith('/personas', undefined);
    expect(router.startedAt).toHaveLength(1);
  });

  it('keeps /login in the history below a navigation that does not replace it (the maintenance page)', async () => {
    const root = open('/login');
    act(() => showLogin(root));
    const length = window.history.length;
    await act(() => navigateTo('/maintenance'));
    expect(router.startedAt).toEqual(['/maintenance']);
    expect(window.history.length).toBe(length + 1);
  });

  it('hands a render error over to the routed app at the same URL, whose error page shows it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    login.fail = true;
    const root = open('/login');
    act(() => showLogin(root));
    expect(await screen.findByText('app en /login')).toBeTruthy();
    expect(router.startedAt).toEqual(['/login']);
  });
});
