import type { PermissionCode } from '@intranet/contract/registry';
import type { ListaViva } from '@intranet/contract/areas/vivo';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createSession } from '../../core/sessions.ts';
import { sesiones } from '../../db/schema.ts';
import { createUser, freshApp, useTemplate } from '../../test/harness.ts';
import { conOtroProceso } from '../../test/otro-proceso.ts';

interface Evento {
  evento: string;
  datos: unknown;
}

/** A browser tab's stream, read as it arrives: its events, and a way to wait for the one a test expects. */
class Stream {
  readonly eventos: Evento[] = [];
  cerrado = false;
  private readonly abort = new AbortController();
  private esperas: (() => void)[] = [];

  static async abrir(base: string, token: string, listas: string): Promise<{ status: number; stream: Stream }> {
    const stream = new Stream();
    const res = await fetch(`${base}/api/vivo?listas=${listas}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: stream.abort.signal,
    });
    if (res.status === 200) void stream.leer(res.body!);
    return { status: res.status, stream };
  }

  private async leer(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let resto = '';
    try {
      for await (const chunk of body) {
        resto += decoder.decode(chunk, { stream: true });
        for (let fin = resto.indexOf('\n\n'); fin >= 0; fin = resto.indexOf('\n\n')) {
          const bloque = resto.slice(0, fin);
          resto = resto.slice(fin + 2);
          const evento = /^event: (.*)$/m.exec(bloque)?.[1];
          const datos = /^data: (.*)$/m.exec(bloque)?.[1];
          if (evento && datos) this.eventos.push({ evento, datos: JSON.parse(datos) });
          this.avisar();
        }
      }
    } catch {
      // Aborted by the test.
    }
    this.cerrado = true;
    this.avisar();
  }

  private avisar() {
    const esperas = this.esperas;
    this.esperas = [];
    for (const e of esperas) e();
  }

  /** Waits until `cumple` holds (each event or the end wakes it), for at most 10 s. */
  async hasta(cumple: () => boolean, que: string): Promise<void> {
    const limite = Date.now() + 10_000;
    while (!cumple()) {
      if (Date.now() > limite)
        throw new Error(`el stream no llegó a: ${que} (eventos: ${JSON.stringify(this.eventos)})`);
      await new Promise<void>((resolve) => {
        this.esperas.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  cambios(lista: ListaViva): number {
    return this.eventos.filter((e) => e.evento === 'cambio' && (e.datos as { lista: string }).lista === lista).length;
  }

  cerrar() {
    this.abort.abort();
  }
}

const template = useTemplate();

describe('GET /api/vivo (live lists)', () => {
  const abiertos: Stream[] = [];
  const ctx = freshApp(template, ['admin'], {
    clone: { cambios: true },
    setup: async ({ t }) => {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const sinServidores = await createUser(t.db, { usuario: 'solo-paquetes', codigos: ['PACKS#VER'] });
      return { base, sinServidores: sinServidores.id };
    },
  });
  const token = (headers: { authorization: string }) => headers.authorization.slice('Bearer '.length);
  const abrir = async (tok: string, listas: string) => {
    const { status, stream } = await Stream.abrir(ctx.base, tok, listas);
    abiertos.push(stream);
    return { status, stream };
  };
  afterEach(() => {
    for (const s of abiertos.splice(0)) s.cerrar();
  });

  it('says which lists it will announce, then announces a change of a list the moment another user writes', async () => {
    const { status, stream } = await abrir(token(ctx.admin), 'servidores,dns,paquetes');
    expect(status).toBe(200);
    await stream.hasta(() => stream.eventos.length > 0, 'listo');
    expect(stream.eventos[0]).toEqual({ evento: 'listo', datos: { listas: ['servidores', 'dns', 'paquetes'] } });

    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores',
      headers: ctx.admin,
      payload: { nombre: 'vivo-01', hostname: null, estado: 'activo' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await stream.hasta(() => stream.cambios('servidores') > 0, 'un cambio de servidores');
    expect(stream.cambios('paquetes')).toBe(0);
  });

  it('announces a burst of writes at most once a second per list, the last of the burst included', async () => {
    const { stream } = await abrir(token(ctx.admin), 'servidores');
    await stream.hasta(() => stream.eventos.length > 0, 'listo');
    const desde = Date.now();
    for (let i = 0; i < 8; i += 1) {
      await ctx.t.app.inject({
        method: 'POST',
        url: '/api/servidores',
        headers: ctx.admin,
        payload: { nombre: `rafaga-${i}`, hostname: null, estado: 'activo' },
      });
    }
    await stream.hasta(() => stream.cambios('servidores') >= 2, 'el primero y el último de la ráfaga');
    // The writes took well under the interval: one announcement at once and one at its end, not eight.
    if (Date.now() - desde < 900) expect(stream.cambios('servidores')).toBe(2);
  });

  it('leaves out the lists the caller may not read: they are neither promised nor announced', async () => {
    const sesion = await createSession(ctx.t.db, { usuarioId: ctx.sinServidores, ttlHours: 1, ip: '127.0.0.1' });
    const { stream } = await abrir(sesion, 'servidores,paquetes');
    await stream.hasta(() => stream.eventos.length > 0, 'listo');
    expect(stream.eventos[0]!.datos).toEqual({ listas: ['paquetes'] });
    await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores',
      headers: ctx.admin,
      payload: { nombre: 'ajeno-01', hostname: null, estado: 'activo' },
    });
    // A change the caller may read, after the one it may not: once it arrives, the other would have too.
    await ctx.t.db.execute(sql`update paquetes set nombre = nombre where id = (select min(id) from paquetes)`);
    await stream.hasta(() => stream.cambios('paquetes') > 0, 'un cambio de paquetes');
    expect(stream.cambios('servidores')).toBe(0);
  });

  it('ends the stream when its session is revoked', async () => {
    const sesion = await createSession(ctx.t.db, { usuarioId: ctx.sinServidores, ttlHours: 1, ip: '127.0.0.1' });
    const { stream } = await abrir(sesion, 'paquetes');
    await stream.hasta(() => stream.eventos.length > 0, 'listo');
    await ctx.t.db.update(sesiones).set({ revocada: new Date() }).where(eq(sesiones.usuarioId, ctx.sinServidores));
    await stream.hasta(() => stream.cerrado, 'el fin del stream');
  });

  it('refuses no session (401) and an unknown list (400, in Spanish)', async () => {
    expect((await fetch(`${ctx.base}/api/vivo?listas=servidores`)).status).toBe(401);
    const mal = await fetch(`${ctx.base}/api/vivo?listas=servidores,inexistente`, { headers: ctx.admin });
    expect(mal.status).toBe(400);
    expect(await mal.json()).toMatchObject({
      error: 'Datos inválidos',
      campos: { listas: [expect.stringMatching(/^Lista desconocida/)] },
    });
    const sinListas = await fetch(`${ctx.base}/api/vivo`, { headers: ctx.admin });
    expect(sinListas.status).toBe(400);
  });
});

/**
 * Every list of every area: the code that reads it and a write to its main table. Each reader holds
 * one code only, so each list is promised and announced to its own readers and to nobody else.
 */
const LISTAS: readonly { lista: ListaViva; codigo: PermissionCode | 'session'; escritura: SQL }[] = [
  {
    lista: 'clientes',
    codigo: 'CLIENTES#VER',
    escritura: sql`update empresas set razon_social = razon_social where id = (select min(id) from empresas)`,
  },
  {
    lista: 'vencimientos-afip',
    codigo: 'CLIENTES#VER',
    escritura: sql`update afip_certificados set vence = vence where id = (select min(id) from afip_certificados)`,
  },
  {
    lista: 'vencimientos-physis',
    codigo: 'CLIENTES#VER',
    escritura: sql`update physis_licencias set vence = vence where id = (select min(id) from physis_licencias)`,
  },
  {
    lista: 'actualizaciones',
    codigo: 'CLIENTES#VER',
    escritura: sql`update actualizaciones set log = log where id = (select min(id) from actualizaciones)`,
  },
  {
    lista: 'maquinas',
    codigo: 'PHY-MAQ#TODO',
    escritura: sql`update maquinas set nombre = nombre where id = (select min(id) from maquinas)`,
  },
  {
    lista: 'personas',
    codigo: 'PHY-PER#TODO',
    escritura: sql`update personas set nombre = nombre where id = (select min(id) from personas)`,
  },
  {
    lista: 'productos',
    codigo: 'PROD#VER',
    escritura: sql`update productos set nombre = nombre where id = (select min(id) from productos)`,
  },
  {
    lista: 'aplicaciones',
    codigo: 'APP#VER',
    escritura: sql`update aplicaciones set nombre = nombre where id = (select min(id) from aplicaciones)`,
  },
  {
    lista: 'sitios',
    codigo: 'SUBPROD#VER',
    escritura: sql`update sitios set nombre = nombre where id = (select min(id) from sitios)`,
  },
  {
    lista: 'sitios-vencimientos',
    codigo: 'SUBPROD#VER',
    escritura: sql`update sitios set ssl_vence = ssl_vence where id = (select max(id) from sitios)`,
  },
  {
    lista: 'versiones',
    codigo: 'PACKS#VER',
    escritura: sql`update versiones set numero = numero where id = (select min(id) from versiones)`,
  },
  {
    lista: 'desarrollos',
    codigo: 'SER#VER',
    escritura: sql`update desarrollos set titulo = titulo where id = (select min(id) from desarrollos)`,
  },
  {
    lista: 'notificaciones',
    codigo: 'session',
    escritura: sql`update notificaciones set titulo = titulo where id = (select min(id) from notificaciones)`,
  },
];

describe('GET /api/vivo: every area’s lists', () => {
  const abiertos: Stream[] = [];
  const codigos = [...new Set(LISTAS.map((l) => l.codigo))];
  const ctx = freshApp(template, [], {
    clone: { cambios: true },
    setup: async ({ t }) => {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      // One reader per code ('session': one with no code at all, who reads only their own notifications).
      const lectores = new Map<PermissionCode | 'session', number>();
      for (const [i, codigo] of codigos.entries()) {
        const usuario = await createUser(t.db, {
          usuario: `lector-${i}`,
          codigos: codigo === 'session' ? [] : [codigo],
        });
        lectores.set(codigo, usuario.id);
      }
      return { base, lectores };
    },
  });
  afterEach(() => {
    for (const s of abiertos.splice(0)) s.cerrar();
  });

  it('announces a write in each list’s main table on that list, only to the sessions that may read it', async () => {
    const todas = LISTAS.map((l) => l.lista).join(',');
    const streams = new Map<PermissionCode | 'session', Stream>();
    for (const codigo of codigos) {
      const sesion = await createSession(ctx.t.db, {
        usuarioId: ctx.lectores.get(codigo)!,
        ttlHours: 1,
        ip: '127.0.0.1',
      });
      const { status, stream } = await Stream.abrir(ctx.base, sesion, todas);
      abiertos.push(stream);
      expect(status).toBe(200);
      await stream.hasta(() => stream.eventos.length > 0, 'listo');
      const suyas = LISTAS.filter((l) => l.codigo === codigo || l.codigo === 'session').map((l) => l.lista);
      expect((stream.eventos[0]!.datos as { listas: string[] }).listas.toSorted(), codigo).toEqual(suyas.toSorted());
      streams.set(codigo, stream);
    }

    for (const { lista, codigo, escritura } of LISTAS) {
      await ctx.t.db.execute(escritura);
      for (const [suyo, stream] of streams) {
        if (suyo === codigo || codigo === 'session')
          await stream.hasta(() => stream.cambios(lista) > 0, `un cambio de ${lista} para ${suyo}`);
      }
    }
    // A change everyone may read, after all the others: once it arrives, any other would have too.
    await ctx.t.db.execute(sql`delete from notificaciones where false`);
    for (const [suyo, stream] of streams) {
      await stream.hasta(() => stream.cambios('notificaciones') > 1, `el último cambio para ${suyo}`);
      for (const { lista, codigo } of LISTAS)
        if (codigo !== suyo && codigo !== 'session') expect(stream.cambios(lista), `${lista} para ${suyo}`).toBe(0);
    }
  });
});

// A second server process needs a database shared between processes: PostgreSQL (PGlite is one process's).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a live list across two server processes', () => {
  const ctx = freshApp(template, ['admin'], { clone: { cambios: true } });

  it('tells a tab connected to the other process of a write made here', async () => {
    await conOtroProceso(ctx.t.config.databaseUrl, async (base) => {
      const { status, stream } = await Stream.abrir(base, ctx.admin.authorization.slice('Bearer '.length), 'dns');
      try {
        expect(status).toBe(200);
        await stream.hasta(() => stream.eventos.length > 0, 'listo');
        const servidor = await ctx.t.app.inject({
          method: 'POST',
          url: '/api/servidores',
          headers: ctx.admin,
          payload: { nombre: 'otro-01', hostname: null, estado: 'activo' },
        });
        const { id } = servidor.json<{ datos: { id: number } }>().datos;
        const res = await ctx.t.app.inject({
          method: 'POST',
          url: '/api/dns',
          headers: ctx.admin,
          payload: { servidor_id: id, host: 'otro-01.physis.com.ar' },
        });
        expect(res.statusCode, res.body).toBe(201);
        await stream.hasta(() => stream.cambios('dns') > 0, 'un cambio de dns en el otro proceso');
      } finally {
        stream.cerrar();
      }
    });
  }, 240_000);
});
