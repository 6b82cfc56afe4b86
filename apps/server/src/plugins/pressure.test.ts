import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { pressure, RECOLECTAR_CADA_MS, REINTENTAR_EN_S } from './pressure.ts';

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

/** Until the condition holds (a closed connection is seen on a later turn of the event loop). */
async function hasta(condicion: () => Promise<boolean>): Promise<void> {
  const limite = Date.now() + 5000;
  while (!(await condicion())) {
    if (Date.now() > limite) throw new Error('la condición no se cumplió');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const SIN_LIMITES = { maxEnCurso: 0, maxEnEspera: 0, maxDemoraMs: 0, maxHeapBytes: 0 };

async function appCon(limites: Partial<Parameters<typeof pressure>[1]>, enEspera?: () => number) {
  app = Fastify();
  await pressure(app, { ...SIN_LIMITES, ...limites }, enEspera);
  let soltar = () => {};
  const retenidas = new Promise<void>((r) => (soltar = r));
  const estado = { dentro: 0 };
  app.get('/api/lenta', async () => {
    estado.dentro += 1;
    await retenidas;
    return { error: null, datos: 'ok' };
  });
  app.get('/api/rapida', async () => ({ error: null, datos: 'ok' }));
  app.get('/api/estado', async () => ({ error: null, datos: 'ok' }));
  app.get('/pagina', async () => 'página');
  await app.ready();
  return { soltar: () => soltar(), estado };
}

describe('under overload', () => {
  it('refuses new API calls at once with 503 and Retry-After while too many are being answered, and takes them again after', async () => {
    const { soltar, estado } = await appCon({ maxEnCurso: 2 });
    const enCurso = [0, 1].map(() => app.inject({ url: '/api/lenta' }));
    await hasta(async () => estado.dentro === 2);
    // The third, as it arrives: no sampling lag lets it (or any call after it) in.
    const rechazadas = await Promise.all([0, 1, 2].map(() => app.inject({ url: '/api/lenta' })));
    for (const rechazada of rechazadas) {
      expect(rechazada.statusCode).toBe(503);
      expect(rechazada.headers['retry-after']).toBe(String(REINTENTAR_EN_S));
      expect(rechazada.json()).toEqual({
        error: 'El servidor está ocupado; vuelva a intentarlo en unos segundos',
        datos: null,
      });
    }
    // The health check and the web app always answer.
    expect((await app.inject({ url: '/api/estado' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/pagina' })).statusCode).toBe(200);

    soltar();
    for (const r of await Promise.all(enCurso)) expect(r.statusCode).toBe(200);
    // Their places are free again as soon as they are answered.
    expect((await app.inject({ url: '/api/lenta' })).statusCode).toBe(200);
  });

  it('frees the place of a call whose client went away before its answer', async () => {
    const { soltar, estado } = await appCon({ maxEnCurso: 1 });
    const abandonada = new AbortController();
    const primera = app.inject({ url: '/api/lenta', signal: abandonada.signal });
    await hasta(async () => estado.dentro === 1);
    expect((await app.inject({ url: '/api/rapida' })).statusCode).toBe(503);
    abandonada.abort();
    await primera.catch(() => undefined);
    // Its handler is still waiting; the place is free all the same.
    await hasta(async () => (await app.inject({ url: '/api/rapida' })).statusCode === 200);
    soltar();
  });

  it('refuses new calls while the database has too many queries waiting for a connection', async () => {
    let esperando = 0;
    const { soltar } = await appCon({ maxEnEspera: 5 }, () => esperando);
    soltar();
    expect((await app.inject({ url: '/api/lenta' })).statusCode).toBe(200);
    esperando = 6;
    expect((await app.inject({ url: '/api/lenta' })).statusCode).toBe(503);
    esperando = 0;
    expect((await app.inject({ url: '/api/lenta' })).statusCode).toBe(200);
  });
});

describe('the memory rule', () => {
  /** Heap held alive until released: about `mb` MB of strings. */
  function retener(mb: number): { soltar: () => void } {
    // 1 MB each: 131,072 doubles.
    // biome-ignore lint/correctness/noUnusedVariables: never read; it holds the memory until soltar() lets it go.
    let bloques: number[][] | null = Array.from({ length: mb }, (_, i) => new Array<number>(131_072).fill(i + 0.5));
    return {
      soltar: () => {
        bloques = null;
      },
    };
  }
  const muestreado = async (limite: number) => hasta(async () => app.memoryUsage().heapUsed > limite);
  /** 64 MB over the heap alive now: measured after a collection, since this process may hold much garbage. */
  function limiteSobreLoVivo(): number {
    v8.setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    return v8.getHeapStatistics().used_heap_size + 64 * 1024 * 1024;
  }

  it('refuses while the heap held alive is over the limit; its garbage alone refuses nobody for more than a second', async () => {
    const limite = limiteSobreLoVivo();
    await appCon({ maxHeapBytes: limite });
    const vivo = retener(160);
    await muestreado(limite);
    expect((await app.inject({ url: '/api/rapida' })).statusCode).toBe(503);
    // The heavy call ended: what it held is garbage, which nothing collects while every call is refused.
    vivo.soltar();
    // The refusal above asked for a collection. Once the guard may ask for another, the first call to arrive gets
    // it and is let in: the garbage alone refuses calls for at most that interval and one collection (0.4 s and
    // about 0.1 s on a quiet machine), however long a busy machine takes to get there.
    await new Promise((r) => setTimeout(r, RECOLECTAR_CADA_MS));
    expect((await app.inject({ url: '/api/rapida' })).statusCode).toBe(200);
  });

  it('answers a refused call once: no hook after the guard answers it again', async () => {
    const registro: string[] = [];
    app = Fastify({ logger: { level: 'warn', stream: { write: (linea: string) => void registro.push(linea) } } });
    const limite = limiteSobreLoVivo();
    await pressure(app, { ...SIN_LIMITES, maxHeapBytes: limite });
    // As the access control does for a call without a session.
    app.addHook('onRequest', async (_request, reply) => reply.code(401).send({ error: 'No autorizado', datos: null }));
    // The app's own onSend hooks (security headers, compression) make sending take a turn of the event loop.
    app.addHook('onSend', async (_request, _reply, payload) => payload);
    app.get('/api/estado/sesion', async () => ({ error: null, datos: 'ok' }));
    await app.ready();
    const vivo = retener(160);
    await muestreado(limite);
    const res = await app.inject({ url: '/api/estado/sesion' });
    vivo.soltar();
    expect(res.statusCode).toBe(503);
    await new Promise((r) => setImmediate(r));
    expect(registro.filter((l) => /already sent|ERR_HTTP_HEADERS_SENT/.test(l))).toEqual([]);
  });
});
