import type { CheckinEstado } from '@intranet/contract/areas/insights/monitores';
import type { Tx } from '../../../db/client.ts';
import { insightsCheckins, insightsMonitores } from '../../../db/schema.ts';
import { type ConfigMonitor, esperadaTras, siguienteEsperada } from './crons.ts';

const DIA = 86_400_000;
const hex = (n: number) => n.toString(16).padStart(32, '0');

interface MonitorDemo {
  slug: string;
  nombre: string;
  config: ConfigMonitor;
  /** Seconds a run takes, by run number. */
  duracion: (i: number) => number;
  /** The runs (counted from the newest, 0 first) that went otherwise. */
  distintas: Record<number, CheckinEstado>;
}

const BA = 'America/Argentina/Buenos_Aires';
const base = { intervalo: null, unidad: null, crontab: null } as const;

const DEMO: MonitorDemo[] = [
  {
    slug: 'facturacion-nocturna',
    nombre: 'Facturación nocturna',
    config: { ...base, programaTipo: 'crontab', crontab: '0 3 * * *', margenMinutos: 15, maxMinutos: 60, zona: BA },
    duracion: (i) => 280 + ((i * 37) % 90),
    distintas: { 2: 'error' },
  },
  {
    slug: 'sincronizar-stock',
    nombre: 'Sincronizar stock',
    config: {
      ...base,
      programaTipo: 'interval',
      intervalo: 30,
      unidad: 'minute',
      margenMinutos: 5,
      maxMinutos: 10,
      zona: 'UTC',
    },
    duracion: (i) => 12 + ((i * 7) % 20),
    distintas: { 9: 'missed', 40: 'timeout', 71: 'error' },
  },
  {
    slug: 'envio-resumenes',
    nombre: 'Envío de resúmenes de cuenta',
    config: { ...base, programaTipo: 'crontab', crontab: '0 8 * * 1-5', margenMinutos: 10, maxMinutos: 30, zona: BA },
    duracion: (i) => 45 + i * 3,
    distintas: { 1: 'missed' },
  },
];

/**
 * The demo's cron monitors on "Portal de clientes": three scheduled jobs with their check-ins of the last four days,
 * as the intake and the detection job would have left them, among them a failed, a missed and a timed-out run.
 */
export async function seedCrons(tx: Tx, proyectoId: number, ahora = new Date()): Promise<void> {
  let n = 0;
  for (const d of DEMO) {
    // The runs expected in the last four days whose margin has passed, newest first.
    const slots: Date[] = [];
    const margen = d.config.margenMinutos * 60_000;
    for (
      let s = siguienteEsperada(d.config, new Date(ahora.getTime() - 4 * DIA));
      s;
      s = siguienteEsperada(d.config, s)
    ) {
      if (s.getTime() + margen > ahora.getTime()) break;
      slots.unshift(s);
    }
    const filas = slots.map((fecha, i) => {
      const estado = d.distintas[i] ?? 'ok';
      const duracion =
        estado === 'missed' ? null : estado === 'timeout' ? null : d.duracion(i) + (estado === 'error' ? 0.5 : 0);
      const recibido =
        estado === 'missed'
          ? new Date(fecha.getTime() + margen)
          : estado === 'timeout'
            ? new Date(fecha.getTime() + d.config.maxMinutos * 60_000)
            : new Date(fecha.getTime() + (duracion ?? 0) * 1000);
      return { fecha: new Date(fecha.getTime() + (estado === 'missed' ? 0 : 2_000)), estado, duracion, recibido };
    });
    const ultimo = filas[0];
    const [m] = await tx
      .insert(insightsMonitores)
      .values({
        proyectoId,
        slug: d.slug,
        nombre: d.nombre,
        ...d.config,
        proxima: ultimo ? esperadaTras(d.config, slots[0]!) : siguienteEsperada(d.config, ahora),
        ultimoCheckin: ultimo?.recibido ?? null,
        ultimoEstado: ultimo?.estado ?? null,
        creado: new Date(ahora.getTime() - 4 * DIA),
      })
      .returning({ id: insightsMonitores.id });
    if (filas.length === 0) continue;
    await tx.insert(insightsCheckins).values(
      filas.map((f) => ({
        proyectoId,
        monitorId: m!.id,
        checkInId: hex(++n),
        estado: f.estado,
        fecha: f.fecha,
        duracion: f.duracion,
        environment: 'production',
        release: f.estado === 'missed' ? null : 'portal-clientes@3.4.1',
        recibido: f.recibido,
      })),
    );
  }
}
