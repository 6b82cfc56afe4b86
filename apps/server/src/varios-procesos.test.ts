import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paquetes, tareasEjecuciones } from './db/schema.ts';
import { freshApp, PASSWORDS, useTemplate } from './test/harness.ts';
import { conProcesos, type OtroProceso } from './test/otro-proceso.ts';

const template = useTemplate();

interface Respuesta {
  status: number;
  cuerpo: unknown;
  cabeceras: Headers;
}

async function llamar(
  base: string,
  ruta: string,
  init: { method?: string; token?: string; json?: unknown; bytes?: Buffer } = {},
): Promise<Respuesta> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.bytes) headers['content-type'] = 'application/octet-stream';
  const res = await fetch(`${base}${ruta}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.bytes,
  });
  const texto = await res.text();
  let cuerpo: unknown = texto;
  try {
    cuerpo = JSON.parse(texto);
  } catch {
    // A file, not JSON.
  }
  return { status: res.status, cuerpo, cabeceras: res.headers };
}

const datos = <T>(r: Respuesta): T => (r.cuerpo as { datos: T }).datos;

async function ingresar(base: string, username: string, password: string): Promise<string> {
  const r = await llamar(base, '/api/auth', { method: 'POST', json: { username, password } });
  if (r.status !== 200) throw new Error(`no se pudo ingresar: ${r.status} ${JSON.stringify(r.cuerpo)}`);
  return datos<{ token: string }>(r).token;
}

/** Milliseconds until `listo` holds, asking every 10 ms; throws past `plazo`. */
async function hasta(listo: () => Promise<boolean>, plazo = 5000): Promise<number> {
  const inicio = Date.now();
  while (!(await listo())) {
    if (Date.now() - inicio > plazo) throw new Error(`no ocurrió en ${plazo} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - inicio;
}

const LISTA = '/api/dns?sort=host&size=5';

