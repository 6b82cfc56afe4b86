import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { SeedOptions } from '../../area.ts';
import { writeAudit } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { insightsComentarios, insightsIssues, insightsProyectos, personas, usuarios } from '../../db/schema.ts';
import { diskStore } from '../../storage/disk.ts';
import { aceptarEvento, escribirLote, type EventoAceptado } from './intake/escritura.ts';
import { ENTIDAD_ISSUE } from './issues.ts';
import { newPublicKey } from './proyectos.ts';
import { seedAdjunto, seedLogs } from './adjuntos/seed-adjuntos-logs.ts';
import { seedCrons } from './monitores/seed-crons.ts';
import { seedMapasDemo } from './seed-mapas.ts';
import { seedRendimiento } from './rendimiento/seed-rendimiento.ts';
import { seedSesiones } from './salud/seed-sesiones.ts';
import { reagruparNuevos } from './sourcemaps/reagrupar.ts';
import { simbolizador } from './sourcemaps/simbolizar.ts';

const DAY = 86_400_000;

const frame = (filename: string, fn: string, lineno: number, inApp: boolean, context?: string) => ({
  filename,
  abs_path: inApp ? `https://clientes.physis.com.ar/${filename}` : filename,
  function: fn,
  lineno,
  colno: 12,
  in_app: inApp,
  ...(context
    ? {
        context_line: context,
        pre_context: ['', '  // calcula el total del comprobante'],
        post_context: ['  return total;', '}'],
      }
    : {}),
});

/** A few realistic browser errors of the last two weeks, so the screens have something to show. */
function demoEventos(): { raw: Record<string, unknown>; diasAtras: number }[] {
  const browser = { browser: { name: 'Chrome', version: '128.0' }, os: { name: 'Windows', version: '10' } };
  const breadcrumbs = [
    {
      timestamp: Date.now() / 1000 - 30,
      category: 'navigation',
      message: '/facturas → /facturas/nueva',
      level: 'info',
    },
    { timestamp: Date.now() / 1000 - 12, category: 'ui.click', message: 'button#guardar', level: 'info' },
    {
      timestamp: Date.now() / 1000 - 11,
      category: 'fetch',
      type: 'http',
      data: { method: 'POST', url: '/api/facturas', status_code: 500 },
      level: 'error',
    },
  ];
  const totalError = (i: number) => ({
    level: 'error',
    platform: 'javascript',
    release: i % 3 === 0 ? 'portal-clientes@2.4.0' : 'portal-clientes@2.4.1',
    environment: 'production',
    exception: {
      values: [
        {
          type: 'TypeError',
          value: "Cannot read properties of undefined (reading 'importe')",
          mechanism: { type: 'onerror', handled: false },
          stacktrace: {
            frames: [
              frame('assets/vendor-react.js', 'commitRoot', 8412, false),
              frame('assets/vendor-react.js', 'dispatchEvent', 3021, false),
              frame('src/facturas/FacturaForm.tsx', 'onGuardar', 88, true),
              frame(
                'src/facturas/totales.ts',
                'calcularTotal',
                14,
                true,
                '  const total = items.reduce((s, it) => s + it.detalle.importe, 0);',
              ),
            ],
          },
        },
      ],
    },
    breadcrumbs,
    request: {
      url: 'https://clientes.physis.com.ar/facturas/nueva',
      headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/128.0' },
    },
    user: { id: String(100 + (i % 4)), email: `usuario${i % 4}@cliente.com.ar` },
    tags: { modulo: 'facturacion' },
    contexts: browser,
  });
  // The browser SDK sends no contexts: the intake reads the browser, system and device from the User-Agent.
  const agentes = [
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  ];
  const fetchError = (i: number) => ({
    level: 'error',
    platform: 'javascript',
    release: 'portal-clientes@2.4.1',
    environment: i % 2 ? 'production' : 'staging',
    exception: {
      values: [
        {
          type: 'Error',
          value: 'No se pudo consultar el estado del CAE (timeout)',
          stacktrace: {
            frames: [
              frame('src/afip/cae.ts', 'consultarCae', 41, true),
              frame('src/afip/AfipPanel.tsx', 'refrescar', 23, true),
            ],
          },
        },
      ],
    },
    transaction: '/afip/comprobantes',
    breadcrumbs,
    request: {
      url: 'https://clientes.physis.com.ar/afip/comprobantes',
      headers: { 'User-Agent': agentes[i % agentes.length] },
    },
  });
  const warning = () => ({
    level: 'warning',
    platform: 'javascript',
    release: 'portal-clientes@2.4.1',
    environment: 'production',
    message: 'Sesión por vencer: token renovado tarde',
    transaction: '/inicio',
    // Sent with attachStacktrace: a message's own stack comes as its current thread's.
    threads: {
      values: [
        {
          current: true,
          stacktrace: {
            frames: [
              frame('assets/vendor-react.js', 'flushPassiveEffects', 9120, false),
              frame('src/sesion/renovar.ts', 'renovarToken', 57, true),
            ],
          },
        },
      ],
    },
  });
  const out: { raw: Record<string, unknown>; diasAtras: number }[] = [];
  for (let i = 0; i < 23; i++) out.push({ raw: totalError(i), diasAtras: (i * 7) % 13 });
  for (let i = 0; i < 6; i++) out.push({ raw: fetchError(i), diasAtras: i * 2 });
  for (let i = 0; i < 3; i++) out.push({ raw: warning(), diasAtras: 9 - i });
  return out;
}

