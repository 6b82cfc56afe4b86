import { describe, expect, it } from 'vitest';
import { writeAudit } from '../../db/audit.ts';
import { bearer, createUser, freshApp, PASSWORDS, useTemplate } from '../../test/harness.ts';

const ctx = freshApp(useTemplate(), [], {
  setup: async ({ t }) => {
    const autor = { id: 1, nombre: 'Administrador' };
    await writeAudit(t.db, { autor, accion: 'crear', entidad: 'servidor', entidadId: 42, despues: { nombre: 'a' } });
    await writeAudit(t.db, {
      autor,
      accion: 'modificar',
      entidad: 'servidor',
      entidadId: 42,
      antes: { nombre: 'a' },
      despues: { nombre: 'b' },
    });
    await writeAudit(t.db, { autor, accion: 'modificar', entidad: 'servidor', entidadId: 43, antes: {}, despues: {} });
    await writeAudit(t.db, { autor, accion: 'crear', entidad: 'dns', entidadId: 42, despues: { host: 'x' } });
    await createUser(t.db, { usuario: 'solo-dns', password: 'clave', codigos: ['>SERDNS#VER'] });
  },
});

const get = async (query: string, headers: { authorization: string }) => {
  const res = await ctx.t.app.inject({ url: `/api/auditoria?${query}`, headers });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /api/auditoria', () => {
  it('answers the history of one record, newest first, paged with its total', async () => {
    const admin = await bearer(ctx.t.app, 'admin', PASSWORDS.admin);
    const res = await get('entidad=servidor&id=42', admin);
    expect(res.status).toBe(200);
    expect(res.body.datos.total).toBe(2);
    expect(res.body.datos.items.map((r: { accion: string }) => r.accion)).toEqual(['modificar', 'crear']);
    expect(res.body.datos.items[0]).toMatchObject({
      usuario_nombre: 'Administrador',
      entidad: 'servidor',
      entidad_id: '42',
      antes: { nombre: 'a' },
      despues: { nombre: 'b' },
    });
    const page2 = await get('entidad=servidor&id=42&page=2&size=1', admin);
    expect(page2.body.datos).toMatchObject({ total: 2, items: [{ accion: 'crear' }] });
  });

  it("needs the entity's read code: servidor -> SER#VER, dns and direccion -> >SERDNS#VER", async () => {
    const soloDns = await bearer(ctx.t.app, 'solo-dns', 'clave');
    expect((await get('entidad=servidor&id=42', soloDns)).status).toBe(403);
    expect((await get('entidad=dns&id=42', soloDns)).body.datos.total).toBe(1);
    expect((await get('entidad=direccion&id=1', soloDns)).status).toBe(200);
    const comercial = await bearer(ctx.t.app, 'comercial', PASSWORDS.demo);
    expect((await get('entidad=dns&id=42', comercial)).body).toEqual({
      error: 'No tiene permiso para esta acción',
      datos: null,
    });
  });

  it('answers 400 for an unknown entity or a missing id', async () => {
    const admin = await bearer(ctx.t.app, 'admin', PASSWORDS.admin);
    const unknown = await get('entidad=usuarios&id=1', admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.campos.entidad[0]).toMatch(/Entidad desconocida; use una de: servidor, dns, direccion/);
    const missing = await get('entidad=servidor', admin);
    expect(missing.status).toBe(400);
    expect(missing.body.campos).toHaveProperty('id');
  });
});
