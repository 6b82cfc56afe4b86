import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { figure } from './report.ts';
import { serverArgs, serverDir, serverEnv } from './server.ts';

const MB = 1024 * 1024;
const SIZE = 200 * MB;
const PASSWORD = 'Bench-Transfer-1';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The server process's resident memory, from /proc (Linux). */
const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** A 200 MB file of random bytes (incompressible, unlike zeros), written in 8 MB pieces. */
async function makeFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  async function* pieces() {
    for (let done = 0; done < SIZE; done += 8 * MB) {
      const piece = randomBytes(8 * MB);
      hash.update(piece);
      yield piece;
    }
  }
  await pipeline(pieces(), createWriteStream(path));
  return hash.digest('hex');
}

/**
 * Upload and download of a 200 MB file through the real server on loopback (`POST /api/paquetes`, then its
 * direct link), with the server's resident memory sampled every 20 ms. Targets: ≥ 150 MB/s each way, and
 * no more than 50 MB of RSS growth during the transfers — the file streams through, it is never held.
 */
export async function transfer(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'intranet-transfer-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: serverDir,
    env: {
      ...process.env,
      ...serverEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      ADMIN_PASSWORD: PASSWORD,
      DEMO_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    const file = join(dir, 'PhysisSetup-200MB.exe');
    const sha256 = await makeFile(file);
    for (let ready = false; !ready; ) {
      if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar (código ${child.exitCode})`);
      ready = await fetch(`${base}/assets/config.json`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${base}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const token = ((await login.json()) as { datos: { token: string } }).datos.token;
    // Warm up the routes and the database connection, then take the baseline.
    await fetch(`${base}/api/paquetes/lista`, { headers: { authorization: `Bearer ${token}` } });
    await new Promise((r) => setTimeout(r, 500));
    const pid = child.pid!;
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);

    const upStart = performance.now();
    const uploaded = await new Promise<{ id: number; sha256: string }>((resolve, reject) => {
      const req = request(`${base}/api/paquetes?nombre=PhysisSetup-200MB.exe&version=1.0.0`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
          'content-length': String(SIZE),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          res.statusCode === 201
            ? resolve((JSON.parse(body) as { datos: { id: number; sha256: string } }).datos)
            : reject(new Error(`subida: ${res.statusCode} ${body}`)),
        );
      });
      req.on('error', reject);
      createReadStream(file, { highWaterMark: MB }).pipe(req);
    });
    const upSeconds = (performance.now() - upStart) / 1000;
    if (uploaded.sha256 !== sha256) throw new Error('la suma SHA-256 del servidor no coincide');

    // The client only counts the bytes (hashing them here would measure this process, not the server); the
    // content itself is checked by the route tests, and the answer's ETag is the file's SHA-256.
    const downStart = performance.now();
    const { bytes, etag } = await new Promise<{ bytes: number; etag: string | undefined }>((resolve, reject) => {
      get(`${base}/api/paquetes/${uploaded.id}/descarga/${uploaded.sha256}`, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => (n += chunk.length));
        res.on('end', () => resolve({ bytes: n, etag: res.headers.etag }));
        res.on('error', reject);
      }).on('error', reject);
    });
    const downSeconds = (performance.now() - downStart) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    if (bytes !== SIZE || etag !== `"${sha256}"`) throw new Error('la descarga no coincide con el archivo subido');

    figure('subida de 200 MB (loopback, SHA-256 en el camino)', Math.round((200 / upSeconds) * 10) / 10, 'MB/s', {
      min: 150,
    });
    figure('descarga de 200 MB (enlace directo)', Math.round((200 / downSeconds) * 10) / 10, 'MB/s', { min: 150 });
    figure('RSS del servidor antes de transferir', Math.round(baseline / MB), 'MB');
    figure('RSS máximo del servidor durante las transferencias', Math.round(peak / MB), 'MB');
    figure('crecimiento del RSS durante las transferencias', Math.round(((peak - baseline) / MB) * 10) / 10, 'MB', {
      max: 50,
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}
