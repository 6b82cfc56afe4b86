import { auditPage } from '@intranet/contract/areas/auditoria';
import {
  cliente,
  clientePage,
  isValidCuit,
  parametro,
  servidoresClienteResponse,
} from '@intranet/contract/areas/clientes';
import { envelope } from '@intranet/contract/shared/envelope';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditoria, clientes, parametros, personas } from '../../db/schema.ts';
import { bearer, createUser, freshApp, useTemplate } from '../../test/harness.ts';
import { cifrar, descifrar } from '../../core/secretos.ts';
import { cuitDe } from './seed.ts';

const template = useTemplate();

type Headers = { authorization: string };
/** A fresh copy of the seeded database: admin (CLIENTES#EDITAR), comercial (CLIENTES#VER), tecnico (neither). */
const fresh = () => freshApp(template, ['admin', 'comercial', 'tecnico']);

const NUEVA = {
  razon_social: 'Quesería Suipacha S.A.',
  nombre_fantasia: 'Suipacha',
  cuit: '30-10000002-0',
  condicion_iva: 'responsable_inscripto',
  email: 'info@suipacha.com.ar',
  telefono: '+54 2324 40-1234',
  domicilio: 'Ruta 5 km 128',
  localidad: 'Suipacha',
  provincia: 'Buenos Aires',
  activo: true,
  contacto_id: null,
  notas: {
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cliente nuevo', marks: [{ type: 'strong' }] }] }],
  },
};

const page = envelope(clientePage);

/** The highest of dotted versions, number by number (8.10 > 8.9). */
function maxVersion(versions: (string | null)[]): string | null {
  const nums = versions.filter((v): v is string => v !== null).map((v) => v.split('.').map(Number));
  nums.sort((a, b) => {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1)
      if ((a[i] ?? -1) !== (b[i] ?? -1)) return (b[i] ?? -1) - (a[i] ?? -1);
    return 0;
  });
  return nums[0]?.join('.') ?? null;
}

it('maxVersion compares number by number', () => {
  expect(maxVersion(['8.9.1', '8.10.0', null, '8.10'])).toBe('8.10.0');
});

