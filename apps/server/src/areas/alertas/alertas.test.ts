import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Webhook as Receptor } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afipPuntosVenta,
  alertasAvisos,
  alertasCorreos,
  alertasPreferencias,
  clientes,
  maquinas,
  notificaciones,
  sitioVerificaciones,
  sitios,
  usuarios,
  webhookEntregas,
  webhooks,
} from '../../db/schema.ts';
import { freshApp, useTemplate, type Fresh } from '../../test/harness.ts';
import { enviarPendientes } from './correo.ts';
import { destinatarios } from './destinatarios.ts';
import { escanearEventos, escanearVencimientos } from './escaneo.ts';
import { enviarWebhooks, salidaDe } from './webhooks.ts';

const template = useTemplate();

/** A day well after the demo data's dates (they are more than a year overdue then, so the scan leaves them). */
const dia = (iso: string) => new Date(`${iso}T15:00:00Z`);

/** A real SMTP server on a free port that keeps every message it receives, parsed. */
async function smtpDePrueba() {
  const recibidos: (ParsedMail & { destinatarios: string[] })[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          recibidos.push(Object.assign(mail, { destinatarios: session.envelope.rcptTo.map((r) => r.address) }));
          callback();
        })
        .catch(callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recibidos,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A point of sale whose CAI is due on `vence` and a machine whose warranty ends on `garantia`. */
async function items(ctx: Fresh, vence: string, garantia: string) {
  const db = ctx.t.db;
  const [cliente] = await db.select({ id: clientes.id, razon: clientes.razonSocial }).from(clientes).limit(1);
  const [pv] = await db
    .insert(afipPuntosVenta)
    .values({ clienteId: cliente!.id, numero: 9876, modalidad: 'cai', caiVence: vence })
    .returning();
  const [maquina] = await db
    .insert(maquinas)
    .values({
      nombre: 'NB-ALERTA',
      tipo: 'notebook',
      estado: 'en_uso',
      garantiaHasta: garantia,
      nroInventario: 'INV-ALERTA',
    })
    .returning();
  return { cliente: cliente!, pv: pv!, maquina: maquina! };
}

async function idDe(ctx: Fresh, usuario: string): Promise<number> {
  const [fila] = await ctx.t.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.usuario, usuario));
  return fila!.id;
}

async function notificacionesDe(ctx: Fresh, usuario: string) {
  return ctx.t.db
    .select()
    .from(notificaciones)
    .where(eq(notificaciones.usuarioId, await idDe(ctx, usuario)))
    .orderBy(notificaciones.id);
}

