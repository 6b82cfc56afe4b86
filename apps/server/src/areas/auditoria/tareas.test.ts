import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { auditoria } from '../../db/schema.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';

// The audit's retention: off unless AUDITORIA_RETENCION_DIAS is set, then the older rows go.

const template = useTemplate();
const DIA = 86_400_000;

async function registros(db: Db): Promise<{ viejo: number; reciente: number }> {
  const [viejo, reciente] = await db
    .insert(auditoria)
    .values([
      { fecha: new Date(Date.now() - 40 * DIA), accion: 'crear', entidad: 'retencion', entidadId: 'viejo' },
      { fecha: new Date(Date.now() - 20 * DIA), accion: 'crear', entidad: 'retencion', entidadId: 'reciente' },
    ])
    .returning({ id: auditoria.id });
  return { viejo: viejo!.id, reciente: reciente!.id };
}

const quedan = async (db: Db, ids: number[]) =>
  (await db.select({ id: auditoria.id }).from(auditoria).where(inArray(auditoria.id, ids))).map((r) => r.id).sort();

describe('with AUDITORIA_RETENCION_DIAS unset', () => {
  const ctx = freshApp(template);

  it('keeps every row and says it is off', async () => {
    const { viejo, reciente } = await registros(ctx.t.db);
    const antes = await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(auditoria);
    expect(await ctx.t.programador.ejecutarEnEsteProceso('auditoria-retencion')).toBe(
      'Desactivada: la auditoría se guarda para siempre.',
    );
    expect(await quedan(ctx.t.db, [viejo, reciente])).toEqual([viejo, reciente].sort());
    expect(await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(auditoria)).toEqual(antes);
    const { tareas } = await ctx.t.programador.estado();
    const tarea = tareas.find((t) => t.nombre === 'auditoria-retencion');
    // In words; the setting behind it, for administrators, apart.
    expect(tarea?.programacion).toBe('Todas las noches a las 03:40 (desactivada: la auditoría se guarda para siempre)');
    expect(tarea?.ajuste).toEqual({ variable: 'AUDITORIA_RETENCION_DIAS', valor: '0' });
  });
});

describe('with AUDITORIA_RETENCION_DIAS=30', () => {
  const ctx = freshApp(template, [], { config: { auditoriaRetencionDias: 30 } });

  it('removes the rows older than 30 days and keeps the rest', async () => {
    // The demo's history is backdated too (db/historia-demo.ts): only this test's rows are counted.
    await ctx.t.db.delete(auditoria);
    const { viejo, reciente } = await registros(ctx.t.db);
    expect(await ctx.t.programador.ejecutarEnEsteProceso('auditoria-retencion')).toBe(
      'Se quitó 1 registro de auditoría de más de 30 días.',
    );
    expect(await quedan(ctx.t.db, [viejo, reciente])).toEqual([reciente]);
    expect(await ctx.t.programador.ejecutarEnEsteProceso('auditoria-retencion')).toBe(
      'No había registros de auditoría de más de 30 días.',
    );
  });
});
