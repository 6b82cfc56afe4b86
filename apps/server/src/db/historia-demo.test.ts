import type { AuditRow } from '@intranet/contract/areas/auditoria';
import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../test/harness.ts';

// The demo's records open with a history: created by the admin, some edited since (historia-demo.ts).

const ctx = freshApp(useTemplate(), ['admin']);

const get = async (url: string) => {
  const res = await ctx.t.app.inject({ url, headers: ctx.admin });
  expect(res.statusCode).toBe(200);
  return res.json().datos;
};

describe('the demo history', () => {
  it('gives the first server, client, machine and person of each list a creation by the admin, and some an edit', async () => {
    const primeros = {
      servidor: (await get('/api/servidores/lista?size=1')).items[0].id,
      empresa: (await get('/api/empresas?size=1')).items[0].id,
      maquina: (await get('/api/maquinas?size=1')).items[0].id,
      persona: (await get('/api/personas?size=1')).items[0].id,
    };
    const ediciones: AuditRow[] = [];
    for (const [entidad, id] of Object.entries(primeros)) {
      const items: AuditRow[] = (await get(`/api/auditoria?entidad=${entidad}&id=${id}`)).items;
      const crear = items.at(-1);
      expect(crear, entidad).toMatchObject({ accion: 'crear', usuario_nombre: 'Administrador' });
      expect(Date.parse(crear!.fecha), entidad).toBeLessThan(Date.now() - 7 * 86_400_000);
      ediciones.push(...items.filter((r) => r.accion === 'modificar'));
    }
    expect(ediciones.length).toBeGreaterThan(0);
    for (const e of ediciones) expect(e.antes).not.toEqual(e.despues);
  });
});