describe('the expiry scan', () => {
  const ctx = freshApp(template, ['admin', 'comercial', 'tecnico']);
  let it1: Awaited<ReturnType<typeof items>>;
  beforeAll(async () => {
    it1 = await items(ctx, '2045-04-01', '2045-03-12');
  });

  it('announces what reached a threshold, once, to each person who may read it', async () => {
    const deps = depsDe(ctx);
    const r = await escanearVencimientos(deps, dia('2045-03-10'));
    expect(r.avisos).toBe(2);
    const admin = await notificacionesDe(ctx, 'admin');
    expect(admin).toHaveLength(1);
    expect(admin[0]).toMatchObject({
      tipo: 'vencimientos',
      titulo: '2 vencimientos requieren atención',
      detalle: '1 CAI de punto de venta, 1 garantía de máquina',
      enlace: `/alertas/notificaciones/${admin[0]!.id}`,
    });
    // Comercial reads clients, not machines: one item, so the bell goes straight to it.
    const comercial = await notificacionesDe(ctx, 'comercial');
    expect(comercial).toHaveLength(1);
    expect(comercial[0]).toMatchObject({
      tipo: 'punto_venta',
      titulo: 'Un vencimiento requiere atención',
      enlace: `/clientes/${it1.cliente.id}?tab=vencimientos`,
    });
    // Técnica reads neither clients nor machines: told nothing.
    expect(await notificacionesDe(ctx, 'tecnico')).toHaveLength(0);

    // The same day again: nothing new.
    expect((await escanearVencimientos(deps, dia('2045-03-10'))).avisos).toBe(0);
    expect(await notificacionesDe(ctx, 'admin')).toHaveLength(1);
  });

  it('warns again at the next threshold and weekly while overdue; a renewal stops it', async () => {
    const deps = depsDe(ctx);
    // 6 days before the CAI (threshold 7) and the warranty 14 days overdue (second week).
    expect((await escanearVencimientos(deps, dia('2045-03-26'))).avisos).toBe(2);
    expect((await escanearVencimientos(deps, dia('2045-03-27'))).avisos).toBe(0);
    // Renewed: the CAI is far away again, and the warranty's next reminder is a week later.
    await ctx.t.db.update(afipPuntosVenta).set({ caiVence: '2047-01-01' }).where(eq(afipPuntosVenta.id, it1.pv.id));
    expect((await escanearVencimientos(deps, dia('2045-04-01'))).avisos).toBe(0);
    expect((await escanearVencimientos(deps, dia('2045-04-02'))).avisos).toBe(1);
  });

  it('shows a notification with its items to its owner only, and marks it read', async () => {
    const [primera] = await notificacionesDe(ctx, 'admin');
    const detalle = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/alertas/notificaciones/${primera!.id}`,
      headers: ctx.admin,
    });
    expect(detalle.statusCode).toBe(200);
    expect(
      detalle
        .json()
        .datos.items.map((i: { titulo: string }) => i.titulo)
        .sort(),
    ).toEqual([`CAI del punto de venta 9876 de ${it1.cliente.razon}`, 'Garantía de NB-ALERTA (inventario INV-ALERTA)']);
    expect(detalle.json().datos.notificacion.leida).toBe(true);
    const ajena = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/alertas/notificaciones/${primera!.id}`,
      headers: ctx.comercial,
    });
    expect(ajena.statusCode).toBe(404);
    expect(ajena.json().error).toBe('La notificación no existe');

    const bell = await ctx.t.app.inject({ method: 'GET', url: '/api/alertas/notificaciones', headers: ctx.admin });
    expect(bell.json().datos.no_leidas).toBe(2);
    const leida = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/alertas/notificaciones/${bell.json().datos.items[0].id}/leida`,
      headers: ctx.admin,
    });
    expect(leida.json().datos).toEqual({ no_leidas: 1 });
    const todas = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/alertas/notificaciones/leidas',
      headers: ctx.admin,
    });
    expect(todas.json().datos).toEqual({ no_leidas: 0 });
    const malas = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/alertas/notificaciones?limite=0',
      headers: ctx.admin,
    });
    expect(malas.statusCode).toBe(400);
    expect(malas.json().campos).toEqual({ limite: ['Mínimo 1'] });
  });

  it('lists the jobs to admins only; without a running scheduler none can be run', async () => {
    const lista = await ctx.t.app.inject({ method: 'GET', url: '/api/alertas/tareas', headers: ctx.admin });
    expect(lista.statusCode).toBe(200);
    const datos = lista.json().datos;
    expect(datos.activo).toBe(false);
    expect(datos.correo).toEqual({ configurado: false, pendientes: 0, fallidos: 0 });
    expect(datos.tareas.map((t: { nombre: string }) => t.nombre).sort()).toEqual([
      'alertas-envios',
      'alertas-eventos',
      'alertas-retencion',
      'alertas-vencimientos',
      'archivos-barrido',
      'auditoria-retencion',
      'insights-ignorados',
      'insights-monitores-cron',
      'insights-reagrupar',
      'insights-retencion',
      'sitios-verificar',
    ]);
    expect(
      (await ctx.t.app.inject({ method: 'GET', url: '/api/alertas/tareas', headers: ctx.comercial })).statusCode,
    ).toBe(403);
    const ejecutar = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/alertas/tareas/alertas-vencimientos/ejecutar',
      headers: ctx.admin,
    });
    expect(ejecutar.statusCode).toBe(409);
    expect(ejecutar.json().error).toBe('Este servidor no ejecuta tareas programadas (TAREAS=0)');
    expect(
      (await ctx.t.app.inject({ method: 'POST', url: '/api/alertas/tareas/otra/ejecutar', headers: ctx.admin }))
        .statusCode,
    ).toBe(404);
  });
});

describe('two scans at the same moment', () => {
  const ctx = freshApp(template);

  it('announce each item once between them', async () => {
    await items(ctx, '2045-04-01', '2045-03-12');
    const deps = depsDe(ctx);
    const [a, b] = await Promise.all([
      escanearVencimientos(deps, dia('2045-03-10')),
      escanearVencimientos(deps, dia('2045-03-10')),
    ]);
    expect(a.avisos + b.avisos).toBe(2);
    expect(await notificacionesDe(ctx, 'admin')).toHaveLength(1);
    expect(await notificacionesDe(ctx, 'comercial')).toHaveLength(1);
  });
});

/**
 * A server process of its own on the clone's PostgreSQL (test/alertas-proceso.ts): it runs the expiry job when told.
 */
async function otroProceso(config: Fresh['t']['config']) {
  const hijo = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('../../test/alertas-proceso.ts', import.meta.url))],
    {
      env: {
        ...process.env,
        DATABASE_URL: config.databaseUrl,
        SMTP_URL: config.smtpUrl,
        PUBLIC_URL: config.publicUrl,
        ALERTAS_REMITENTE: config.alertasRemitente,
        SECRETS_KEY: config.secretsKey?.toString('base64'),
        DATA_DIR: config.dataDir,
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lineas = createInterface({ input: hijo.stdout! })[Symbol.asyncIterator]();
  const leer = async () => {
    const { value, done } = await lineas.next();
    if (done) throw new Error(`el proceso terminó (código ${hijo.exitCode})`);
    return JSON.parse(value as string) as { listo?: true; resultado?: string };
  };
  await leer(); // { listo: true }
  return {
    ejecutar: async () => {
      hijo.stdin!.write('ejecutar\n');
      return (await leer()).resultado!;
    },
    cerrar: async () => {
      hijo.stdin!.end();
      if (hijo.exitCode === null) await once(hijo, 'exit');
    },
  };
}

// PGlite is one process's database by nature: two processes share a database on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let smtp: Awaited<ReturnType<typeof smtpDePrueba>>;
  beforeAll(async () => {
    smtp = await smtpDePrueba();
  });
  const ctx = freshApp(template, [], {
    config: () => ({
      smtpUrl: smtp.url,
      publicUrl: 'https://intranet.example',
      alertasRemitente: 'Intranet <alertas@example.com>',
    }),
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('run the expiry job at the same moment: each alert reaches the bell and the mailbox once', async () => {
    // The demo data has items due within days of today; each of these processes runs the real job on them.
    const procesos = await Promise.all([otroProceso(ctx.t.config), otroProceso(ctx.t.config)]);
    try {
      const resultados = await Promise.all(procesos.map((p) => p.ejecutar()));
      expect(resultados.filter((r) => r.includes('avisos nuevos'))).toHaveLength(1);
      const porPersona = await ctx.t.db.select({ usuarioId: notificaciones.usuarioId }).from(notificaciones);
      expect(porPersona.length).toBeGreaterThanOrEqual(2);
      expect(new Set(porPersona.map((n) => n.usuarioId)).size).toBe(porPersona.length);
      const destinatarios = smtp.recibidos.flatMap((m) => m.destinatarios);
      expect(destinatarios).toEqual(expect.arrayContaining(['admin@intranet.local', 'comercial@intranet.local']));
      expect(new Set(destinatarios).size).toBe(destinatarios.length);

      // Again at once: nothing new in the bell or the mailbox.
      const otra = await Promise.all(procesos.map((p) => p.ejecutar()));
      expect(otra).toEqual(['Sin vencimientos nuevos que avisar', 'Sin vencimientos nuevos que avisar']);
      expect(await ctx.t.db.select({ id: notificaciones.id }).from(notificaciones)).toHaveLength(porPersona.length);
      expect(smtp.recibidos).toHaveLength(destinatarios.length);
    } finally {
      await Promise.all(procesos.map((p) => p.cerrar()));
    }
  });
});

describe('the e-mail digest', () => {
  let smtp: Awaited<ReturnType<typeof smtpDePrueba>>;
  // Started before the clone, whose configuration names it.
  beforeAll(async () => {
    smtp = await smtpDePrueba();
  });
  const ctx = freshApp(template, [], {
    config: () => ({
      smtpUrl: smtp.url,
      publicUrl: 'https://intranet.example',
      alertasRemitente: 'Intranet <alertas@example.com>',
    }),
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('sends one digest per person, in Spanish, HTML and plain text, each item linked', async () => {
    const { cliente } = await items(ctx, '2045-04-01', '2045-03-12');
    // The demo's administrators get warranties in the bell only; this one chose e-mail too.
    await ctx.t.db
      .insert(alertasPreferencias)
      .values({ usuarioId: await idDe(ctx, 'admin'), tipo: 'garantia', email: true, portal: true });
    const deps = depsDe(ctx);
    const r = await escanearVencimientos(deps, dia('2045-03-10'));
    expect(r.correos).toBe(2);
    expect(await enviarPendientes(deps)).toEqual({ enviados: 2, fallidos: 0 });
    expect(smtp.recibidos.map((m) => m.destinatarios).sort()).toEqual([
      ['admin@intranet.local'],
      ['comercial@intranet.local'],
    ]);
    const admin = smtp.recibidos.find((m) => m.destinatarios[0] === 'admin@intranet.local')!;
    expect(admin.subject).toBe('Intranet: 2 vencimientos requieren atención');
    expect(admin.from?.value).toEqual([{ name: 'Intranet', address: 'alertas@example.com' }]);
    // Its state is counted from the day it is sent (today, in this test years before the scan's day).
    expect(admin.text).toMatch(/Garantía de NB-ALERTA \(inventario INV-ALERTA\): 12\/03\/2045 \(Vence en \d+ días\)/);
    expect(admin.text!.indexOf('Puntos de venta (CAI)')).toBeLessThan(admin.text!.indexOf('Garantías de máquinas'));
    expect(admin.text).toContain(`https://intranet.example/clientes/${cliente.id}?tab=vencimientos`);
    expect(admin.html).toContain('<a href="https://intranet.example/maquinas/');
    expect(admin.html).toContain('>Puntos de venta (CAI)</h3>');
    const comercial = smtp.recibidos.find((m) => m.destinatarios[0] === 'comercial@intranet.local')!;
    expect(comercial.subject).toBe('Intranet: un vencimiento requiere atención');
    expect(comercial.text).not.toContain('NB-ALERTA');
    // Sent once: a second run finds nothing waiting.
    expect(await enviarPendientes(deps)).toEqual({ enviados: 0, fallidos: 0 });
    const estados = await ctx.t.db.select({ estado: alertasCorreos.estado }).from(alertasCorreos);
    expect(estados.map((e) => e.estado)).toEqual(['enviado', 'enviado']);
  });

  it('does not send what the person can no longer read', async () => {
    const comercial = await idDe(ctx, 'comercial');
    await ctx.t.db
      .insert(alertasCorreos)
      .values({ usuarioId: comercial, asunto: 'x', corridaId: null, texto: 'Prueba', enlace: '/alertas/tareas' });
    await ctx.t.db.update(usuarios).set({ activo: false }).where(eq(usuarios.id, comercial));
    const antes = smtp.recibidos.length;
    expect(await enviarPendientes({ db: ctx.t.db, config: ctx.t.config })).toEqual({ enviados: 1, fallidos: 0 });
    expect(smtp.recibidos.length).toBe(antes);
  });
});

