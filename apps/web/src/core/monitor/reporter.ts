import { browserSessionIntegration, captureException, init, setUser } from '@sentry/browser';

/** Whether a URL is the monitor's own intake (`/api/<project>/envelope/` or `/store/` of the DSN's host). */
export function isIntakeUrl(url: string, dsn: string): boolean {
  try {
    const { origin, pathname } = new URL(dsn);
    const projectId =
      pathname
        .replace(/^\/+|\/+$/g, '')
        .split('/')
        .at(-1) ?? '';
    const target = new URL(url, window.location.href);
    return (
      target.origin === origin &&
      /^\/api\/[^/]+\/(envelope|store)\/?$/.test(target.pathname) &&
      target.pathname.includes(`/api/${projectId}/`)
    );
  } catch {
    return false;
  }
}

/**
 * The portal's own error reporting: @sentry/browser, sending unhandled errors and unhandled rejections to
 * the portal's project in its own monitor. Loaded in its own chunk after sign-in, never on /login.
 * The SDK's transport posts the envelopes (the Sentry wire, with no session token: not a portal API call)
 * and backs off on 429; its failures are never reported, and the intake calls leave no breadcrumbs.
 * @public — called through monitor.ts's dynamic import, which knip does not follow.
 */
export function startReporter(dsn: string, usuario: string | null): void {
  init({
    dsn,
    environment: import.meta.env.MODE,
    // Sessions would only be dropped by the monitor's intake: do not send them.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== browserSessionIntegration().name),
    sendClientReports: false,
    ignoreErrors: [
      'ResizeObserver loop limit exceeded',
      'ResizeObserver loop completed with undelivered notifications',
    ],
    beforeBreadcrumb: (breadcrumb) => {
      const url: unknown = breadcrumb.data?.url;
      return typeof url === 'string' && isIntakeUrl(url, dsn) ? null : breadcrumb;
    },
  });
  setReporterUser(usuario);
}

export function setReporterUser(usuario: string | null): void {
  setUser(usuario ? { username: usuario } : null);
}

/**
 * An error the router caught (a screen that failed to render or load): handled by the page, still a bug.
 * @public — called through monitor.ts's dynamic import, which knip does not follow.
 */
export function reportCaughtError(error: unknown): void {
  captureException(error, { mechanism: { type: 'react-router', handled: false } });
}
