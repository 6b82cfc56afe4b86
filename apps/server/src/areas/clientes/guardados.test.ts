import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientePage } from '@intranet/contract/areas/clientes';
import { vencimientoPage } from '@intranet/contract/areas/clientes/vencimientos';
import { envelope } from '@intranet/contract/shared/envelope';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productos } from '../../db/schema.ts';
import { fechaLocal } from '../../core/fechas.ts';
import { freshApp, useTemplate } from '../../test/harness.ts';
import { cuitDe } from './seed.ts';

// The client list's server count, Physis version and next expiry, and the expiry grids' rows, are kept by triggers
// (migration 0040) instead of computed per row: every write through the routes moves them, and the sorts follow.

const template = useTemplate();
const fresh = () => freshApp(template, ['admin', 'comercial']);

const DAY = 24 * 60 * 60 * 1000;
const dia = (offset: number) => fechaLocal(new Date(Date.now() + offset * DAY));

/** A real X.509 certificate (openssl), as AFIP's: valid `days` from now. */
function certificadoAfip(days: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'k.pem'),
        '-out',
        join(dir, 'c.pem'),
        '-days',
        String(days),
        '-subj',
        `/C=AR/O=Guardada/CN=guardada-facturacion/serialNumber=CUIT ${cuitDe('30', 77_000_001)}`,
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(join(dir, 'c.pem'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the kept columns of the client list and the expiry grids', () => {
  const ctx = fresh();
  const inject = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await ctx.t.app.inject({
      method,
      url,
      headers: ctx.admin,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json().datos;
  };
  const valores = (nombre: string, numero: number, fantasia: string | null = null) => ({
    razon_social: nombre,
    nombre_fantasia: fantasia,
    cuit: cuitDe('30', numero),
    condicion_iva: 'responsable_inscripto',
    email: null,
    telefono: null,
    domicilio: null,
    localidad: null,
    provincia: null,
    activo: true,
    contacto_id: null,
    notas: { type: 'doc', content: [{ type: 'paragraph' }] },
  });
  const cliente = async (nombre: string, numero: number): Promise<number> =>
    (await inject('POST', '/api/empresas', valores(nombre, numero))).id;
  /** The two clients of the test (found by their shared word), in the list's order for `sort`. */
  const lista = async (sort: string) => {
    const datos = envelope(clientePage).parse(
      (await ctx.t.app.inject({ url: `/api/empresas?q=Guardada&sort=${sort}`, headers: ctx.comercial })).json(),
    ).datos!;
    return datos.items;
  };
  const orden = async (sort: string) => (await lista(sort)).map((e) => e.razon_social);
  const grilla = async (grupo: 'afip' | 'physis', query: string) =>
    envelope(vencimientoPage).parse(
      (await ctx.t.app.inject({ url: `/api/vencimientos/${grupo}/lista?${query}`, headers: ctx.comercial })).json(),
    ).datos!;

  it('follows servers added, changed and deleted: their count and highest Physis version', async () => {
    const alfa = await cliente('Guardada Alfa S.A.', 76_000_001);
    const beta = await cliente('Guardada Beta S.A.', 76_000_101);
    const servidor = (version: string | null, nombre: string) => ({
      nombre,
      hostname: null,
      ip: null,
      puerto: null,
      so: null,
      motor_bd: null,
      instancia_bd: null,
      version_physis: version,
      dnss: [],
    });
    expect((await lista('servidores_count')).map((e) => [e.servidores_count, e.version_physis])).toEqual([
      [0, null],
      [0, null],
    ]);

    await inject('POST', `/api/empresas/${alfa}/servidores`, servidor('8.9.0', 'A1'));
    const b1 = await inject('POST', `/api/empresas/${beta}/servidores`, servidor('8.10.0', 'B1'));
    await inject('POST', `/api/empresas/${beta}/servidores`, servidor('8.2', 'B2'));
    await inject('POST', `/api/empresas/${beta}/servidores`, servidor(null, 'B3'));
    expect(await orden('-servidores_count')).toEqual(['Guardada Beta S.A.', 'Guardada Alfa S.A.']);
    // 8.10 is higher than 8.9: compared number by number.
    expect((await lista('-version_physis')).map((e) => [e.razon_social, e.servidores_count, e.version_physis])).toEqual(
      [
        ['Guardada Beta S.A.', 3, '8.10.0'],
        ['Guardada Alfa S.A.', 1, '8.9.0'],
      ],
    );

    // A server's version lowered: its client's highest is the next one.
    await inject('PUT', `/api/empresas/${beta}/servidores/${b1.id}`, servidor('8.1', 'B1'));
    expect((await lista('-version_physis')).map((e) => [e.razon_social, e.version_physis])).toEqual([
      ['Guardada Alfa S.A.', '8.9.0'],
      ['Guardada Beta S.A.', '8.2'],
    ]);

    // Deleted: two left, then the client itself with its servers.
    await inject('DELETE', `/api/empresas/${beta}/servidores/${b1.id}`);
    expect((await lista('-servidores_count')).map((e) => [e.razon_social, e.servidores_count])).toEqual([
      ['Guardada Beta S.A.', 2],
      ['Guardada Alfa S.A.', 1],
    ]);
    await inject('DELETE', `/api/empresas/${beta}`);
    expect(await orden('servidores_count')).toEqual(['Guardada Alfa S.A.']);
    await inject('DELETE', `/api/empresas/${alfa}`);
  });

  it('adds the servers of one statement to what each client keeps, as a recount gives (migration 0044)', async () => {
    const alfa = await cliente('Lote Eta S.A.', 76_000_601);
    const beta = await cliente('Lote Theta S.A.', 76_000_701);
    await inject('POST', `/api/empresas/${alfa}/servidores`, {
      nombre: 'G0',
      hostname: null,
      ip: null,
      puerto: null,
      so: null,
      motor_bd: null,
      instancia_bd: null,
      version_physis: '8.9.0',
      dnss: [],
    });
    // 300 servers in one INSERT, both clients, versions 8.0 to 8.11 and none: added to the kept count and version.
    await ctx.t.db.execute(sql`
      insert into servidores_cliente (empresa_id, nombre, version_physis)
      select case when g % 3 = 0 then ${beta}::int else ${alfa}::int end, 'lote-' || g,
             case when g % 5 = 0 then null else '8.' || (g % 12) end
      from generate_series(1, 300) g`);
    const guardadas = await ctx.t.db.execute<{ id: number; n: number; v: string | null }>(
      sql`select id, servidores_count as n, version_physis as v from empresas
        where id in (${alfa}, ${beta}) order by id`,
    );
    const recuento = await ctx.t.db.execute<{ id: number; n: number; v: string | null }>(sql`
      select e.id, count(s.id)::int as n, array_to_string(max(string_to_array(s.version_physis, '.')::int[]), '.') as v
      from empresas e left join servidores_cliente s on s.empresa_id = e.id
      where e.id in (${alfa}, ${beta}) group by e.id order by e.id`);
    expect(guardadas.rows.map((r) => [Number(r.id), Number(r.n), r.v])).toEqual(
      recuento.rows.map((r) => [Number(r.id), Number(r.n), r.v]),
    );
    expect(guardadas.rows.map((r) => [Number(r.n), r.v])).toEqual([
      [201, '8.11'],
      [100, '8.9'],
    ]);
    await inject('DELETE', `/api/empresas/${alfa}`);
    await inject('DELETE', `/api/empresas/${beta}`);
  });

  it('follows licences, points of sale and certificates added, changed and deleted: the next expiry and its sort', async () => {
    const alfa = await cliente('Guardada Gamma S.A.', 76_000_201);
    const beta = await cliente('Guardada Delta S.A.', 76_000_301);
    const [producto] = await ctx.t.db
      .select({ id: productos.id })
      .from(productos)
      .where(eq(productos.codigo, 'PHY-SUELDOS'));
    const licencia = (clienteId: number, vence: string | null, extra: Record<string, unknown> = {}) => ({
      empresa_id: clienteId,
      producto_id: producto!.id,
      tipo: vence ? 'anual' : 'perpetua',
      usuarios: 1,
      inicio: dia(-100),
      vence,
      modulo: null,
      ...extra,
    });
    const proximo = async () =>
      (await lista('proximo_vencimiento')).map((e) => [e.razon_social, e.proximo_vencimiento?.fecha ?? null]);

    const la = await inject('POST', '/api/vencimientos/licencias', licencia(alfa, dia(30)));
    const lb = await inject('POST', '/api/vencimientos/licencias', licencia(beta, dia(10)));
    expect(await proximo()).toEqual([
      ['Guardada Delta S.A.', dia(10)],
      ['Guardada Gamma S.A.', dia(30)],
    ]);

    // A CAI point of sale due sooner comes first, and its item is the badge's; moved later, it no longer leads.
    const pv = await inject('POST', '/api/vencimientos/puntos-venta', {
      empresa_id: alfa,
      numero: 3,
      modalidad: 'cai',
      cai_vence: dia(5),
      descripcion: null,
    });
    const primero = (await lista('proximo_vencimiento'))[0]!;
    expect(primero).toMatchObject({
      razon_social: 'Guardada Gamma S.A.',
      proximo_vencimiento: { fecha: dia(5), tipo: 'punto_venta', item: 'PV 00003' },
    });
    await inject('PUT', `/api/vencimientos/puntos-venta/${pv.id}`, {
      empresa_id: alfa,
      numero: 3,
      modalidad: 'cai',
      cai_vence: dia(50),
      descripcion: null,
    });
    expect(await proximo()).toEqual([
      ['Guardada Delta S.A.', dia(10)],
      ['Guardada Gamma S.A.', dia(30)],
    ]);

    // A licence renewed, given baja, or made perpetual leaves its date; deleted, it leaves the grid.
    await inject('POST', `/api/vencimientos/items/licencia/${lb.id}/renovar`, { vence: dia(40), nota: null });
    expect(await proximo()).toEqual([
      ['Guardada Gamma S.A.', dia(30)],
      ['Guardada Delta S.A.', dia(40)],
    ]);
    await inject('PUT', `/api/vencimientos/licencias/${la.id}`, licencia(alfa, dia(30), { baja: dia(-1) }));
    expect(await proximo()).toEqual([
      ['Guardada Delta S.A.', dia(40)],
      ['Guardada Gamma S.A.', dia(50)],
    ]);
    await inject('DELETE', `/api/vencimientos/items/licencia/${lb.id}`);
    // Without a dated item, a client sorts last (and first the other way).
    expect(await proximo()).toEqual([
      ['Guardada Gamma S.A.', dia(50)],
      ['Guardada Delta S.A.', null],
    ]);
    expect((await lista('-proximo_vencimiento')).map((e) => e.razon_social)).toEqual([
      'Guardada Delta S.A.',
      'Guardada Gamma S.A.',
    ]);

    // A certificate: imported, renamed (the grid's item), renewed, deleted.
    const cert = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/vencimientos/certificados/importar?empresa_id=${beta}&ambiente=produccion&alias=Facturación`,
      headers: { ...ctx.admin, 'content-type': 'application/x-pem-file' },
      payload: certificadoAfip(20),
    });
    expect(cert.statusCode, cert.body).toBe(201);
    const certId = cert.json().datos.id as number;
    const vence = cert.json().datos.vence as string;
    expect(await proximo()).toEqual([
      ['Guardada Delta S.A.', vence],
      ['Guardada Gamma S.A.', dia(50)],
    ]);
    await inject('PUT', `/api/vencimientos/certificados/${certId}`, {
      alias: 'Exportación',
      ambiente: 'produccion',
      servicios: ['wsfex'],
    });
    const afip = await grilla('afip', `empresa_id=${beta}`);
    expect(afip.items.map((v) => [v.item, v.detalle, v.cliente])).toEqual([
      ['Exportación', 'Producción · wsfex', 'Guardada Delta S.A.'],
    ]);
    // Its CSV (written by PostgreSQL's COPY there, row by row on PGlite): the same row, the state in words.
    const csv = await ctx.t.app.inject({
      url: `/api/vencimientos/afip/export.csv?empresa_id=${beta}`,
      headers: ctx.comercial,
    });
    expect(csv.statusCode).toBe(200);
    const dias = afip.items[0]!.dias;
    expect(parse(csv.body, { bom: true, columns: true })).toEqual([
      {
        Cliente: 'Guardada Delta S.A.',
        CUIT: cuitDe('30', 76_000_301),
        Tipo: 'Certificado',
        Ítem: 'Exportación',
        Detalle: 'Producción · wsfex',
        Vence: vence,
        'Días restantes': String(dias),
        Estado: `${dias} días`,
      },
    ]);
    await inject('POST', `/api/vencimientos/items/certificado/${certId}/renovar`, { vence: dia(90), nota: null });
    expect(await proximo()).toEqual([
      ['Guardada Gamma S.A.', dia(50)],
      ['Guardada Delta S.A.', dia(90)],
    ]);
    await inject('DELETE', `/api/vencimientos/items/certificado/${certId}`);
    expect(await proximo()).toEqual([
      ['Guardada Gamma S.A.', dia(50)],
      ['Guardada Delta S.A.', null],
    ]);
    expect((await grilla('afip', `empresa_id=${beta}`)).total).toBe(0);
  });

  it("carries a client's new name and a product's new name to the grids: their sort and search follow", async () => {
    const alfa = await cliente('Guardada Epsilon S.A.', 76_000_401);
    const beta = await cliente('Guardada Zeta S.A.', 76_000_501);
    const [producto] = await ctx.t.db
      .select({ id: productos.id, nombre: productos.nombre })
      .from(productos)
      .where(eq(productos.codigo, 'PHY-SUELDOS'));
    for (const clienteId of [alfa, beta]) {
      await inject('POST', '/api/vencimientos/licencias', {
        empresa_id: clienteId,
        producto_id: producto!.id,
        tipo: 'anual',
        usuarios: 2,
        inicio: dia(-10),
        vence: dia(15),
        modulo: 'Stock',
      });
    }
    const porCliente = async () => (await grilla('physis', 'q=Guardada&sort=cliente')).items.map((v) => v.cliente);
    expect(await porCliente()).toEqual(['Guardada Epsilon S.A.', 'Guardada Zeta S.A.']);

    await inject('PUT', `/api/empresas/${alfa}`, valores('Guardada Omega S.A.', 76_000_401, 'Omeguita'));
    expect(await porCliente()).toEqual(['Guardada Omega S.A.', 'Guardada Zeta S.A.']);
    expect((await grilla('physis', 'q=Omeguita')).items.map((v) => v.cliente)).toEqual(['Guardada Omega S.A.']);
    expect((await grilla('physis', 'q=Epsilon')).total).toBe(0);

    await ctx.t.db.update(productos).set({ nombre: 'Physis Haberes' }).where(eq(productos.id, producto!.id));
    const items = (await grilla('physis', 'q=Guardada')).items.map((v) => v.item);
    expect(items).toEqual(['Physis Haberes · Stock', 'Physis Haberes · Stock']);
    expect((await grilla('physis', 'q=Haberes')).total).toBeGreaterThanOrEqual(2);
    await ctx.t.db.update(productos).set({ nombre: producto!.nombre }).where(eq(productos.id, producto!.id));
  });

  it('recounts the clients of a change or a delete of many rows in one statement, as a recount gives (migration 0065)', async () => {
    const ids = [
      await cliente('Masivo Uno S.A.', 76_000_801),
      await cliente('Masivo Dos S.A.', 76_000_901),
      await cliente('Masivo Tres S.A.', 76_001_001),
    ];
    const [a, b, c] = ids as [number, number, number];
    const lista = sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    );
    const cualquiera = sql`(array[${lista}])[1 + g % 3]`;
    const [producto] = await ctx.t.db
      .select({ id: productos.id })
      .from(productos)
      .where(eq(productos.codigo, 'PHY-SUELDOS'));
    // What each client keeps against a recount of the whole tables, and the grid rows of its items against them.
    const comparar = async (paso: string) => {
      const { rows } = await ctx.t.db.execute<{ guardado: string; recuento: string }>(sql`
        select e.id, row(e.servidores_count, e.version_physis, e.proximo_vencimiento)::text as guardado,
               row((select count(*)::int from servidores_cliente s where s.empresa_id = e.id),
                   (select array_to_string(max(string_to_array(s.version_physis, '.')::int[]), '.')
                     from servidores_cliente s
                     where s.empresa_id = e.id),
                   (select min(x.vence) from (
                      select vence from afip_certificados where empresa_id = e.id and reemplazado_por is null
                      union all select cai_vence from afip_puntos_venta where empresa_id = e.id
                      union all select vence from physis_licencias
                        where empresa_id = e.id and baja is null) x))::text as recuento
          from empresas e where e.id in (${lista}) order by e.id`);
      expect(
        rows.map((r) => r.guardado),
        paso,
      ).toEqual(rows.map((r) => r.recuento));
      const grilla = await ctx.t.db.execute<{ fila: string }>(sql`
        select row(id, empresa_id, vence, item)::text as fila from vencimientos where empresa_id in (${lista})
        order by id`);
      const items = await ctx.t.db.execute<{ fila: string }>(sql`
        select row(id, empresa_id, vence, item)::text as fila from (
          select c.id * 4 + 1 as id, c.empresa_id, c.vence, coalesce(c.alias, c.cn) as item from afip_certificados c
           where c.empresa_id in (${lista}) and c.reemplazado_por is null
          union all
          select p.id * 4 + 2, p.empresa_id, p.cai_vence, 'PV ' || lpad(p.numero::text, 5, '0') from afip_puntos_venta p
           where p.empresa_id in (${lista}) and p.cai_vence is not null
          union all
          select l.id * 4 + 3, l.empresa_id, l.vence, pr.nombre || coalesce(' · ' || l.modulo, '')
            from physis_licencias l
            join productos pr on pr.id = l.producto_id
           where l.empresa_id in (${lista}) and l.vence is not null and l.baja is null) x
        order by id`);
      expect(
        grilla.rows.map((r) => r.fila),
        paso,
      ).toEqual(items.rows.map((r) => r.fila));
    };

    await ctx.t.db.execute(sql`
      insert into servidores_cliente (empresa_id, nombre, version_physis)
      select ${cualquiera}, 'masivo-' || g, case when g % 7 = 0 then null else '8.' || (g % 11) || '.' || (g % 4) end
      from generate_series(1, 240) g`);
    await ctx.t.db.execute(sql`
      insert into afip_certificados (empresa_id, cuit, cn, ambiente, emitido, vence, serial, huella)
      select ${cualquiera}, '30000000000', 'masivo-' || g, 'produccion',
             current_date - 100, current_date + 30 + g, 's' || g, md5(g::text)
      from generate_series(1, 90) g`);
    await ctx.t.db.execute(sql`
      insert into afip_puntos_venta (empresa_id, numero, modalidad, cai_vence)
      select ${cualquiera}, g, 'cai', current_date + 200 + g from generate_series(1, 30) g`);
    await ctx.t.db.execute(sql`
      insert into physis_licencias (empresa_id, producto_id, tipo, usuarios, inicio, vence)
      select ${cualquiera}, ${producto!.id}, 'anual', 1, current_date - 10, current_date + 20 + g
      from generate_series(1, 90) g`);
    await comparar('altas');

    // One row first: a session's statements are planned again for the many rows that follow.
    await ctx.t.db.execute(
      sql`update servidores_cliente set version_physis = '9.0'
        where id = (select min(id) from servidores_cliente where empresa_id = ${a})`,
    );
    await comparar('un servidor');
    const pasos: [string, ReturnType<typeof sql>][] = [
      // Versions raised and lowered (the highest of each client among them), a third renamed only.
      [
        'versiones cambiadas',
        sql`update servidores_cliente set version_physis =
              case when id % 2 = 0 then '8.' || (id % 5) else '10.' || (id % 3) end
            where empresa_id in (${lista}) and id % 3 <> 0`,
      ],
      [
        'servidores renombrados',
        sql`update servidores_cliente set nombre = nombre || '-r' where empresa_id in (${lista})`,
      ],
      // Servers moved between clients, with the highest versions among them.
      [
        'servidores movidos',
        sql`update servidores_cliente set empresa_id =
              case empresa_id when ${a}::int then ${b}::int when ${b}::int then ${c}::int else ${a}::int end
            where empresa_id in (${lista}) and id % 4 = 0`,
      ],
      [
        'servidores borrados',
        sql`delete from servidores_cliente
            where empresa_id in (${lista}) and (id % 5 < 2 or version_physis like '10.%')`,
      ],
      // Every client's earliest certificate renewed, others brought forward; some moved to another client.
      [
        'certificados renovados',
        sql`update afip_certificados set vence = case when id % 2 = 0 then vence + 400 else vence - 25 end,
                   empresa_id = case when id % 5 = 0 then ${c}::int else empresa_id end
            where empresa_id in (${lista})`,
      ],
      ['certificados borrados', sql`delete from afip_certificados where empresa_id in (${lista}) and id % 3 = 0`],
      [
        'puntos de venta sin CAI',
        sql`update afip_puntos_venta set modalidad = 'cae', cai_vence = null
            where empresa_id in (${lista}) and id % 2 = 0`,
      ],
      [
        'licencias renovadas y dadas de baja',
        sql`update physis_licencias set vence = vence + 300, baja = case when id % 4 = 0 then current_date end,
                   modulo = case when id % 3 = 0 then 'Stock' end
            where empresa_id in (${lista})`,
      ],
      ['licencias borradas', sql`delete from physis_licencias where empresa_id in (${lista}) and id % 2 = 1`],
      ['todo borrado', sql`delete from servidores_cliente where empresa_id in (${lista})`],
      ['certificados, todos', sql`delete from afip_certificados where empresa_id in (${lista})`],
      ['licencias, todas', sql`delete from physis_licencias where empresa_id in (${lista})`],
    ];
    for (const [paso, sentencia] of pasos) {
      await ctx.t.db.execute(sentencia);
      await comparar(paso);
    }
    const { rows } = await ctx.t.db.execute<{ n: number; v: string | null }>(
      sql`select servidores_count as n, version_physis as v from empresas where id in (${lista}) order by id`,
    );
    expect(rows.map((r) => [Number(r.n), r.v])).toEqual([
      [0, null],
      [0, null],
      [0, null],
    ]);
    for (const id of ids) await inject('DELETE', `/api/empresas/${id}`);
  });
});
