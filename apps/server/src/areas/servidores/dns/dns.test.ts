import { createServer, type Server } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { envelope } from '@intranet/contract/shared/envelope';
import { dnsDetalle, dnsPage } from '@intranet/contract/areas/servidores/dns';
import { parse } from 'csv-parse/sync';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, direcciones, dns, servidores } from '../../../db/schema.ts';
import { camposCsv, sendCsv, ZONA_DEL_CSV, type CsvColumnaSql } from '../../../lists/csv.ts';
import { PASOS_DE_BUSQUEDA } from '../../../lists/list.ts';
import { freshApp, useTemplate } from '../../../test/harness.ts';

const ctx = freshApp(useTemplate(), ['tecnico']);

const servidorId = async (nombre: string) =>
  (await ctx.t.db.select({ id: servidores.id }).from(servidores).where(eq(servidores.nombre, nombre)))[0]!.id;
const dnsId = async (host: string) =>
  (await ctx.t.db.select({ id: dns.id }).from(dns).where(eq(dns.host, host)))[0]?.id;
const lista = async (query: string) => {
  const res = await ctx.t.app.inject({ url: `/api/dns?${query}`, headers: ctx.tecnico });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /api/dns', () => {
  it('lists the derived entries of every server, by host, with the total', async () => {
    const res = await lista('size=200');
    expect(res.status).toBe(200);
    expect(envelope(dnsPage).safeParse(res.body).success).toBe(true);
    const hosts = res.body.datos.items.map((d: { host: string }) => d.host);
    expect(hosts).toEqual([...hosts].sort());
    expect(res.body.datos.total).toBe(hosts.length);
    expect(res.body.datos.items.find((d: { host: string }) => d.host === 'mail.physis.com.ar')).toMatchObject({
      servidor_nombre: 'srv-mail-01',
      tipo: 'A',
      ttl: 3600,
      activo: true,
      direcciones_count: 2,
    });
  });

  it('searches the host, filters by server, type and state, sorts by server name', async () => {
    expect((await lista('q=MAIL')).body.datos.items.map((d: { host: string }) => d.host)).toEqual([
      'mail.physis.com.ar',
      'webmail.physis.com.ar',
    ]);
    const web = await lista(`servidor_id=${await servidorId('srv-web-01')}`);
    expect(web.body.datos.items.map((d: { host: string }) => d.host)).toEqual([
      'soporte.physis.com.ar',
      'www.physis.com.ar',
    ]);
    expect((await lista('tipo=AAAA')).body.datos.items.map((d: { host: string }) => d.host)).toEqual([
      'vpn6.physis.com.ar',
    ]);
    expect((await lista('activo=false')).body.datos.total).toBe(0);
    const byServer = await lista('sort=-servidor_nombre&size=200');
    const names = byServer.body.datos.items.map((d: { servidor_nombre: string }) => d.servidor_nombre);
    expect(names).toEqual([...names].sort().reverse());
    const p2 = await lista('sort=ttl&page=2&size=2');
    expect(p2.body.datos.items).toHaveLength(2);
  });

  it('answers the unfiltered total from the kept count, exact through inserts and deletes', async () => {
    const exact = async () =>
      Number((await ctx.t.db.execute<{ n: string }>(sql`select count(*) as n from dns`)).rows[0]!.n);
    const before = await lista('size=1');
    expect(before.body.datos.total).toBe(await exact());
    await ctx.t.db.execute(
      sql`insert into dns (servidor_id, host)
        select ${await servidorId('srv-ci-01')}, 'c' || g || '.conteo.local' from generate_series(1, 40) g`,
    );
    await ctx.t.db.execute(sql`delete from dns where host like 'c1%.conteo.local'`);
    expect((await lista('size=1')).body.datos.total).toBe(await exact());
    expect((await lista('size=1')).body.datos.total).toBe(before.body.datos.total + 29);
    await ctx.t.db.execute(sql`delete from dns where host like '%.conteo.local'`);
    expect((await lista('size=1')).body.datos.total).toBe(before.body.datos.total);
  });

  it('stops counting a filter at 10,000 and says so (total_exacto: false); counts narrower filters and the whole list exactly', async () => {
    const srv = await servidorId('srv-ci-01');
    await ctx.t.db.execute(
      sql`insert into dns (servidor_id, host, tipo)
        select ${srv}, 'm' || g || '.muchas.local', 'CNAME' from generate_series(1, 10050) g`,
    );
    try {
      const amplia = await lista(`servidor_id=${srv}&size=25&page=400`);
      expect(amplia.status).toBe(200);
      expect(envelope(dnsPage).safeParse(amplia.body).success).toBe(true);
      expect(amplia.body.datos).toMatchObject({ total: 10_000, total_exacto: false });
      expect(amplia.body.datos.items).toHaveLength(25);
      const angosta = await lista(`servidor_id=${srv}&q=m1005`);
      expect(angosta.body.datos.total).toBe(2); // m1005 and m10050
      expect(angosta.body.datos).not.toHaveProperty('total_exacto');
      // A search sorted by another column: among its few matches (found by the trigram index), or, past 10,000
      // matches, by walking the sort's index. Either way the page is the one the full sort gives.
      const enOrden = async (where: string, orden: string, desde: number) =>
        (
          await ctx.t.db.execute<{ host: string }>(
            sql.raw(`select host from dns where ${where} order by ${orden} limit 5 offset ${desde}`),
          )
        ).rows.map((r) => r.host);
      await ctx.t.db.execute(sql`update dns set ttl = 300 + (id % 7) * 60 where host like '%.muchas.local'`);
      const pocas = await lista(`q=m10&sort=-ttl&size=5&page=3`);
      expect(pocas.body.datos.total).toBe(162); // m10, m100–m109, m1000–m1099, m10000–m10050
      expect(pocas.body.datos.items.map((d: { host: string }) => d.host)).toEqual(
        await enOrden(`host ilike '%m10%'`, 'ttl desc, id desc', 10),
      );
      const muchas = await lista(`q=muchas&sort=ttl&size=5&page=7`);
      expect(muchas.body.datos).toMatchObject({ total: 10_000, total_exacto: false });
      expect(muchas.body.datos.items.map((d: { host: string }) => d.host)).toEqual(
        await enOrden(`host ilike '%muchas%'`, 'ttl asc, id asc', 30),
      );
      const todas = await lista('size=1');
      expect(todas.body.datos.total).toBeGreaterThan(10_050);
      expect(todas.body.datos).not.toHaveProperty('total_exacto');
    } finally {
      await ctx.t.db.execute(sql`delete from dns where host like '%.muchas.local'`);
    }
  });

  it('answers the estimate (total_estimado) of a filter or search far above the cap, counting nothing', async () => {
    const srv = await servidorId('srv-ci-01');
    await ctx.t.db.execute(
      sql`insert into dns (servidor_id, host, tipo, ttl)
        select ${srv}, 'e' || g || '.estimadas.local', 'AAAA', 60 + g % 500 from generate_series(1, 30000) g`,
    );
    await ctx.t.db.execute(sql`analyze dns`);
    try {
      const porTipo = await lista('tipo=AAAA&size=25&page=2');
      expect(envelope(dnsPage).safeParse(porTipo.body).success).toBe(true);
      expect(porTipo.body.datos).toMatchObject({ total: 10_000, total_exacto: false });
      // The planner's estimate from the table's statistics: near the 30,000 (and a few AAAA of the seed).
      expect(porTipo.body.datos.total_estimado).toBeGreaterThan(25_000);
      expect(porTipo.body.datos.total_estimado).toBeLessThan(36_000);
      expect(porTipo.body.datos.items).toHaveLength(25);
      const buscada = await lista('q=estimadas&sort=-ttl&size=5&page=3');
      expect(buscada.body.datos).toMatchObject({ total: 10_000, total_exacto: false });
      expect(buscada.body.datos.total_estimado).toBeGreaterThan(25_000);
      const enOrden = (
        await ctx.t.db.execute<{ host: string }>(
          sql`select host from dns where host ilike '%estimadas%' order by ttl desc, id desc limit 5 offset 10`,
        )
      ).rows.map((r) => r.host);
      expect(buscada.body.datos.items.map((d: { host: string }) => d.host)).toEqual(enOrden);
      // Narrow again: counted exactly, no estimate.
      const una = await lista('q=e29999.estimadas');
      expect(una.body.datos).toEqual(expect.objectContaining({ total: 1 }));
      expect(una.body.datos).not.toHaveProperty('total_estimado');
    } finally {
      await ctx.t.db.execute(sql`delete from dns where host like '%.estimadas.local'`);
    }
  });

  it("finds a broad search's page by a bounded walk of the sort, or among its matches when they lie past it", async () => {
    const srv = await servidorId('srv-ci-01');
    // 20,000 matches (estimated past the cap), and more rows than the walk's budget that match nothing and come
    // first in some sorts (-host and -ttl): host and ttl find their matches within the budget.
    await ctx.t.db.execute(
      sql`insert into dns (servidor_id, host, tipo, ttl)
        select ${srv}, 'a' || g || '.amplias.local', 'A', 60 + g % 7 from generate_series(1, 20000) g`,
    );
    const otras = async (desde: number, hasta: number) => {
      await ctx.t.db.execute(
        sql`insert into dns (servidor_id, host, tipo, ttl)
          select ${srv}, 'z' || g || '.otras.local', 'CNAME', 86400 from generate_series(${desde}::int, ${hasta}::int) g`,
      );
      await ctx.t.db.execute(sql`analyze dns`);
    };
    const enOrden = async (orden: string, desde: number) =>
      (
        await ctx.t.db.execute<{ host: string }>(
          sql.raw(`select host from dns where host ilike '%amplias%' order by ${orden} limit 25 offset ${desde}`),
        )
      ).rows.map((r) => r.host);
    const ordenes = [
      ['host', 'host asc, id asc'],
      ['-host', 'host desc, id desc'],
      ['ttl', 'ttl asc, id asc'],
      ['-ttl', 'ttl desc, id desc'],
      ['tipo', 'tipo asc, id asc'],
      ['-tipo', 'tipo desc, id desc'],
    ] as const;
    const mismasPaginas = async () => {
      for (const [orden, enSql] of ordenes) {
        for (const page of [1, 4]) {
          const res = await lista(`q=amplias&sort=${orden}&size=25&page=${page}`);
          expect(res.status).toBe(200);
          expect(envelope(dnsPage).safeParse(res.body).success).toBe(true);
          expect(res.body.datos).toMatchObject({ total: 10_000, total_exacto: false });
          expect(res.body.datos.items.map((d: { host: string }) => d.host)).toEqual(
            await enOrden(enSql, (page - 1) * 25),
          );
        }
      }
    };
    try {
      // Most of the list matches: -host and -ttl walk on past the rows that do not.
      await otras(1, PASOS_DE_BUSQUEDA + 500);
      await mismasPaginas();
      // Fewer than half match: -host and -ttl gather their matches.
      await otras(PASOS_DE_BUSQUEDA + 501, 25_000);
      await mismasPaginas();
      // Under a filter too (the walk's bound is read under the scope alone).
      const filtrada = await lista('q=amplias&tipo=A&sort=-tipo&size=25');
      expect(filtrada.body.datos.items.map((d: { host: string }) => d.host)).toEqual(
        (
          await ctx.t.db.execute<{ host: string }>(
            sql`select host from dns where host ilike '%amplias%' and tipo = 'A' order by tipo desc, id desc limit 25`,
          )
        ).rows.map((r) => r.host),
      );
    } finally {
      await ctx.t.db.execute(sql`delete from dns where host like '%.amplias.local' or host like '%.otras.local'`);
    }
  });

  it('answers 400 with the fields for bad filters', async () => {
    const res = await lista('tipo=MX&activo=si&servidor_id=x&sort=-ip&tras=abc&antes=0');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.campos).sort()).toEqual(['activo', 'antes', 'servidor_id', 'sort', 'tipo', 'tras']);
  });

  it('reads the next or previous page from a row (tras/antes), and a page past the middle from the end: the same pages as by number', async () => {
    const srv = await servidorId('srv-ci-01');
    await ctx.t.db.execute(
      sql`insert into dns (servidor_id, host, ttl)
        select ${srv}, 'k' || g || '.cursor.local', 60 * (1 + g % 5) from generate_series(1, 60) g`,
    );
    try {
      const ids = async (query: string) => {
        const res = await lista(query);
        expect(res.status).toBe(200);
        return res.body.datos.items.map((d: { id: number }) => d.id) as number[];
      };
      // With tipo=A a sort by type holds one key: its next page is read by id (fixedSorts).
      for (const sort of ['host', '-host', 'ttl', '-ttl', 'servidor_nombre', 'tipo', '-tipo']) {
        for (const filtro of ['', '&q=cursor.local', `&servidor_id=${srv}`, '&tipo=A']) {
          const base = `sort=${sort}&size=7${filtro}`;
          const [p2, p3, p4] = [await ids(`${base}&page=2`), await ids(`${base}&page=3`), await ids(`${base}&page=4`)];
          expect(await ids(`${base}&page=3&tras=${p2.at(-1)}`), `${base} tras`).toEqual(p3);
          expect(await ids(`${base}&page=3&antes=${p4[0]}`), `${base} antes`).toEqual(p3);
        }
      }
      // The last pages, read from the end, as the full sort gives them.
      const total = (await lista('size=1')).body.datos.total as number;
      const ultima = Math.ceil(total / 7);
      for (const page of [ultima, ultima - 1]) {
        const esperadas = (
          await ctx.t.db.execute<{ id: number }>(
            sql`select id from dns order by ttl desc, id desc limit 7 offset ${(page - 1) * 7}`,
          )
        ).rows.map((r) => r.id);
        expect(await ids(`sort=-ttl&size=7&page=${page}`)).toEqual(esperadas);
      }
      // A cursor whose row is gone: the page number alone.
      const p2 = await ids('sort=host&size=7&page=2');
      expect(await ids('sort=host&size=7&page=2&tras=2147483647')).toEqual(p2);
      // A cursor whose row the filters no longer hold (changed since): the page number alone too.
      const fuera = await dnsId('mail.physis.com.ar');
      for (const sort of ['ttl', '-ttl', 'host']) {
        const filtrada = `sort=${sort}&size=7&servidor_id=${srv}&page=3`;
        expect(await ids(`${filtrada}&tras=${fuera}`), `${sort} tras`).toEqual(await ids(filtrada));
        expect(await ids(`${filtrada}&antes=${fuera}`), `${sort} antes`).toEqual(await ids(filtrada));
      }
    } finally {
      await ctx.t.db.execute(sql`delete from dns where host like '%.cursor.local'`);
    }
  });

  it('exports the filtered entries as CSV, every row', async () => {
    await ctx.t.db.execute(sql`insert into dns (servidor_id, host, tipo)
      select ${await servidorId('srv-backup-01')}, 'h' || g || '.lote.physis.local', 'A'
        from generate_series(1, 1500) g`);
    const res = await ctx.t.app.inject({ url: '/api/dns/export.csv?q=lote&sort=host', headers: ctx.tecnico });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="dns-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]).toEqual(['Host', 'Servidor', 'Tipo', 'TTL (segundos)', 'Activa', 'Direcciones']);
    expect(rows).toHaveLength(1501);
    const hosts = rows.slice(1).map((r) => r[0]!);
    expect(hosts).toEqual([...hosts].sort());
    expect(rows[1]).toEqual(['h1.lote.physis.local', 'srv-backup-01', 'A', '3600', 'Sí', '0']);
    // Compressed as asked (gzip 1 or brotli 1: compresionCsv), to the same bytes.
    for (const [encoding, descomprimir] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const comprimida = await ctx.t.app.inject({
        url: '/api/dns/export.csv?q=lote&sort=host',
        headers: { ...ctx.tecnico, 'accept-encoding': encoding },
      });
      expect(comprimida.headers['content-encoding']).toBe(encoding);
      expect(descomprimir(comprimida.rawPayload).toString('utf8')).toBe(res.body);
    }
    await ctx.t.db.execute(sql`delete from dns where host like '%.lote.physis.local'`);
  });

  // On PostgreSQL the file is written by COPY, on PGlite row by row: this test runs on both and expects one file.
  it('exports text a spreadsheet would run neutralised, quoted where CSV needs it, whoever writes the file', async () => {
    const srv = await servidorId('srv-backup-01');
    const hosts = ['=1+1.raro.local', '@sum.raro.local', 'a,b"c.raro.local', '-x.raro.local', "o'brien\\x.raro.local"];
    for (const host of hosts)
      await ctx.t.db.execute(sql`insert into dns (servidor_id, host, activo) values (${srv}, ${host}, false)`);
    try {
      const res = await ctx.t.app.inject({ url: '/api/dns/export.csv?q=raro.local&sort=host', headers: ctx.tecnico });
      expect(res.statusCode).toBe(200);
      expect(res.body.startsWith('\ufeffHost,Servidor,Tipo,TTL (segundos),Activa,Direcciones\n')).toBe(true);
      expect(res.body).toContain('\n"a,b""c.raro.local",srv-backup-01,A,3600,No,0\n');
      const rows: string[][] = parse(res.body, { bom: true, from_line: 2 });
      expect(rows.map((r) => r[0]).sort()).toEqual([
        "'-x.raro.local",
        "'=1+1.raro.local",
        "'@sum.raro.local",
        'a,b"c.raro.local',
        "o'brien\\x.raro.local",
      ]);
      // The search goes into COPY's text as a literal (COPY takes no parameters): quotes and backslashes stay text.
      const buscada = await ctx.t.app.inject({
        url: `/api/dns/export.csv?q=${encodeURIComponent("o'brien\\x")}`,
        headers: ctx.tecnico,
      });
      expect(buscada.statusCode).toBe(200);
      expect((parse(buscada.body, { bom: true, from_line: 2 }) as string[][]).map((r) => r[0])).toEqual([
        "o'brien\\x.raro.local",
      ]);
    } finally {
      await ctx.t.db.execute(sql`delete from dns where host like '%.raro.local'`);
    }
  });

  it('formats in SQL (for COPY) exactly as the row-by-row export does: formulas, empty text, numbers, dates, Sí/No', async () => {
    type Fila = { texto: string | null; numero: number; fecha: Date; si: boolean | null };
    const valores: Fila[] = [
      { texto: '=HYPERLINK("x")', numero: -10, fecha: new Date('2026-03-09T02:05:00Z'), si: true },
      { texto: '', numero: 0, fecha: new Date('2026-12-31T15:30:59Z'), si: false },
      { texto: '\tx', numero: 42, fecha: new Date('2026-07-01T03:00:00.999Z'), si: null },
      { texto: null, numero: 7, fecha: new Date('2026-01-01T00:00:00Z'), si: true },
      // Argentina's summer time of 2008–2009: the offset is the instant's, not today's.
      { texto: 'ñandú', numero: 1, fecha: new Date('2008-12-01T12:00:00Z'), si: false },
    ];
    const v = sql.raw('v');
    const columnas: CsvColumnaSql<Fila>[] = [
      { titulo: 'Texto', valor: (f) => f.texto, sql: sql`${v}.texto`, tipo: 'texto' },
      { titulo: 'Número', valor: (f) => f.numero, sql: sql`${v}.numero`, tipo: 'numero' },
      { titulo: 'Fecha', valor: (f) => f.fecha, sql: sql`${v}.fecha`, tipo: 'fecha' },
      { titulo: 'Sí', valor: (f) => f.si, sql: sql`${v}.si`, tipo: 'booleano' },
    ];
    const filasSql = sql.join(
      valores.map(
        (f) =>
          sql`(${f.texto}::text, ${f.numero}::int, ${f.fecha.toISOString()}::timestamptz,
            ${f.si}::boolean, ${valores.indexOf(f)}::int)`,
      ),
      sql`, `,
    );
    const campos = camposCsv(columnas);
    // In a transaction of its own, as the COPY: its instants are written in the time zone it sets.
    const { rows } = await ctx.t.db.transaction(async (tx) => {
      await tx.execute(sql.raw(ZONA_DEL_CSV));
      return tx.execute<Record<string, string | null>>(
        sql`select ${sql.join(
          Object.values(campos).map((c) => sql`${c.getSQL()} as ${sql.identifier(c.fieldAlias)}`),
          sql`, `,
        )}
            from (values ${filasSql}) as v (texto, numero, fecha, si, orden) order by v.orden`,
      );
    });
    const app = Fastify();
    app.get('/x.csv', (_request, reply) => {
      sendCsv(reply, {
        nombre: 'x',
        columnas,
        filas: (async function* () {
          yield valores;
        })(),
      });
      return reply;
    });
    const escritas: string[][] = parse((await app.inject('/x.csv')).body, { bom: true, from_line: 2 });
    await app.close();
    const enSql = rows.map((r) => columnas.map((c) => String(r[c.titulo] ?? '')));
    expect(enSql).toEqual(escritas);
    expect(escritas[0]).toEqual(['\'=HYPERLINK("x")', '-10', '2026-03-08T23:05:00-03:00', 'Sí']);
    expect(escritas.map((fila) => fila[2])).toEqual([
      '2026-03-08T23:05:00-03:00',
      '2026-12-31T12:30:59-03:00',
      '2026-07-01T00:00:00-03:00',
      '2025-12-31T21:00:00-03:00',
      '2008-12-01T10:00:00-02:00',
    ]);
  });
});

