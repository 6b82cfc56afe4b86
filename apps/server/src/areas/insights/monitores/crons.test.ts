import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Monitor, MonitorDetalle } from '@intranet/contract/areas/insights/monitores';
import * as Sentry from '@sentry/node';
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insightsCheckins, insightsMonitores, insightsProyectos, tareasEjecuciones } from '../../../db/schema.ts';
import { Programador, type TareaProgramada } from '../../../jobs/programador.ts';
import { bearer, PASSWORDS, type TestApp, useTemplate, until, listening } from '../../../test/harness.ts';
import { alertaCrons } from './alertas-crons.ts';
import { type CheckinRecibido, guardarCheckin, revisarMonitores } from './crons.ts';
import { monitorearTareasPropias } from './crons-propios.ts';
import { TABLAS_MENSUALES } from '../mensuales.ts';
import { proyectoPropio } from '../proyectos.ts';
import { quitarViejos } from '../retencion.ts';

const template = useTemplate();

async function proyectoDePrueba(t: TestApp, key: string) {
  const [p] = await t.db
    .insert(insightsProyectos)
    .values({ nombre: `Crons ${key[0]}`, slug: `crons-${key[0]}`, plataforma: 'node', publicKey: key })
    .returning();
  return p!;
}

async function monitores(t: TestApp, admin: { authorization: string }, proyectoId: number): Promise<Monitor[]> {
  const r = await t.app.inject({ url: `/api/insights/proyectos/${proyectoId}/monitores`, headers: admin });
  expect(r.statusCode).toBe(200);
  return r.json().datos;
}

async function recibidosMonitor(t: TestApp, admin: { authorization: string }, proyectoId: number) {
  const r = await t.app.inject({ url: `/api/insights/proyectos/${proyectoId}/recibidos`, headers: admin });
  return (r.json().datos as { categoria: string; resultado: string; motivo: string; cantidad: number }[]).filter(
    (x) => x.categoria === 'monitor',
  );
}