/**
 * The monitor's projects: the portal's own (its server and web report into it) and a demo client app with
 * a few issues; with a file store, also a minified build of it with its source maps, and errors thrown from it
 * grouped by their resolved frames as the intake groups them.
 */
export async function seedInsights(tx: Tx, opts: SeedOptions = {}): Promise<void> {
  const [, demo] = await tx
    .insert(insightsProyectos)
    .values([
      {
        nombre: 'Intranet (este portal)',
        slug: 'intranet',
        plataforma: 'node',
        publicKey: newPublicKey(),
        propio: true,
      },
      { nombre: 'Portal de clientes', slug: 'portal-clientes', plataforma: 'javascript', publicKey: newPublicKey() },
    ])
    .returning({ id: insightsProyectos.id });
  const ahora = Date.now();
  const eventos: EventoAceptado[] = demoEventos().map(({ raw, diasAtras }, i) => {
    const recibido = new Date(ahora - diasAtras * DAY - (i + 1) * 60_000);
    const evento = { ...raw, timestamp: recibido.getTime() / 1000 };
    return aceptarEvento(JSON.stringify(evento), evento, { proyectoId: demo!.id, recibido });
  });
  eventos.sort((a, b) => a.recibido.getTime() - b.recibido.getTime());
  await escribirLote(tx, eventos);
  await seedTriage(tx, demo!.id);
  await seedRecibidos(tx);
  await seedFeedback(tx, demo!.id);
  await seedCrons(tx, demo!.id);
  await seedRendimiento(tx, demo!.id);
  await seedSesiones(tx, demo!.id);
  await seedLogs(tx, demo!.id);
  if (!opts.filesDir) return;
  const store = diskStore(opts.filesDir);
  await seedAdjunto(tx, store, demo!.id);
  await seedMapasDemo(tx, store, demo!.id);
  await reagruparNuevos(tx, simbolizador(tx, store));
}

/**
 * The demo's triage, so an issue's Actividad and Comentarios tabs have something to show: the most frequent
 * error taken by a developer with a comment from the administrator, and the session warning ignored. Written
 * as the triage routes write them: the issue, and its history row.
 */
