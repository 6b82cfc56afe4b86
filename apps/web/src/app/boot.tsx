import { Component, type ReactNode, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { type NavigateOptions, navigateTo, setNavigator } from '../core/navigation.ts';
import { LoginPage } from '../pages/Login.tsx';
import type { AppRouter } from './App.tsx';
import { Providers } from './Providers.tsx';

/**
 * Two ways in. /login opened directly (the usual first visit) renders the sign-in screen without the router:
 * react-router and the route tree (~30 kB gzip) are not needed to sign in, so they load with the first
 * navigation away from it (a sign-in, or the maintenance page) and the /login bundle stays small. Every other
 * URL starts the routed app at once, where /login is a route like the rest.
 */
const loadApp = () => import('./App.tsx');

/** Resolves once the router has loaded its first screen's lazy chunks (or met an error it will show). */
function firstScreen(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Renders the routed app at the current URL. `waitForFirstScreen` keeps what is on screen (the sign-in form
 * with its spinner) until the next screen is ready, as a navigation inside the router does; otherwise the
 * router's loader shows meanwhile.
 */
export async function startRouter(root: Root, waitForFirstScreen = false): Promise<void> {
  // Until the router exists, navigations (the http layer's) wait for it instead of reloading the page.
  const app = loadApp();
  setNavigator((path, options) => app.then(() => navigateTo(path, options)));
  const { App, createRouter } = await app;
  const router = createRouter();
  setNavigator((path, options) => router.navigate(path, options));
  if (waitForFirstScreen) await firstScreen(router);
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

/** An error in the router-free sign-in screen hands over to the routed app, whose error page shows it. */
class LoginBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onError();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** /login opened directly: the sign-in screen alone; the first navigation moves the URL and starts the router. */
export function showLogin(root: Root): void {
  let leaving: Promise<void> | null = null;
  const leave = (path: string, options?: NavigateOptions): Promise<void> => {
    // A second navigation while the router starts goes through it once it runs.
    if (leaving !== null) return leaving.then(() => navigateTo(path, options));
    leaving = loadApp()
      .then(() => {
        // The router starts at the URL it finds: the target, never /login (whose screen would sign out).
        if (options?.replace) window.history.replaceState(null, '', path);
        else window.history.pushState(null, '', path);
        return startRouter(root, true);
      })
      .catch((error: unknown) => {
        leaving = null;
        throw error;
      });
    return leaving;
  };
  setNavigator(leave, () => void loadApp().catch(() => undefined));
  root.render(
    <StrictMode>
      <Providers>
        <LoginBoundary onError={() => void startRouter(root)}>
          <LoginPage registro={new URLSearchParams(window.location.search).has('registro')} />
        </LoginBoundary>
      </Providers>
    </StrictMode>,
  );
}
