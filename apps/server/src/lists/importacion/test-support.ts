import { envelope } from '@intranet/contract/shared/envelope';
import {
  importacionConteo,
  importacionSubida,
  importacionVistaPrevia,
  type ImportacionMapeo,
  type ImportacionModo,
} from '@intranet/contract/shared/importacion';
import type { PermissionCode } from '@intranet/contract/registry';
import { expect } from 'vitest';
import { bearer, createUser, freshApp, type TemplateFixture } from '../../test/harness.ts';

// The areas' import route tests' shared set-up and steps: one clone per file, signed in as someone with the
// area's write code and as someone without it.

export interface Importando {
  /** The list's path: its import lives under `${ruta}/importaciones`. */
  ruta: string;
  /** The codes of who imports (the area's write code, and what its lists need). */
  codigos: readonly PermissionCode[];
  /** The codes of who may not import (reading the list at most). */
  lector: readonly PermissionCode[];
}

export function importacionDePrueba(template: TemplateFixture, { ruta, codigos, lector }: Importando) {
  const ctx = freshApp(template, [], {
    tmpFiles: `importar-${ruta.split('/').at(-1)}-`,
    setup: async ({ t }) => {
      await createUser(t.db, { usuario: 'importa', password: 'clave', codigos });
      await createUser(t.db, { usuario: 'lee', password: 'clave', codigos: lector });
      return { headers: await bearer(t.app, 'importa', 'clave'), lector: await bearer(t.app, 'lee', 'clave') };
    },
  });
  const base = `${ruta}/importaciones`;
  const post = (url: string, payload?: object) =>
    ctx.t.app.inject({ method: 'POST', url, headers: ctx.headers, ...(payload ? { payload } : {}) });

  const subir = async (contenido: string | Buffer, nombre = 'archivo.csv') => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `${base}?nombre=${encodeURIComponent(nombre)}`,
      headers: { ...ctx.headers, 'content-type': 'text/csv' },
      payload: contenido,
    });
    expect(res.statusCode, res.body).toBe(201);
    return envelope(importacionSubida).parse(res.json()).datos;
  };
  const ensayo = async (id: number, mapeo: ImportacionMapeo, modo: ImportacionModo) => {
    const res = await post(`${base}/${id}/ensayo`, { mapeo, modo });
    expect(res.statusCode, res.body).toBe(200);
    return envelope(importacionConteo).parse(res.json()).datos;
  };
  const importar = (id: number, mapeo: ImportacionMapeo, modo: ImportacionModo) =>
    post(`${base}/${id}/importar`, { mapeo, modo });

  return {
    ctx,
    base,
    post,
    subir,
    ensayo,
    importar,

    /** The template's headers map back to every field, and its example row is valid. */
    async plantillaMapeaEntera() {
      const plantilla = await ctx.t.app.inject({ url: `${base}/plantilla.csv`, headers: ctx.headers });
      expect(plantilla.statusCode).toBe(200);
      const subida = await subir(plantilla.rawPayload, 'plantilla.csv');
      expect(Object.entries(subida.mapeo).filter(([, columna]) => columna === null)).toEqual([]);
      const vista = await post(`${base}/${subida.id}/vista-previa`, { mapeo: subida.mapeo });
      expect(envelope(importacionVistaPrevia).parse(vista.json()).datos.con_errores).toBe(0);
    },

    /** The list's own export, imported back by key: every field mapped, every row found and unchanged. */
    async idaYVuelta(total: number) {
      const exportado = await ctx.t.app.inject({ url: `${ruta}/export.csv`, headers: ctx.headers });
      expect(exportado.statusCode).toBe(200);
      const subida = await subir(exportado.rawPayload, 'exportado.csv');
      expect(Object.entries(subida.mapeo).filter(([, columna]) => columna === null)).toEqual([]);
      const conteo = await ensayo(subida.id, subida.mapeo, 'actualizar');
      expect(conteo.rechazos).toEqual([]);
      expect(conteo).toMatchObject({ crear: 0, actualizar: 0, sin_cambios: total, rechazadas: 0 });
    },

    /** The OpenAPI documents the import's routes under the area's tag. */
    enOpenApi() {
      const { paths } = ctx.t.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
      const rutas = Object.keys(paths).filter((p) => p.startsWith(`${base}`));
      expect(rutas.sort()).toEqual(
        [
          '',
          '/plantilla.csv',
          '/{id}/codificacion',
          '/{id}/deshacer',
          '/{id}/ensayo',
          '/{id}/importar',
          '/{id}/rechazadas.csv',
          '/{id}/vista-previa',
        ]
          .map((r) => `${base}${r}`)
          .sort(),
      );
      expect(paths[`${base}/{id}/importar`]!.post!.tags).toEqual([ruta.split('/').at(-1)]);
    },

    /** Who lacks the write code gets 403 on the template, the upload and the import. */
    async sinPermiso403() {
      expect((await ctx.t.app.inject({ url: `${base}/plantilla.csv`, headers: ctx.lector })).statusCode).toBe(403);
      const subida = await ctx.t.app.inject({
        method: 'POST',
        url: `${base}?nombre=x.csv`,
        headers: { ...ctx.lector, 'content-type': 'text/csv' },
        payload: 'a\nb\n',
      });
      expect(subida.statusCode).toBe(403);
      const importa = await ctx.t.app.inject({
        method: 'POST',
        url: `${base}/1/importar`,
        headers: ctx.lector,
        payload: { mapeo: { a: 'a' }, modo: 'crear' },
      });
      expect(importa.statusCode).toBe(403);
    },
  };
}
