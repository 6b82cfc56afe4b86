import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { insightsAdjuntos, insightsLogs } from '../../../db/schema.ts';
import { registrarArchivo } from '../../../storage/archivos.ts';
import { type FileStore, putBytes } from '../../../storage/store.ts';
import type { LogRecibido } from '../logs/logs.ts';

// The demo's logs (a client portal's day: sign-ins, invoices, a payment gateway that hesitates) and one attachment
// on the demo project's latest event, so the Logs tab and an event's Adjuntos have something to show.

const MINUTO = 60_000;
const traza = (semilla: string) => createHash('md5').update(semilla).digest('hex');

const LINEAS: { nivel: LogRecibido['nivel']; cuerpo: string; atributos?: Record<string, string | number> }[] = [
  { nivel: 'info', cuerpo: 'Sesión iniciada por cliente 1043', atributos: { cliente: 1043, metodo: 'password' } },
  { nivel: 'debug', cuerpo: 'Consulta de comprobantes: 24 resultados en 38 ms', atributos: { cliente: 1043 } },
  { nivel: 'info', cuerpo: 'Factura A-0003-00012877 descargada', atributos: { cliente: 1043, formato: 'pdf' } },
  { nivel: 'warn', cuerpo: 'La pasarela de pagos tardó 4,2 s en responder', atributos: { pasarela: 'mercadopago' } },
  {
    nivel: 'error',
    cuerpo: 'Pago rechazado por la pasarela: fondos insuficientes',
    atributos: { pasarela: 'mercadopago' },
  },
  { nivel: 'info', cuerpo: 'Pago de la factura A-0003-00012870 acreditado', atributos: { importe: 58_320.5 } },
  { nivel: 'trace', cuerpo: 'Token de sesión renovado', atributos: { cliente: 2210 } },
  { nivel: 'warn', cuerpo: 'Reintento 2 de 3 del envío del comprobante por correo', atributos: { intento: 2 } },
  {
    nivel: 'fatal',
    cuerpo: 'Sin conexión con el servicio de facturación electrónica',
    atributos: { servicio: 'wsfe' },
  },
];

/** About three dozen logs of the last two days on the demo project; one trace shares an event's, if one has a trace. */
export async function seedLogs(tx: Tx, proyectoId: number): Promise<void> {
  const { rows } = await tx.execute<{ trace_id: string }>(sql`
    select datos -> 'contexts' -> 'trace' ->> 'trace_id' as trace_id from insights_eventos
     where proyecto_id = ${proyectoId} and (datos -> 'contexts' -> 'trace' ->> 'trace_id') is not null limit 1`);
  const ahora = Date.now();
  const logs = Array.from({ length: 36 }, (_, i) => {
    const l = LINEAS[i % LINEAS.length]!;
    const atributos = Object.fromEntries(
      Object.entries({
        ...l.atributos,
        'sentry.release': 'portal-clientes@2.4.1',
        'sentry.environment': 'production',
      }).map(([k, v]) => [
        k,
        { value: v, type: typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'double') : 'string' },
      ]),
    );
    // Every three lines share a request's trace; the first request's is the event's, when one has a trace.
    const trazaId = i < 3 && rows[0]?.trace_id ? rows[0].trace_id : traza(`demo-log-${Math.floor(i / 3)}`);
    return {
      proyectoId,
      fecha: new Date(ahora - (i * 80 + 5) * MINUTO),
      nivel: l.nivel,
      cuerpo: l.cuerpo,
      traceId: trazaId,
      atributos,
      release: 'portal-clientes@2.4.1',
      environment: 'production',
    };
  });
  await tx.insert(insightsLogs).values(logs);
  // Counted on "Datos recibidos" as the intake counts them.
  await tx.execute(sql`
    insert into insights_recibidos (proyecto_id, dia, categoria, resultado, motivo, cantidad)
    select proyecto_id, (fecha at time zone 'UTC')::date, 'log_item', 'aceptado', '', count(*)
      from insights_logs where proyecto_id = ${proyectoId} group by 1, 2
    on conflict do nothing`);
}

/** A small text attachment (what the app logged before the error) on the demo project's latest event. */
export async function seedAdjunto(tx: Tx, store: FileStore, proyectoId: number): Promise<void> {
  const { rows } = await tx.execute<{ event_id: string; fecha: string | Date }>(sql`
    select event_id, fecha from insights_eventos where proyecto_id = ${proyectoId} order by fecha desc limit 1`);
  const evento = rows[0];
  if (!evento) return;
  const datos = Buffer.from(
    [
      '10:41:02 INFO  Sesión iniciada por cliente 1043',
      '10:41:09 DEBUG GET /api/facturas?pagina=1 -> 200 (38 ms)',
      '10:41:15 INFO  Descarga de la factura A-0003-00012877',
      '10:41:15 ERROR La respuesta del servidor no tenía el campo "importe"',
      '',
    ].join('\n'),
  );
  const stored = await putBytes(store, datos);
  const archivo = await registrarArchivo(tx, { ...stored, tipo: 'application/octet-stream' }, 'consola.log');
  await tx.insert(insightsAdjuntos).values({
    proyectoId,
    eventId: evento.event_id,
    fecha: new Date(evento.fecha),
    nombre: 'consola.log',
    tipo: 'text/plain',
    clase: 'event.attachment',
    tamano: datos.length,
    archivoId: archivo.id,
  });
}
