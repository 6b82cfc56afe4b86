import { randomUUID } from 'node:crypto';
import { auditPage } from '@intranet/contract/areas/auditoria';
import { envelope } from '@intranet/contract/shared/envelope';
import {
  comentario,
  evento,
  issueDetalle,
  issuePage,
  proyecto,
  serie,
  SPARKLINE_DIAS,
  tagBreakdown,
} from '@intranet/contract/areas/insights';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { insightsProyectos, insightsReleases, personas } from '../../db/schema.ts';
import { bearer, createUser, freshApp, PASSWORDS, useTemplate } from '../../test/harness.ts';

let lector: { authorization: string };
let p: { id: number; key: string };
const template = useTemplate();
const ctx = freshApp(template, ['admin'], {
  setup: async ({ t }) => {
    await createUser(t.db, { usuario: 'lector', password: 'clave-lector', codigos: ['SER#VER'] });
    lector = await bearer(t.app, 'lector', 'clave-lector');
    const [row] = await t.db
      .insert(insightsProyectos)
      .values({ nombre: 'Triage', slug: 'triage', plataforma: 'node', publicKey: 'e'.repeat(32) })
      .returning();
    p = { id: row!.id, key: row!.publicKey };
  },
});

const get = async (url: string, headers = ctx.admin) => {
  const r = await ctx.t.app.inject({ url, headers });
  return { status: r.statusCode, body: r.json() };
};
const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = ctx.admin) => {
  const r = await ctx.t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: r.statusCode, body: r.json() };
};

const ingest = async (e: Record<string, unknown>) => {
  const r = await ctx.t.app.inject({
    method: 'POST',
    url: `/api/${p.id}/store/?sentry_key=${p.key}`,
    payload: { event_id: randomUUID().replaceAll('-', ''), ...e },
  });
  expect(r.statusCode).toBe(200);
  return r.json<{ id: string }>().id;
};

const exc = (type: string, value: string, extra: Record<string, unknown> = {}) => ({
  exception: {
    values: [
      {
        type,
        value,
        stacktrace: {
          frames: [{ filename: 'src/x.ts', function: 'f', lineno: 3, in_app: true, context_line: 'throw e' }],
        },
      },
    ],
  },
  ...extra,
});

const buscar = async (q: string) => {
  const { body } = await get(`/api/insights/issues?q=${encodeURIComponent(q)}&proyecto_id=${p.id}`);
  return body.datos.items as { id: number; titulo: string; cantidad: number; estado: string }[];
};