describe('GET /api/empresas (list)', () => {
  const ctx = fresh();
  const lista = async (query: string, headers: Headers = ctx.comercial) => {
    const res = await ctx.t.app.inject({ url: `/api/empresas?${query}`, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('reads the next or previous page from a row (tras/antes) in every sort, computed keys too: the same pages as by number', async () => {
    const ids = async (query: string) => ((await lista(query)).body.datos.items as { id: number }[]).map((e) => e.id);
    for (const sort of [
      'servidores_count',
      '-version_physis',
      'proximo_vencimiento',
      '-actualizado',
      'provincia',
      '-razon_social',
    ]) {
      const base = `sort=${sort}&size=4`;
      const [p2, p3, p4] = [await ids(`${base}&page=2`), await ids(`${base}&page=3`), await ids(`${base}&page=4`)];
      expect(p3, sort).toHaveLength(4);
      expect(await ids(`${base}&page=3&tras=${p2.at(-1)}`), `${sort} tras`).toEqual(p3);
      expect(await ids(`${base}&page=3&antes=${p4[0]}`), `${sort} antes`).toEqual(p3);
    }
  });

  it('pages the ~30 seeded clients by razón social with servers count and the highest Physis version', async () => {
    const all = await lista('size=200');
    expect(all.status).toBe(200);
    const datos = page.parse(all.body).datos;
    expect(datos.total).toBeGreaterThanOrEqual(30);
    expect(datos.items[0]!.razon_social).toBe('Agroinsumos Formosa S.A.');
    // Every seeded CUIT carries a valid check digit.
    expect(datos.items.filter((e) => !isValidCuit(e.cuit)).map((e) => e.cuit)).toEqual([]);
    const trebol = datos.items.find((e) => e.razon_social.startsWith('Supermercados El Trébol'))!;
    expect(trebol.servidores_count).toBe(3);
    // The highest version of its servers, compared number by number (other areas' seeds may move them forward).
    const servidores = servidoresClienteResponse.parse(
      (await ctx.t.app.inject({ url: `/api/empresas/${trebol.id}/servidores`, headers: ctx.comercial })).json(),
    ).datos;
    expect(trebol.version_physis).toBe(maxVersion(servidores.map((s) => s.version_physis)));
    expect(datos.items.find((e) => e.razon_social.startsWith('Agroinsumos'))).toMatchObject({
      servidores_count: 0,
      version_physis: null,
    });
    const second = page.parse((await lista('size=5&page=2')).body).datos;
    expect(second.items.map((e) => e.id)).toEqual(datos.items.slice(5, 10).map((e) => e.id));
  });

  it('searches razón social, nombre de fantasía and the CUIT with or without dashes', async () => {
    const [uno] = await ctx.t.db.select().from(clientes).where(eq(clientes.razonSocial, 'Farmacias Patagónicas S.A.'));
    const cuit = uno!.cuit;
    const conGuiones = `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;
    for (const q of [
      'patagónicas',
      'FarmaSur',
      cuit,
      conGuiones,
      cuit.slice(0, 6),
      cuit.slice(3, 9),
      `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}`,
      cuit.slice(1),
    ]) {
      const items = page.parse((await lista(`q=${encodeURIComponent(q)}`)).body).datos.items;
      expect(
        items.map((e) => e.id),
        q,
      ).toContain(uno!.id);
    }
    expect(page.parse((await lista(`q=${encodeURIComponent(conGuiones)}`)).body).datos.total).toBe(1);
  });

  it('filters by provincia, activo and condición IVA; sorts by servers and version', async () => {
    const mendoza = page.parse((await lista('provincia=Mendoza')).body).datos.items;
    expect(mendoza.length).toBe(2);
    expect(mendoza.every((e) => e.provincia === 'Mendoza')).toBe(true);
    const inactivos = page.parse((await lista('activo=false')).body).datos.items;
    expect(inactivos.map((e) => e.razon_social)).toEqual(['Textil Catamarca S.A.']);
    const exentos = page.parse((await lista('condicion_iva=exento')).body).datos.items;
    expect(exentos.length).toBeGreaterThan(0);
    expect(exentos.every((e) => e.condicion_iva === 'exento')).toBe(true);
    const porServidores = page.parse((await lista('sort=-servidores_count&size=1')).body).datos.items;
    expect(porServidores[0]!.servidores_count).toBe(3);

    const todas = page.parse((await lista('size=200')).body).datos.items;
    const porVersion = page.parse((await lista('sort=-version_physis&size=1')).body).datos.items;
    expect(porVersion[0]!.version_physis).toBe(maxVersion(todas.map((e) => e.version_physis)));
    expect((await lista('sort=-proximo_vencimiento')).status).toBe(200);
  });

  it("lists the clients whose contact is a person (the person's Clientes tab), to readers of clients only", async () => {
    const [conContacto] = await ctx.t.db
      .select({ contacto: clientes.contactoId, razon: clientes.razonSocial })
      .from(clientes)
      .where(sql`${clientes.contactoId} is not null`)
      .limit(1);
    const suyas = page.parse((await lista(`contacto_id=${conContacto!.contacto}`)).body).datos.items;
    expect(suyas.map((e) => e.razon_social)).toEqual([conContacto!.razon]);
    const [staff] = await ctx.t.db
      .select({ id: personas.id })
      .from(personas)
      .where(sql`${personas.clienteId} is null`)
      .limit(1);
    expect(page.parse((await lista(`contacto_id=${staff!.id}`)).body).datos.total).toBe(0);
    expect((await lista(`contacto_id=${conContacto!.contacto}`, ctx.tecnico)).status).toBe(403);
    const mala = await lista('contacto_id=abc');
    expect(mala.status).toBe(400);
    expect(mala.body.campos.contacto_id).toEqual(['Contacto inválido']);
  });

  it('answers 400 with the field for bad filters', async () => {
    const res = await lista('provincia=Narnia');
    expect(res.status).toBe(400);
    expect(res.body.campos.provincia).toBeDefined();
  });

  it('exports the filtered list as CSV with the CUIT formatted', async () => {
    const res = await ctx.t.app.inject({ url: '/api/empresas/export.csv?provincia=Mendoza', headers: ctx.comercial });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = parse(res.body.replace(/^\uFEFF/, ''), { columns: true, delimiter: [',', ';'] }) as Record<
      string,
      string
    >[];
    expect(rows.length).toBe(2);
    expect(rows[0]!.CUIT).toMatch(/^\d{2}-\d{8}-\d$/);
    // The same cells as the list answers, whoever writes the file (PostgreSQL's COPY, or row by row on PGlite).
    const items = (await lista('provincia=Mendoza&size=200')).body.datos.items as {
      razon_social: string;
      servidores_count: number;
      version_physis: string | null;
      proximo_vencimiento: { fecha: string } | null;
      activo: boolean;
    }[];
    for (const row of rows) {
      const item = items.find((i) => i.razon_social === row['Razón social'])!;
      expect(row).toMatchObject({
        Servidores: String(item.servidores_count),
        'Versión Physis': item.version_physis ?? '',
        'Próximo vencimiento': item.proximo_vencimiento?.fecha ?? '',
        Activo: item.activo ? 'Sí' : 'No',
      });
      expect(['Responsable inscripto', 'Monotributo', 'Exento', 'Consumidor final', 'No responsable']).toContain(
        row['Condición IVA'],
      );
      expect(row.Actualizado).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    }
  });

  it('offers options by name or CUIT to the screens that pick a client, not to any session', async () => {
    await createUser(ctx.t.db, { usuario: 'sin-codigos-empresas', password: 'clave', codigos: [] });
    const cualquiera = await bearer(ctx.t.app, 'sin-codigos-empresas', 'clave');
    expect((await ctx.t.app.inject({ url: '/api/empresas/opciones?q=trebol', headers: cualquiera })).statusCode).toBe(
      403,
    );
    // Técnica picks a client in Desarrollos (SER#VER), without CLIENTES#VER.
    const res = await ctx.t.app.inject({ url: '/api/empresas/opciones?q=trebol', headers: ctx.tecnico });
    expect(res.statusCode).toBe(200);
    const res2 = await ctx.t.app.inject({ url: '/api/empresas/opciones?q=Trébol', headers: ctx.tecnico });
    expect(res2.json().datos.map((o: { razon_social: string }) => o.razon_social)).toEqual([
      'Supermercados El Trébol S.A.',
    ]);
  });
});

describe('empresas: create, detail, update, delete', () => {
  const ctx = fresh();

  it('creates a client (CUIT stored as digits), shows it, updates it, with history', async () => {
    const total = async () =>
      (await ctx.t.app.inject({ url: '/api/empresas?size=1', headers: ctx.admin })).json().datos.total as number;
    const antes = await total();
    const res = await ctx.t.app.inject({ method: 'POST', url: '/api/empresas', headers: ctx.admin, payload: NUEVA });
    expect(res.statusCode).toBe(201);
    // The unfiltered total comes from conteos, kept by triggers.
    expect(await total()).toBe(antes + 1);
    const creado = envelope(cliente).parse(res.json()).datos;
    expect(creado).toMatchObject({
      cuit: '30100000020',
      servidores_count: 0,
      contacto_nombre: null,
      fecha_alta: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(JSON.stringify(creado.notas)).toContain('Cliente nuevo');

    const [persona] = await ctx.t.db
      .insert(personas)
      .values({ nombre: 'Rosa', apellido: 'Ibáñez', clienteId: creado.id })
      .returning();
    const upd = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/empresas/${creado.id}`,
      headers: ctx.admin,
      payload: { ...NUEVA, localidad: 'Mercedes', contacto_id: persona!.id },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().datos).toMatchObject({
      localidad: 'Mercedes',
      contacto_id: persona!.id,
      contacto_nombre: 'Ibáñez, Rosa',
    });

    const detalle = await ctx.t.app.inject({ url: `/api/empresas/${creado.id}`, headers: ctx.comercial });
    expect(detalle.json().datos.localidad).toBe('Mercedes');

    const historia = await ctx.t.app.inject({
      url: `/api/auditoria?entidad=empresa&id=${creado.id}`,
      headers: ctx.comercial,
    });
    expect(historia.statusCode).toBe(200);
    expect(auditPage.parse(historia.json().datos).items.map((a) => a.accion)).toEqual(['modificar', 'crear']);

    // Contacts of the client through the personas list.
    const contactos = await ctx.t.app.inject({ url: `/api/personas?empresa_id=${creado.id}`, headers: ctx.admin });
    expect(contactos.statusCode).toBe(200);
    expect(contactos.json().datos.items.map((p: { apellido: string }) => p.apellido)).toEqual(['Ibáñez']);

    // Referenced by a contact: 409, nothing deleted.
    const del = await ctx.t.app.inject({ method: 'DELETE', url: `/api/empresas/${creado.id}`, headers: ctx.admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toMatch(/contactos/);
    await ctx.t.db.delete(personas).where(eq(personas.id, persona!.id));
    const del2 = await ctx.t.app.inject({ method: 'DELETE', url: `/api/empresas/${creado.id}`, headers: ctx.admin });
    expect(del2.statusCode).toBe(200);
    expect(await total()).toBe(antes);
    expect((await ctx.t.app.inject({ url: `/api/empresas/${creado.id}`, headers: ctx.admin })).statusCode).toBe(404);
  });

  it('refuses a bad check digit, a malformed CUIT and a duplicate CUIT on their field', async () => {
    const bad = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/empresas',
      headers: ctx.admin,
      payload: { ...NUEVA, cuit: '30-10000002-1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().campos.cuit).toEqual(['El dígito verificador del CUIT no es válido']);
    const short = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/empresas',
      headers: ctx.admin,
      payload: { ...NUEVA, cuit: '30-1234' },
    });
    expect(short.json().campos.cuit).toEqual(['El CUIT tiene 11 dígitos (nn-nnnnnnnn-n)']);
    const [existente] = await ctx.t.db.select({ cuit: clientes.cuit }).from(clientes).limit(1);
    const dup = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/empresas',
      headers: ctx.admin,
      payload: { ...NUEVA, cuit: existente!.cuit },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos.cuit).toEqual(['Ya existe un cliente con ese CUIT']);
    const sinRazon = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/empresas',
      headers: ctx.admin,
      payload: { ...NUEVA, razon_social: ' ', cuit: cuitDe('30', 77_000_001) },
    });
    expect(sinRazon.statusCode).toBe(400);
    expect(sinRazon.json().campos.razon_social).toEqual(['Este campo es requerido']);
  });

  it('answers 404 for a missing client and 403 to a reader writing', async () => {
    expect((await ctx.t.app.inject({ url: '/api/empresas/999999', headers: ctx.admin })).statusCode).toBe(404);
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/empresas', headers: ctx.comercial, payload: NUEVA }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.t.app.inject({ url: '/api/empresas', headers: ctx.tecnico })).statusCode).toBe(403);
  });
});

