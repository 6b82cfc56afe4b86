import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { puertoLibre } from './puerto.ts';

/** Debian's PostgreSQL server binaries (`postgresql-15` or newer), the newest installed; undefined without them. */
function binarios(): string | undefined {
  const raiz = '/usr/lib/postgresql';
  if (!existsSync(raiz)) return undefined;
  const versiones = readdirSync(raiz)
    .filter(
      (v) =>
        /^\d+$/.test(v) && existsSync(join(raiz, v, 'bin', 'pg_ctl')) && existsSync(join(raiz, v, 'bin', 'initdb')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versiones[0] === undefined ? undefined : join(raiz, versiones[0], 'bin');
}

const BIN = binarios();

/** The OS account PostgreSQL runs as when the tests run as root (it refuses to run as root). */
function cuentaPostgres(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const linea = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = linea?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
}

/** Why a private PostgreSQL cannot be started here, or null when it can. */
export const sinPostgresPropio: string | null = !BIN
  ? 'faltan initdb/pg_ctl de Debian en /usr/lib/postgresql/<versión>/bin (apt-get install postgresql)'
  : process.getuid?.() === 0 && !cuentaPostgres()
    ? 'se ejecuta como root y no existe la cuenta postgres para correr PostgreSQL'
    : null;

export interface PostgresPropio {
  /** postgres://… of its `postgres` database. */
  url: string;
  /** `pg_ctl stop`: 'fast' disconnects every session (57P01) and shuts down cleanly. */
  detener(modo?: 'fast' | 'immediate'): Promise<void>;
  /** `pg_ctl start`, waiting until it takes connections. */
  arrancar(): Promise<void>;
  /** Stops it (if running) and removes its folder. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL cluster of its own (initdb in a temporary folder, on a free port, trust on 127.0.0.1), never the
 * machine's shared server: a test may stop and start it at will. As root it runs as the `postgres` account.
 */
export async function startPostgresPropio(): Promise<PostgresPropio> {
  if (sinPostgresPropio !== null || !BIN) throw new Error(sinPostgresPropio ?? 'sin PostgreSQL');
  const cuenta = cuentaPostgres();
  const dir = await mkdtemp(join(tmpdir(), 'intranet-pg-'));
  if (cuenta) await chown(dir, cuenta.uid, cuenta.gid);
  const datos = join(dir, 'datos');
  const log = join(dir, 'postgres.log');

  const correr = (programa: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const hijo = spawn(join(BIN, programa), args, {
        ...(cuenta ?? {}),
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, LC_ALL: 'C' },
      });
      let error = '';
      hijo.stderr.on('data', (d: Buffer) => (error += d.toString()));
      hijo.on('error', reject);
      hijo.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${programa} ${args.join(' ')} falló (${code}): ${error}`)),
      );
    });

  const port = await puertoLibre();
  const arrancar = () => correr('pg_ctl', ['start', '-D', datos, '-l', log, '-w', '-t', '60']);
  let corriendo = false;
  const detener = async (modo: 'fast' | 'immediate' = 'fast') => {
    await correr('pg_ctl', ['stop', '-D', datos, '-m', modo, '-w', '-t', '60']);
    corriendo = false;
  };
  try {
    await correr('initdb', [
      '-D',
      datos,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    // fsync off: the test restarts the server process, not the machine, so nothing committed is lost without it.
    await appendFile(
      join(datos, 'postgresql.conf'),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'max_connections = 50',
        'shared_buffers = 32MB',
        '',
      ].join('\n'),
    );
    await arrancar();
    corriendo = true;
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    detener,
    arrancar: async () => {
      await arrancar();
      corriendo = true;
    },
    close: async () => {
      if (corriendo) await detener('immediate').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
