import { PERMISSION_CODES, type PermissionCode } from '@intranet/contract/permissions';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { AreaDeps, AreaDescriptor } from '../core/area.ts';
import { Programador } from '../jobs/programador.ts';
import type { Access } from '../plugins/access.ts';
import { diskStore } from '../storage/disk.ts';
import { freshApp, type TestApp, testConfig, useTemplate } from '../test/harness.ts';
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
  const deps = { db: t.db, config, store: diskStore(filesDir), maxBytes: 1024, auditoria: {}, vencimientos: [], eventos: [], busqueda: [], vivas: [], conAviso: new Set<string>(), programador: new Programador<AreaDeps>(t.db, config) };
  for (const routes of area.routes) await app.register(routes, deps);
  await app.ready();
  await app.close();
  return codes;
}

describe('the permission codes of each area', () => {
  const ctx = freshApp(useTemplate(), [], { tmpFiles: 'intranet-permisos-' });

  it('declares exactly the codes its routes check', async () => {
    for (const area of AREAS) {
      expect([...(await codesOf(area, ctx.t, ctx.filesDir))].sort(), area.name).toEqual([...(area.permisos ?? [])].sort());
    }
  });

  it('leaves no code of the catalogue unchecked', () => {
    const used = new Set(AREAS.flatMap((area) => area.permisos ?? []));
    expect(PERMISSION_CODES.filter((code) => !used.has(code))).toEqual([]);
  });
});