describe('servidores de cliente', () => {
  const ctx = fresh();

  it('answers the spec shape, and creates, edits and deletes a server with its dnss', async () => {
    const [e] = await ctx.t.db.select().from(clientes).where(eq(clientes.razonSocial, 'Agroinsumos Formosa S.A.'));
    const url = `/api/empresas/${e!.id}/servidores`;
    const vacio = servidoresClienteResponse.parse((await ctx.t.app.inject({ url, headers: ctx.comercial })).json());
    expect(vacio).toEqual({ error: null, datos: [] });

    const nuevo = {
      nombre: 'AF-SRV',
      hostname: 'af-srv.agroformosa.local',
      ip: '10.0.0.5',
      puerto: 1433,
      so: 'Windows Server 2022',
      motor_bd: 'SQL Server 2022',
      instancia_bd: 'MSSQLSERVER',
      version_physis: '8.5.1',
      dnss: ['erp.agroformosa.com.ar', 'vpn.agroformosa.com.ar'],
    };
    const res = await ctx.t.app.inject({ method: 'POST', url, headers: ctx.admin, payload: nuevo });
    expect(res.statusCode).toBe(201);
    const creado = res.json().datos;
    expect(creado.dnss.map((d: { host: string }) => d.host)).toEqual([
      'erp.agroformosa.com.ar',
      'vpn.agroformosa.com.ar',
    ]);
    const erpId = creado.dnss[0].id;

    const upd = await ctx.t.app.inject({
      method: 'PUT',
      url: `${url}/${creado.id}`,
      headers: ctx.admin,
      payload: { ...nuevo, version_physis: '8.6.0', dnss: ['erp.agroformosa.com.ar', 'app.agroformosa.com.ar'] },
    });
    expect(upd.statusCode).toBe(200);
    const dnss = upd.json().datos.dnss as { id: number; host: string }[];
    expect(dnss.map((d) => d.host)).toEqual(['app.agroformosa.com.ar', 'erp.agroformosa.com.ar']);
    expect(dnss.find((d) => d.host === 'erp.agroformosa.com.ar')!.id).toBe(erpId);

    const list = servidoresClienteResponse.parse(
      (await ctx.t.app.inject({ url, headers: ctx.comercial })).json(),
    ).datos;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ nombre: 'AF-SRV', version_physis: '8.6.0' });
    const fila = (await ctx.t.app.inject({ url: `/api/empresas?q=Agroinsumos`, headers: ctx.comercial })).json().datos
      .items[0];
    expect(fila).toMatchObject({ servidores_count: 1, version_physis: '8.6.0' });

    const dup = await ctx.t.app.inject({
      method: 'POST',
      url,
      headers: ctx.admin,
      payload: { ...nuevo, nombre: 'af-srv' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos.nombre).toBeDefined();
    const badPort = await ctx.t.app.inject({
      method: 'POST',
      url,
      headers: ctx.admin,
      payload: { ...nuevo, nombre: 'X', puerto: 70000, ip: 'no-ip', version_physis: 'ocho' },
    });
    expect(badPort.statusCode).toBe(400);
    expect(Object.keys(badPort.json().campos).sort()).toEqual(['ip', 'puerto', 'version_physis']);

    // Another client's server is not reachable through this client.
    const [otra] = await ctx.t.db.select().from(clientes).where(eq(clientes.razonSocial, 'Metalúrgica Andina S.A.'));
    expect(
      (
        await ctx.t.app.inject({
          method: 'DELETE',
          url: `/api/empresas/${otra!.id}/servidores/${creado.id}`,
          headers: ctx.admin,
        })
      ).statusCode,
    ).toBe(404);

    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `${url}/${creado.id}`, headers: ctx.admin })).statusCode,
    ).toBe(200);
    expect(
      servidoresClienteResponse.parse((await ctx.t.app.inject({ url, headers: ctx.comercial })).json()).datos,
    ).toEqual([]);
    expect(
      (await ctx.t.app.inject({ url: '/api/empresas/999999/servidores', headers: ctx.comercial })).statusCode,
    ).toBe(404);
  });
});

