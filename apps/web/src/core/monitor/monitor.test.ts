import { afterEach, describe, expect, it, vi } from 'vitest';

const reporter = vi.hoisted(() => ({ startReporter: vi.fn(), setReporterUser: vi.fn(), reportCaughtError: vi.fn() }));
const dsn = vi.hoisted(() => ({ value: 'http://k@intranet.local/1' as string | null }));
vi.mock('./reporter.ts', () => reporter);
vi.mock('./monitorDsn.ts', () => ({ monitorDsn: vi.fn(async () => dsn.value) }));

const sesion = (usuario: string) => ({ token: 't', usuario: { nombre: 'Ana', roles: [], usuario } });

/** A fresh copy of the module and of the session store, as after a page load. */
async function load() {
  vi.resetModules();
  const session = await import('../session/session.ts');
  const monitor = await import('./monitor.ts');
  const { monitorDsn } = await import('./monitorDsn.ts');
  return { session, monitor, monitorDsn: vi.mocked(monitorDsn) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.clearAllMocks();
  dsn.value = 'http://k@intranet.local/1';
});

describe('reportErrorsAfterSignIn', () => {
  it('loads nothing before the first sign-in, then starts the SDK with the DSN and the user', async () => {
    const { session, monitor, monitorDsn } = await load();
    monitor.reportErrorsAfterSignIn();
    await settle();
    expect(monitorDsn).not.toHaveBeenCalled();
    monitor.reportCaughtError(new Error('antes'));
    expect(reporter.reportCaughtError).not.toHaveBeenCalled();

    session.setSesion(sesion('ana'));
    await vi.waitFor(() => expect(reporter.startReporter).toHaveBeenCalledWith('http://k@intranet.local/1', 'ana'));
    const error = new Error('después');
    monitor.reportCaughtError(error);
    expect(reporter.reportCaughtError).toHaveBeenCalledWith(error);

    session.clearSesion();
    expect(reporter.setReporterUser).toHaveBeenLastCalledWith(null);
    session.setSesion(sesion('beto'));
    expect(reporter.setReporterUser).toHaveBeenLastCalledWith('beto');
    expect(monitorDsn).toHaveBeenCalledTimes(1);
  });

  it('stays off when the server gives no DSN (MONITOR=0)', async () => {
    dsn.value = null;
    const { session, monitor, monitorDsn } = await load();
    monitor.reportErrorsAfterSignIn();
    session.setSesion(sesion('ana'));
    await vi.waitFor(() => expect(monitorDsn).toHaveBeenCalled());
    await settle();
    expect(reporter.startReporter).not.toHaveBeenCalled();
  });
});
