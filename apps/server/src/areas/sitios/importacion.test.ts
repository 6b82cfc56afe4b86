import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dns, clientes, servidores, sitios } from '../../db/schema.ts';
import { importacionDePrueba } from '../../lists/importacion/test-support.ts';
import { useTemplate } from '../../test/harness.ts';

const template = useTemplate();

describe('importing websites from a spreadsheet', () => {
  const imp = importacionDePrueba(template, {
    ruta: '/api/sitios',
    codigos: ['SUBPROD#VER', 'SUBPROD#EDITAR'],
    lector: ['SUBPROD#VER'],
  });
  const { ctx } = imp;

  it('serves a template whose headers map back whole', () => imp.plantillaMapeaEntera());

  it('imports its own export back unchanged (round trip): clients, servers and DNS entries by name', async () => {
    const [{ n }] = (await ctx.t.db.select({ n: sql<number>`count(*)::int` }).from(sitios)) as [{ n: number }];
    await imp.idaYVuelta(n);
  });

  it('refuses by row what the form refuses (a DNS entry of another server, an unknown client, a URL taken), then creates by name and updates by URL', async () => {
    const csv = [
      'Name,URL,Client,Server,DNS,Status,SSL expires',
      'Importado Uno,https://Uno.Importado.test,Propio,srv-web-01,www.physis.com.ar,Activo,31/12/2026',
      'Importado Dos,https://dos.importado.test/x,Agropecuaria Los Ceibos S.A.,,app.physis.com.ar,Mantenimiento,',
    ].join('\n');
    const malo = await imp.subir(
      `${csv}\nMal servidor,https://tres.importado.test,,srv-app-01,www.physis.com.ar,Activo,\nSin cliente,https://cuatro.importado.test,Nadie S.A.,,,Activo,\nTomada,https://WWW.physis.com.ar,,,,Activo,\nInsegura,http://cinco.importado.test,,,,Activo,`,
    );
    const rechazo = await imp.importar(malo.id, malo.mapeo, 'crear');
    expect(rechazo.statusCode).toBe(400);
    expect(rechazo.json().campos).toEqual({
      'fila 4': ['DNS: la entrada DNS www.physis.com.ar no pertenece al servidor elegido (está en srv-web-01)'],
      'fila 5': ['Cliente: no hay un cliente con la razón social «Nadie S.A.»'],
      'fila 6': ['Ya existe un sitio con esa URL'],
      'fila 7': ['URL: La URL debe empezar con https://'],
    });
    expect(await ctx.t.db.select().from(sitios).where(sql`${sitios.url} like '%importado.test%'`)).toEqual([]);

    const subida = await imp.subir(csv);
    expect((await imp.importar(subida.id, subida.mapeo, 'crear')).statusCode).toBe(200);
    const creados = await ctx.t.db
      .select({
        url: sitios.url,
        cliente: clientes.razonSocial,
        servidor: servidores.nombre,
        dns: dns.host,
        estado: sitios.estado,
        ssl: sitios.sslVence,
      })
      .from(sitios)
      .leftJoin(clientes, eq(clientes.id, sitios.clienteId))
      .leftJoin(servidores, eq(servidores.id, sitios.servidorId))
      .leftJoin(dns, eq(dns.id, sitios.dnsId))
      .where(sql`${sitios.url} like '%importado.test%'`)
      .orderBy(sitios.nombre);
    // Stored as the form stores it; the DNS entry's server is the site's when none is named.
    expect(creados).toEqual([
      {
        url: 'https://dos.importado.test/x',
        cliente: 'Agropecuaria Los Ceibos S.A.',
        servidor: 'srv-app-01',
        dns: 'app.physis.com.ar',
        estado: 'mantenimiento',
        ssl: null,
      },
      {
        url: 'https://uno.importado.test/',
        cliente: null,
        servidor: 'srv-web-01',
        dns: 'www.physis.com.ar',
        estado: 'activo',
        ssl: '2026-12-31',
      },
    ]);

    const cambio = await imp.subir(
      'URL;Registrador\nhttps://UNO.importado.test;NIC Argentina\nhttps://dos.importado.test/x;\n',
    );
    expect(await imp.ensayo(cambio.id, cambio.mapeo, 'actualizar')).toMatchObject({
      crear: 0,
      actualizar: 1,
      sin_cambios: 1,
    });
    expect((await imp.importar(cambio.id, cambio.mapeo, 'actualizar')).statusCode).toBe(200);
    expect(
      (await ctx.t.db.select().from(sitios).where(eq(sitios.url, 'https://uno.importado.test/')))[0]!.registrador,
    ).toBe('NIC Argentina');
  });

  it('is documented in the OpenAPI under the area', () => imp.enOpenApi());

  it('answers 403 without SUBPROD#EDITAR', () => imp.sinPermiso403());
});
