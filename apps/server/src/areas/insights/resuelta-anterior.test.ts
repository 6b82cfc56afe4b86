import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../paths.ts';
import { auditoria, insightsIssues, insightsProyectos } from '../../db/schema.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { aceptarEvento, escribirLote } from './intake/escritura.ts';
import { ENTIDAD_ISSUE } from './issues.ts';

// Migration 0042: an issue resolved "in the next release" before 0039 kept no resolution time, so any other release
// reopened it. It gets one: from its history, or its last event's.
describe('migration 0042: the resolution time of issues resolved in the next release before 0039', () => {
  const ctx = freshApp(useTemplate(), []);

  it('reads it from the history, else from the last event; leaves other issues as they are', async () => {
    const db = ctx.t.db;
    const [p] = await db
      .insert(insightsProyectos)
      .values({ nombre: 'Antiguo', slug: 'antiguo', plataforma: 'javascript', publicKey: 'e'.repeat(32) })
      .returning();
    const evento = (valor: string, recibido: Date) => {
      const raw = { event_id: randomUUID().replaceAll('-', ''), level: 'error', release: '1.0.0', message: valor };
      return aceptarEvento(JSON.stringify(raw), raw, { proyectoId: p!.id, recibido });
    };
    const ultima = new Date('2026-10-01T12:00:00Z');
    await escribirLote(db, [
      evento('con historia', ultima),
      evento('sin historia', ultima),
      evento('sin resolver', ultima),
    ]);
    const issues = await db
      .select({ id: insightsIssues.id, titulo: insightsIssues.titulo })
      .from(insightsIssues)
      .where(eq(insightsIssues.proyectoId, p!.id));
    const id = (t: string) => issues.find((i) => i.titulo.includes(t))!.id;
    for (const t of ['con historia', 'sin historia']) {
      await db
        .update(insightsIssues)
        .set({ estado: 'resolved', resueltaEnRelease: '1.0.0', resueltaEl: null })
        .where(eq(insightsIssues.id, id(t)));
    }
    const resuelta = new Date('2026-10-05T09:30:00Z');
    await db.insert(auditoria).values([
      {
        fecha: new Date('2026-10-02T00:00:00Z'),
        accion: 'modificar',
        entidad: ENTIDAD_ISSUE,
        entidadId: String(id('con historia')),
        antes: { estado: 'unresolved' },
        despues: { estado: 'ignored' },
      },
      {
        fecha: resuelta,
        accion: 'modificar',
        entidad: ENTIDAD_ISSUE,
        entidadId: String(id('con historia')),
        antes: { estado: 'ignored' },
        despues: { estado: 'resolved' },
      },
    ]);

    const migracion = readFileSync(join(MIGRATIONS_DIR, '0042_insights_resuelta_el_anterior.sql'), 'utf8');
    for (const sentencia of migracion.split('--> statement-breakpoint')) await db.execute(sql.raw(sentencia));

    const despues = await db
      .select({ id: insightsIssues.id, resueltaEl: insightsIssues.resueltaEl })
      .from(insightsIssues)
      .where(eq(insightsIssues.proyectoId, p!.id));
    const de = (t: string) => despues.find((i) => i.id === id(t))!.resueltaEl?.toISOString() ?? null;
    expect(de('con historia')).toBe(resuelta.toISOString());
    expect(de('sin historia')).toBe(ultima.toISOString());
    expect(de('sin resolver')).toBeNull();
  });
});