/** What the app gives the areas (the expiry sources of every area among it). */
function depsDe(ctx: Fresh) {
  const deps = ctx.t.programador.dependencias;
  if (!deps) throw new Error('la app no definió sus tareas');
  return deps;
}

describe('the demo’s default subscriptions', () => {
  const ctx = freshApp(template);

  it('give administrators warranties in the bell only, until they choose', async () => {
    await items(ctx, '2045-04-01', '2045-03-12');
    const r = await escanearVencimientos(depsDe(ctx), dia('2045-03-10'));
    expect(r.correos).toBe(0);
    // No SMTP here: no e-mail is queued at all; both people still get the bell.
    expect(r.notificaciones).toBe(2);
    const [admin] = await destinatarios(ctx.t.db, await idDe(ctx, 'admin'));
    expect(admin!.canales('garantia')).toEqual({ email: false, portal: true });
    expect(admin!.canales('certificado')).toEqual({ email: true, portal: true });
  });
});

describe('Mis alertas', () => {
  const ctx = freshApp(template, ['comercial', 'tecnico']);

  it('lists the kinds the person may receive, saves their channels, and the scan follows them', async () => {
    const antes = await ctx.t.app.inject({ method: 'GET', url: '/api/alertas/preferencias', headers: ctx.comercial });
    expect(antes.statusCode).toBe(200);
    expect(antes.json().datos).toEqual({
      correo_configurado: false,
      email: 'comercial@intranet.local',
      tipos: [
        { tipo: 'certificado', titulo: 'Certificados AFIP', email: true, portal: true, propia: false },
        { tipo: 'punto_venta', titulo: 'Puntos de venta (CAI)', email: true, portal: true, propia: false },
        { tipo: 'licencia', titulo: 'Licencias Physis', email: true, portal: true, propia: false },
      ],
      puede_seguir: { clientes: true, proyectos: false },
      clientes: [],
      proyectos: [],
    });
    const guardar = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/alertas/preferencias',
      headers: ctx.comercial,
      payload: { preferencias: [{ tipo: 'punto_venta', email: true, portal: false }] },
    });
    expect(guardar.statusCode).toBe(200);
    expect(guardar.json().datos.tipos[1]).toEqual({
      tipo: 'punto_venta',
      titulo: 'Puntos de venta (CAI)',
      email: true,
      portal: false,
      propia: true,
    });

    const ajena = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/alertas/preferencias',
      headers: ctx.tecnico,
      payload: { preferencias: [{ tipo: 'certificado', email: false, portal: true }] },
    });
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().campos).toEqual({ 'preferencias.0.tipo': ['Sus permisos no le dejan recibir estas alertas'] });
    const mala = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/alertas/preferencias',
      headers: ctx.comercial,
      payload: { preferencias: [{ tipo: 'otro', email: 1 }] },
    });
    expect(mala.statusCode).toBe(400);

    await items(ctx, '2045-04-01', '2045-03-12');
    await escanearVencimientos(depsDe(ctx), dia('2045-03-10'));
    // Comercial turned the bell off for points of sale: nothing in it; the admin still gets both.
    expect(await notificacionesDe(ctx, 'comercial')).toHaveLength(0);
    expect(await notificacionesDe(ctx, 'admin')).toHaveLength(1);
  });
});