describe('projects', () => {
  it('lists projects with a DSN built from the request host, or PUBLIC_URL', async () => {
    const { status, body } = await get('/api/insights/proyectos');
    expect(status).toBe(200);
    expect(envelope(z.array(proyecto)).safeParse(body).success).toBe(true);
    const propio = body.datos.find((x: { slug: string }) => x.slug === 'intranet');
    expect(propio.dsn).toBe(`http://${propio.public_key}@localhost/${propio.id}`);
    const other = await template.clone({ publicUrl: 'https://intranet.physis.com.ar' });
    try {
      const h = await bearer(other.app, 'admin', PASSWORDS.admin);
      const r = (await other.app.inject({ url: '/api/insights/proyectos', headers: h })).json();
      const x = r.datos.find((y: { slug: string }) => y.slug === 'intranet');
      expect(x.dsn).toBe(`https://${x.public_key}@intranet.physis.com.ar/${x.id}`);
      expect((await other.app.inject({ url: '/api/insights/monitor-propio' })).json().datos.dsn).toBe(x.dsn);
    } finally {
      await other.close();
    }
  });

  it('creates, edits, rotates the key (the old DSN is refused at once) and deletes, with audit', async () => {
    const creado = await send('POST', '/api/insights/proyectos', {
      nombre: 'App móvil',
      slug: 'app-movil',
      plataforma: 'android',
    });
    expect(creado.status).toBe(201);
    const id = creado.body.datos.id;
    expect(creado.body.datos).toMatchObject({ activo: true, limite_por_minuto: 6000, issues_sin_resolver: 0 });
    expect(creado.body.datos.public_key).toMatch(/^[0-9a-f]{32}$/);
    const key = creado.body.datos.public_key;
    const post = (k: string) =>
      ctx.t.app.inject({ method: 'POST', url: `/api/${id}/store/?sentry_key=${k}`, payload: { message: 'hola' } });
    expect((await post(key)).statusCode).toBe(200);

    const dup = await send('POST', '/api/insights/proyectos', {
      nombre: 'Otra',
      slug: 'app-movil',
      plataforma: 'node',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.campos.slug).toEqual(['Ya existe un proyecto con ese slug']);
    const bad = await send('POST', '/api/insights/proyectos', {
      nombre: '',
      slug: 'Con Espacios',
      plataforma: 'cobol',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.campos).sort()).toEqual(['nombre', 'plataforma', 'slug']);

    const rot = await send('POST', `/api/insights/proyectos/${id}/rotar-clave`);
    expect(rot.body.datos.public_key).not.toBe(key);
    expect((await post(key)).statusCode).toBe(403);
    expect((await post(rot.body.datos.public_key)).statusCode).toBe(200);

    const off = await send('PUT', `/api/insights/proyectos/${id}`, {
      nombre: 'App móvil',
      slug: 'app-movil',
      plataforma: 'android',
      activo: false,
    });
    expect(off.body.datos.activo).toBe(false);
    expect((await post(rot.body.datos.public_key)).statusCode).toBe(403);

    // Keys of its own to scrub from local variables: kept as given; a word that is not a key is refused by name.
    const proyecto = { nombre: 'App móvil', slug: 'app-movil', plataforma: 'android', activo: false };
    const claves = await send('PUT', `/api/insights/proyectos/${id}`, {
      ...proyecto,
      campos_sensibles: ['cuit', 'cbu'],
    });
    expect(claves.body.datos.campos_sensibles).toEqual(['cuit', 'cbu']);
    const malas = await send('PUT', `/api/insights/proyectos/${id}`, {
      ...proyecto,
      campos_sensibles: ['con espacio'],
    });
    expect(malas.status).toBe(400);
    expect(malas.body.campos['campos_sensibles.0']).toEqual(['Solo letras, números, guiones, puntos y guiones bajos']);
    expect((await get(`/api/insights/proyectos/${id}`)).body.datos.campos_sensibles).toEqual(['cuit', 'cbu']);

    const hist = await get(`/api/auditoria?entidad=insights_proyecto&id=${id}`, lector);
    expect(auditPage.safeParse(hist.body.datos).success).toBe(true);
    expect(hist.body.datos.items.map((r: { accion: string }) => r.accion)).toEqual([
      'modificar',
      'modificar',
      'rotar_clave',
      'crear',
    ]);

    expect((await send('DELETE', `/api/insights/proyectos/${id}`)).status).toBe(200);
    expect((await get(`/api/insights/proyectos/${id}`)).status).toBe(404);
  });
});

describe('issues list', () => {
  beforeAll(async () => {
    await ingest(exc('ListaError', 'alfa', { release: 'r1', environment: 'production', level: 'error' }));
    await ingest(exc('ListaError', 'alfa', { release: 'r2', environment: 'production', level: 'error' }));
    await ingest(exc('ListaError', 'alfa', { release: 'r2', environment: 'production', level: 'error' }));
    await ingest(exc('ListaError', 'beta', { release: 'r1', environment: 'staging', level: 'warning' }));
  });

  it('answers a search far above its cap (1,000) with the estimate, and a narrow one exactly', async () => {
    const { sql } = await import('drizzle-orm');
    await ctx.t.db.execute(sql`
      insert into insights_issues
        (proyecto_id, huella, fingerprint, titulo, culprit, tipo, nivel, estado, cantidad, primera_vez, ultima_vez)
      select ${p.id}, 'estimada-' || g, '[]'::jsonb, 'EstimadaError: ' || g,
             'src/e.ts', 'EstimadaError', 'error', 'unresolved', 1 + g % 9, now(), now()
      from generate_series(1, 3000) g`);
    await ctx.t.db.execute(
      sql`insert into insights_issue_busqueda (issue_id, texto)
        select id, titulo || ' ' || culprit from insights_issues where huella like 'estimada-%'`,
    );
    await ctx.t.db.execute(sql`analyze insights_issues`);
    await ctx.t.db.execute(sql`analyze insights_issue_busqueda`);
    try {
      const { body } = await get('/api/insights/issues?q=EstimadaError&sort=-cantidad&size=5');
      expect(envelope(issuePage).safeParse(body).success).toBe(true);
      expect(body.datos).toMatchObject({ total: 1000, total_exacto: false });
      expect(body.datos.total_estimado).toBeGreaterThan(1500);
      expect(body.datos.items.map((i: { cantidad: number }) => i.cantidad)).toEqual([9, 9, 9, 9, 9]);
      const una = (await get('/api/insights/issues?q=EstimadaError: 2999 ')).body;
      expect(una.datos.total).toBe(1);
      expect(una.datos).not.toHaveProperty('total_estimado');
    } finally {
      await ctx.t.db.execute(
        sql`delete from insights_issue_busqueda
          where issue_id in (select id from insights_issues where huella like 'estimada-%')`,
      );
      await ctx.t.db.execute(sql`delete from insights_issues where huella like 'estimada-%'`);
    }
  });

  it('pages, filters and sorts; each row carries a 14-day series', async () => {
    const { status, body } = await get(`/api/insights/issues?proyecto_id=${p.id}&q=ListaError&sort=-cantidad`);
    expect(status).toBe(200);
    expect(envelope(issuePage).safeParse(body).success).toBe(true);
    expect(body.datos.items.map((i: { titulo: string }) => i.titulo)).toEqual(['ListaError: alfa', 'ListaError: beta']);
    const alfa = body.datos.items[0];
    expect(alfa).toMatchObject({ cantidad: 3, release: 'r2', environment: 'production', estado: 'unresolved' });
    expect(alfa.serie).toHaveLength(SPARKLINE_DIAS);
    expect(alfa.serie.at(-1)).toBe(3);
    const f = async (qs: string) =>
      (await get(`/api/insights/issues?proyecto_id=${p.id}&q=ListaError&${qs}`)).body.datos.items.map(
        (i: { titulo: string }) => i.titulo,
      );
    expect(await f('environment=staging')).toEqual(['ListaError: beta']);
    expect(await f('nivel=warning')).toEqual(['ListaError: beta']);
    expect(await f('release=r2')).toEqual(['ListaError: alfa']);
    expect(await f('sort=cantidad')).toEqual(['ListaError: beta', 'ListaError: alfa']);
    expect(await f('size=1&page=2&sort=-cantidad')).toEqual(['ListaError: beta']);
    expect((await get('/api/insights/issues?estado=abierto')).status).toBe(400);
    expect((await get('/api/insights/issues?sort=-nada')).status).toBe(400);
  });

  it('exports the filtered list as CSV and offers environments and releases', async () => {
    const r = await ctx.t.app.inject({
      url: `/api/insights/issues/export.csv?proyecto_id=${p.id}&q=ListaError&sort=-cantidad`,
      headers: ctx.admin,
    });
    expect(r.headers['content-type']).toMatch(/text\/csv/);
    const rows = parse(r.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => x.Título)).toEqual(['ListaError: alfa', 'ListaError: beta']);
    // The same cells whoever writes the file (PostgreSQL's COPY, or row by row on PGlite).
    expect(rows[0]).toMatchObject({
      Proyecto: 'Triage',
      Nivel: 'error',
      Estado: 'unresolved',
      Eventos: '3',
      Release: 'r2',
      Environment: 'production',
      Asignado: '',
    });
    expect(rows[0]!['Última vez']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const fl = await get('/api/insights/filtros');
    expect(fl.body.datos.environments).toEqual(expect.arrayContaining(['production', 'staging']));
    expect(fl.body.datos.releases).toEqual(expect.arrayContaining(['r1', 'r2']));
  });
});

describe('issue detail', () => {
  let id: number;
  const ids: string[] = [];
  beforeAll(async () => {
    for (const browser of ['Chrome', 'Chrome', 'Firefox']) {
      ids.push(
        await ingest(
          exc('DetalleError', 'x', {
            contexts: { browser: { name: browser } },
            tags: { modulo: 'ventas' },
            breadcrumbs: { values: [{ message: 'click', category: 'ui' }] },
            user: { email: 'ana@x.com' },
            request: { url: 'https://a.com/p?x=1', method: 'GET' },
          }),
        ),
      );
    }
    id = (await buscar('DetalleError'))[0]!.id;
  });

  it('answers the issue with its latest event and navigation', async () => {
    const { body } = await get(`/api/insights/issues/${id}`);
    expect(envelope(issueDetalle).safeParse(body).success).toBe(true);
    const ev = body.datos.ultimo_evento;
    expect(ev.event_id).toBe(ids[2]);
    expect(ev.siguiente).toBeNull();
    expect(ev.anterior).toBe(ids[1]);
    expect(ev.exception[0].frames[0]).toMatchObject({ filename: 'src/x.ts', in_app: true, context_line: 'throw e' });
    expect(ev.breadcrumbs[0]).toMatchObject({ message: 'click', category: 'ui' });
    expect(ev.usuario).toBe('ana@x.com');
    const first = await get(`/api/insights/issues/${id}/eventos/oldest`);
    expect(envelope(evento).safeParse(first.body).success).toBe(true);
    expect(first.body.datos).toMatchObject({ event_id: ids[0], anterior: null, siguiente: ids[1] });
    expect((await get(`/api/insights/issues/${id}/eventos/${ids[1]}`)).body.datos).toMatchObject({
      anterior: ids[0],
      siguiente: ids[2],
    });
    expect((await get(`/api/insights/issues/${id}/eventos/${'f'.repeat(32)}`)).status).toBe(404);
    expect((await get(`/api/insights/issues/${id}/eventos/nada`)).status).toBe(400);
    expect((await get('/api/insights/issues/999999')).status).toBe(404);
  });

  it('lists events newest first, tag breakdown and the daily series', async () => {
    const ev = await get(`/api/insights/issues/${id}/eventos?size=2`);
    expect(ev.body.datos.total).toBe(3);
    expect(ev.body.datos.items.map((e: { event_id: string }) => e.event_id)).toEqual([ids[2], ids[1]]);
    const tags = await get(`/api/insights/issues/${id}/tags`);
    expect(tagBreakdown.safeParse(tags.body.datos).success).toBe(true);
    const browser = tags.body.datos.find((x: { key: string }) => x.key === 'browser');
    expect(browser.valores).toEqual([
      { value: 'Chrome', cantidad: 2, porcentaje: 66.7 },
      { value: 'Firefox', cantidad: 1, porcentaje: 33.3 },
    ]);
    expect(tags.body.datos.find((x: { key: string }) => x.key === 'modulo').valores[0].value).toBe('ventas');
    expect(tags.body.datos.find((x: { key: string }) => x.key === 'url').valores[0].value).toBe('https://a.com/p');
    const s = await get(`/api/insights/issues/${id}/serie?dias=30`);
    expect(serie.safeParse(s.body.datos).success).toBe(true);
    expect(s.body.datos).toHaveLength(30);
    expect(s.body.datos.at(-1)).toEqual({ fecha: new Date().toISOString().slice(0, 10), cantidad: 3 });
    expect((await get(`/api/insights/issues/${id}/serie?dias=0`)).status).toBe(400);
  });
});

describe('triage', () => {
  it('resolves and ignores in bulk, assigns to a person, comments; all audited', async () => {
    await ingest(exc('TriageError', 'uno'));
    await ingest(exc('TriageError', 'dos'));
    const ids = (await buscar('TriageError')).map((i) => i.id);
    const bulk = await send('POST', '/api/insights/issues/estado', { ids, estado: 'resolved' });
    expect(bulk.body.datos).toEqual({ actualizados: 2 });
    expect((await buscar('TriageError')).every((i) => i.estado === 'resolved')).toBe(true);
    expect((await send('POST', '/api/insights/issues/estado', { ids, estado: 'resolved' })).body.datos).toEqual({
      actualizados: 0,
    });
    expect((await send('POST', '/api/insights/issues/estado', { ids: [], estado: 'ignored' })).status).toBe(400);
    expect((await send('POST', '/api/insights/issues/estado', { ids, estado: 'ignored' })).body.datos).toEqual({
      actualizados: 2,
    });

    const [persona] = await ctx.t.db.select().from(personas).where(eq(personas.activo, true)).limit(1);
    const asignables = await get('/api/insights/asignables');
    expect(asignables.body.datos.length).toBeGreaterThan(0);
    const asign = await send('PUT', `/api/insights/issues/${ids[0]}`, { asignado_id: persona!.id });
    expect(asign.body.datos.asignado).toEqual({ id: persona!.id, nombre: `${persona!.nombre} ${persona!.apellido}` });
    expect(
      (await get(`/api/insights/issues?asignado_id=${persona!.id}`)).body.datos.items.map((i: { id: number }) => i.id),
    ).toEqual([ids[0]]);
    const nadie = await send('PUT', `/api/insights/issues/${ids[0]}`, { asignado_id: 999999 });
    expect(nadie.status).toBe(400);
    expect(nadie.body.campos.asignado_id).toBeDefined();
    expect((await send('PUT', `/api/insights/issues/${ids[0]}`, { asignado_id: null })).body.datos.asignado).toBeNull();

    const c = await send('POST', `/api/insights/issues/${ids[0]}/comentarios`, { texto: 'Lo miro mañana' });
    expect(c.status).toBe(201);
    expect(comentario.safeParse(c.body.datos).success).toBe(true);
    expect(c.body.datos.usuario.nombre).toBe('Administrador');
    expect((await send('POST', `/api/insights/issues/${ids[0]}/comentarios`, { texto: '  ' })).status).toBe(400);
    expect((await get(`/api/insights/issues/${ids[0]}/comentarios`)).body.datos).toHaveLength(1);
    expect((await get(`/api/insights/issues/${ids[0]}`)).body.datos.comentarios).toBe(1);
    expect((await send('DELETE', `/api/insights/comentarios/${c.body.datos.id}`)).status).toBe(200);
    expect((await send('DELETE', `/api/insights/comentarios/${c.body.datos.id}`)).status).toBe(404);

    const hist = await get(`/api/auditoria?entidad=insights_issue&id=${ids[0]}`);
    expect(hist.body.datos.items.map((r: { despues: unknown }) => r.despues)).toEqual([
      { estado: 'ignored', asignado: null, asignado_rol: null, resuelta_en_release: null },
      {
        estado: 'ignored',
        asignado: { id: persona!.id, nombre: `${persona!.nombre} ${persona!.apellido}` },
        asignado_rol: null,
        resuelta_en_release: null,
      },
      { estado: 'ignored' },
      { estado: 'resolved' },
    ]);
    expect((await get(`/api/auditoria?entidad=insights_comentario&id=${c.body.datos.id}`)).body.datos.total).toBe(2);
  });

  it('resolved in the next release: events of that release or an older one keep it resolved, one of a later release reopens it', async () => {
    // app@0.9.0 is older: seen before the resolution (still deployed somewhere).
    await ingest(exc('ReleaseError', 'uno', { release: 'app@0.9.0' }));
    await ingest(exc('ReleaseError', 'uno', { release: 'app@1.0.0' }));
    const [issue] = await buscar('ReleaseError');
    const sinEstado = await send('PUT', `/api/insights/issues/${issue!.id}`, { en_proxima_release: true });
    expect(sinEstado.status).toBe(400);
    expect(sinEstado.body.campos.en_proxima_release).toBeDefined();
    const r = await send('PUT', `/api/insights/issues/${issue!.id}`, { estado: 'resolved', en_proxima_release: true });
    expect(r.body.datos).toMatchObject({ estado: 'resolved', resuelta_en_release: 'app@1.0.0' });
    await ingest(exc('ReleaseError', 'uno', { release: 'app@1.0.0' }));
    await ingest(exc('ReleaseError', 'uno'));
    await ingest(exc('ReleaseError', 'uno', { release: 'app@0.9.0' }));
    expect((await buscar('ReleaseError'))[0]).toMatchObject({
      estado: 'resolved',
      cantidad: 5,
      resuelta_en_release: 'app@1.0.0',
    });
    // app@1.1.0 is first seen after the resolution (in another issue's event): later, it reopens the issue.
    await ingest(exc('OtroError', 'x', { release: 'app@1.1.0' }));
    expect((await buscar('ReleaseError'))[0]!.estado).toBe('resolved');
    await ingest(exc('ReleaseError', 'uno', { release: 'app@1.1.0' }));
    expect((await buscar('ReleaseError'))[0]).toMatchObject({
      estado: 'unresolved',
      cantidad: 6,
      resuelta_en_release: null,
    });

    // Resolved in the next release again, now in app@1.1.0: a release created by sentry-cli releases new after it
    // is later too, though its first event comes with this issue's.
    await send('PUT', `/api/insights/issues/${issue!.id}`, { estado: 'resolved', en_proxima_release: true });
    await ingest(exc('ReleaseError', 'uno', { release: 'app@1.0.0' }));
    expect((await buscar('ReleaseError'))[0]).toMatchObject({ estado: 'resolved', resuelta_en_release: 'app@1.1.0' });
    await ctx.t.db.insert(insightsReleases).values({ proyectoId: p.id, version: 'app@1.2.0' });
    await ingest(exc('ReleaseError', 'uno', { release: 'app@1.2.0' }));
    expect((await buscar('ReleaseError'))[0]).toMatchObject({ estado: 'unresolved', cantidad: 8 });

    // Resolved plainly, any event reopens it.
    await send('PUT', `/api/insights/issues/${issue!.id}`, { estado: 'resolved' });
    await ingest(exc('ReleaseError', 'uno', { release: 'app@1.1.0' }));
    expect((await buscar('ReleaseError'))[0]!.estado).toBe('unresolved');
    await ingest(exc('SinRelease', 'x'));
    const [sin] = await buscar('SinRelease');
    expect(
      (await send('PUT', `/api/insights/issues/${sin!.id}`, { estado: 'resolved', en_proxima_release: true })).body
        .campos.en_proxima_release,
    ).toEqual(['El error no trae release: no hay una próxima versión que esperar']);
  });

  it('assigns to a role as a team, in bulk too; "Mis incidencias"; the merged activity', async () => {
    await ingest(exc('EquipoError', 'uno'));
    await ingest(exc('EquipoError', 'dos'));
    const ids = (await buscar('EquipoError')).map((i) => i.id).sort((a, b) => a - b);
    const { rolId } = await createUser(ctx.t.db, {
      usuario: 'soporte1',
      password: 'clave-soporte',
      codigos: ['SER#VER'],
    });
    const rol = ((await get('/api/insights/roles-asignables')).body.datos as { id: number; nombre: string }[]).find(
      (r) => r.id === rolId,
    )!;
    expect(rol.nombre).toBe('rol-soporte1');
    const soporte = await bearer(ctx.t.app, 'soporte1', 'clave-soporte');

    const bulk = await send('POST', '/api/insights/issues/asignar', { ids, asignado_id: null, asignado_rol_id: rolId });
    expect(bulk.body.datos).toEqual({ actualizados: 2 });
    expect(
      (await send('POST', '/api/insights/issues/asignar', { ids, asignado_id: null, asignado_rol_id: rolId })).body
        .datos,
    ).toEqual({ actualizados: 0 });
    const ambos = await send('POST', '/api/insights/issues/asignar', { ids, asignado_id: 1, asignado_rol_id: rolId });
    expect(ambos.status).toBe(400);
    expect(
      (await send('POST', '/api/insights/issues/asignar', { ids, asignado_id: null, asignado_rol_id: 999999 })).body
        .campos.asignado_rol_id,
    ).toEqual(['El rol no existe']);
    expect(
      (await send('POST', '/api/insights/issues/asignar', { ids, asignado_id: null, asignado_rol_id: rolId }, lector))
        .status,
    ).toBe(403);

    const mias = await get('/api/insights/issues?mias=1&size=50', soporte);
    expect(mias.body.datos.items.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b)).toEqual(ids);
    expect(mias.body.datos.items[0].asignado_rol).toEqual({ id: rolId, nombre: rol.nombre });
    expect(
      (await get('/api/insights/issues?mias=1', ctx.admin)).body.datos.items.some((i: { id: number }) =>
        ids.includes(i.id),
      ),
    ).toBe(false);
    expect((await get('/api/insights/issues?mias=si')).status).toBe(400);

    // One of them to a person: the role goes; then resolved and commented.
    const [persona] = await ctx.t.db.select().from(personas).where(eq(personas.activo, true)).limit(1);
    const a = await send('PUT', `/api/insights/issues/${ids[0]}`, { asignado_id: persona!.id });
    expect(a.body.datos).toMatchObject({ asignado: { id: persona!.id }, asignado_rol: null });
    await send('PUT', `/api/insights/issues/${ids[0]}`, { estado: 'resolved' });
    await send('POST', `/api/insights/issues/${ids[0]}/comentarios`, { texto: 'Corregido en la 1.2' });
    const act = await get(`/api/insights/issues/${ids[0]}/actividad`);
    expect(act.status).toBe(200);
    expect(
      act.body.datos.map((x: { tipo: string; antes: string | null; despues: string | null; texto: string | null }) => [
        x.tipo,
        x.antes,
        x.despues,
        x.texto,
      ]),
    ).toEqual([
      ['asignacion', null, `rol:${rol.nombre}`, null],
      ['asignacion', `rol:${rol.nombre}`, `${persona!.nombre} ${persona!.apellido}`, null],
      ['estado', 'unresolved', 'resolved', null],
      ['comentario', null, null, 'Corregido en la 1.2'],
    ]);
    expect((await get('/api/insights/issues/999999/actividad')).status).toBe(404);
  });

  it('lets SER#VER read and refuses it every change (403)', async () => {
    expect((await get('/api/insights/issues', lector)).status).toBe(200);
    expect((await send('POST', '/api/insights/issues/estado', { ids: [1], estado: 'resolved' }, lector)).status).toBe(
      403,
    );
    expect(
      (await send('POST', '/api/insights/proyectos', { nombre: 'x', slug: 'x', plataforma: 'node' }, lector)).status,
    ).toBe(403);
    expect((await ctx.t.app.inject({ url: '/api/insights/issues' })).statusCode).toBe(401);
  });
});
