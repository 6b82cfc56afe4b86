import { PERMISSION_CODES, type PermissionCode } from '@intranet/contract/registry';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { AreaDeps, AreaDescriptor } from '../area.ts';
import { Programador } from '../jobs/programador.ts';
import { canAccess, type Access } from '../plugins/access.ts';
import { diskStore } from '../storage/disk.ts';
import { bearer, createUser, freshApp, type TestApp, testConfig, useTemplate } from '../test/harness.ts';
import { AREAS } from './index.ts';

/** The permission codes an area's routes check, read from the routes it registers on an app of its own. */
async function codesOf(area: AreaDescriptor, t: TestApp, filesDir: string): Promise<Set<PermissionCode>> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const codes = new Set<PermissionCode>();
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (access === undefined || access === 'public' || access === 'session') return;
    for (const code of typeof access === 'string' ? [access] : access) codes.add(code);
  });
  const config = testConfig();
  const deps = {
    db: t.db,
    config,
    store: diskStore(filesDir),
    maxBytes: 1024,
    auditoria: {},
    vencimientos: [],
    eventos: [],
    busqueda: [],
    vivas: [],
    conAviso: new Set<string>(),
    programador: new Programador<AreaDeps>(t.db, config),
    lecturas: async () => undefined,
  };
  for (const routes of area.routes) await app.register(routes, deps);
  await app.ready();
  await app.close();
  return codes;
}

describe('the permission codes of each area', () => {
  const ctx = freshApp(useTemplate(), [], { tmpFiles: 'intranet-permisos-' });

  it('declares exactly the codes its routes check', async () => {
    for (const area of AREAS) {
      expect([...(await codesOf(area, ctx.t, ctx.filesDir))].sort(), area.name).toEqual(
        [...(area.permisos ?? [])].sort(),
      );
    }
  });

  it('leaves no code of the catalogue unchecked', () => {
    const used = new Set(AREAS.flatMap((area) => area.permisos ?? []));
    expect(PERMISSION_CODES.filter((code) => !used.has(code))).toEqual([]);
  });
});

describe('the command palette’s search, for each code alone', () => {
  const ctx = freshApp(useTemplate());

  it('asks exactly the kinds that code reads, and finds nothing of another', async () => {
    const fuentes = AREAS.flatMap((area) => area.busqueda ?? []);
    for (const code of PERMISSION_CODES) {
      const usuario = `solo-${code.replace(/[^A-Za-z0-9]/g, '_').toLowerCase()}`;
      await createUser(ctx.t.db, { usuario, password: 'clave', codigos: [code] });
      const res = await ctx.t.app.inject({
        method: 'GET',
        url: '/api/busqueda?q=del',
        headers: await bearer(ctx.t.app, usuario, 'clave'),
      });
      expect(res.statusCode, code).toBe(200);
      const { tipos, resultados } = res.json().datos as { tipos: string[]; resultados: { tipo: string }[] };
      expect([...tipos].sort(), code).toEqual(
        fuentes
          .filter((f) => canAccess(f.permiso, new Set([code])))
          .map((f) => f.tipo)
          .sort(),
      );
      for (const r of resultados) expect(tipos, code).toContain(r.tipo);
    }
  });
});