describe('following clients', () => {
  const ctx = freshApp(template, ['admin', 'comercial', 'tecnico']);
  const guardar = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    ctx.t.app.inject({ method: 'PUT', url: '/api/alertas/preferencias', headers, payload });
  const todas = [{ tipo: 'punto_venta', email: true, portal: true }];

  it('narrows the alerts of clients’ kinds to the clients followed, in the bell and its list; none followed: all', async () => {
    const [a, b] = await ctx.t.db
      .select({ id: clientes.id, razon: clientes.razonSocial })
      .from(clientes)
      .orderBy(clientes.id)
      .limit(2);
    await ctx.t.db.insert(afipPuntosVenta).values([
      { clienteId: a!.id, numero: 9001, modalidad: 'cai', caiVence: '2045-04-01' },
      { clienteId: b!.id, numero: 9002, modalidad: 'cai', caiVence: '2045-04-01' },
    ]);
    const sigue = await guardar(ctx.comercial, { preferencias: todas, clientes: [a!.id] });
    expect(sigue.statusCode).toBe(200);
    expect(sigue.json().datos.clientes).toEqual([{ id: a!.id, nombre: a!.razon }]);

    await escanearVencimientos(depsDe(ctx), dia('2045-03-10'));
    const [suya] = await notificacionesDe(ctx, 'comercial');
    expect(suya!.detalle).toBe('1 CAI de punto de venta');
    const detalle = await ctx.t.app.inject({ url: `/api/alertas/notificaciones/${suya!.id}`, headers: ctx.comercial });
    expect(detalle.json().datos.items.map((i: { titulo: string }) => i.titulo)).toEqual([
      `CAI del punto de venta 9001 de ${a!.razon}`,
    ]);
    // The admin follows no one: both.
    const [delAdmin] = await notificacionesDe(ctx, 'admin');
    expect(delAdmin!.detalle).toBe('2 CAI de puntos de venta');

    // Following none again: the same list shows both.
    expect((await guardar(ctx.comercial, { preferencias: todas, clientes: [] })).statusCode).toBe(200);
    const otra = await ctx.t.app.inject({ url: `/api/alertas/notificaciones/${suya!.id}`, headers: ctx.comercial });
    expect(otra.json().datos.total).toBe(2);
  });

  it('refuses a client that does not exist, a repeated one, and clients to whom gets no alert about them', async () => {
    const noExiste = await guardar(ctx.comercial, { preferencias: todas, clientes: [999999] });
    expect(noExiste.statusCode).toBe(400);
    expect(noExiste.json().campos).toEqual({ 'clientes.0': ['El cliente no existe'] });
    const repetido = await guardar(ctx.comercial, { preferencias: todas, clientes: [1, 1] });
    expect(repetido.statusCode).toBe(400);
    expect(repetido.json().campos).toEqual({ clientes: ['Está repetido'] });
    // Técnico reads no client's expiries: nothing to follow, and what was saved stays.
    const ajeno = await guardar(ctx.tecnico, {
      preferencias: [{ tipo: 'garantia', email: true, portal: true }],
      clientes: [1],
    });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().campos).toMatchObject({ clientes: ['Sus permisos no le dejan recibir alertas de clientes'] });
    const suyas = await ctx.t.app.inject({ url: '/api/alertas/preferencias', headers: ctx.tecnico });
    expect(suyas.json().datos).toMatchObject({ puede_seguir: { clientes: false }, clientes: [] });
  });
});