describe('@sentry/node cron monitors', () => {
  it('withMonitor creates the monitor with its config; the run checks in in progress, then ok or error with its duration', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const p = await proyectoDePrueba(t, 'a'.repeat(32));
      const client = new Sentry.NodeClient({
        dsn: `http://${'a'.repeat(32)}@${base}/${p.id}`,
        release: 'pruebas@1.2.3',
        environment: 'test',
        transport: Sentry.makeNodeTransport,
        stackParser: Sentry.defaultStackParser,
        integrations: [],
      });
      client.init();
      const enScope = <T>(fn: () => T): T =>
        Sentry.withScope((scope) => {
          scope.setClient(client);
          return fn();
        });

      await enScope(() =>
        Sentry.withMonitor(
          'facturacion-nocturna',
          async () => {
            await new Promise((r) => setTimeout(r, 50));
          },
          {
            schedule: { type: 'crontab', value: '0 3 * * *' },
            checkinMargin: 5,
            maxRuntime: 20,
            timezone: 'America/Argentina/Buenos_Aires',
          },
        ),
      );
      await expect(
        enScope(() =>
          Sentry.withMonitor(
            'sync-stock',
            async () => {
              throw new Error('sin conexión con el depósito');
            },
            { schedule: { type: 'interval', value: 10, unit: 'minute' } },
          ),
        ),
      ).rejects.toThrow('sin conexión');
      // A check-in of a monitor that exists already needs no config.
      enScope(() => Sentry.captureCheckIn({ monitorSlug: 'sync-stock', status: 'ok', duration: 3 }));
      expect(await client.flush(5000)).toBe(true);

      const lista = await until(async () => {
        const ms = await monitores(t, admin, p.id);
        const sync = ms.find((m) => m.slug === 'sync-stock');
        return ms.length === 2 && ms[0]!.ultimo_estado === 'ok' && sync?.ultimos.length === 2 ? ms : undefined;
      });
      const [factura, sync] = [
        lista.find((m) => m.slug === 'facturacion-nocturna')!,
        lista.find((m) => m.slug === 'sync-stock')!,
      ];
      expect(factura).toMatchObject({
        programa_tipo: 'crontab',
        crontab: '0 3 * * *',
        margen_minutos: 5,
        max_minutos: 20,
        zona: 'America/Argentina/Buenos_Aires',
        ultimo_estado: 'ok',
        perdidas: 0,
        fallidas: 0,
      });
      // 03:00 in Buenos Aires (UTC-3) is 06:00 UTC.
      expect(factura.proxima).toMatch(/T06:00:00\.000Z$/);
      // The in-progress check-in was updated, not doubled.
      expect(factura.ultimos).toHaveLength(1);
      expect(factura.ultimos[0]).toMatchObject({ estado: 'ok', environment: 'test', release: 'pruebas@1.2.3' });
      expect(factura.ultimos[0]!.duracion).toBeGreaterThanOrEqual(0.04);
      expect(factura.ultimos[0]!.duracion).toBeLessThan(30);

      expect(sync).toMatchObject({
        programa_tipo: 'interval',
        intervalo: 10,
        unidad: 'minute',
        margen_minutos: 1,
        max_minutos: 30,
        fallidas: 1,
      });
      expect(sync.ultimos.map((c) => c.estado).sort()).toEqual(['error', 'ok']);
      expect(sync.ultimos.find((c) => c.estado === 'ok')!.duracion).toBe(3);

      // Counted on "Datos recibidos": five check-ins kept.
      const recibidos = await until(async () => {
        const r = await recibidosMonitor(t, admin, p.id);
        return r.reduce((n, x) => n + (x.resultado === 'aceptado' ? x.cantidad : 0), 0) === 5 ? r : undefined;
      });
      expect(recibidos.every((x) => x.resultado === 'aceptado')).toBe(true);

      // The detail holds the history.
      const detalle: MonitorDetalle = (
        await t.app.inject({ url: `/api/insights/monitores/${sync.id}`, headers: admin })
      ).json().datos;
      expect(detalle.checkins).toHaveLength(2);
      await client.close(1000);
    } finally {
      await t.close();
    }
  });

  it('drops bad check-ins with their reason, never a 500', async () => {
    const { t, admin } = await listening(template);
    try {
      const p = await proyectoDePrueba(t, 'b'.repeat(32));
      const item = (payload: unknown) => `{"type":"check_in"}\n${JSON.stringify(payload)}`;
      const id = 'c'.repeat(32);
      const cuerpo = [
        '{}',
        item({ check_in_id: id, monitor_slug: 'desconocido', status: 'ok' }),
        item({
          check_in_id: id,
          monitor_slug: 'malo',
          status: 'ok',
          monitor_config: { schedule: { type: 'crontab', value: '61 * * * *' } },
        }),
        item({ check_in_id: 'no-es-un-id', monitor_slug: 'x', status: 'ok' }),
        item({ check_in_id: id, monitor_slug: 'x', status: 'terminado' }),
        '{"type":"check_in"}\nno es json',
      ].join('\n');
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/${p.id}/envelope/?sentry_key=${'b'.repeat(32)}`,
        payload: cuerpo,
        headers: { 'content-type': 'application/x-sentry-envelope' },
      });
      expect(r.statusCode).toBe(200);
      const motivos = await until(async () => {
        const x = await recibidosMonitor(t, admin, p.id);
        return x.reduce((n, y) => n + y.cantidad, 0) === 5 ? x.map((y) => y.motivo).sort() : undefined;
      });
      expect(motivos).toEqual([
        'Check-in inválido',
        'Check-in inválido: check_in_id',
        'Check-in inválido: status',
        expect.stringMatching(/^Configuración del monitor inválida: Crontab inválido/),
        'Monitor desconocido y sin monitor_config',
      ]);
      expect(await monitores(t, admin, p.id)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

// Debian's python3-sentry-sdk 1.9.10 predates `sentry_sdk.crons`: the check-in goes through the SDK's own transport
// as an envelope item, as later versions send it.
const PYTHON = '/usr/bin/python3';
const SCRIPT = `
import sys, uuid, sentry_sdk
from sentry_sdk.envelope import Envelope, Item, PayloadRef
sentry_sdk.init(dsn=sys.argv[1], release="pagos@2.0.0", environment="test")
def check_in(status, check_in_id, duration=None):
    payload = {"check_in_id": check_in_id, "monitor_slug": "conciliacion-bancaria", "status": status,
               "environment": "test", "release": "pagos@2.0.0",
               "monitor_config": {"schedule": {"type": "crontab", "value": "*/15 * * * *"},
                                  "checkin_margin": 2, "max_runtime": 10, "timezone": "UTC"}}
    if duration is not None:
        payload["duration"] = duration
    sentry_sdk.Hub.current.client.transport.capture_envelope(
        Envelope(items=[Item(payload=PayloadRef(json=payload), type="check_in")]))
cid = uuid.uuid4().hex
check_in("in_progress", cid)
sentry_sdk.flush()
check_in("error", cid, 12.5)
sentry_sdk.flush()
print(cid)
`;

describe('python3-sentry-sdk cron check-ins', () => {
  it('creates the monitor from its config and records the failed run with its duration', async () => {
    const { t, base, admin } = await listening(template);
    try {
      const p = await proyectoDePrueba(t, 'd'.repeat(32));
      const dsn = `http://${'d'.repeat(32)}@${base}/${p.id}`;
      const { stdout } = await promisify(execFile)(PYTHON, ['-c', SCRIPT, dsn], { timeout: 60_000 });
      const cid = stdout.trim();
      const m = await until(async () => {
        const [x] = await monitores(t, admin, p.id);
        return x?.ultimo_estado === 'error' ? x : undefined;
      });
      expect(m).toMatchObject({
        slug: 'conciliacion-bancaria',
        crontab: '*/15 * * * *',
        margen_minutos: 2,
        max_minutos: 10,
        fallidas: 1,
      });
      expect(m.ultimos).toEqual([
        expect.objectContaining({ check_in_id: cid, estado: 'error', duracion: 12.5, release: 'pagos@2.0.0' }),
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('missed and timed-out runs', () => {
  const checkin = (extra: Partial<CheckinRecibido>): CheckinRecibido => ({
    checkInId: 'e'.repeat(32),
    slug: 'backup',
    estado: 'in_progress',
    duracion: null,
    environment: null,
    release: null,
    config: {
      programaTipo: 'crontab',
      crontab: '0 * * * *',
      intervalo: null,
      unidad: null,
      margenMinutos: 5,
      maxMinutos: 20,
      zona: 'UTC',
    },
    ...extra,
  });
  const at = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00.000Z`);

  it('writes a missed check-in once the margin passes, and turns a run past its maximum into timeout', async () => {
    const t = await template.clone();
    try {
      const p = await proyectoDePrueba(t, 'f'.repeat(32));
      // The 10:00 run starts and is still running at 10:19: nothing yet.
      expect(await guardarCheckin(t.db, p.id, checkin({}), at('10:00'))).toBeNull();
      const [m] = await t.db.select().from(insightsMonitores).where(eq(insightsMonitores.proyectoId, p.id));
      expect(m!.proxima).toEqual(at('11:00'));
      expect(await revisarMonitores(t.db, at('10:19'))).toEqual({ perdidas: 0, excedidas: 0 });
      // At 10:21 it ran past its 20 minutes.
      expect(await revisarMonitores(t.db, at('10:21'))).toEqual({ perdidas: 0, excedidas: 1 });
      // Its late "ok" does not undo the timeout.
      expect(await guardarCheckin(t.db, p.id, checkin({ estado: 'ok', duracion: 1500 }), at('10:25'))).toBe(
        'El check-in ya había terminado',
      );
      // 11:00 is expected; within its 5-minute margin nothing is missed, after it, it is, once.
      expect(await revisarMonitores(t.db, at('11:04'))).toEqual({ perdidas: 0, excedidas: 0 });
      expect(await revisarMonitores(t.db, at('11:06'))).toEqual({ perdidas: 1, excedidas: 0 });
      expect(await revisarMonitores(t.db, at('11:07'))).toEqual({ perdidas: 0, excedidas: 0 });
      // The 12:00 run checks in a little late but within its margin (and reported only at its end): not missed.
      expect(
        await guardarCheckin(
          t.db,
          p.id,
          checkin({ checkInId: '1'.repeat(32), estado: 'error', duracion: 60 }),
          at('12:03'),
        ),
      ).toBeNull();
      expect(await revisarMonitores(t.db, at('12:30'))).toEqual({ perdidas: 0, excedidas: 0 });
      // Two hours without a check-in: 13:00 and 14:00 missed.
      expect(await revisarMonitores(t.db, at('14:10'))).toEqual({ perdidas: 2, excedidas: 0 });

      const filas = await t.db
        .select({ estado: insightsCheckins.estado, fecha: insightsCheckins.fecha })
        .from(insightsCheckins)
        .where(eq(insightsCheckins.proyectoId, p.id))
        .orderBy(insightsCheckins.fecha);
      expect(filas).toEqual([
        { estado: 'timeout', fecha: at('10:00') },
        { estado: 'missed', fecha: at('11:00') },
        { estado: 'error', fecha: at('12:02') },
        { estado: 'missed', fecha: at('13:00') },
        { estado: 'missed', fecha: at('14:00') },
      ]);
      const [despues] = await t.db.select().from(insightsMonitores).where(eq(insightsMonitores.proyectoId, p.id));
      expect(despues).toMatchObject({ ultimoEstado: 'missed', proxima: at('15:00') });

      // The nightly retention takes them as it takes the events: 30 days after 2026-11-20 14:10, they are gone.
      const tabla = TABLAS_MENSUALES.find((x) => x.tabla === 'insights_checkins')!;
      await quitarViejos(t.db, tabla, 30, new Date(at('14:10').getTime() + 20 * 86_400_000));
      expect(await t.db.$count(insightsCheckins, eq(insightsCheckins.proyectoId, p.id))).toBe(5);
      await quitarViejos(t.db, tabla, 30, new Date(at('14:10').getTime() + 31 * 86_400_000));
      expect(await t.db.$count(insightsCheckins, eq(insightsCheckins.proyectoId, p.id))).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("alerts the project's followers of a missed, failed or timed-out run, once per monitor, kind and hour", async () => {
    const t = await template.clone();
    try {
      const p = await proyectoDePrueba(t, '3'.repeat(32));
      const ahora = new Date();
      const config = { ...checkin({}).config!, crontab: '* * * * *', margenMinutos: 1 };
      await guardarCheckin(t.db, p.id, checkin({ config, estado: 'error', duracion: 2 }), ahora);
      await guardarCheckin(
        t.db,
        p.id,
        checkin({ config, checkInId: '2'.repeat(32), estado: 'error', duracion: 2 }),
        ahora,
      );
      const { rows } = await t.db.execute<{ clave: string; titulo: string; enlace: string; proyecto_id: number }>(
        sql`select * from (${alertaCrons.consulta}) x where x.proyecto_id = ${p.id}`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.titulo).toBe(`Ejecución con error de backup en ${p.nombre}`);
      expect(rows[0]!.enlace).toMatch(/^\/insights\/monitores\/\d+$/);
    } finally {
      await t.close();
    }
  });
});

describe('monitors by hand', () => {
  it('creates, edits and deletes a monitor; a bad crontab or zone is a Spanish 400 on its field', async () => {
    const t = await template.clone();
    try {
      const admin = await bearer(t.app, 'admin', PASSWORDS.admin);
      const p = await proyectoDePrueba(t, '4'.repeat(32));
      const url = `/api/insights/proyectos/${p.id}/monitores`;
      const datos = {
        nombre: 'Backup diario',
        slug: 'backup-diario',
        programa_tipo: 'crontab',
        crontab: '30 3 * * *',
        margen_minutos: 10,
        max_minutos: 60,
        zona: 'America/Argentina/Buenos_Aires',
      };
      const malo = await t.app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { ...datos, crontab: '99 3 * * *' },
      });
      expect(malo.statusCode).toBe(400);
      expect(malo.json().campos.crontab[0]).toMatch(/^Crontab inválido/);
      const cuatro = await t.app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { ...datos, crontab: '* * * *' },
      });
      expect(cuatro.json().campos.crontab).toEqual([
        'Debe tener 5 campos: minuto, hora, día del mes, mes y día de la semana (p. ej. "0 * * * *")',
      ]);
      const zona = await t.app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { ...datos, zona: 'Marte/Olympus' },
      });
      expect(zona.statusCode).toBe(400);
      expect(zona.json().campos.zona[0]).toMatch(/^Zona horaria desconocida/);
      const sinIntervalo = await t.app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { ...datos, programa_tipo: 'interval', crontab: null },
      });
      expect(sinIntervalo.statusCode).toBe(400);
      expect(sinIntervalo.json().campos).toMatchObject({
        intervalo: ['Este campo es requerido'],
        unidad: ['Este campo es requerido'],
      });
      const margen = await t.app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { ...datos, margen_minutos: 0 },
      });
      expect(margen.json().campos.margen_minutos).toEqual(['Mínimo 1']);

      const creado = await t.app.inject({ method: 'POST', url, headers: admin, payload: datos });
      expect(creado.statusCode).toBe(201);
      const m: Monitor = creado.json().datos;
      expect(m).toMatchObject({ nombre: 'Backup diario', crontab: '30 3 * * *', ultimo_estado: null });
      expect(m.proxima).toMatch(/T06:30:00\.000Z$/);
      const repetido = await t.app.inject({ method: 'POST', url, headers: admin, payload: datos });
      expect(repetido.statusCode).toBe(409);
      expect(repetido.json().campos.slug).toEqual(['Ya hay un monitor con ese slug en el proyecto']);

      const editado = await t.app.inject({
        method: 'PUT',
        url: `/api/insights/monitores/${m.id}`,
        headers: admin,
        payload: { ...datos, programa_tipo: 'interval', crontab: null, intervalo: 2, unidad: 'hour' },
      });
      expect(editado.statusCode).toBe(200);
      expect(editado.json().datos).toMatchObject({
        programa_tipo: 'interval',
        intervalo: 2,
        unidad: 'hour',
        crontab: null,
      });
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/insights/monitores/999999', headers: admin, payload: datos }))
          .statusCode,
      ).toBe(404);
      // Reading is not editing: a technician (SER#VER only) may not create one.
      const tecnico = await bearer(t.app, 'tecnico', PASSWORDS.demo);
      expect((await t.app.inject({ method: 'POST', url, headers: tecnico, payload: datos })).statusCode).toBe(403);
      expect((await t.app.inject({ url, headers: tecnico })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/insights/monitores/${m.id}`, headers: admin })).statusCode,
      ).toBe(200);
      expect(await monitores(t, admin, p.id)).toEqual([]);
      expect((await t.app.inject({ url: '/api/insights/proyectos/999999/monitores', headers: admin })).statusCode).toBe(
        404,
      );
    } finally {
      await t.close();
    }
  });
});

