import { auditPage } from '@intranet/contract/areas/auditoria';
import { envelope } from '@intranet/contract/shared/envelope';
import { producto, productoPage } from '@intranet/contract/areas/productos';
import { emptyDocument } from '@intranet/editor';
import { parse } from 'csv-parse/sync';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoria, productos } from '../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';
import { PRODUCTOS } from './seed.ts';

const template = useTemplate();

/**
 * A fresh copy of the seeded database, signed in as admin (PROD#EDITAR), comercial (PROD#VER) and tecnico (neither).
 */
const fresh = () => freshApp(template, ['admin', 'comercial', 'tecnico']);

const DESCRIPCION = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2, align: 'center' }, content: [{ type: 'text', text: 'Agenda' }] },
    {
      type: 'paragraph',
      attrs: { align: null },
      content: [
        { type: 'text', text: 'Turnos ', marks: [{ type: 'strong' }] },
        {
          type: 'text',
          text: 'online',
          marks: [{ type: 'link', attrs: { href: 'https://example.com', title: null, target: '_blank' } }],
        },
      ],
    },
  ],
};
const NUEVO = {
  codigo: 'PHY-AGENDA',
  nombre: 'Physis Agenda',
  linea: 'Web',
  tipo: 'web',
  activo: true,
  responsable: 'Ana Ruiz',
  descripcion: DESCRIPCION,
};

describe('GET /api/productos', () => {
  const ctx = fresh();
  const lista = async (query: string, headers = ctx.comercial) => {
    const res = await ctx.t.app.inject({ url: `/api/productos?${query}`, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('pages the seeded products by name, rows without their description', async () => {
    const all = await lista('size=200');
    expect(all.status).toBe(200);
    expect(envelope(productoPage).safeParse(all.body).success).toBe(true);
    const nombres = all.body.datos.items.map((p: { nombre: string }) => p.nombre);
    expect(all.body.datos.total).toBe(PRODUCTOS.length);
    expect(nombres).toEqual([...nombres].sort((a: string, b: string) => (a < b ? -1 : 1)));
    expect(all.body.datos.items[0]).not.toHaveProperty('descripcion');
    const p2 = await lista('page=2&size=3');
    expect(p2.body.datos.items.map((p: { nombre: string }) => p.nombre)).toEqual(nombres.slice(3, 6));
  });

  it('filters by line (any case), kind and active, and searches code, name, line and owner', async () => {
    const codigos = async (q: string) =>
      (await lista(`${q}&size=200&sort=codigo`)).body.datos.items.map((p: { codigo: string }) => p.codigo);
    expect(await codigos('linea=web')).toEqual(['PHY-BI', 'PHY-WEB']);
    expect(await codigos('tipo=movil')).toEqual(['PHY-MOBILE']);
    expect(await codigos('activo=false')).toEqual(['PHY-2']);
    expect(await codigos('linea=Gestión&tipo=escritorio&activo=true')).toEqual(['PHY-ERP', 'PHY-POS', 'PHY-SUELDOS']);
    expect(await codigos('q=benítez')).toEqual(['PHY-POS', 'PHY-SUELDOS']);
    expect(await codigos('q=sueldos')).toEqual(['PHY-SUELDOS']);
  });

  it('sorts by every declared field both ways; a bad query answers 400 with its field', async () => {
    const desc = await lista('sort=-codigo&size=200');
    const codigos = desc.body.datos.items.map((p: { codigo: string }) => p.codigo);
    expect(codigos).toEqual([...codigos].sort().reverse());
    for (const s of ['linea', '-tipo', 'activo', '-responsable', 'actualizado'])
      expect((await lista(`sort=${s}`)).status).toBe(200);
    const bad = await lista('tipo=tablet&sort=precio');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.campos).sort()).toEqual(['sort', 'tipo']);
  });

  it('needs PROD#VER (403 for tecnico)', async () => {
    expect((await lista('', ctx.tecnico)).status).toBe(403);
  });
});

describe('GET /api/productos/:id and its HTML', () => {
  const ctx = fresh();

  it('answers the product with its stored JSON description', async () => {
    const [erp] = await ctx.t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, 'PHY-ERP'));
    const res = await ctx.t.app.inject({ url: `/api/productos/${erp!.id}`, headers: ctx.comercial });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(envelope(producto).safeParse(body).success).toBe(true);
    expect(body.datos.descripcion.type).toBe('doc');
    expect(body.datos.descripcion.content[1].type).toBe('bullet_list');
  });

  it('renders the description to HTML through the schema', async () => {
    const [erp] = await ctx.t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, 'PHY-ERP'));
    const res = await ctx.t.app.inject({ url: `/api/productos/${erp!.id}/descripcion.html`, headers: ctx.comercial });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos.html).toMatch(/^<p>Sistema de gestión integral para pymes: <strong>ventas, compras/);
    expect(res.json().datos.html).toContain('<ul><li><p>Facturación electrónica AFIP');
  });

  it('answers only the schema even for a row written around the API', async () => {
    // A document stored before validation existed (or by hand): the route still writes only what the schema knows.
    const [row] = await ctx.t.db
      .insert(productos)
      .values({
        codigo: 'LEGADO',
        nombre: 'Legado',
        tipo: 'web',
        descripcion: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              attrs: { align: null, indent: 2 },
              content: [{ type: 'text', text: 'Hola <script>alert(1)</script>' }],
            },
          ],
        },
      })
      .returning({ id: productos.id });
    const res = await ctx.t.app.inject({ url: `/api/productos/${row!.id}/descripcion.html`, headers: ctx.comercial });
    expect(res.json().datos.html).toBe('<p>Hola &lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('404 for a missing product, 400 for a bad id', async () => {
    expect((await ctx.t.app.inject({ url: '/api/productos/999999', headers: ctx.comercial })).statusCode).toBe(404);
    expect(
      (await ctx.t.app.inject({ url: '/api/productos/999999/descripcion.html', headers: ctx.comercial })).statusCode,
    ).toBe(404);
    expect((await ctx.t.app.inject({ url: '/api/productos/abc', headers: ctx.comercial })).statusCode).toBe(400);
  });
});

