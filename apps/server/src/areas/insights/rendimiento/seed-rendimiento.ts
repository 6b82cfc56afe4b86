import type { Tx } from '../../../db/client.ts';
import { insightsReglasLentitud, type SpanGuardado } from '../../../db/schema.ts';
import { guardarTransacciones, type TransaccionRecibida } from './rendimiento.ts';

// The demo's performance data: the customer portal's page loads and navigations of the last 14 days, each with
// the spans a browser SDK sends (the document, scripts, the API calls, rendering), so the Rendimiento tab, a
// transaction's waterfall and a trace have something to show.

const DIA = 86_400_000;

interface Pagina {
  nombre: string;
  op: 'pageload' | 'navigation';
  /** Typical duration of its API call, in ms. */
  api: number;
  llamada: string;
  porDia: number;
  /** One in this many fails (the API answers 500 or times out). */
  falla: number;
}

const PAGINAS: Pagina[] = [
  {
    nombre: '/facturas',
    op: 'pageload',
    api: 180,
    llamada: 'GET /api/facturas?estado=pendiente',
    porDia: 24,
    falla: 60,
  },
  { nombre: '/facturas/:id', op: 'navigation', api: 90, llamada: 'GET /api/facturas/:id', porDia: 18, falla: 90 },
  { nombre: '/pagos/nuevo', op: 'navigation', api: 650, llamada: 'POST /api/pagos', porDia: 8, falla: 12 },
  { nombre: '/login', op: 'pageload', api: 120, llamada: 'POST /api/sesion', porDia: 12, falla: 200 },
];

/** A small deterministic generator: the demo is the same on every seed. */
function generador(semilla: number) {
  let s = semilla;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const hex = (azar: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(azar() * 16).toString(16)).join('');

export async function seedRendimiento(tx: Tx, proyectoId: number): Promise<void> {
  const azar = generador(20_261_129);
  const ahora = Date.now();
  const filas: TransaccionRecibida[] = [];
  for (let dia = 13; dia >= 0; dia--) {
    for (const pg of PAGINAS) {
      // Fewer on weekends-like days, some spread: the daily chart is not a flat line.
      const cantidad = Math.max(1, Math.round(pg.porDia * (0.6 + azar() * 0.8)));
      for (let k = 0; k < cantidad; k++) {
        const inicio = ahora - dia * DIA - Math.floor(azar() * DIA);
        if (inicio > ahora - 60_000) continue;
        const falla = azar() * pg.falla < 1;
        // A newer release made the payment page slower: its p95 shows it.
        const release = dia > 6 ? 'portal-clientes@2.4.0' : 'portal-clientes@2.4.1';
        const lento = pg.nombre === '/pagos/nuevo' && release.endsWith('2.4.1') ? 1.6 : 1;
        const traceId = hex(azar, 32);
        const raiz = hex(azar, 16);
        const s = inicio / 1000;
        const spans: SpanGuardado[] = [];
        const span = (
          padre: string,
          op: string,
          description: string,
          desde: number,
          ms: number,
          status: string | null = 'ok',
        ) => {
          const id = hex(azar, 16);
          spans.push({
            span_id: id,
            parent_span_id: padre,
            op,
            description,
            start_timestamp: s + desde / 1000,
            timestamp: s + (desde + ms) / 1000,
            status,
          });
          return id;
        };
        let t = 0;
        if (pg.op === 'pageload') {
          const doc = 40 + azar() * 60;
          span(raiz, 'browser', 'request', 0, doc);
          t = doc;
          span(raiz, 'resource.script', 'https://clientes.physis.com.ar/assets/index-4f2a.js', t, 80 + azar() * 120);
          span(raiz, 'resource.css', 'https://clientes.physis.com.ar/assets/index-9b1c.css', t, 20 + azar() * 30);
          t += 120 + azar() * 100;
        }
        const api = pg.api * lento * (0.5 + azar() ** 2 * 2.5);
        const llamada = span(
          raiz,
          'http.client',
          pg.llamada,
          t,
          falla ? api * 2 : api,
          falla ? 'internal_error' : 'ok',
        );
        span(llamada, 'db', 'select … from comprobantes where cliente_id = $1', t + 10, api * 0.4);
        t += falla ? api * 2 : api;
        span(raiz, 'ui.react.render', pg.nombre === '/login' ? 'LoginForm' : 'Comprobantes', t, 15 + azar() * 40);
        t += 60 + azar() * 40;
        filas.push({
          eventId: hex(azar, 32),
          nombre: pg.nombre,
          traceId,
          spanId: raiz,
          parentSpanId: null,
          op: pg.op,
          estado: falla ? 'internal_error' : 'ok',
          inicio: new Date(inicio),
          fin: new Date(inicio + t),
          duracionMs: t,
          release,
          environment: 'production',
          spans,
        });
      }
    }
  }
  // Through the intake's own write, so the Rendimiento tab's rollup counts them too.
  for (let i = 0; i < filas.length; i += 500) await guardarTransacciones(tx, proyectoId, filas.slice(i, i + 500));
  // A slowness alert on the payment page, as a developer would set it.
  await tx.insert(insightsReglasLentitud).values({ proyectoId, transaccion: '/pagos/nuevo', p95Ms: 2000 });
}
