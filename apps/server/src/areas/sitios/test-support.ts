import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { dns, clientes, servidores, sitios } from '../../db/schema.ts';
import { bearer, createTemplate, PASSWORDS, type Template, type TestApp } from '../../test/harness.ts';

// The sitios route tests' shared set-up: one seeded template per file, a fresh clone per describe.

type Headers = { authorization: string };
export interface Ctx {
  t: TestApp;
  /** SUBPROD#VER and #EDITAR (every code). */
  admin: Headers;
  /** Neither SUBPROD code (Técnica and Comercial roles). */
  tecnico: Headers;
  comercial: Headers;
}

export function templatePorArchivo(): { template: Template } {
  const holder = {} as { template: Template };
  beforeAll(async () => {
    holder.template = await createTemplate();
  });
  afterAll(async () => {
    await holder.template.close();
  });
  return holder;
}

export function fresh(holder: { template: Template }): Ctx {
  const ctx = {} as Ctx;
  beforeAll(async () => {
    ctx.t = await holder.template.clone();
    ctx.admin = await bearer(ctx.t.app, 'admin', PASSWORDS.admin);
    ctx.tecnico = await bearer(ctx.t.app, 'tecnico', PASSWORDS.demo);
    ctx.comercial = await bearer(ctx.t.app, 'comercial', PASSWORDS.demo);
  });
  afterAll(async () => {
    await ctx.t.close();
  });
  return ctx;
}

/** Ids of seeded rows by their names. */
export const ids = (ctx: Ctx) => ({
  servidor: async (nombre: string) =>
    (await ctx.t.db.select({ id: servidores.id }).from(servidores).where(eq(servidores.nombre, nombre)))[0]!.id,
  dns: async (host: string) => (await ctx.t.db.select({ id: dns.id }).from(dns).where(eq(dns.host, host)))[0]!.id,
  cliente: async (razon: string) =>
    (await ctx.t.db.select({ id: clientes.id }).from(clientes).where(eq(clientes.razonSocial, razon)))[0]!.id,
  sitio: async (nombre: string) =>
    (await ctx.t.db.select({ id: sitios.id }).from(sitios).where(eq(sitios.nombre, nombre)))[0]!.id,
});
