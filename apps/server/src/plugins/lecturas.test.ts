import { describe, expect, it } from 'vitest';
import { bearer, createUser, freshApp, useTemplate } from '../test/harness.ts';

// Each person may have a number of uploaded files read a minute (UPLOAD_READS_PER_MINUTE), counted across every
// route that reads one: past it, a Spanish 429 with Retry-After, the file not read; another person is not held back.

const template = useTemplate();
const CSV = Buffer.from('Apellido;Nombre\nPeña;José\n', 'utf8');

describe('uploaded files read per person and minute', () => {
  const ctx = freshApp(template, [], {
    tmpFiles: 'lecturas-',
    config: { lecturasPorMinuto: 3 },
    setup: async ({ t }) => {
      await createUser(t.db, { usuario: 'rrhh', password: 'clave', codigos: ['PHY-PER#TODO', 'PHY-MAQ#TODO'] });
      await createUser(t.db, { usuario: 'otra', password: 'clave', codigos: ['PHY-PER#TODO'] });
      return { rrhh: await bearer(t.app, 'rrhh', 'clave'), otra: await bearer(t.app, 'otra', 'clave') };
    },
  });

  const subir = (headers: Record<string, string>, area = 'personas') =>
    ctx.t.app.inject({
      method: 'POST',
      url: `/api/${area}/importaciones?nombre=lista.csv`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: CSV,
    });

  it('reads three in a minute, refuses the fourth with 429 in any area, and lets another person upload', async () => {
    const primera = await subir(ctx.rrhh);
    expect(primera.statusCode, primera.body).toBe(201);
    const id = primera.json().datos.id as number;
    // Reading the file again in another encoding is a read too.
    const otraVez = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/personas/importaciones/${id}/codificacion`,
      headers: ctx.rrhh,
      payload: { codificacion: 'windows-1252' },
    });
    expect(otraVez.statusCode, otraVez.body).toBe(200);
    expect((await subir(ctx.rrhh, 'maquinas')).statusCode).toBe(201);

    const cuarta = await subir(ctx.rrhh);
    expect(cuarta.statusCode, cuarta.body).toBe(429);
    expect(cuarta.json().error).toMatch(
      /^Subió demasiados archivos seguidos\. Vuelva a intentarlo en \d+ segundos?\.$/,
    );
    const espera = Number(cuarta.headers['retry-after']);
    expect(espera).toBeGreaterThan(0);
    expect(espera).toBeLessThanOrEqual(60);
    expect((await subir(ctx.rrhh, 'maquinas')).statusCode).toBe(429);

    expect((await subir(ctx.otra)).statusCode).toBe(201);
  });
});