describe("the portal's own jobs", () => {
  it("check in to the portal's own project: in progress, then ok or error with the duration; a failed write never breaks a job", async () => {
    const t = await template.clone();
    try {
      const propio = (await proyectoPropio(t.db))!;
      const programador = new Programador<object>(t.db, t.config);
      const corridas: string[] = [];
      const tarea = (nombre: string, ejecutar: TareaProgramada<object>['ejecutar']): TareaProgramada<object> => ({
        nombre,
        titulo: `Prueba ${nombre}`,
        descripcion: '',
        cron: () => '15 4 * * *',
        programacion: () => 'Todas las noches',
        limiteSegundos: 600,
        ejecutar,
      });
      programador.definir(
        [
          tarea('prueba-bien', async () => {
            // While it runs, its check-in says so.
            const { rows } = await t.db
              .execute<{ estado: string }>(
                sql`select c.estado from insights_checkins c join insights_monitores m on m.id = c.monitor_id
                     where m.slug = 'prueba-bien' order by c.id desc limit 1`,
              )
              .catch(() => ({ rows: [{ estado: 'sin tabla' }] }));
            corridas.push(rows[0]?.estado ?? 'ninguno');
            return 'hecho';
          }),
          tarea('prueba-mal', async () => {
            throw new Error('sin disco');
          }),
        ],
        {},
      );
      monitorearTareasPropias({
        db: t.db,
        config: t.config,
        programador: programador as unknown as Parameters<typeof monitorearTareasPropias>[0]['programador'],
      });
      await programador.iniciar(t.database.sql, { sondeoSegundos: 0.5, esperaReintento: 60 });
      try {
        await programador.ejecutarAhora('prueba-bien');
        await programador.ejecutarAhora('prueba-mal');
        const ms = await until(async () => {
          const filas = await t.db.select().from(insightsMonitores).where(eq(insightsMonitores.proyectoId, propio.id));
          const bien = filas.find((m) => m.slug === 'prueba-bien');
          const mal = filas.find((m) => m.slug === 'prueba-mal');
          return bien?.ultimoEstado === 'ok' && mal?.ultimoEstado === 'error' ? { bien, mal } : undefined;
        });
        expect(ms.bien).toMatchObject({
          nombre: 'Prueba prueba-bien',
          crontab: '15 4 * * *',
          maxMinutos: 10,
          margenMinutos: 5,
        });
        const checkins = await t.db.select().from(insightsCheckins).where(eq(insightsCheckins.monitorId, ms.bien.id));
        expect(checkins).toHaveLength(1);
        expect(checkins[0]!.estado).toBe('ok');
        expect(checkins[0]!.duracion).toBeGreaterThanOrEqual(0);
        expect(corridas).toEqual(['in_progress']);

        // The monitor's table away: the job runs all the same.
        await t.db.execute(sql`alter table insights_monitores rename to insights_monitores_rota`);
        await programador.ejecutarAhora('prueba-bien');
        await until(async () => {
          const [ultima] = await t.db
            .select({ estado: tareasEjecuciones.estado })
            .from(tareasEjecuciones)
            .where(eq(tareasEjecuciones.tarea, 'prueba-bien'))
            .orderBy(desc(tareasEjecuciones.id))
            .limit(1);
          return corridas.length === 2 && ultima?.estado === 'ok' ? true : undefined;
        });
        await t.db.execute(sql`alter table insights_monitores_rota rename to insights_monitores`);
      } finally {
        await programador.detener(2000);
      }
    } finally {
      await t.close();
    }
  });
});

