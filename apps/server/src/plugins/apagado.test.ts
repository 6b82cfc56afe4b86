import { request } from 'node:http';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsEventos, insightsProyectos } from '../db/schema.ts';
import { freshApp, useTemplate } from '../test/harness.ts';
import { conOtroProceso } from '../test/otro-proceso.ts';

const template = useTemplate();

type Resultado = { status: number } | { error: string };

/** One call on a connection of its own (no keep-alive): a refused connection and a cut answer are told apart. */
function llamar(url: string, cuerpo?: string): Promise<Resultado> {
  return new Promise((resolve) => {
    const opciones =
      cuerpo === undefined
        ? { agent: false }
        : { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } };
    const req = request(url, opciones, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(cuerpo);
  });
}

// The server process under test must be another one (SIGTERM ends it); it needs a database shared between
// processes: PostgreSQL (PGlite is one process's).
describe.skipIf(!process.env.TEST_DATABASE_URL)('graceful stop (SIGTERM) under a steady intake load', () => {
  const ctx = freshApp(template);

  it('answers every call it took, stores every event it answered 200, cuts none, and exits 0', async () => {
    const [proyecto] = await ctx.t.db
      .select({ id: insightsProyectos.id, publicKey: insightsProyectos.publicKey })
      .from(insightsProyectos)
      .limit(1);
    const almacenados: string[] = [];
    const cortadas: string[] = [];
    const otras: number[] = [];
    let rechazadas = 0;
    let trasLaSenal = 0;
    let senal = 0;
    /** The proxy has taken the process out: no new call goes to it. */
    let fuera = false;

    await conOtroProceso(
      ctx.t.config.databaseUrl,
      async (base, otro) => {
        const url = `${base}/api/${proyecto!.id}/store/?sentry_key=${proyecto!.publicKey}`;
        let n = 0;
        // Six clients send events one after another until the proxy takes the process out.
        const cliente = async (c: number) => {
          while (!fuera) {
            const eventId = `${c.toString(16).padStart(8, '0')}${(n++).toString(16).padStart(24, '0')}`;
            const inicio = Date.now();
            const r = await llamar(
              url,
              JSON.stringify({ event_id: eventId, message: `apagado ${eventId}`, level: 'error', platform: 'node' }),
            );
            if ('error' in r) {
              cortadas.push(r.error);
            } else if (r.status === 200) {
              almacenados.push(eventId);
              if (senal > 0 && inicio < senal) trasLaSenal += 1;
            } else if (r.status === 503) rechazadas += 1;
            else otras.push(r.status);
          }
        };
        const clientes = Array.from({ length: 6 }, (_, c) => cliente(c));
        // Steady load first, then the signal.
        while (almacenados.length < 200) await new Promise((r) => setTimeout(r, 50));
        senal = Date.now();
        otro.proceso.kill('SIGTERM');
        // As a proxy would: its health check reads /readyz, and once it answers 503 no new call goes there.
        for (;;) {
          const r = await llamar(`${base}/readyz`);
          if ('status' in r && r.status === 503) break;
          if ('error' in r) throw new Error(`/readyz no respondió durante el drenaje: ${r.error}`);
          await new Promise((res) => setTimeout(res, 50));
        }
        fuera = true;
        await Promise.all(clientes);
        expect(await otro.salida).toBe(0);
      },
      { SHUTDOWN_TIMEOUT_S: '20', SHUTDOWN_DRAIN_S: '1' },
    );

    const guardados = await ctx.t.db
      .select({ id: insightsEventos.eventId })
      .from(insightsEventos)
      .where(inArray(insightsEventos.eventId, almacenados));
    console.log(
      `apagado: ${almacenados.length} eventos respondidos 200 (${trasLaSenal} de llamadas en curso al recibir SIGTERM), ${guardados.length} guardados, ${rechazadas} 503 al cerrar, ${cortadas.length} cortadas`,
    );
    expect(cortadas).toEqual([]);
    expect(otras).toEqual([]);
    expect(guardados.length).toBe(almacenados.length);
  }, 120_000);
});