async function seedTriage(tx: Tx, proyectoId: number): Promise<void> {
  const [admin] = await tx
    .select({ id: usuarios.id, nombre: usuarios.nombre })
    .from(usuarios)
    .where(eq(usuarios.usuario, 'admin'));
  const [dev] = await tx
    .select({ id: personas.id, nombre: personas.nombre, apellido: personas.apellido })
    .from(personas)
    .where(and(eq(personas.area, 'Desarrollo'), eq(personas.activo, true)))
    .orderBy(asc(personas.apellido))
    .limit(1);
  const issues = await tx
    .select({ id: insightsIssues.id, nivel: insightsIssues.nivel })
    .from(insightsIssues)
    .where(eq(insightsIssues.proyectoId, proyectoId))
    .orderBy(desc(insightsIssues.cantidad));
  const [frecuente] = issues;
  const aviso = issues.find((i) => i.nivel === 'warning');
  if (!admin || !frecuente) return;
  const sinTriage = { estado: 'unresolved', asignado: null, asignado_rol: null, resuelta_en_release: null };
  if (dev) {
    const asignado = { id: dev.id, nombre: `${dev.nombre} ${dev.apellido}` };
    await tx.update(insightsIssues).set({ asignadoId: dev.id }).where(eq(insightsIssues.id, frecuente.id));
    await writeAudit(tx, {
      autor: admin,
      accion: 'modificar',
      entidad: ENTIDAD_ISSUE,
      entidadId: frecuente.id,
      antes: sinTriage,
      despues: { ...sinTriage, asignado },
    });
  }
  await tx.insert(insightsComentarios).values({
    issueId: frecuente.id,
    usuarioId: admin.id,
    texto: 'Pasa al guardar una factura con un ítem sin detalle (importado de la planilla). Lo tomamos para 2.4.2.',
  });
  if (aviso) {
    await tx
      .update(insightsIssues)
      .set({ estado: 'ignored' })
      .where(and(eq(insightsIssues.id, aviso.id), eq(insightsIssues.proyectoId, proyectoId)));
    await writeAudit(tx, {
      autor: admin,
      accion: 'modificar',
      entidad: ENTIDAD_ISSUE,
      entidadId: aviso.id,
      antes: sinTriage,
      despues: { ...sinTriage, estado: 'ignored' },
    });
  }
}

/**
 * "Datos recibidos" for the demo: each project's stored events counted per day, and on some days what a busy
 * intake turns away or drops (a burst over the limit, transactions not kept yet, the SDK's own sampling).
 */
async function seedRecibidos(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into insights_recibidos (proyecto_id, dia, categoria, resultado, motivo, cantidad)
    select proyecto_id, (fecha at time zone 'UTC')::date, 'error', 'aceptado', '', count(*)
      from insights_eventos group by 1, 2`);
  await tx.execute(sql`
    insert into insights_recibidos (proyecto_id, dia, categoria, resultado, motivo, cantidad)
    select r.proyecto_id, r.dia, x.categoria, x.resultado, x.motivo, r.cantidad * x.por
      from (select proyecto_id, dia, cantidad from insights_recibidos where resultado = 'aceptado' and cantidad >= 3) r
      cross join (values
        ('error', 'limitado', 'Límite por minuto del proyecto', 4),
        ('transaction', 'descartado', 'Tipo que el monitor todavía no guarda', 70),
        ('transaction', 'descartado_sdk', 'sample_rate', 280)
      ) as x(categoria, resultado, motivo, por)
    on conflict do nothing`);
}

/** Two users' comments on the demo project: one about the event of an issue, one about nothing in particular. */
async function seedFeedback(tx: Tx, proyectoId: number): Promise<void> {
  await tx.execute(sql`
    insert into insights_feedback
      (proyecto_id, event_id, evento_asociado, issue_id, nombre, email, mensaje, url, recibido)
    select ${proyectoId}, md5('opinion-1'), e.event_id, e.issue_id, 'Laura Méndez', 'laura.mendez@cliente.com.ar',
           'Quise descargar la factura de octubre y la pantalla quedó en blanco. Probé dos veces.',
           'https://portal.example.com/facturas', e.recibido + interval '3 minutes'
      from insights_eventos e where e.proyecto_id = ${proyectoId} order by e.recibido desc limit 1`);
  await tx.execute(sql`
    insert into insights_feedback (proyecto_id, event_id, nombre, mensaje, recibido)
    values (${proyectoId}, md5('opinion-2'), 'Martín Ríos',
            'Estaría bueno poder filtrar los comprobantes por fecha.', now() - interval '2 days')`);
}