describe('DNS entries: create, read, update, delete', () => {
  let id: number;
  const entrada = async () => ({
    servidor_id: await servidorId('srv-db-01'),
    host: 'Replica.Physis.com.ar',
    tipo: 'A',
    ttl: 300,
    activo: true,
  });

  it('creates with 201 (host lower-cased) and an audit row', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/dns',
      headers: ctx.tecnico,
      payload: await entrada(),
    });
    expect(res.statusCode).toBe(201);
    const datos = res.json().datos;
    expect(datos).toMatchObject({
      host: 'replica.physis.com.ar',
      servidor_nombre: 'srv-db-01',
      ttl: 300,
      direcciones_count: 0,
    });
    id = datos.id;
    const audit = await ctx.t.app.inject({ url: `/api/auditoria?entidad=dns&id=${id}`, headers: ctx.tecnico });
    expect(audit.json().datos.items[0]).toMatchObject({
      accion: 'crear',
      despues: { host: 'replica.physis.com.ar', ttl: 300 },
    });
  });

  it('refuses a duplicate host in any case (409 on host) and a missing server (409 on servidor_id)', async () => {
    const dup = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/dns',
      headers: ctx.tecnico,
      payload: { ...(await entrada()), host: 'WWW.physis.com.ar' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      error: 'Ya existe una entrada DNS con ese host',
      datos: null,
      campos: { host: ['Ya existe una entrada DNS con ese host'] },
    });
    const orphan = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/dns',
      headers: ctx.tecnico,
      payload: { ...(await entrada()), host: 'x.physis.com.ar', servidor_id: 999999 },
    });
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json().campos).toEqual({ servidor_id: ['El servidor elegido no existe'] });
  });

  it('answers 400 with the fields for bad input', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/dns',
      headers: ctx.tecnico,
      payload: { servidor_id: 0, host: 'no valido!', tipo: 'MX', ttl: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().campos).sort()).toEqual(['host', 'servidor_id', 'tipo', 'ttl']);
  });

  it('reads the entry with its addresses', async () => {
    const res = await ctx.t.app.inject({ url: `/api/dns/${await dnsId('mail.physis.com.ar')}`, headers: ctx.tecnico });
    expect(envelope(dnsDetalle).safeParse(res.json()).success).toBe(true);
    expect(res.json().datos.direcciones.map((d: { url: string }) => d.url)).toEqual([
      'http://mail.physis.com.ar:993/',
      'http://mail.physis.com.ar:587/',
    ]);
    expect((await ctx.t.app.inject({ url: '/api/dns/999999', headers: ctx.tecnico })).statusCode).toBe(404);
  });

  it('updates with before and after in the audit log', async () => {
    const res = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/dns/${id}`,
      headers: ctx.tecnico,
      payload: { ...(await entrada()), ttl: 600, activo: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().datos).toMatchObject({ ttl: 600, activo: false });
    const audit = await ctx.t.app.inject({ url: `/api/auditoria?entidad=dns&id=${id}`, headers: ctx.tecnico });
    expect(audit.json().datos.items[0]).toMatchObject({
      accion: 'modificar',
      antes: { ttl: 300, activo: true },
      despues: { ttl: 600, activo: false },
    });
    expect(
      (
        await ctx.t.app.inject({
          method: 'PUT',
          url: '/api/dns/999999',
          headers: ctx.tecnico,
          payload: await entrada(),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("keeps the server's name on the entry (its sort key): moved to another server, a server renamed, never set by hand", async () => {
    const movida = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/dns/${id}`,
      headers: ctx.tecnico,
      payload: { ...(await entrada()), servidor_id: await servidorId('srv-web-01') },
    });
    expect(movida.json().datos).toMatchObject({ servidor_nombre: 'srv-web-01' });
    await ctx.t.db.update(servidores).set({ nombre: 'aaa-web-renombrado' }).where(eq(servidores.nombre, 'srv-web-01'));
    const primeras = (await lista('sort=servidor_nombre&size=3')).body.datos.items;
    expect(primeras.map((d: { servidor_nombre: string }) => d.servidor_nombre)).toEqual([
      'aaa-web-renombrado',
      'aaa-web-renombrado',
      'aaa-web-renombrado',
    ]);
    expect(primeras.map((d: { host: string }) => d.host)).toContain('replica.physis.com.ar');
    await ctx.t.db.update(dns).set({ servidorNombre: 'otro' }).where(eq(dns.id, id));
    await ctx.t.db
      .insert(dns)
      .values({ servidorId: await servidorId('srv-db-01'), host: 'a-mano.physis.com.ar', servidorNombre: 'otro' });
    const [a, b] = await ctx.t.db
      .select({ n: dns.servidorNombre })
      .from(dns)
      .where(sql`${dns.id} = ${id} or ${dns.host} = 'a-mano.physis.com.ar'`)
      .orderBy(dns.id);
    expect([a?.n, b?.n]).toEqual(['aaa-web-renombrado', 'srv-db-01']);
    await ctx.t.db.update(servidores).set({ nombre: 'srv-web-01' }).where(eq(servidores.nombre, 'aaa-web-renombrado'));
    await ctx.t.db.delete(dns).where(eq(dns.host, 'a-mano.physis.com.ar'));
  });

  it('deletes the entry with its addresses in one transaction, auditing each', async () => {
    const mail = (await dnsId('mail.physis.com.ar'))!;
    const dirs = await ctx.t.db.select({ id: direcciones.id }).from(direcciones).where(eq(direcciones.dnsId, mail));
    const res = await ctx.t.app.inject({ method: 'DELETE', url: `/api/dns/${mail}`, headers: ctx.tecnico });
    expect(res.json()).toEqual({ error: null, datos: null });
    expect(await dnsId('mail.physis.com.ar')).toBeUndefined();
    const rows = await ctx.t.db
      .select()
      .from(auditoria)
      .where(sql`${auditoria.accion} = 'eliminar' and ${auditoria.entidad} = 'direccion'`);
    expect(rows.map((r) => r.entidadId).sort()).toEqual(dirs.map((d) => String(d.id)).sort());
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/dns/${mail}`, headers: ctx.tecnico })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/dns/:id/resolver', () => {
  it('answers what the resolver says, or a Spanish error, never a 500', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/dns/${await dnsId('www.physis.com.ar')}/resolver`,
      headers: ctx.tecnico,
    });
    expect(res.statusCode).toBe(200);
    const datos = res.json().datos;
    expect(datos.host).toBe('www.physis.com.ar');
    if (datos.error) {
      expect(datos).toMatchObject({ direcciones: [], coincide: null });
      expect(datos.error).toMatch(/^(El|No se pudo)/);
    } else {
      expect(typeof datos.coincide).toBe('boolean');
    }
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/dns/999999/resolver', headers: ctx.tecnico })).statusCode,
    ).toBe(404);
  });
});

