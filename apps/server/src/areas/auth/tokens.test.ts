import { eq, sql } from 'drizzle-orm';
import { PERMISSION_CODES, permiso } from '@intranet/contract/registry';
import { describe, expect, it } from 'vitest';
import { fechaLocal } from '../../core/fechas.ts';
import { apiTokens, auditoria, rolPermisos } from '../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate, type Fresh } from '../../test/harness.ts';
import { conOtroProceso } from '../../test/otro-proceso.ts';

const template = useTemplate();
const DIA = 86_400_000;
const enDias = (dias: number) => fechaLocal(Date.now() + dias * DIA);

type Headers = { authorization: string };

async function crear(ctx: Fresh, headers: Headers, payload: Record<string, unknown>) {
  return ctx.t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers, payload });
}

const conToken = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** A change another process made reaches this one's cache as a notification; wait for the table's own. */
async function avisado(ctx: Fresh, tabla: string, desde: number): Promise<void> {
  const hasta = Date.now() + 5000;
  while (!ctx.t.cambios!.cambioDesde([tabla], desde)) {
    if (Date.now() > hasta) throw new Error('el aviso del cambio no llegó');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the example of each code', () => {
  // A context of its own: the tokens it makes would show in the other tests' lists of tokens.
  const ctx = freshApp(template, [], {});

  it('answer the example the new-token dialog shows for each code (the catalogue’s `ejemplo`) holding that code alone', async () => {
    const conEjemplo = PERMISSION_CODES.filter((code) => permiso(code).ejemplo);
    expect(conEjemplo.length).toBeGreaterThan(10);
    await createUser(ctx.t.db, { usuario: 'todos-los-codigos', password: 'clave', codigos: PERMISSION_CODES });
    const duena = await bearer(ctx.t.app, 'todos-los-codigos', 'clave');
    for (const code of conEjemplo) {
      const creado = await crear(ctx, duena, { nombre: `Ejemplo ${code}`, vence: enDias(1), permisos: [code] });
      expect(creado.statusCode, code).toBe(201);
      const res = await ctx.t.app.inject({ url: permiso(code).ejemplo!, headers: conToken(creado.json().datos.token) });
      expect(res.statusCode, `${code}: GET ${permiso(code).ejemplo}`).toBe(200);
    }
  });
});

