import { describe, expect, it } from 'vitest';
import { freshApp, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

describe("the monitor's demo data", () => {
  const ctx = freshApp(template, ['admin']);
  const get = async (url: string) => (await ctx.t.app.inject({ url, headers: ctx.admin })).json().datos;

  it("has a triaged issue, so an issue's Actividad and Comentarios show something: assigned, commented, another ignored", async () => {
    const { items } = (await get('/api/insights/issues?size=50&estado=unresolved&sort=-cantidad')) as {
      items: { id: number }[];
    };
    const frecuente = (await get(`/api/insights/issues/${items[0]!.id}`)) as {
      id: number;
      asignado: { nombre: string } | null;
      comentarios: number;
    };
    expect(frecuente.asignado?.nombre).toBeTruthy();
    expect(frecuente.comentarios).toBe(1);
    const actividad = (await get(`/api/insights/issues/${frecuente.id}/actividad`)) as {
      tipo: string;
      autor: string | null;
    }[];
    expect(actividad.map((a) => a.tipo).sort()).toEqual(['asignacion', 'comentario']);
    expect(actividad.every((a) => a.autor === 'Administrador')).toBe(true);
    expect((await get('/api/insights/issues?size=50&estado=ignored')).items).toHaveLength(1);
  });

  it('has a message with its own stack, shown as its thread', async () => {
    const { items } = (await get('/api/insights/issues?size=50&q=Sesión por vencer')) as { items: { id: number }[] };
    const evento = (await get(`/api/insights/issues/${items[0]!.id}/eventos/latest`)) as {
      threads: { current: boolean; frames: { function: string }[] }[];
    };
    expect(evento.threads).toHaveLength(1);
    expect(evento.threads[0]!.frames.map((f) => f.function)).toEqual(['flushPassiveEffects', 'renovarToken']);
  });

  it('has an issue reported from phones, so the Etiquetas tab breaks it down by device', async () => {
    const { items } = (await get('/api/insights/issues?size=50&q=CAE')) as { items: { id: number }[] };
    expect(items).toHaveLength(1);
    const tags = (await get(`/api/insights/issues/${items[0]!.id}/tags`)) as {
      key: string;
      valores: { value: string; cantidad: number }[];
    }[];
    const valores = (key: string) =>
      tags
        .find((t) => t.key === key)
        ?.valores.map((v) => v.value)
        .sort();
    expect(valores('device')).toEqual(['SM-S918B', 'iPhone']);
    expect(valores('os')).toEqual(['Android 14', 'Windows 10', 'iOS 17.5']);
  });
});
