import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshApp, PASSWORDS, useTemplate } from './test/harness.ts';
import { TEST_SECRETS_KEY } from './test/passwords.ts';
import { puertoLibre } from './test/puerto.ts';

// The production layout of the README (deploy/): two processes of the systemd unit, started with the unit's own
// command, working folder and environment, behind nginx with the shipped site config. PostgreSQL only (several
// processes share it); nginx from Debian's package, installed by `npm test` as Chromium is.

const RAIZ = fileURLToPath(new URL('../../../', import.meta.url));
const DEPLOY = join(RAIZ, 'deploy');
const NGINX = '/usr/sbin/nginx';
const template = useTemplate();

/** `Clave=valor` lines of a unit's [Service] section; a key may repeat (Environment). */
function servicio(unidad: string): Map<string, string[]> {
  const claves = new Map<string, string[]>();
  let seccion = '';
  for (const linea of unidad.split('\n').map((l) => l.trim())) {
    if (linea.startsWith('[')) seccion = linea;
    else if (seccion === '[Service]' && /^\w+=/.test(linea)) {
      const [clave, ...resto] = linea.split('=');
      claves.set(clave!, [...(claves.get(clave!) ?? []), resto.join('=')]);
    }
  }
  return claves;
}

/** `CLAVE=valor` lines of an environment file (comments and blank lines skipped). */
const entorno = (texto: string): Record<string, string> =>
  Object.fromEntries(
    texto
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

async function esperar(listo: () => Promise<boolean>, plazo = 60_000): Promise<void> {
  const hasta = Date.now() + plazo;
  while (!(await listo().catch(() => false))) {
    if (Date.now() > hasta) throw new Error('no estuvo listo a tiempo');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !existsSync(NGINX))(
  'the production layout (deploy/): systemd unit and nginx',
  () => {
    const ctx = freshApp(template);
    const unidad = readFileSync(join(DEPLOY, 'intranet@.service'), 'utf8');
    const claves = servicio(unidad);
    let carpeta: string;
    const procesos: ChildProcess[] = [];

    beforeAll(async () => {
      carpeta = await mkdtemp(join(tmpdir(), 'intranet-despliegue-'));
    });
    afterAll(async () => {
      for (const p of procesos) if (p.exitCode === null && p.signalCode === null) p.kill('SIGTERM');
      await Promise.all(
        procesos.map((p) => (p.exitCode === null && p.signalCode === null ? once(p, 'exit') : undefined)),
      );
      await rm(carpeta, { recursive: true, force: true });
    });

    it('the unit is one systemd accepts', async () => {
      if (!existsSync('/usr/bin/systemd-analyze')) return;
      // An instance of the template, as `systemctl start intranet@8081` makes it, installed where this checkout is
      // (systemd checks that the Node of ExecStart, the checkout's own, is there).
      const instancia = join(carpeta, 'intranet@8081.service');
      await writeFile(instancia, unidad.replaceAll('/opt/intranet/', RAIZ));
      const r = spawnSync('/usr/bin/systemd-analyze', ['verify', instancia], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    });

    it('starts two processes as the unit does, and nginx spreads the calls between them', async () => {
      const [ejecutable, ...argumentos] = claves.get('ExecStart')![0]!.split(/\s+/);
      expect(ejecutable).toBe('/opt/intranet/node_modules/.bin/node');
      const cwd = claves.get('WorkingDirectory')![0]!.replace('/opt/intranet/', RAIZ);
      expect(existsSync(join(cwd, argumentos.at(-1)!))).toBe(true);
      const compartido = {
        ...entorno(readFileSync(join(DEPLOY, 'intranet.env.example'), 'utf8')),
        DATABASE_URL: ctx.t.config.databaseUrl!,
        DATA_DIR: join(carpeta, 'datos'),
        FILES_DIR: join(carpeta, 'datos', 'files'),
        SECRETS_KEY: TEST_SECRETS_KEY,
        LOG_LEVEL: 'warn',
        TAREAS: '0',
        // A process warming up on a busy test machine passes the overload guard's second of event-loop delay and
        // turns its first sign-in away with 503 (plugins/pressure.test.ts tests that guard).
        OVERLOAD_MAX_DELAY_MS: '0',
      };
      const puertos = [await puertoLibre(), await puertoLibre()];
      for (const puerto of puertos) {
        const propio = Object.fromEntries(
          claves.get('Environment')!.map((e) => e.replace('%i', String(puerto)).split('=') as [string, string]),
        );
        procesos.push(
          spawn(process.execPath, argumentos, {
            cwd,
            env: { PATH: process.env.PATH, ...compartido, ...propio },
            stdio: 'ignore',
          }),
        );
      }
      for (const puerto of puertos) await esperar(async () => (await fetch(`http://127.0.0.1:${puerto}/readyz`)).ok);

      // The shipped site config, on a free port and these two processes' ports, in a minimal nginx.conf.
      const puertoNginx = await puertoLibre();
      const sitio = readFileSync(join(DEPLOY, 'intranet.nginx.conf'), 'utf8')
        .replace('listen 80;', `listen 127.0.0.1:${puertoNginx};`)
        .replace('127.0.0.1:8081', `127.0.0.1:${puertos[0]}`)
        .replace('127.0.0.1:8082', `127.0.0.1:${puertos[1]}`);
      await mkdir(join(carpeta, 'nginx', 'logs'), { recursive: true });
      await writeFile(join(carpeta, 'nginx', 'intranet.conf'), sitio);
      await writeFile(
        join(carpeta, 'nginx', 'nginx.conf'),
        [
          ...(process.getuid?.() === 0 ? ['user root;'] : []),
          'daemon off;',
          'worker_processes 1;',
          `pid ${join(carpeta, 'nginx', 'nginx.pid')};`,
          `error_log ${join(carpeta, 'nginx', 'logs', 'error.log')} warn;`,
          'events { worker_connections 256; }',
          'http {',
          '  access_log off;',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
            (t) => `  ${t}_temp_path ${join(carpeta, 'nginx', t)};`,
          ),
          `  include ${join(carpeta, 'nginx', 'intranet.conf')};`,
          '}',
        ].join('\n'),
      );
      const prueba = spawnSync(
        NGINX,
        ['-t', '-p', join(carpeta, 'nginx'), '-c', join(carpeta, 'nginx', 'nginx.conf')],
        { encoding: 'utf8' },
      );
      expect(prueba.status, prueba.stderr).toBe(0);
      const nginx = spawn(NGINX, ['-p', join(carpeta, 'nginx'), '-c', join(carpeta, 'nginx', 'nginx.conf')], {
        stdio: 'ignore',
      });
      procesos.push(nginx);
      const proxy = `http://127.0.0.1:${puertoNginx}`;
      await esperar(async () => (await fetch(`${proxy}/readyz`)).ok, 10_000);

      // Through the proxy: sign in, read, the proxy's request id carried through, /metrics not exposed.
      const ingreso = await fetch(`${proxy}/api/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORDS.admin }),
      });
      const { datos } = (await ingreso.json()) as { datos: { token: string } };
      const auth = { authorization: `Bearer ${datos.token}` };
      const lista = await fetch(`${proxy}/api/dns?sort=host&size=5`, { headers: auth });
      expect(lista.status).toBe(200);
      expect(lista.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      expect((await fetch(`${proxy}/metrics`)).status).toBe(404);

      // Both processes take calls: each one's count of answered calls grows.
      const respondidas = async (puerto: number) => {
        const texto = await (await fetch(`http://127.0.0.1:${puerto}/metrics`)).text();
        return [...texto.matchAll(/^intranet_http_responses_total\{[^}]*\} (\d+)/gm)].reduce(
          (s, m) => s + Number(m[1]),
          0,
        );
      };
      const antes = await Promise.all(puertos.map(respondidas));
      for (let i = 0; i < 20; i += 1)
        expect((await fetch(`${proxy}/api/dns?sort=host&size=5`, { headers: auth })).status).toBe(200);
      const despues = await Promise.all(puertos.map(respondidas));
      expect(despues[0]! - antes[0]!).toBeGreaterThan(1);
      expect(despues[1]! - antes[1]!).toBeGreaterThan(1);

      // A restart of one process (SIGTERM, as systemctl stop sends) cuts no read made through the proxy.
      const [primero] = procesos;
      primero!.kill(claves.get('KillSignal')![0]! as NodeJS.Signals);
      const estados: number[] = [];
      while (primero!.exitCode === null)
        estados.push((await fetch(`${proxy}/api/dns?sort=host&size=5`, { headers: auth })).status);
      expect(primero!.exitCode).toBe(0);
      expect(estados.length).toBeGreaterThan(0);
      expect(estados.filter((s) => s !== 200)).toEqual([]);
      console.log(
        `despliegue: 2 procesos de intranet@.service tras nginx; ${despues[0]! - antes[0]!} y ${despues[1]! - antes[1]!} de 20 lecturas en cada uno; ${estados.length} lecturas durante el reinicio de uno, todas 200`,
      );
    }, 120_000);
  },
);
