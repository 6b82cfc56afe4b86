import { auditPage } from '@intranet/contract/areas/auditoria';
import { envelope } from '@intranet/contract/shared/envelope';
import { personaDetalle, personaPage } from '@intranet/contract/areas/personas';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyDocument } from '@intranet/editor';
import { auditoria, desarrollos, personas, productos, usuarios } from '../../db/schema.ts';
import { bearer, createUser, freshApp, login, PASSWORDS, useTemplate } from '../../test/harness.ts';

const template = useTemplate();

/** A fresh copy of the seeded database, signed in as admin (every code). */
const fresh = () => freshApp(template, ['admin']);

const NUEVA = {
  nombre: 'Ana',
  apellido: 'Quiroga',
  email: 'Ana.Quiroga@physis.com.ar',
  telefono: '',
  interno: '210',
  puesto: 'Desarrolladora',
  area: 'Desarrollo',
  legajo: '2001',
  activo: true,
};

describe('GET /api/personas', () => {
  const ctx = fresh();
  const lista = async (query: string) => {
    const res = await ctx.t.app.inject({ url: `/api/personas?${query}`, headers: ctx.admin });
    return { status: res.statusCode, body: res.json() };
  };

  it('pages the seeded staff by surname with the total, responsable and account names', async () => {
    const all = await lista('size=200');
    expect(envelope(personaPage).safeParse(all.body).success).toBe(true);
    const items = all.body.datos.items as {
      apellido: string;
      nombre_completo: string;
      usuario: string | null;
      responsable_nombre: string | null;
      maquinas_count: number;
    }[];
    expect(all.body.datos.total).toBe(items.length);
    expect(items.length).toBeGreaterThanOrEqual(15);
    const apellidos = items.map((p) => p.apellido);
    expect(apellidos.indexOf('Álvarez')).toBeLessThan(apellidos.indexOf('Benítez'));
    expect(apellidos.indexOf('Acosta')).toBeLessThan(apellidos.indexOf('Álvarez'));
    const ruiz = items.find((p) => p.nombre_completo === 'Ruiz, Martín')!;
    expect(ruiz).toMatchObject({ usuario: 'tecnico', responsable_nombre: 'Romero, Diego' });
    expect(ruiz.maquinas_count).toBeGreaterThan(0);
    const p2 = await lista('page=2&size=5');
    expect(p2.body.datos.items.map((p: { apellido: string }) => p.apellido)).toEqual(apellidos.slice(5, 10));
  });

  it('filters by area, activo, staff or contact and searches by text', async () => {
    const dev = await lista('area=desarrollo&size=200');
    expect(dev.body.datos.items.length).toBeGreaterThan(2);
    for (const p of dev.body.datos.items) expect(p.area).toBe('Desarrollo');
    const inactivos = await lista('activo=false&tipo=personal');
    expect(inactivos.body.datos.items.map((p: { apellido: string }) => p.apellido)).toEqual(['Luna']);
    const contactos = await lista('tipo=contacto&size=200');
    for (const p of contactos.body.datos.items) expect(p.empresa_id).not.toBeNull();
    const staff = await lista('tipo=personal&size=200');
    for (const p of staff.body.datos.items) expect(p.empresa_id).toBeNull();
    expect(staff.body.datos.total).toBeGreaterThanOrEqual(16);
    expect(staff.body.datos.total + contactos.body.datos.total).toBe((await lista('size=1')).body.datos.total);
    const q = await lista('q=benitez&tipo=personal');
    expect(q.body.datos.items.map((p: { nombre: string }) => p.nombre)).toEqual(['Carla']); // found by the email
    const q2 = await lista('q=Benítez&tipo=personal');
    expect(q2.body.datos.items.map((p: { nombre: string }) => p.nombre)).toEqual(['Carla']);
  });

  it('sorts by every declared field both ways and refuses an unknown one in Spanish', async () => {
    for (const field of [
      'apellido',
      'nombre',
      'legajo',
      'area',
      'puesto',
      'email',
      'interno',
      'activo',
      'maquinas_count',
      'actualizado',
    ]) {
      expect((await lista(`sort=${field}`)).status, field).toBe(200);
      expect((await lista(`sort=-${field}`)).status, field).toBe(200);
    }
    const desc = await lista('sort=-legajo&size=3');
    expect(desc.body.datos.items.map((p: { legajo: string }) => p.legajo)).toEqual(['1015', '1014', '1013']);
    const bad = await lista('sort=clave&activo=quizas');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.campos)).toEqual(expect.arrayContaining(['sort', 'activo']));
  });

  it('exports every filtered row as CSV with Spanish headers', async () => {
    const res = await ctx.t.app.inject({
      url: '/api/personas/export.csv?area=Soporte&sort=legajo',
      headers: ctx.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/personas-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Legajo)).toEqual(['1010', '1011', '1012']);
    expect(rows[0]).toMatchObject({
      Apellido: 'Castro',
      Área: 'Soporte',
      Responsable: 'Herrera, Gustavo',
      Tipo: 'Personal',
      Activo: 'Sí',
    });
  });

  it('offers people for selects to Máquinas users too, and the areas in use', async () => {
    await createUser(ctx.t.db, { usuario: 'solo-maq', password: 'clave', codigos: ['PHY-MAQ#TODO'] });
    const maq = await bearer(ctx.t.app, 'solo-maq', 'clave');
    const res = await ctx.t.app.inject({
      url: '/api/personas/opciones?q=Romero&activo=true&tipo=personal',
      headers: maq,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toEqual([expect.objectContaining({ nombre_completo: 'Romero, Diego', activo: true })]);
    expect((await ctx.t.app.inject({ url: '/api/personas', headers: maq })).statusCode).toBe(403);
    const areas = await ctx.t.app.inject({ url: '/api/personas/areas', headers: ctx.admin });
    expect(areas.json().datos).toEqual(expect.arrayContaining(['Desarrollo', 'Soporte', 'Técnica']));
  });
});