describe('API tokens', () => {
  const ctx = freshApp(template, ['admin', 'comercial', 'tecnico'], { clone: { cambios: true } });

  it('are created with some of their owner’s codes, shown once, and act with those codes only', async () => {
    const creado = await crear(ctx, ctx.comercial, {
      nombre: 'Informe de clientes',
      vence: enDias(30),
      permisos: ['CLIENTES#VER'],
    });
    expect(creado.statusCode).toBe(201);
    const { token, ...datos } = creado.json().datos;
    expect(token).toMatch(/^itk_[A-Za-z0-9_-]{43}$/);
    expect(datos).toMatchObject({
      nombre: 'Informe de clientes',
      prefijo: token.slice(0, 10),
      permisos: ['CLIENTES#VER'],
      vence: enDias(30),
      estado: 'activo',
      ultimo_uso: null,
    });

    const lista = await ctx.t.app.inject({ url: '/api/auth/tokens', headers: ctx.comercial });
    // The demo's spreadsheet token, and this one.
    expect(
      lista
        .json()
        .datos.map((k: { nombre: string }) => k.nombre)
        .sort(),
    ).toEqual(['Informe de clientes', 'Planilla de clientes']);
    expect(JSON.stringify(lista.json())).not.toContain(token);
    const [fila] = await ctx.t.db.select().from(apiTokens).where(eq(apiTokens.id, datos.id));
    expect(fila!.tokenHash).not.toContain(token.slice(4));

    expect((await ctx.t.app.inject({ url: '/api/empresas?page=1&size=5', headers: conToken(token) })).statusCode).toBe(
      200,
    );
    // Comercial may edit clients, but this token was not given that code.
    const editar = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/empresas',
      headers: conToken(token),
      payload: { razon_social: 'X', cuit: '20111111112' },
    });
    expect(editar.statusCode).toBe(403);
    // The account's own routes need a person.
    const propias = await ctx.t.app.inject({ url: '/api/auth/tokens', headers: conToken(token) });
    expect(propias.statusCode).toBe(403);
    expect(propias.json().error).toBe('Un token de API no puede usar esta ruta: ingrese con su usuario y contraseña');
    const [usado] = await ctx.t.db
      .select({ ultimoUso: apiTokens.ultimoUso })
      .from(apiTokens)
      .where(eq(apiTokens.id, datos.id));
    expect(usado!.ultimoUso).not.toBeNull();
  });

  it('never hold more than their owner: a code the owner lacks is refused, and one the owner loses is gone from the token', async () => {
    const ajeno = await crear(ctx, ctx.tecnico, { nombre: 'x', vence: enDias(10), permisos: ['CLIENTES#VER'] });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().campos).toEqual({
      'permisos.0': ['No tiene el permiso CLIENTES#VER: un token no puede tener más que su dueño'],
    });

    const { rolId } = await createUser(ctx.t.db, {
      usuario: 'script-dns',
      password: 'Clave-Script-1',
      codigos: ['>SERDNS#VER'],
    });
    const persona = await bearer(ctx.t.app, 'script-dns', 'Clave-Script-1');
    const { token } = (
      await crear(ctx, persona, { nombre: 'dns', vence: enDias(10), permisos: ['>SERDNS#VER'] })
    ).json().datos;
    expect((await ctx.t.app.inject({ url: '/api/dns?page=1&size=5', headers: conToken(token) })).statusCode).toBe(200);
    const desde = ctx.t.cambios!.generacion;
    await ctx.t.db.delete(rolPermisos).where(eq(rolPermisos.rolId, rolId));
    await avisado(ctx, 'rol_permisos', desde);
    expect((await ctx.t.app.inject({ url: '/api/dns?page=1&size=5', headers: conToken(token) })).statusCode).toBe(403);
  });

  it('last until the end of their day, at most a year, and then answer 401', async () => {
    expect(
      (await crear(ctx, ctx.comercial, { nombre: 'x', vence: enDias(-1), permisos: ['CLIENTES#VER'] })).json().campos,
    ).toEqual({ vence: ['La fecha ya pasó'] });
    const largo = await crear(ctx, ctx.comercial, { nombre: 'x', vence: enDias(400), permisos: ['CLIENTES#VER'] });
    expect(largo.json().campos.vence[0]).toMatch(/^Un token dura como máximo 365 días/);
    expect((await crear(ctx, ctx.comercial, { nombre: '', vence: 'mañana', permisos: [] })).json().campos).toEqual({
      nombre: ['Este campo es requerido'],
      vence: ['Fecha inválida (aaaa-mm-dd)'],
      permisos: ['Elija al menos un permiso'],
    });

    const { id, token } = (
      await crear(ctx, ctx.comercial, { nombre: 'hoy', vence: enDias(0), permisos: ['CLIENTES#VER'] })
    ).json().datos;
    expect((await ctx.t.app.inject({ url: '/api/empresas?page=1&size=5', headers: conToken(token) })).statusCode).toBe(
      200,
    );
    const desde = ctx.t.cambios!.generacion;
    await ctx.t.db.update(apiTokens).set({ vence: sql`now() - interval '1 second'` }).where(eq(apiTokens.id, id));
    await avisado(ctx, 'api_tokens', desde);
    const vencido = await ctx.t.app.inject({ url: '/api/empresas?page=1&size=5', headers: conToken(token) });
    expect(vencido.statusCode).toBe(401);
    expect(vencido.json().error).toBe('Token de API inválido, vencido o revocado');
    const lista = (await ctx.t.app.inject({ url: '/api/auth/tokens', headers: ctx.comercial })).json().datos as {
      id: number;
      estado: string;
    }[];
    expect(lista.find((t) => t.id === id)!.estado).toBe('vencido');
  });

  it('are revoked by their owner or an admin, in every process within a second, and audited under their name', async () => {
    const { id, token } = (
      await crear(ctx, ctx.admin, { nombre: 'pipeline', vence: enDias(90), permisos: ['SER#VER', 'SER#EDITAR'] })
    ).json().datos;
    const nuevo = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/servidores',
      headers: conToken(token),
      payload: {
        nombre: 'srv-token',
        hostname: 'srv-token.physis.local',
        proveedor: 'AWS',
        rol: 'CI',
        estado: 'activo',
      },
    });
    expect(nuevo.statusCode).toBe(201);
    const [registro] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.entidadId, String(nuevo.json().datos.id)))
      .orderBy(sql`${auditoria.id} desc`)
      .limit(1);
    expect(registro!.usuarioNombre).toBe('Administrador (token «pipeline»)');

    // Another person's token is not theirs to revoke; an admin sees and revokes anyone's.
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: `/api/auth/tokens/${id}/revocar`, headers: ctx.comercial }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.t.app.inject({ url: '/api/auth/tokens/todos', headers: ctx.comercial })).statusCode).toBe(403);
    const todos = (await ctx.t.app.inject({ url: '/api/auth/tokens/todos', headers: ctx.admin })).json().datos as {
      usuario: { usuario: string };
    }[];
    expect(new Set(todos.map((t) => t.usuario.usuario))).toEqual(new Set(['admin', 'comercial', 'script-dns']));

    // Cached in this process; revoked by "another" (a write straight to the database): refused within a second.
    expect(
      (await ctx.t.app.inject({ url: '/api/servidores?page=1&size=5', headers: conToken(token) })).statusCode,
    ).toBe(200);
    const desde = ctx.t.cambios!.generacion;
    const antes = Date.now();
    await ctx.t.db.update(apiTokens).set({ revocado: sql`now()` }).where(eq(apiTokens.id, id));
    await avisado(ctx, 'api_tokens', desde);
    expect(
      (await ctx.t.app.inject({ url: '/api/servidores?page=1&size=5', headers: conToken(token) })).statusCode,
    ).toBe(401);
    expect(Date.now() - antes).toBeLessThan(1000);

    const otro = (
      await crear(ctx, ctx.comercial, { nombre: 'otro', vence: enDias(5), permisos: ['CLIENTES#VER'] })
    ).json().datos;
    const revocado = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/auth/tokens/${otro.id}/revocar`,
      headers: ctx.admin,
    });
    expect(revocado.json().datos).toMatchObject({ estado: 'revocado', nombre: 'otro' });
    expect(
      (await ctx.t.app.inject({ url: '/api/empresas?page=1&size=5', headers: conToken(otro.token) })).statusCode,
    ).toBe(401);
    const historia = await ctx.t.app.inject({
      url: `/api/auditoria?entidad=api_token&id=${otro.id}`,
      headers: ctx.admin,
    });
    expect(JSON.stringify(historia.json().datos)).toContain('revocar');
  });

  it('guessing tokens is throttled like guessing passwords', async () => {
    const cabeceras = conToken(`itk_${'x'.repeat(43)}`);
    const estados: number[] = [];
    for (let i = 0; i < 12; i += 1)
      estados.push(
        (await ctx.t.app.inject({ url: '/api/empresas', headers: cabeceras, remoteAddress: '203.0.113.77' }))
          .statusCode,
      );
    expect(estados.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(estados.at(-1)).toBe(429);
  });
});

// A second server process needs a database shared between processes: PostgreSQL (PGlite is one process's).
describe.skipIf(!process.env.TEST_DATABASE_URL)('an API token across two server processes', () => {
  const ctx = freshApp(template, ['admin'], { clone: { cambios: true } });

  it('is refused by the other process within a second of its revocation here', async () => {
    await conOtroProceso(ctx.t.config.databaseUrl, async (base) => {
      const url = `${base}/api/servidores?page=1&size=5`;
      const { id, token } = (
        await crear(ctx, ctx.admin, { nombre: 'dos procesos', vence: enDias(3), permisos: ['SER#VER'] })
      ).json().datos;
      const pedir = () => fetch(url, { headers: conToken(token) }).then((r) => r.status);
      // Taken by the other process, and kept in its memory.
      expect(await pedir()).toBe(200);
      expect(await pedir()).toBe(200);
      expect(
        (await ctx.t.app.inject({ method: 'POST', url: `/api/auth/tokens/${id}/revocar`, headers: ctx.admin }))
          .statusCode,
      ).toBe(200);
      const revocado = Date.now();
      let estado = await pedir();
      while (estado === 200 && Date.now() - revocado < 5000) {
        await new Promise((r) => setTimeout(r, 20));
        estado = await pedir();
      }
      expect(estado).toBe(401);
      expect(Date.now() - revocado).toBeLessThan(1000);
    });
  }, 240_000);
});