describe('instalaciones: parámetros y secretos', () => {
  const ctx = fresh();
  const clienteId = async (razon: string) =>
    (await ctx.t.db.select({ id: clientes.id }).from(clientes).where(eq(clientes.razonSocial, razon)))[0]!.id;

  it('lists the client-level parameters grouped and ordered, secrets masked', async () => {
    const id = await clienteId('Distribuidora del Litoral S.R.L.');
    const res = await ctx.t.app.inject({ url: `/api/empresas/${id}/parametros`, headers: ctx.comercial });
    expect(res.statusCode).toBe(200);
    const items = z.array(parametro).parse(res.json().datos);
    expect(items.length).toBeGreaterThan(5);
    expect(items.every((p) => p.servidor_id === null)).toBe(true);
    const secretos = items.filter((p) => p.tipo === 'secreto');
    expect(secretos.length).toBeGreaterThan(0);
    expect(secretos.every((p) => p.valor === null)).toBe(true);
    expect(items.map((p) => `${p.grupo}/${p.clave}`)).toEqual([...items.map((p) => `${p.grupo}/${p.clave}`)].sort());
  });

  it('stores a secret only encrypted (the raw columns never hold it), reveals it with an audit row per reveal', async () => {
    const id = await clienteId('Metalúrgica Andina S.A.');
    const plano = 'Contraseña-Muy-Secreta-42';
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${id}/parametros`,
      headers: ctx.admin,
      payload: { grupo: 'VPN', clave: 'vpn.password', tipo: 'secreto', valor: plano },
    });
    expect(res.statusCode).toBe(201);
    const creado = res.json().datos;
    expect(creado.valor).toBeNull();

    const raw = (await ctx.t.db.execute<Record<string, unknown>>(sql`select * from parametros where id = ${creado.id}`))
      .rows[0]!;
    expect(raw.valor).toBeNull();
    expect(String(raw.valor_cifrado)).toMatch(/^v1:/);
    expect(JSON.stringify(raw)).not.toContain(plano);
    expect(JSON.stringify(raw)).not.toContain(Buffer.from(plano).toString('base64'));
    // Nor the audit log.
    const audits = (
      await ctx.t.db.execute<Record<string, unknown>>(sql`select antes::text as a, despues::text as d from auditoria`)
    ).rows;
    expect(JSON.stringify(audits)).not.toContain(plano);

    const antes = (await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'revelar secreto'))).length;
    for (let i = 0; i < 2; i += 1) {
      const rev = await ctx.t.app.inject({
        method: 'POST',
        url: `/api/empresas/${id}/parametros/${creado.id}/revelar`,
        headers: ctx.admin,
      });
      expect(rev.statusCode).toBe(200);
      expect(rev.json().datos).toEqual({ valor: plano });
    }
    const reveals = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'revelar secreto'));
    expect(reveals.length).toBe(antes + 2);
    expect(reveals.at(-1)).toMatchObject({ usuarioNombre: 'Administrador', entidad: 'empresa', entidadId: String(id) });
    expect(JSON.stringify(reveals)).not.toContain(plano);

    // A reader cannot reveal; a non-secret cannot be revealed.
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: `/api/empresas/${id}/parametros/${creado.id}/revelar`,
          headers: ctx.comercial,
        })
      ).statusCode,
    ).toBe(403);
    const [texto] = await ctx.t.db.select().from(parametros).where(eq(parametros.tipo, 'texto')).limit(1);
    expect(
      (
        await ctx.t.app.inject({
          method: 'POST',
          url: `/api/empresas/${texto!.clienteId}/parametros/${texto!.id}/revelar`,
          headers: ctx.admin,
        })
      ).statusCode,
    ).toBe(400);

    // Update keeping the secret (no valor), then changing it.
    const keep = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/empresas/${id}/parametros/${creado.id}`,
      headers: ctx.admin,
      payload: { grupo: 'VPN', clave: 'vpn.password', tipo: 'secreto', descripcion: 'OpenVPN' },
    });
    expect(keep.statusCode).toBe(200);
    const again = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${id}/parametros/${creado.id}/revelar`,
      headers: ctx.admin,
    });
    expect(again.json().datos.valor).toBe(plano);
    await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/empresas/${id}/parametros/${creado.id}`,
      headers: ctx.admin,
      payload: { grupo: 'VPN', clave: 'vpn.password', tipo: 'secreto', valor: 'otra' },
    });
    const otra = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${id}/parametros/${creado.id}/revelar`,
      headers: ctx.admin,
    });
    expect(otra.json().datos.valor).toBe('otra');
  });

  it('the seeded secrets decrypt with the configured key, and a wrong key cannot read them', () => {
    const key = Buffer.alloc(32, 1);
    const stored = cifrar(key, 'hola');
    expect(stored).not.toContain('hola');
    expect(descifrar(key, stored)).toBe('hola');
    expect(cifrar(key, 'hola')).not.toBe(stored);
    expect(() => descifrar(Buffer.alloc(32, 2), stored)).toThrow();
    const [v, n, t, c] = stored.split(':');
    const altered = [v, n, t, Buffer.from(Buffer.from(c!, 'base64').map((b) => b ^ 1)).toString('base64')].join(':');
    expect(() => descifrar(key, altered)).toThrow();
  });

  it('validates values by type on valor, and a duplicate key on clave', async () => {
    const id = await clienteId('Metalúrgica Andina S.A.');
    const post = (payload: object) =>
      ctx.t.app.inject({ method: 'POST', url: `/api/empresas/${id}/parametros`, headers: ctx.admin, payload });
    for (const [tipo, valor] of [
      ['numero', 'diez'],
      ['booleano', 'quizás'],
      ['url', 'ftp//x'],
      ['ruta', 'datos'],
      ['secreto', ''],
    ] as const) {
      const res = await post({ grupo: 'G', clave: 'k', tipo, valor });
      expect(res.statusCode, tipo).toBe(400);
      expect(res.json().campos.valor, tipo).toBeDefined();
    }
    expect((await post({ grupo: 'G', clave: 'k', tipo: 'numero', valor: '10' })).statusCode).toBe(201);
    const dup = await post({ grupo: 'G', clave: 'k', tipo: 'texto', valor: 'x' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().campos.clave).toEqual(['Ya existe esa clave en el grupo']);
  });

  it("keeps server-level parameters apart and refuses another client's server", async () => {
    const id = await clienteId('Distribuidora del Litoral S.R.L.');
    const servidores = servidoresClienteResponse.parse(
      (await ctx.t.app.inject({ url: `/api/empresas/${id}/servidores`, headers: ctx.comercial })).json(),
    ).datos;
    const sid = servidores[0]!.id;
    const res = await ctx.t.app.inject({
      url: `/api/empresas/${id}/parametros?servidor_id=${sid}`,
      headers: ctx.comercial,
    });
    expect(res.json().datos.length).toBeGreaterThan(0);
    expect(res.json().datos.every((p: { servidor_id: number }) => p.servidor_id === sid)).toBe(true);
    const otro = await clienteId('Metalúrgica Andina S.A.');
    expect(
      (await ctx.t.app.inject({ url: `/api/empresas/${otro}/parametros?servidor_id=${sid}`, headers: ctx.comercial }))
        .statusCode,
    ).toBe(404);
    const cross = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${otro}/parametros`,
      headers: ctx.admin,
      payload: { servidor_id: sid, grupo: 'G', clave: 'x', tipo: 'texto', valor: '' },
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe('copiar parámetros de otro cliente', () => {
  const ctx = fresh();
  const clienteId = async (razon: string) =>
    (await ctx.t.db.select({ id: clientes.id }).from(clientes).where(eq(clientes.razonSocial, razon)))[0]!.id;
  const propios = async (id: number) =>
    (await ctx.t.app.inject({ url: `/api/empresas/${id}/parametros`, headers: ctx.admin })).json().datos as {
      id: number;
      grupo: string;
      clave: string;
      tipo: string;
      valor: string | null;
    }[];

  it('skips existing keys or overwrites them, copying secrets that still reveal', async () => {
    const desde = await clienteId('Distribuidora del Litoral S.R.L.');
    const hacia = await clienteId('Panificadora La Espiga S.R.L.');
    // A fresh target: only one parameter, sharing a key with the source.
    await ctx.t.db.delete(parametros).where(eq(parametros.clienteId, hacia));
    await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${hacia}/parametros`,
      headers: ctx.admin,
      payload: { grupo: 'Correo', clave: 'smtp.puerto', tipo: 'numero', valor: '25' },
    });
    await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${hacia}/parametros`,
      headers: ctx.admin,
      payload: { grupo: 'Propio', clave: 'solo.aca', tipo: 'texto', valor: 'queda' },
    });
    const origen = await propios(desde);

    const omitir = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${hacia}/parametros/copiar`,
      headers: ctx.admin,
      payload: { desde_empresa_id: desde, modo: 'omitir' },
    });
    expect(omitir.statusCode).toBe(200);
    expect(omitir.json().datos).toEqual({ copiados: origen.length - 1, sobrescritos: 0, omitidos: 1 });
    let destino = await propios(hacia);
    expect(destino.find((p) => p.clave === 'smtp.puerto')!.valor).toBe('25');
    expect(destino.find((p) => p.clave === 'solo.aca')!.valor).toBe('queda');

    const sobre = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${hacia}/parametros/copiar`,
      headers: ctx.admin,
      payload: { desde_empresa_id: desde, modo: 'sobrescribir' },
    });
    expect(sobre.json().datos).toEqual({ copiados: 0, sobrescritos: origen.length, omitidos: 0 });
    destino = await propios(hacia);
    expect(destino.find((p) => p.clave === 'smtp.puerto')!.valor).toBe('587');

    const secreto = destino.find((p) => p.tipo === 'secreto')!;
    const rev = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${hacia}/parametros/${secreto.id}/revelar`,
      headers: ctx.admin,
    });
    expect(rev.statusCode).toBe(200);
    expect(rev.json().datos.valor.length).toBeGreaterThan(0);

    const audit = await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'copiar parámetros'));
    expect(audit.length).toBe(2);
  });

  it('rolls everything back when one row fails (nothing copied, no audit row)', async () => {
    const desde = await clienteId('Distribuidora del Litoral S.R.L.');
    const hacia = await clienteId('Metalúrgica Andina S.A.');
    const antes = await propios(hacia);
    const auditAntes = (await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'copiar parámetros')))
      .length;
    // A trigger refuses the last row of the copy (ordered by grupo, clave), after the others were written.
    await ctx.t.db.execute(sql`create function falla_copia() returns trigger language plpgsql as $$
      begin
        if new.empresa_id = ${sql.raw(String(hacia))} and new.clave = 'wsfe.url' then
          raise exception 'fila rechazada' using errcode = 'check_violation';
        end if;
        return new;
      end $$`);
    await ctx.t.db.execute(
      sql`create trigger falla_copia before insert or update on parametros for each row execute function falla_copia()`,
    );
    try {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: `/api/empresas/${hacia}/parametros/copiar`,
        headers: ctx.admin,
        payload: { desde_empresa_id: desde, modo: 'sobrescribir' },
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await ctx.t.db.execute(sql`drop trigger falla_copia on parametros`);
      await ctx.t.db.execute(sql`drop function falla_copia()`);
    }
    expect(await propios(hacia)).toEqual(antes);
    expect((await ctx.t.db.select().from(auditoria).where(eq(auditoria.accion, 'copiar parámetros'))).length).toBe(
      auditAntes,
    );
  });

  it('refuses copying from itself or from a missing client', async () => {
    const id = await clienteId('Metalúrgica Andina S.A.');
    const self = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${id}/parametros/copiar`,
      headers: ctx.admin,
      payload: { desde_empresa_id: id, modo: 'omitir' },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().campos.desde_empresa_id).toBeDefined();
    const missing = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/empresas/${id}/parametros/copiar`,
      headers: ctx.admin,
      payload: { desde_empresa_id: 999999, modo: 'omitir' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