describe('defaults per role', () => {
  const ctx = freshApp(template, ['admin', 'comercial']);

  it('lists each role’s kinds and channels to admins, saves them audited, and members who did not choose follow them', async () => {
    expect((await ctx.t.app.inject({ url: '/api/alertas/roles', headers: ctx.comercial })).statusCode).toBe(403);
    const lista = await ctx.t.app.inject({ url: '/api/alertas/roles', headers: ctx.admin });
    expect(lista.statusCode).toBe(200);
    const roles = lista.json().datos as {
      id: number;
      nombre: string;
      tipos: { tipo: string; email: boolean; propia: boolean }[];
    }[];
    const admin = roles.find((r) => r.nombre === 'Administrador')!;
    expect(admin.tipos.find((t) => t.tipo === 'garantia')).toMatchObject({ email: false, portal: true, propia: true });
    const comercial = roles.find((r) => r.tipos.map((t) => t.tipo).join() === 'certificado,punto_venta,licencia')!;
    expect(comercial.tipos.every((t) => !t.propia && t.email)).toBe(true);

    const guardar = (id: number, payload: unknown) =>
      ctx.t.app.inject({
        method: 'PUT',
        url: `/api/alertas/roles/${id}`,
        headers: ctx.admin,
        payload: payload as object,
      });
    const ok = await guardar(comercial.id, { preferencias: [{ tipo: 'licencia', email: false, portal: true }] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().datos.tipos[2]).toEqual({
      tipo: 'licencia',
      titulo: 'Licencias Physis',
      email: false,
      portal: true,
      propia: true,
    });
    const [persona] = await destinatarios(ctx.t.db, await idDe(ctx, 'comercial'));
    expect(persona!.canales('licencia')).toEqual({ email: false, portal: true });

    const ajeno = await guardar(comercial.id, { preferencias: [{ tipo: 'garantia', email: false, portal: true }] });
    expect(ajeno.statusCode).toBe(400);
    expect(ajeno.json().campos).toEqual({
      'preferencias.0.tipo': ['Los permisos del rol no le dejan recibir estas alertas'],
    });
    expect(
      (await guardar(999999, { preferencias: [{ tipo: 'licencia', email: true, portal: true }] })).statusCode,
    ).toBe(404);
    expect((await guardar(comercial.id, { preferencias: [] })).statusCode).toBe(400);

    const historia = await ctx.t.app.inject({
      url: `/api/auditoria?entidad=alertas_rol&id=${comercial.id}`,
      headers: ctx.admin,
    });
    expect(historia.statusCode).toBe(200);
    expect(JSON.stringify(historia.json().datos)).toContain('"licencia":{"email":false,"portal":true}');
  });
});

/** A real HTTP receiver: keeps every request; answers the codes given in turn (then 200). */
async function receptor(codigos: number[] = []) {
  const recibidos: { headers: IncomingHttpHeaders; cuerpo: string }[] = [];
  const server = createServer((req, res) => {
    let cuerpo = '';
    req.setEncoding('utf8');
    req.on('data', (parte: string) => (cuerpo += parte));
    req.on('end', () => {
      recibidos.push({ headers: req.headers, cuerpo });
      res.writeHead(codigos.shift() ?? 200, { 'content-type': 'text/plain' }).end('recibido');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    recibidos,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('webhooks', () => {
  // The receiver runs on this machine: only the allow-list lets the portal reach it.
  const ctx = freshApp(template, ['admin', 'comercial'], { config: { webhooksRedesPermitidas: ['127.0.0.1/32'] } });
  const enviar = () => enviarWebhooks(ctx.t.db, salidaDe(ctx.t.config));
  let hook: Awaited<ReturnType<typeof receptor>>;
  beforeAll(async () => {
    hook = await receptor([500]);
    // The demo's webhooks are left out: each step counts and picks its own.
    await ctx.t.db.delete(webhooks);
  });
  afterAll(async () => {
    await hook?.close();
  });
  const crear = (payload: Record<string, unknown>, headers = ctx.admin) =>
    ctx.t.app.inject({ method: 'POST', url: '/api/alertas/webhooks', headers, payload });

  it('are kept by admins, validated and audited', async () => {
    const malo = await crear({ nombre: '', url: 'ftp://x', formato: 'xml', eventos: [], activo: true });
    expect(malo.statusCode).toBe(400);
    expect(Object.keys(malo.json().campos).sort()).toEqual(['eventos', 'formato', 'nombre', 'url']);
    expect(malo.json().campos.url).toEqual(['Debe ser una URL http:// o https://']);
    expect(
      (await crear({ nombre: 'x', url: hook.url, formato: 'json', eventos: ['garantia'], activo: true }, ctx.comercial))
        .statusCode,
    ).toBe(403);
    const creado = await crear({
      nombre: 'Operaciones',
      url: hook.url,
      formato: 'json',
      eventos: ['punto_venta', 'garantia'],
      activo: true,
    });
    expect(creado.statusCode).toBe(201);
    expect(creado.json().datos.secreto).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const historial = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/auditoria?entidad=webhook&id=${creado.json().datos.id}`,
      headers: ctx.admin,
    });
    expect(historial.json().datos.items[0]).toMatchObject({ accion: 'crear', usuario_nombre: 'Administrador' });
  });

  it('deliver a scan signed, retry a refusal with back-off, and show each attempt', async () => {
    const [json] = (await ctx.t.app.inject({ method: 'GET', url: '/api/alertas/webhooks', headers: ctx.admin })).json()
      .datos;
    const slack = (
      await crear({ nombre: 'Chat', url: hook.url, formato: 'slack', eventos: ['garantia'], activo: true })
    ).json().datos;
    await items(ctx, '2045-04-01', '2045-03-12');
    const r = await escanearVencimientos(depsDe(ctx), dia('2045-03-10'));
    expect(r.webhooks).toBe(2);
    // The first answer is a 500: that delivery waits 30 s; the other one went.
    expect(await enviar()).toEqual({ enviadas: 1, fallidas: 1 });
    expect(hook.recibidos).toHaveLength(2);
    for (const { headers, cuerpo } of hook.recibidos) {
      const secreto =
        headers['x-intranet-evento'] === 'vencimientos' && cuerpo.startsWith('{"text"') ? slack.secreto : json.secreto;
      // As a receiver would: the Standard Webhooks library checks the signature and the timestamp.
      expect(new Receptor(secreto).verify(cuerpo, headers as Record<string, string>)).toEqual(JSON.parse(cuerpo));
      expect(headers['content-type']).toBe('application/json');
    }
    const cuerpoJson = JSON.parse(hook.recibidos.find((h) => !h.cuerpo.startsWith('{"text"'))!.cuerpo);
    expect(cuerpoJson).toMatchObject({ evento: 'vencimientos', total: 2 });
    expect(cuerpoJson.items.map((i: { tipo: string; umbral: number }) => [i.tipo, i.umbral])).toEqual([
      ['garantia', 7],
      ['punto_venta', 30],
    ]);
    const cuerpoSlack = JSON.parse(hook.recibidos.find((h) => h.cuerpo.startsWith('{"text"'))!.cuerpo);
    expect(cuerpoSlack.text).toContain('Garantía de NB-ALERTA (inventario INV-ALERTA)');
    expect(cuerpoSlack.text).not.toContain('punto de venta');

    const log = async (id: number) =>
      (
        await ctx.t.app.inject({ method: 'GET', url: `/api/alertas/webhooks/${id}/entregas`, headers: ctx.admin })
      ).json().datos;
    const [fallida] = await log(hook.recibidos[0]!.cuerpo.startsWith('{"text"') ? slack.id : json.id);
    expect(fallida).toMatchObject({
      estado: 'pendiente',
      intentos: 1,
      codigo: 500,
      respuesta: 'El receptor respondió 500',
    });
    expect(Date.parse(fallida.proxima) - Date.now()).toBeGreaterThan(20_000);
    // Not due yet: nothing goes. Once due, it goes (the receiver now answers 200).
    expect(await enviar()).toEqual({ enviadas: 0, fallidas: 0 });
    await ctx.t.db.update(webhookEntregas).set({ proxima: new Date() }).where(eq(webhookEntregas.estado, 'pendiente'));
    expect(await enviar()).toEqual({ enviadas: 1, fallidas: 0 });
    const entregas = [...(await log(json.id)), ...(await log(slack.id))];
    expect(entregas.map((e: { estado: string; codigo: number }) => [e.estado, e.codigo]).sort()).toEqual([
      ['enviada', 200],
      ['enviada', 200],
    ]);
  });

  it('"Probar" and "Reenviar" send at once and answer how it went', async () => {
    const [primero] = (
      await ctx.t.app.inject({ method: 'GET', url: '/api/alertas/webhooks', headers: ctx.admin })
    ).json().datos;
    const prueba = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/alertas/webhooks/${primero.id}/probar`,
      headers: ctx.admin,
    });
    expect(prueba.json().datos).toMatchObject({ evento: 'prueba', estado: 'enviada', codigo: 200, intentos: 1 });
    const otra = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/alertas/webhooks/${primero.id}/entregas/${prueba.json().datos.id}/reenviar`,
      headers: ctx.admin,
    });
    expect(otra.json().datos).toMatchObject({ evento: 'prueba', estado: 'enviada' });
    expect(otra.json().datos.id).toBeGreaterThan(prueba.json().datos.id);
    expect(hook.recibidos.at(-1)!.cuerpo).toBe(hook.recibidos.at(-2)!.cuerpo);
    expect(hook.recibidos.at(-1)!.headers['webhook-id']).toBe(hook.recibidos.at(-2)!.headers['webhook-id']);
    const ajena = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/alertas/webhooks/999999/entregas/${prueba.json().datos.id}/reenviar`,
      headers: ctx.admin,
    });
    expect(ajena.statusCode).toBe(404);
    // An unreachable URL is a failed attempt with the reason, not a 500.
    await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/alertas/webhooks/${primero.id}`,
      headers: ctx.admin,
      payload: {
        nombre: primero.nombre,
        url: 'http://127.0.0.1:1/x',
        formato: 'json',
        eventos: primero.eventos,
        activo: true,
      },
    });
    const caido = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/alertas/webhooks/${primero.id}/probar`,
      headers: ctx.admin,
    });
    expect(caido.statusCode).toBe(200);
    expect(caido.json().datos).toMatchObject({ estado: 'pendiente', codigo: null });
    expect(caido.json().datos.respuesta).toBe('No se pudo conectar');
    expect(
      (await ctx.t.app.inject({ method: 'DELETE', url: `/api/alertas/webhooks/${primero.id}`, headers: ctx.admin }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the events scan', () => {
  const ctx = freshApp(template, ['admin']);
  // What the demo data already holds (recent errors, failed checks) is announced first, so each step sees its own.
  beforeAll(async () => {
    await escanearEventos(depsDe(ctx));
  });
  const evento = (mensaje: string) => ({
    event_id: randomBytes(16).toString('hex'),
    message: mensaje,
    level: 'error',
    platform: 'javascript',
  });

  it('tells a new error, a regression and a spike once each, to those who read the monitor; a failing site too', async () => {
    const creado = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/insights/proyectos',
      headers: ctx.admin,
      payload: {
        nombre: 'Portal alertas',
        slug: 'portal-alertas',
        plataforma: 'javascript',
        activo: true,
        limite_por_minuto: 6000,
        alerta_pico_eventos: 3,
        alerta_pico_minutos: 5,
      },
    });
    expect(creado.statusCode).toBe(201);
    const p = creado.json().datos as { id: number; public_key: string; alerta_pico_eventos: number };
    expect(p.alerta_pico_eventos).toBe(3);
    const enviar = async (mensaje: string) =>
      expect(
        (
          await ctx.t.app.inject({
            method: 'POST',
            url: `/api/${p.id}/store/?sentry_key=${p.public_key}`,
            payload: evento(mensaje),
          })
        ).statusCode,
      ).toBe(200);

    await enviar('Falla de prueba');
    const deps = depsDe(ctx);
    const primera = await escanearEventos(deps);
    const [nuevo] = await ctx.t.db.select().from(alertasAvisos).where(eq(alertasAvisos.corridaId, primera.corrida!));
    expect(nuevo).toMatchObject({
      tipo: 'monitor',
      titulo: 'Nuevo error en Portal alertas: Falla de prueba',
      vence: null,
      permiso: 'SER#VER',
    });
    expect(nuevo!.enlace).toBe(`/insights/${nuevo!.itemId}`);
    // Técnica reads the monitor (SER#VER), Comercial does not.
    const tecnico = await notificacionesDe(ctx, 'tecnico');
    expect(tecnico.at(-1)).toMatchObject({
      tipo: 'monitor',
      titulo: 'Una alerta nueva',
      detalle: '1 alerta del monitor de errores',
      enlace: nuevo!.enlace,
    });
    expect((await notificacionesDe(ctx, 'comercial')).filter((n) => n.tipo === 'monitor')).toHaveLength(0);
    expect((await escanearEventos(deps)).avisos).toBe(0);

    // Resolved, then it happens again: a regression. Three more events within five minutes: a spike.
    await ctx.t.app.inject({
      method: 'PUT',
      url: `/api/insights/issues/${nuevo!.itemId}`,
      headers: ctx.admin,
      payload: { estado: 'resolved' },
    });
    for (let i = 0; i < 3; i += 1) await enviar('Falla de prueba');
    const segunda = await escanearEventos(deps);
    const titulos = (await ctx.t.db.select().from(alertasAvisos).where(eq(alertasAvisos.corridaId, segunda.corrida!)))
      .map((a) => a.titulo)
      .sort();
    expect(titulos).toEqual([
      'Pico en Portal alertas: más de 3 eventos en 5 min de Falla de prueba',
      'Regresión en Portal alertas: Falla de prueba',
    ]);
    // Once an hour at most.
    await enviar('Falla de prueba');
    expect((await escanearEventos(deps)).avisos).toBe(0);

    // A site whose check fails after one that did not.
    const [sitio] = await ctx.t.db.select({ id: sitios.id, nombre: sitios.nombre }).from(sitios).limit(1);
    const check = { sitioId: sitio!.id, host: 'x.example', puerto: 443, mensaje: 'ok', codigo: 'ok' } as const;
    await ctx.t.db.insert(sitioVerificaciones).values({ ...check, resultado: 'ok' });
    await ctx.t.db
      .insert(sitioVerificaciones)
      .values({ ...check, resultado: 'error', codigo: 'rechazada', mensaje: 'Conexión rechazada' });
    const tercera = await escanearEventos(deps);
    const [caido] = await ctx.t.db.select().from(alertasAvisos).where(eq(alertasAvisos.corridaId, tercera.corrida!));
    expect(caido).toMatchObject({
      tipo: 'sitio_falla',
      titulo: `${sitio!.nombre} dejó de responder bien: Conexión rechazada`,
      enlace: `/soluciones/web/${sitio!.id}`,
    });
  });
});
