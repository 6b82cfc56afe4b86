import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { alertasCorreos, usuarios, webhookEntregas, webhooks } from '../../db/schema.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';

// The deliveries' retention: off unless ENTREGAS_RETENCION_DIAS is set, then what was sent or failed long ago
// goes; what still waits to be sent stays whatever its age.

const template = useTemplate();
const DIA = 86_400_000;
const hace = (dias: number) => new Date(Date.now() - dias * DIA);

async function entregasYCorreos(db: Db) {
  const [admin] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, 'admin'));
  const [hook] = await db
    .insert(webhooks)
    .values({ nombre: 'Retención', url: 'https://example.com/hook', secreto: 's'.repeat(32) })
    .returning({ id: webhooks.id });
  const entregas = await db
    .insert(webhookEntregas)
    .values(
      (['enviada', 'error', 'pendiente', 'enviada'] as const).map((estado, i) => ({
        webhookId: hook!.id,
        evento: 'prueba',
        cuerpo: '{}',
        estado,
        creada: hace(i < 3 ? 40 : 5),
      })),
    )
    .returning({ id: webhookEntregas.id });
  const correos = await db
    .insert(alertasCorreos)
    .values(
      (['enviado', 'error', 'pendiente', 'enviado'] as const).map((estado, i) => ({
        usuarioId: admin!.id,
        asunto: 'Prueba',
        estado,
        creado: hace(i < 3 ? 40 : 5),
      })),
    )
    .returning({ id: alertasCorreos.id });
  return { entregas: entregas.map((e) => e.id), correos: correos.map((c) => c.id) };
}

async function quedan(db: Db, ids: { entregas: number[]; correos: number[] }) {
  const entregas = await db
    .select({ id: webhookEntregas.id })
    .from(webhookEntregas)
    .where(inArray(webhookEntregas.id, ids.entregas));
  const correos = await db
    .select({ id: alertasCorreos.id })
    .from(alertasCorreos)
    .where(inArray(alertasCorreos.id, ids.correos));
  return {
    entregas: entregas.map((e) => e.id).sort((a, b) => a - b),
    correos: correos.map((c) => c.id).sort((a, b) => a - b),
  };
}

describe('with ENTREGAS_RETENCION_DIAS unset', () => {
  const ctx = freshApp(template);

  it('keeps every delivery and e-mail and says it is off', async () => {
    const ids = await entregasYCorreos(ctx.t.db);
    expect(await ctx.t.programador.ejecutarEnEsteProceso('alertas-retencion')).toBe(
      'Desactivada: las entregas a webhooks y los correos se guardan para siempre.',
    );
    expect(await quedan(ctx.t.db, ids)).toEqual(ids);
  });
});

describe('with ENTREGAS_RETENCION_DIAS=30', () => {
  const ctx = freshApp(template, [], { config: { entregasRetencionDias: 30 } });

  it('removes the deliveries and e-mails sent or failed over 30 days ago, never those still waiting', async () => {
    const ids = await entregasYCorreos(ctx.t.db);
    expect(await ctx.t.programador.ejecutarEnEsteProceso('alertas-retencion')).toBe(
      'Se quitaron 2 entregas a webhooks y 2 correos de más de 30 días; los que esperan envío se conservan.',
    );
    // The old pending one and the recent one stay, of each.
    expect(await quedan(ctx.t.db, ids)).toEqual({ entregas: ids.entregas.slice(2), correos: ids.correos.slice(2) });
    const { tareas } = await ctx.t.programador.estado();
    expect(tareas.find((t) => t.nombre === 'alertas-retencion')?.programacion).toBe(
      'Todas las noches a las 03:50 (entregas de más de 30 días)',
    );
  });
});
