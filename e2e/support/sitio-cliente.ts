import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';

/**
 * A customer's web app on another origin (its own loopback port: Chromium refuses a public page calling a
 * loopback server), served by the test itself; `/sentry.js` is the real @sentry/browser as `window.Sentry`.
 * An unknown path answers the page at `/`.
 */
export class SitioCliente {
  private server: Server | undefined;
  private files = new Map<string, { type: string; body: string }>();
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const file = this.files.get(new URL(request.url ?? '/', 'http://x').pathname) ?? this.files.get('/');
      response.writeHead(file ? 200 : 404, { 'Content-Type': file?.type ?? 'text/plain' }).end(file?.body ?? '');
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${address.port}`;
    this.files.set('/sentry.js', { type: 'text/javascript', body: await sentryBundle() });
  }

  /** Serves `body` at `path`: an HTML page at `/`, a script elsewhere. */
  set(path: string, body: string): void {
    this.files.set(path, { type: path === '/' ? 'text/html; charset=utf-8' : 'text/javascript', body });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** @sentry/browser as one script exposing `window.Sentry`, as a CDN bundle would. */
export async function sentryBundle(): Promise<string> {
  const resolveDir = createRequire(import.meta.url)
    .resolve('@sentry/browser')
    .replace(/node_modules\/@sentry\/browser\/.*$/, '');
  const result = await build({
    stdin: { contents: "import * as Sentry from '@sentry/browser'; window.Sentry = Sentry;", resolveDir },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}