describe('GET /api/personas/:id', () => {
  const ctx = fresh();
  it('answers the person with the machines they hold and the people reporting to them', async () => {
    const [romero] = await ctx.t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, '1005'));
    const res = await ctx.t.app.inject({ url: `/api/personas/${romero!.id}`, headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    expect(envelope(personaDetalle).safeParse(res.json()).success).toBe(true);
    const d = res.json().datos;
    expect(d.maquinas.map((m: { nombre: string }) => m.nombre)).toEqual(['NB-TEC-02', 'SRV-RACK-01']);
    expect(d.a_cargo.map((p: { nombre_completo: string }) => p.nombre_completo)).toEqual(['Ruiz, Martín']);
    expect((await ctx.t.app.inject({ url: '/api/personas/99999', headers: ctx.admin })).json()).toEqual({
      error: 'La persona no existe',
      datos: null,
    });
  });
});

describe('POST, PUT and DELETE /api/personas', () => {
  const ctx = fresh();
  let id: number;

  it('creates a person (email lowered, blanks as null) and writes the audit row', async () => {
    const res = await ctx.t.app.inject({ method: 'POST', url: '/api/personas', headers: ctx.admin, payload: NUEVA });
    expect(res.statusCode).toBe(201);
    const p = res.json().datos;
    expect(p).toMatchObject({
      nombre_completo: 'Quiroga, Ana',
      email: 'ana.quiroga@physis.com.ar',
      telefono: null,
      empresa_id: null,
      usuario: null,
    });
    id = p.id;
    const hist = await ctx.t.app.inject({ url: `/api/auditoria?entidad=persona&id=${id}`, headers: ctx.admin });
    expect(envelope(auditPage).safeParse(hist.json()).success).toBe(true);
    expect(hist.json().datos.items[0]).toMatchObject({ accion: 'crear', usuario_nombre: 'Administrador' });
  });

  it('answers field errors in Spanish: required, email, duplicate legajo, self or circular responsable', async () => {
    const bad = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/personas',
      headers: ctx.admin,
      payload: { ...NUEVA, nombre: ' ', email: 'no-es-mail', legajo: '2002' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().campos).toMatchObject({ nombre: ['Este campo es requerido'], email: ['Email inválido'] });
    const dup = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/personas',
      headers: ctx.admin,
      payload: { ...NUEVA, legajo: '1001' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos).toEqual({ legajo: ['Ya existe una persona con ese legajo'] });
    const self = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/personas/${id}`,
      headers: ctx.admin,
      payload: { ...NUEVA, responsable_id: id },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().campos).toEqual({ responsable_id: ['Una persona no puede ser su propio responsable'] });
    const [sosa] = await ctx.t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, '1002'));
    const [gomez] = await ctx.t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, '1001'));
    // Gómez is above Sosa: making Sosa her responsable would close a circle.
    const circle = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/personas/${gomez!.id}`,
      headers: ctx.admin,
      payload: { nombre: 'Laura', apellido: 'Gómez', responsable_id: sosa!.id },
    });
    expect(circle.statusCode).toBe(400);
    expect(circle.json().campos).toEqual({ responsable_id: ['El responsable elegido depende de esta persona'] });
    const missing = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/personas/${id}`,
      headers: ctx.admin,
      payload: { ...NUEVA, responsable_id: 99999 },
    });
    expect(missing.json().campos).toEqual({ responsable_id: ['El responsable elegido no existe'] });
  });

  it('updates with before and after in the audit log', async () => {
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/personas/${id}`,
      headers: ctx.admin,
      payload: { ...NUEVA, puesto: 'Líder técnica' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos.puesto).toBe('Líder técnica');
    const [row] = await ctx.t.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.entidadId, String(id)))
      .orderBy(auditoria.id);
    expect(row).toBeDefined();
  });

  it('deletes a person nothing points at', async () => {
    const res = await ctx.t.app.inject({ method: 'DELETE', url: `/api/personas/${id}`, headers: ctx.admin });
    expect(res.json()).toEqual({ error: null, datos: { accion: 'eliminada', motivo: null } });
    expect((await ctx.t.app.inject({ url: `/api/personas/${id}`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('deactivates instead a referenced person, says why, and closes their account', async () => {
    const [ruiz] = await ctx.t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, '1004'));
    const tecnico = await bearer(ctx.t.app, 'tecnico', PASSWORDS.demo);
    const res = await ctx.t.app.inject({ method: 'DELETE', url: `/api/personas/${ruiz!.id}`, headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos.accion).toBe('desactivada');
    expect(res.json().datos.motivo).toMatch(
      /^No se eliminó porque tiene una cuenta de usuario, figura en \d+ asignaci.*; se desactivó en su lugar\.$/,
    );
    const [p] = await ctx.t.db.select({ activo: personas.activo }).from(personas).where(eq(personas.id, ruiz!.id));
    expect(p!.activo).toBe(false);
    const [u] = await ctx.t.db
      .select({ activo: usuarios.activo })
      .from(usuarios)
      .where(eq(usuarios.personaId, ruiz!.id));
    expect(u!.activo).toBe(false);
    expect((await ctx.t.app.inject({ url: '/api/servidores', headers: tecnico })).statusCode).toBe(401);
    expect((await login(ctx.t.app, 'tecnico', PASSWORDS.demo)).json().datos).toBeNull();
  });

  it('deactivates instead the owner of a development, and says so', async () => {
    const created = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/personas',
      headers: ctx.admin,
      payload: { nombre: 'Dueña', apellido: 'De Proyecto' },
    });
    const duena = created.json().datos.id as number;
    const [producto] = await ctx.t.db.select({ id: productos.id }).from(productos).limit(1);
    await ctx.t.db.insert(desarrollos).values({
      titulo: 'Proyecto de prueba',
      productoId: producto!.id,
      responsableId: duena,
      descripcion: emptyDocument(),
      fechaSolicitud: '2026-01-05',
    });
    const res = await ctx.t.app.inject({ method: 'DELETE', url: `/api/personas/${duena}`, headers: ctx.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toEqual({
      accion: 'desactivada',
      motivo: 'No se eliminó porque es responsable de 1 desarrollo; se desactivó en su lugar.',
    });
  });

  it('refuses to deactivate the person behind the last administrator account', async () => {
    const [gomez] = await ctx.t.db.select({ id: personas.id }).from(personas).where(eq(personas.legajo, '1001'));
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/personas/${gomez!.id}`,
      headers: ctx.admin,
      payload: { nombre: 'Laura', apellido: 'Gómez', activo: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/última cuenta activa que administra usuarios/);
    const [p] = await ctx.t.db.select({ activo: personas.activo }).from(personas).where(eq(personas.id, gomez!.id));
    expect(p!.activo).toBe(true);
  });
});
