import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fechaLocal } from '../../core/fechas.ts';
import { usuarios } from '../../db/schema.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();
const enDias = (dias: number) => fechaLocal(Date.now() + dias * 86_400_000);

describe('the bulk bars of the sign-in’s admin screens', () => {
  const ctx = freshApp(template, ['admin', 'tecnico', 'comercial']);
  const post = (url: string, payload: object, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url, headers, payload });
  const crearToken = async (nombre: string, headers = ctx.comercial) => {
    const res = await post('/api/auth/tokens', { nombre, vence: enDias(30), permisos: ['CLIENTES#VER'] }, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().datos.id as number;
  };
  const revocar = (ids: number[] | 'todos', headers = ctx.comercial, url = '/api/auth/tokens/lote') =>
    post(
      url,
      {
        seleccion: ids === 'todos' ? { filtro: {} } : { ids },
        accion: 'cambiar',
        cambio: { campo: 'estado', valor: 'revocado' },
      },
      headers,
    );
  const historial = async (entidad: string, id: number) =>
    (await ctx.t.app.inject({ url: `/api/auditoria?entidad=${entidad}&id=${id}`, headers: ctx.admin })).json().datos
      .items;

  it('revoke one’s own tokens only; one that no longer works is refused with its reason; never deleted', async () => {
    const [informe, tablero, vencido] = [
      await crearToken('Informe'),
      await crearToken('Tablero'),
      await crearToken('Viejo'),
    ];
    const ajeno = await crearToken('Del administrador', ctx.admin);
    await ctx.t.db.execute(sql`update api_tokens set vence = now() - interval '1 day' where id = ${vencido}`);

    const res = await revocar([informe, tablero, vencido, ajeno]);
    expect(res.statusCode, res.body).toBe(200);
    // Another person's token is not a row of one's own list: neither done nor refused.
    expect(res.json().datos).toEqual({
      total: 3,
      hechos: [tablero, informe],
      rechazados: [{ id: vencido, nombre: 'Viejo', motivo: 'Ya venció: no se puede usar' }],
    });
    expect((await revocar([informe])).json().datos.rechazados).toEqual([
      { id: informe, nombre: 'Informe', motivo: 'Ya estaba revocado' },
    ]);
    expect((await historial('api_token', tablero))[0]).toMatchObject({
      accion: 'revocar',
      usuario_nombre: 'Comercial Demo',
    });
    const estados = (await ctx.t.app.inject({ url: '/api/auth/tokens/todos', headers: ctx.admin })).json().datos as {
      id: number;
      estado: string;
    }[];
    expect(estados.find((k) => k.id === ajeno)?.estado).toBe('activo');

    expect(
      (await post('/api/auth/tokens/lote', { seleccion: { ids: [informe] }, accion: 'eliminar' })).statusCode,
    ).toBe(400);
    expect(
      (
        await post('/api/auth/tokens/lote', {
          seleccion: { ids: [informe] },
          accion: 'cambiar',
          cambio: { campo: 'estado', valor: 'activo' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('revoke anyone’s tokens from the list of all of them (USUARIOS#ADMIN)', async () => {
    for (const headers of [ctx.tecnico, ctx.comercial])
      expect((await revocar('todos', headers, '/api/auth/tokens/todos/lote')).statusCode).toBe(403);
    const todos = await revocar('todos', ctx.admin, '/api/auth/tokens/todos/lote');
    expect(todos.statusCode, todos.body).toBe(200);
    const { total, hechos, rechazados } = todos.json().datos as {
      total: number;
      hechos: number[];
      rechazados: { motivo: string }[];
    };
    expect(total).toBe(hechos.length + rechazados.length);
    expect(new Set(rechazados.map((r) => r.motivo))).toEqual(
      new Set(['Ya estaba revocado', 'Ya venció: no se puede usar']),
    );
    const estados = (await ctx.t.app.inject({ url: '/api/auth/tokens/todos', headers: ctx.admin })).json().datos as {
      estado: string;
    }[];
    expect(estados.filter((k) => k.estado === 'activo')).toEqual([]);
  });

  it('reset the second factor of the chosen accounts (USUARIOS#ADMIN); an account without it is refused', async () => {
    const idDe = async (usuario: string) =>
      (await ctx.t.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, usuario)))[0]!.id;
    const [tecnico, comercial] = [await idDe('tecnico'), await idDe('comercial')];
    await ctx.t.db
      .update(usuarios)
      .set({ totpSecreto: 'JBSWY3DPEHPK3PXP', totpActivo: new Date() })
      .where(eq(usuarios.id, tecnico));
    const pedido = {
      seleccion: { ids: [tecnico, comercial] },
      accion: 'cambiar',
      cambio: { campo: 'segundo_factor', valor: 'restablecido' },
    };
    for (const headers of [ctx.tecnico, ctx.comercial])
      expect((await post('/api/auth/totp/cuentas/lote', pedido, headers)).statusCode).toBe(403);

    const res = await post('/api/auth/totp/cuentas/lote', pedido);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().datos).toEqual({
      total: 2,
      hechos: [tecnico],
      rechazados: [{ id: comercial, nombre: 'Comercial Demo', motivo: 'No tiene el segundo factor activo' }],
    });
    const [despues] = await ctx.t.db
      .select({ activo: usuarios.totpActivo })
      .from(usuarios)
      .where(eq(usuarios.id, tecnico));
    expect(despues!.activo).toBeNull();
    expect((await historial('usuario', tecnico))[0]).toMatchObject({
      accion: 'restablecer_segundo_factor',
      usuario_nombre: 'Administrador',
    });
  });

  it('remove the directory’s group mappings (USUARIOS#ADMIN), each audited', async () => {
    const grupos = async () =>
      (await ctx.t.app.inject({ url: '/api/auth/directorio', headers: ctx.admin })).json().datos.grupos as {
        id: number;
        grupo: string;
      }[];
    const antes = await grupos();
    expect(antes.length).toBeGreaterThan(1);
    const [primero] = antes;
    expect(
      (
        await post(
          '/api/auth/directorio/grupos/lote',
          { seleccion: { ids: [primero!.id] }, accion: 'eliminar' },
          ctx.tecnico,
        )
      ).statusCode,
    ).toBe(403);
    const uno = await post('/api/auth/directorio/grupos/lote', {
      seleccion: { ids: [primero!.id] },
      accion: 'eliminar',
    });
    expect(uno.json().datos).toEqual({ total: 1, hechos: [primero!.id], rechazados: [] });
    expect((await historial('grupo_rol', primero!.id))[0]).toMatchObject({ accion: 'eliminar' });
    const resto = await post('/api/auth/directorio/grupos/lote', { seleccion: { filtro: {} }, accion: 'eliminar' });
    expect(resto.json().datos).toMatchObject({ total: antes.length - 1, rechazados: [] });
    expect(await grupos()).toEqual([]);
  });
});