describe('POST and PUT /api/productos', () => {
  const ctx = fresh();
  const post = (payload: unknown, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/productos', headers, payload: payload as object });

  it('creates (201) and stores the description as JSON, with an audit row', async () => {
    const res = await post(NUEVO);
    expect(res.statusCode).toBe(201);
    const { datos } = res.json();
    expect(datos).toMatchObject({
      codigo: 'PHY-AGENDA',
      tipo: 'web',
      responsable: 'Ana Ruiz',
      descripcion: DESCRIPCION,
    });
    const [stored] = await ctx.t.db
      .execute<{ tipo: string }>(sql`select jsonb_typeof(descripcion) as tipo from productos where id = ${datos.id}`)
      .then((r) => r.rows);
    expect(stored!.tipo).toBe('object');
    const audit = await ctx.t.app.inject({
      url: `/api/auditoria?entidad=producto&id=${datos.id}`,
      headers: ctx.comercial,
    });
    expect(audit.statusCode).toBe(200);
    const page = auditPage.parse(audit.json().datos);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ accion: 'crear', usuario_nombre: 'Administrador' });
  });

  it('normalises legacy documents (extra attributes dropped, order null as 1) and takes a missing description as empty', async () => {
    const legacy = {
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { align: null, indent: 1 }, content: [{ type: 'text', text: 'a' }] },
        {
          type: 'ordered_list',
          attrs: { order: null },
          content: [{ type: 'list_item', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'b' }] }] }],
        },
      ],
    };
    const res = await post({ ...NUEVO, codigo: 'LEG-1', descripcion: legacy });
    expect(res.statusCode).toBe(201);
    const d = res.json().datos.descripcion;
    expect(d.content[0].attrs).toEqual({ align: null });
    expect(d.content[1].attrs).toEqual({ order: 1 });
    const sin = await post({ ...NUEVO, codigo: 'SIN-DESC', descripcion: undefined });
    expect(sin.statusCode).toBe(201);
    expect(sin.json().datos.descripcion).toEqual(emptyDocument());
  });

  it('refuses an invalid document with 400 on campos.descripcion, in Spanish', async () => {
    const malos = [
      'texto plano',
      { type: 'doc', content: [] },
      { type: 'doc', content: [{ type: 'script', content: [] }] },
      { type: 'doc', content: [{ type: 'heading', attrs: { level: 7 }, content: [{ type: 'text', text: 'x' }] }] },
      { type: 'doc', content: [{ type: 'bullet_list', content: [] }] },
      {
        type: 'doc',
        content: [{ type: 'code_block', content: [{ type: 'text', text: 'x', marks: [{ type: 'strong' }] }] }],
      },
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
          },
        ],
      },
    ];
    for (const descripcion of malos) {
      const res = await post({ ...NUEVO, codigo: 'MALO', descripcion });
      expect(res.statusCode, JSON.stringify(descripcion)).toBe(400);
      const body = res.json();
      expect(Object.keys(body.campos)).toEqual(['descripcion']);
      expect(body.campos.descripcion[0]).toMatch(/^El documento de texto enriquecido no es válido: .+\.$/);
    }
    expect((await ctx.t.db.select().from(productos).where(eq(productos.codigo, 'MALO'))).length).toBe(0);
  });

  it('refuses bad fields (400) and a duplicate code in any case (409 on codigo)', async () => {
    const bad = await post({ ...NUEVO, codigo: 'con espacio', nombre: '', tipo: 'tablet', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().campos).sort()).toEqual(expect.arrayContaining(['codigo', 'nombre', 'tipo']));
    const dup = await post({ ...NUEVO, codigo: 'phy-erp' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos).toEqual({ codigo: ['Ya existe un producto con ese código'] });
  });

  it('updates with before and after in the audit row; 404 for a missing one', async () => {
    const [web] = await ctx.t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, 'PHY-WEB'));
    const put = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/productos/${web!.id}`,
      headers: ctx.admin,
      payload: { ...NUEVO, codigo: 'PHY-WEB', nombre: 'Physis Web 2', activo: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().datos).toMatchObject({ nombre: 'Physis Web 2', activo: false, descripcion: DESCRIPCION });
    const [row] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(
        sql`${auditoria.entidad} = 'producto' and ${auditoria.entidadId} = ${String(web!.id)}
          and ${auditoria.accion} = 'modificar'`,
      )
      .orderBy(desc(auditoria.id))
      .limit(1);
    expect(row!.antes).toMatchObject({ nombre: 'Physis Web' });
    expect(row!.despues).toMatchObject({ nombre: 'Physis Web 2', descripcion: DESCRIPCION });
    const missing = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/productos/999999',
      headers: ctx.admin,
      payload: NUEVO,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('needs PROD#EDITAR to write (403 for comercial)', async () => {
    expect((await post({ ...NUEVO, codigo: 'X-1' }, ctx.comercial)).statusCode).toBe(403);
  });
});

describe('DELETE /api/productos', () => {
  const ctx = fresh();
  const idOf = async (codigo: string) =>
    (await ctx.t.db.select({ id: productos.id }).from(productos).where(eq(productos.codigo, codigo)))[0]?.id;
  // Products of their own: the seeded ones may be referenced by other areas' demo data.
  const crear = async (codigo: string): Promise<number> => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/productos',
      headers: ctx.admin,
      payload: { ...NUEVO, codigo },
    });
    expect(res.statusCode).toBe(201);
    return res.json().datos.id;
  };

  it('deletes one with its audit row; 404 when gone', async () => {
    const id = await crear('BORRAR-1');
    const res = await ctx.t.app.inject({ method: 'DELETE', url: `/api/productos/${id}`, headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    expect(await idOf('BORRAR-1')).toBeUndefined();
    const [row] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(
        sql`${auditoria.entidad} = 'producto' and ${auditoria.accion} = 'eliminar'
          and ${auditoria.entidadId} = ${String(id)}`,
      );
    expect(row!.antes).toMatchObject({ codigo: 'BORRAR-1' });
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/productos/${id}`, headers: ctx.admin })).statusCode,
    ).toBe(404);
  });

  it('refuses with 409 a product another record references, deleting none of a bulk', async () => {
    // Stands for any area's reference to products (a foreign key with RESTRICT).
    await ctx.t.db.execute(
      sql.raw('create table usa_producto (producto_id integer not null references productos(id) on delete restrict)'),
    );
    try {
      const usado = await crear('USADO-1');
      const libre = await crear('LIBRE-1');
      await ctx.t.db.execute(sql`insert into usa_producto values (${usado})`);
      const one = await ctx.t.app.inject({ method: 'DELETE', url: `/api/productos/${usado}`, headers: ctx.admin });
      expect(one.statusCode).toBe(409);
      expect(one.json().error).toMatch(/relacionado|en uso/);
      const bulk = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/productos/eliminar',
        headers: ctx.admin,
        payload: { ids: [libre, usado] },
      });
      expect(bulk.statusCode).toBe(409);
      expect(await idOf('LIBRE-1')).toBe(libre);
      expect(await idOf('USADO-1')).toBe(usado);
    } finally {
      await ctx.t.db.execute(sql.raw('drop table usa_producto'));
    }
  });

  it('bulk deletes all or none and counts what went', async () => {
    const ids = [await crear('LOTE-1'), await crear('LOTE-2'), 999999];
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/productos/eliminar',
      headers: ctx.admin,
      payload: { ids },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toEqual({ eliminados: 2 });
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: '/api/productos/eliminar',
          headers: ctx.admin,
          payload: { ids: [] },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('export, options and lines', () => {
  const ctx = fresh();

  it('exports the filtered list as CSV', async () => {
    const res = await ctx.t.app.inject({
      url: '/api/productos/export.csv?linea=gestión&sort=-codigo',
      headers: ctx.comercial,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="productos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]).toEqual(['Código', 'Nombre', 'Línea', 'Tipo', 'Activo', 'Responsable', 'Creado', 'Actualizado']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['PHY-SUELDOS', 'PHY-POS', 'PHY-ERP', 'PHY-2']);
    expect(rows[4]!.slice(3, 6)).toEqual(['Escritorio', 'No', '']);
  });

  it('offers the active products (id, codigo, nombre), by name, to the screens that pick one, not to any session', async () => {
    await createUser(ctx.t.db, { usuario: 'sin-codigos-productos', password: 'clave', codigos: [] });
    const cualquiera = await bearer(ctx.t.app, 'sin-codigos-productos', 'clave');
    expect((await ctx.t.app.inject({ url: '/api/productos/opciones', headers: cualquiera })).statusCode).toBe(403);
    const res = await ctx.t.app.inject({ url: '/api/productos/opciones', headers: ctx.tecnico });
    expect(res.statusCode).toBe(200);
    const datos = res.json().datos as { id: number; codigo: string; nombre: string }[];
    expect(datos).toHaveLength(PRODUCTOS.filter((p) => p.activo).length);
    expect(Object.keys(datos[0]!).sort()).toEqual(['codigo', 'id', 'nombre']);
    expect(datos.map((d) => d.codigo)).not.toContain('PHY-2');
    expect((await ctx.t.app.inject({ url: '/api/productos/opciones' })).statusCode).toBe(401);
  });

  it('lists the lines in use', async () => {
    const res = await ctx.t.app.inject({ url: '/api/productos/lineas', headers: ctx.comercial });
    expect(res.json().datos).toEqual(['Gestión', 'Movilidad', 'Servicios', 'Web']);
  });
});