describe("the monitor's demo data", () => {
  it('has cron monitors on "Portal de clientes" with recent check-ins, a missed and a failed run among them', async () => {
    const t = await template.clone();
    try {
      const admin = await bearer(t.app, 'admin', PASSWORDS.admin);
      const [demo] = await t.db
        .select({ id: insightsProyectos.id })
        .from(insightsProyectos)
        .where(eq(insightsProyectos.slug, 'portal-clientes'));
      // The template was seeded when the suite began, maybe minutes ago: "a moment later" is a minute after that.
      const [sembrado] = await t.db
        .select({ ms: sql<number>`(extract(epoch from max(${insightsMonitores.creado})) * 1000)::float8` })
        .from(insightsMonitores)
        .where(eq(insightsMonitores.proyectoId, demo!.id));
      const unMomentoDespues = new Date(Number(sembrado!.ms) + 60_000);
      const ms = await monitores(t, admin, demo!.id);
      expect(ms.length).toBeGreaterThanOrEqual(2);
      expect(ms.reduce((n, m) => n + m.perdidas, 0)).toBeGreaterThan(0);
      expect(ms.reduce((n, m) => n + m.fallidas, 0)).toBeGreaterThan(0);
      for (const m of ms) {
        expect(m.ultimos.length).toBeGreaterThan(0);
        expect(Date.parse(m.proxima!)).toBeGreaterThan(unMomentoDespues.getTime() - (m.margen_minutos + 1) * 60_000);
      }
      // Seeded as the job leaves them: nothing is overdue a moment later.
      expect(await revisarMonitores(t.db, unMomentoDespues)).toEqual({ perdidas: 0, excedidas: 0 });
    } finally {
      await t.close();
    }
  });
});
