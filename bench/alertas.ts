import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { AREAS } from '../apps/server/src/areas/index.ts';
import { enviarPendientes } from '../apps/server/src/areas/alertas/correo.ts';
import { escanearVencimientos } from '../apps/server/src/areas/alertas/escaneo.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { chooseTarget } from './api-list.ts';
import { figure } from './report.ts';
import { fill as fillVencimientos } from './vencimientos.ts';

const USUARIOS = 1000;
const SITIOS = 100_000;

/**
 * The expiry scan over the vencimientos bench's data (100k clients: about 150k AFIP certificates,
 * 10k CAI and 100k Physis licences, due over three years around today) plus 100k sites (an SSL certificate and
 * a domain each) and 1,000 active users across the three demo roles, as the first scan after an import finds
 * it: everything due within 90 days or overdue within a year is new. Time and the process's peak RSS (the scan
 * runs in the server process). Then the e-mails it queued, sent to a real SMTP server started here.
 */
export async function alertas(): Promise<void> {
  const target = await chooseTarget();
  const smtp = await smtpServer();
  try {
    console.log(`Base de datos: ${target.label}; cargando certificados, licencias, sitios y ${USUARIOS} usuarios...`);
    const t0 = Date.now();
    await fillVencimientos(target);
    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      await fillSitiosYUsuarios(database.db);
      console.log(`Carga: ${Math.round((Date.now() - t0) / 1000)} s`);
      const config = { ...loadConfig({ DATA_DIR: target.dataDir }), smtpUrl: smtp.url };
      const deps = { db: database.db, config, vencimientos: AREAS.flatMap((area) => area.vencimientos ?? []) };

      global.gc?.();
      const base = process.memoryUsage().rss;
      let pico = base;
      const muestreo = setInterval(() => {
        pico = Math.max(pico, process.memoryUsage().rss);
      }, 20);
      const inicio = performance.now();
      const r = await escanearVencimientos(deps);
      const segundos = (performance.now() - inicio) / 1000;
      clearInterval(muestreo);
      pico = Math.max(pico, process.memoryUsage().rss);
      console.log(`Avisos nuevos: ${r.avisos}; notificaciones: ${r.notificaciones}; correos en cola: ${r.correos}`);
      figure('Escaneo de vencimientos: tiempo', segundos, 's', { max: 10 });
      figure('Escaneo de vencimientos: RSS máxima del proceso', Math.round(pico / 2 ** 20), 'MB', { max: 250 });
      figure('Escaneo de vencimientos: RSS sumada por el escaneo', Math.round((pico - base) / 2 ** 20), 'MB');
      const segundo = performance.now();
      const otra = await escanearVencimientos(deps);
      figure('Escaneo siguiente (nada nuevo): tiempo', (performance.now() - segundo) / 1000, 's', { max: 10 });
      if (otra.avisos !== 0) throw new Error(`el segundo escaneo anunció ${otra.avisos} avisos otra vez`);

      const envio = performance.now();
      const enviados = await enviarPendientes(deps);
      const envioSegundos = (performance.now() - envio) / 1000;
      figure('Correos de alertas entregados al servidor SMTP', enviados.enviados, 'correos', { min: r.correos });
      figure(
        'Correos de alertas por segundo (resumen con hasta 200 elementos cada uno)',
        enviados.enviados / envioSegundos,
        'correos/s',
        { min: 20 },
      );
      if (smtp.recibidos() !== enviados.enviados)
        throw new Error(`el servidor SMTP recibió ${smtp.recibidos()} de ${enviados.enviados}`);
    } finally {
      await database.close();
    }
  } finally {
    await smtp.close();
    await target.drop();
  }
}

/** 100k sites with an SSL certificate and a domain due over three years, and 1,000 users in the demo roles. */
async function fillSitiosYUsuarios(db: import('../apps/server/src/db/client.ts').Db): Promise<void> {
  const hoy = sql`(now() at time zone 'America/Argentina/Buenos_Aires')::date`;
  await db.execute(sql`
    insert into sitios (nombre, url, estado, ssl_vence, dominio_vence)
    select 'Sitio ' || g, 'https://sitio' || g || '.example.com/', 'activo', ${hoy} + (g * 37 % 1100 - 365), ${hoy} + (g * 53 % 1100 - 365)
      from generate_series(1, ${SITIOS}) g`);
  // A third administrators, a third Comercial, a third Técnica; the hash is never checked here.
  await db.execute(sql`
    with nuevos as (
      insert into usuarios (usuario, nombre, email, password_hash)
      select 'bench' || g, 'Usuario ' || g, 'bench' || g || '@example.com', 'x' from generate_series(1, ${USUARIOS}) g
      returning id
    )
    insert into usuario_roles (usuario_id, rol_id)
    select n.id, r.id from nuevos n
      join roles r on r.nombre = (array['Administrador', 'Comercial', 'Técnica'])[1 + n.id % 3]`);
  await db.execute(sql`analyze`);
}

/** A real SMTP server that accepts every message and counts them. */
async function smtpServer() {
  let recibidos = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 2 ** 20,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        recibidos += 1;
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recibidos: () => recibidos,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
