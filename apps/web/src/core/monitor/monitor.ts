import { getSesion, subscribeSesion } from '../session/session.ts';

type Reporter = typeof import('./reporter.ts');

let started = false;
let reporter: Reporter | null = null;

const usuarioActual = () => getSesion()?.usuario.usuario ?? null;

/** Asks the server for the portal's own DSN and, when there is one, loads and starts the SDK. */
async function start(): Promise<void> {
  let dsn: string | null;
  try {
    dsn = await (await import('./monitorDsn.ts')).monitorDsn();
  } catch (error) {
    // Never reported into the monitor: the monitor is what failed.
    console.warn('No se pudo leer la configuración del monitor de errores', error);
    return;
  }
  if (!dsn) return;
  reporter = await import('./reporter.ts');
  reporter.startReporter(dsn, usuarioActual());
}

/**
 * The portal reports its own unhandled errors into its monitor from the first sign-in on, so the SDK
 * (in its own chunk) never loads with /login; the reported user follows the session. Call at start-up:
 * a sign-in needs the runtime configuration, so it has loaded by then.
 */
export function reportErrorsAfterSignIn(): void {
  const onSesion = () => {
    if (!getSesion()) {
      reporter?.setReporterUser(null);
      return;
    }
    reporter?.setReporterUser(usuarioActual());
    if (started) return;
    started = true;
    void start();
  };
  subscribeSesion(onSesion);
  onSesion();
}

/** Reports an error a screen caught and showed (the router's error page); nothing when reporting is off. */
export function reportCaughtError(error: unknown): void {
  reporter?.reportCaughtError(error);
}