// Three processes as `npm start` runs them (the built bundle), on one PostgreSQL database and one FILES_DIR, as
// behind a proxy; every call goes to a process of the test's choosing. PGlite is one process's: PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('three server processes on one database', () => {
  const ctx = freshApp(template);
  let filesDir: string;
  beforeAll(async () => {
    filesDir = await mkdtemp(join(tmpdir(), 'intranet-procesos-'));
  });
  afterAll(() => rm(filesDir, { recursive: true, force: true }));

  it('share sessions, sign-outs, read caches, throttling, files and scheduled jobs', async () => {
    await conProcesos(
      ctx.t.config.databaseUrl,
      3,
      async (procesos: OtroProceso[]) => {
        const [a, b, c] = procesos.map((p) => p.base) as [string, string, string];

        // A session opened on A works on B and C; signed out on A, B refuses it within a second.
        const token = await ingresar(a, 'admin', PASSWORDS.admin);
        expect((await llamar(b, '/api/auth/tokens', { token })).status).toBe(200);
        expect((await llamar(c, LISTA, { token })).status).toBe(200);
        expect((await llamar(a, '/api/auth/logout', { method: 'POST', token })).status).toBeLessThan(300);
        const rechazoMs = await hasta(
          async () => (await llamar(b, '/api/auth/tokens', { token })).status === 401,
          1000,
        );

        // A write on A is in B's next read of a list B had kept in memory.
        const admin = await ingresar(a, 'admin', PASSWORDS.admin);
        await llamar(b, LISTA, { token: admin });
        expect((await llamar(b, LISTA, { token: admin })).cabeceras.get('x-cache')).toBe('hit');
        const [primero] = datos<{ items: { id: number; servidor_id: number; host: string }[] }>(
          await llamar(a, LISTA, { token: admin }),
        ).items;
        const cambio = await llamar(a, `/api/dns/${primero!.id}`, {
          method: 'PUT',
          token: admin,
          json: {
            servidor_id: primero!.servidor_id,
            host: 'aaa-desde-a.physis.com.ar',
            tipo: 'A',
            ttl: 300,
            activo: true,
          },
        });
        expect(cambio.status).toBe(200);
        const hosts = async () =>
          datos<{ items: { host: string }[] }>(await llamar(b, LISTA, { token: admin })).items.map((d) => d.host);
        const lecturasViejas: number[] = [];
        const vistoMs = await hasta(async () => {
          const visto = (await hosts())[0] === 'aaa-desde-a.physis.com.ar';
          if (!visto) lecturasViejas.push(1);
          return visto;
        }, 1000);

        // Wrong passwords for one name from one address count across processes: the 11th is refused on any of them.
        const fallar = (base: string) =>
          llamar(base, '/api/auth', { method: 'POST', json: { username: 'nadie-procesos', password: 'mala' } });
        const estados: number[] = [];
        for (let i = 0; i < 10; i += 1) estados.push((await fallar(procesos[i % 3]!.base)).status);
        // A wrong password is answered 200 with the spec's error in the body.
        expect(estados).toEqual(Array.from({ length: 10 }, () => 200));
        const bloqueada = await fallar(c);
        expect(bloqueada.status).toBe(429);
        expect(Number(bloqueada.cabeceras.get('retry-after'))).toBeGreaterThan(0);

        // An upload on A downloads from B and C (one FILES_DIR).
        const bytes = randomBytes(300_000);
        const subida = await llamar(a, '/api/archivos?nombre=compartido.bin', { method: 'POST', token: admin, bytes });
        expect(subida.status).toBe(201);
        const archivo = datos<{ id: number; sha256: string }>(subida);
        await ctx.t.db.insert(paquetes).values({ nombre: 'usa-compartido', archivoId: archivo.id });
        for (const base of [b, c]) {
          const bajada = await fetch(`${base}/api/archivos/${archivo.sha256}`);
          expect(bajada.status).toBe(200);
          expect(Buffer.from(await bajada.arrayBuffer()).equals(bytes)).toBe(true);
        }

        // Jobs asked for on every process at once, once each has its queue going: each queued run is run once.
        for (const base of [a, b, c])
          await hasta(
            async () => datos<{ activo: boolean }>(await llamar(base, '/api/alertas/tareas', { token: admin })).activo,
            30_000,
          );
        const pedidos = await Promise.all(
          [a, b, c, a, b, c].map((base) =>
            llamar(base, '/api/alertas/tareas/archivos-barrido/ejecutar', { method: 'POST', token: admin }),
          ),
        );
        expect(pedidos.every((p) => p.status === 202 || p.status === 409)).toBe(true);
        const trabajos = pedidos.filter((p) => p.status === 202).map((p) => datos<{ trabajo: string }>(p).trabajo);
        expect(trabajos.length).toBeGreaterThan(0);
        const ejecuciones = () =>
          ctx.t.db
            .select({ trabajo: tareasEjecuciones.trabajo, estado: tareasEjecuciones.estado })
            .from(tareasEjecuciones)
            .where(inArray(tareasEjecuciones.trabajo, trabajos));
        await hasta(async () => {
          const filas = await ejecuciones();
          return filas.length >= trabajos.length && filas.every((f) => f.estado === 'ok');
        }, 30_000);
        const filas = await ejecuciones();
        expect(filas.map((f) => f.trabajo).sort()).toEqual([...trabajos].sort());
        const alIniciar = await ctx.t.db
          .select({ trabajo: tareasEjecuciones.trabajo })
          .from(tareasEjecuciones)
          .where(eq(tareasEjecuciones.tarea, 'alertas-vencimientos'));

        console.log(
          `3 procesos: sesión cerrada en A rechazada en B a los ${rechazoMs} ms; escritura en A vista en B a los ${vistoMs} ms ` +
            `(${lecturasViejas.length} lecturas viejas); 11.º intento fallido (10 repartidos) → 429; archivo de A bajado de B y C; ` +
            `${pedidos.length} pedidos de ejecución → ${trabajos.length} en cola, ${filas.length} ejecuciones; ` +
            `escaneo al iniciar: ${new Set(alIniciar.map((f) => f.trabajo)).size} trabajo(s) para 3 procesos`,
        );
      },
      { construido: true, env: { TAREAS: '1', FILES_DIR: filesDir } },
    );
  }, 240_000);
});
