import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';
import { puertoLibre } from './puerto.ts';

/** Debian's OpenLDAP server (`apt-get install slapd`; the test command installs it as it installs Chromium). */
export const SLAPD = '/usr/sbin/slapd';
export const haySlapd = existsSync(SLAPD);

const BASE = 'dc=physis,dc=local';
const ADMIN_DN = `cn=admin,${BASE}`;
const ADMIN_PW = 'clave-del-directorio';

export interface PersonaLdap {
  uid: string;
  nombre: string;
  email?: string;
  password: string;
}

/**
 * A real slapd of its own on a free port, with an empty database under a temporary folder, seeded with people
 * (inetOrgPerson under ou=personas) and groups (groupOfNames under ou=grupos). `detener` stops it (the
 * directory down), `close` removes it.
 */
export async function startSlapd(personas: readonly PersonaLdap[], grupos: Record<string, readonly string[]>) {
  const dir = await mkdtemp(join(tmpdir(), 'intranet-slapd-'));
  await mkdir(join(dir, 'db'));
  const conf = join(dir, 'slapd.conf');
  await writeFile(
    conf,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include /etc/ldap/schema/${s}.schema`),
      `pidfile ${join(dir, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      'maxsize 10485760',
      `suffix "${BASE}"`,
      `rootdn "${ADMIN_DN}"`,
      `rootpw ${ADMIN_PW}`,
      `directory ${join(dir, 'db')}`,
      '',
    ].join('\n'),
  );
  const port = await puertoLibre();
  const url = `ldap://127.0.0.1:${port}`;
  let slapd: ChildProcess | undefined = spawn(SLAPD, ['-f', conf, '-h', `${url}/`, '-d', '0'], { stdio: 'ignore' });

  // Ready once it takes the administrator's bind.
  const admin = new Client({ url, timeout: 2000, connectTimeout: 2000 });
  const hasta = Date.now() + 15_000;
  for (;;) {
    try {
      await admin.bind(ADMIN_DN, ADMIN_PW);
      break;
    } catch (err) {
      if (Date.now() > hasta || slapd.exitCode !== null) throw new Error(`slapd no arrancó: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const dn = (uid: string) => `uid=${uid},ou=personas,${BASE}`;
  await admin.add(BASE, { objectClass: ['top', 'dcObject', 'organization'], o: 'Physis', dc: 'physis' });
  await admin.add(`ou=personas,${BASE}`, { objectClass: ['organizationalUnit'], ou: 'personas' });
  await admin.add(`ou=grupos,${BASE}`, { objectClass: ['organizationalUnit'], ou: 'grupos' });
  for (const p of personas) {
    const partes = p.nombre.split(' ');
    await admin.add(dn(p.uid), {
      objectClass: ['inetOrgPerson'],
      uid: p.uid,
      cn: p.nombre,
      sn: partes.at(-1) ?? p.uid,
      userPassword: p.password,
      ...(p.email ? { mail: p.email } : {}),
    });
  }
  for (const [grupo, miembros] of Object.entries(grupos)) {
    await admin.add(`cn=${grupo},ou=grupos,${BASE}`, {
      objectClass: ['groupOfNames'],
      cn: grupo,
      member: miembros.map(dn),
    });
  }
  await admin.unbind();

  return {
    url,
    base: BASE,
    adminDn: ADMIN_DN,
    adminPassword: ADMIN_PW,
    /** Stops the server: the directory is down. */
    detener: async () => {
      const proceso = slapd;
      slapd = undefined;
      if (!proceso || proceso.exitCode !== null) return;
      const fin = new Promise((r) => proceso.once('exit', r));
      proceso.kill('SIGTERM');
      await fin;
    },
    close: async () => {
      if (slapd && slapd.exitCode === null) {
        const fin = new Promise((r) => slapd!.once('exit', r));
        slapd.kill('SIGTERM');
        await fin;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
