import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { pressure, REINTENTAR_EN_S } from './pressure.ts';

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

/** Until the sampled check agrees (it runs every few milliseconds). */
async function hasta(condicion: () => boolean): Promise<void> {
  const limite = Date.now() + 5000;
  while (!condicion()) {
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
  app.get('/api/lenta', async () => {
    await retenidas;
    return { error: null, datos: 'ok' };
  });
  app.get('/api/estado', async () => ({ error: null, datos: 'ok' }));
  app.get('/pagina', async () => 'página');
  await app.ready();
  return { soltar: () => soltar() };
}

describe('under overload', () => {
  it('refuses new API calls at once with 503 and Retry-After while too many are being answered, and takes them again after', async () => {
    const { soltar } = await appCon({ maxEnCurso: 2 });
    const enCurso = [0, 1, 2].map(() => app.inject({ url: '/api/lenta' }));
    await hasta(() => app.isUnderPressure());
    const rechazada = await app.inject({ url: '/api/lenta' });
    expect(rechazada.statusCode).toBe(503);
    expect(rechazada.headers['retry-after']).toBe(String(REINTENTAR_EN_S));
    expect(rechazada.json()).toEqual({ error: 'El servidor está ocupado; vuelva a intentarlo en unos segundos', datos: null });
    // The health check and the web app always answer.
    expect((await app.inject({ url: '/api/estado' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/pagina' })).statusCode).toBe(200);

    soltar();
    for (const r of await Promise.all(enCurso)) expect(r.statusCode).toBe(200);
    await hasta(() => !app.isUnderPressure());
    expect((await app.inject({ url: '/api/lenta' })).statusCode).toBe(200);
  });

  it('refuses new calls while the database has too many queries waiting for a connection', async () => {
    let esperando = 0;
    const { soltar } = await appCon({ maxEnEspera: 5 }, () => esperando);
    soltar();
    expect((await app.inject({ url: '/api/lenta' })).statusCode).toBe(200);
    esperando = 6;
    await hasta(() => app.isUnderPressure());
    expect((await app.inject({ url: '/api/lenta' })).statusCode).toBe(503);
    esperando = 0;
    await hasta(() => !app.isUnderPressure());
    expect((await app.inject({ url: '/api/lenta' })).statusCode).toBe(200);
  });
});