describe('addresses', () => {
  let listener: Server;
  let openPort: number;
  let closedPort: number;
  let id: number;
  beforeAll(async () => {
    listener = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    openPort = (listener.address() as { port: number }).port;
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
  });
  afterAll(() => new Promise((resolve) => listener.close(resolve)));

  it('creates (201), lists per entry, updates and deletes, auditing each change', async () => {
    const dnsWww = (await dnsId('www.physis.com.ar'))!;
    const created = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/direcciones',
      headers: ctx.tecnico,
      payload: { dns: dnsWww, host: '127.0.0.1', port: openPort },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().datos).toMatchObject({
      dns: dnsWww,
      host: '127.0.0.1',
      port: openPort,
      path: '/',
      url: `http://127.0.0.1:${openPort}/`,
    });
    id = created.json().datos.id;

    const list = await ctx.t.app.inject({ url: `/api/direcciones?dns=${dnsWww}`, headers: ctx.tecnico });
    expect(list.json().datos.map((d: { id: number }) => d.id)).toContain(id);
    expect((await ctx.t.app.inject({ url: '/api/direcciones?dns=999999', headers: ctx.tecnico })).statusCode).toBe(404);
    expect((await ctx.t.app.inject({ url: '/api/direcciones', headers: ctx.tecnico })).statusCode).toBe(400);

    const updated = await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/direcciones/${id}`,
      headers: ctx.tecnico,
      payload: { dns: dnsWww, host: '127.0.0.1', port: openPort, path: '/salud' },
    });
    expect(updated.json().datos.path).toBe('/salud');
    const audit = await ctx.t.app.inject({ url: `/api/auditoria?entidad=direccion&id=${id}`, headers: ctx.tecnico });
    expect(audit.json().datos.items.map((r: { accion: string }) => r.accion)).toEqual(['modificar', 'crear']);
    expect(audit.json().datos.items[0]).toMatchObject({ antes: { path: '/' }, despues: { path: '/salud' } });
  });

  it('answers 400 for a bad port or path and 409 for a missing DNS entry', async () => {
    const bad = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/direcciones',
      headers: ctx.tecnico,
      payload: { dns: 1, host: 'a b', port: 70000, path: 'sin-barra' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().campos).sort()).toEqual(['host', 'path', 'port']);
    const orphan = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/direcciones',
      headers: ctx.tecnico,
      payload: { dns: 999999, host: 'a.b.com', port: 80 },
    });
    expect(orphan.statusCode).toBe(409);
    expect(orphan.json().campos).toEqual({ dns: ['La entrada DNS elegida no existe'] });
  });

  it('verificar: reachable with the time it took, or not with a Spanish reason', async () => {
    const ok = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/direcciones/${id}/verificar`,
      headers: ctx.tecnico,
    });
    expect(ok.json().datos).toMatchObject({ alcanzable: true, error: null });
    expect(typeof ok.json().datos.ms).toBe('number');
    const dnsWww = (await dnsId('www.physis.com.ar'))!;
    await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/direcciones/${id}`,
      headers: ctx.tecnico,
      payload: { dns: dnsWww, host: '127.0.0.1', port: closedPort },
    });
    const refused = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/direcciones/${id}/verificar`,
      headers: ctx.tecnico,
    });
    expect(refused.json().datos).toEqual({
      alcanzable: false,
      ms: null,
      error: 'Conexión rechazada: nada escucha en ese puerto',
    });
  });

  it('deletes, auditing it; 404 after', async () => {
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/direcciones/${id}`, headers: ctx.tecnico })).json(),
    ).toEqual({ error: null, datos: null });
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/direcciones/${id}`, headers: ctx.tecnico })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: `/api/direcciones/${id}/verificar`, headers: ctx.tecnico }))
        .statusCode,
    ).toBe(404);
  });
});
