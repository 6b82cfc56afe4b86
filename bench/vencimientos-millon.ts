import type { ChildProcess } from 'node:child_process';
import { adminHeaders, NO_CACHE, startServer, stopServer } from './api-list.ts';
import { baseDeClientes, leerPreparando, type Llamada, medirListas, paginaAlcanzable } from './clientes-millon.ts';
import { azar } from './dns-millon.ts';

const TAMANO = 25;
const PAGINAS_FILTRADA = 10_000 / TAMANO;
const ORDENES = ['vence', 'cliente', 'cuit', 'tipo', 'item'].flatMap((c) => [c, `-${c}`]);
/** Rows of each grid in the kept database (1M clients: 1.5M certificates + 100k CAI points of sale; 1M licences). */
const FILAS = { afip: 1_600_000, physis: 1_000_000 } as const;

/** Row ids of a grid, read from a few of its pages, for the pager's cursors (`tras`/`antes`). */
async function idsDeLaGrilla(
  url: string,
  headers: Record<string, string>,
  grupo: 'afip' | 'physis',
): Promise<number[]> {
  const ids: number[] = [];
  for (const orden of ['vence', '-vence', 'cliente', 'item']) {
    for (const page of [1, 50, 300]) {
      const res = await leerPreparando(
        `${url}/api/vencimientos/${grupo}/lista?sort=${orden}&size=200&page=${page}`,
        headers,
      );
      if (!res.ok) throw new Error(`grilla ${grupo}: ${res.status} ${await res.text()}`);
      ids.push(...((await res.json()) as { datos: { items: { id: number }[] } }).datos.items.map((v) => v.id));
    }
  }
  return ids;
}

/** A broad search (a name word: ~1/6 of the clients) or a narrow one (a client's number, part of a CUIT). */
function busqueda(): string {
  const g = 1 + Math.floor(Math.random() * 1_000_000);
  return encodeURIComponent(
    azar([
      () => azar(['andina', 'litoral', 'facturación']),
      () => `andina ${g} `,
      () => `30${String(10_000_000 + g).padStart(8, '0')}`.slice(2, 9),
    ])(),
  );
}

/**
 * `npm run bench -- vencimientos-millon`: the AFIP (1.6M rows) and Physis (1M) expiry grids read from
 * PostgreSQL, over the clientes-millon kept database (built once for both): any page, sort, period and type,
 * broad and narrow searches, against the floor in the same run (the goals of dns-millon).
 */
export async function vencimientosMillon(): Promise<void> {
  const target = await baseDeClientes();
  let servidor: ChildProcess | undefined;
  try {
    const server = await startServer(target);
    servidor = server.child;
    const headers = { ...(await adminHeaders(server.url)), ...NO_CACHE };
    const ids = {
      afip: await idsDeLaGrilla(server.url, headers, 'afip'),
      physis: await idsDeLaGrilla(server.url, headers, 'physis'),
    };
    const orden = () => `sort=${azar(ORDENES)}&size=${TAMANO}`;
    const llamadas: Llamada[] = (['afip', 'physis'] as const).flatMap((grupo) => {
      const id = () => azar(ids[grupo]);
      const tipos = grupo === 'afip' ? ['certificado', 'punto_venta'] : ['licencia'];
      return [
        {
          nombre: `GET /api/vencimientos/${grupo}/lista, sin filtro, cualquier página y orden`,
          meta: 30,
          url: () =>
            `/api/vencimientos/${grupo}/lista?${orden()}&${paginaAlcanzable(Math.ceil(FILAS[grupo] / TAMANO), id)}`,
        },
        {
          nombre: `GET /api/vencimientos/${grupo}/lista, filtrada por plazo o tipo, cualquier página y orden`,
          meta: 30,
          url: () =>
            `/api/vencimientos/${grupo}/lista?${orden()}&${azar([`plazo=${azar(['vencidos', '7', '30', '60', '90'])}`, `tipo=${azar(tipos)}`])}&${paginaAlcanzable(PAGINAS_FILTRADA, id, PAGINAS_FILTRADA)}`,
        },
        {
          nombre: `GET /api/vencimientos/${grupo}/lista?q= (amplia o angosta), primera página`,
          meta: 20,
          url: () => `/api/vencimientos/${grupo}/lista?${orden()}&q=${busqueda()}`,
        },
      ];
    });
    for (const l of llamadas) {
      const res = await leerPreparando(`${server.url}${l.url()}`, headers);
      if (!res.ok) throw new Error(`${l.nombre}: ${res.status} ${await res.text()}`);
    }
    await medirListas('Grillas de vencimientos, 1,6M y 1M filas', server, headers, llamadas, {
      cacheada: `/api/vencimientos/afip/lista?sort=vence&size=${TAMANO}&page=40`,
      csv: [
        { nombre: 'CSV de la grilla AFIP (1,6M filas)', url: '/api/vencimientos/afip/export.csv' },
        { nombre: 'CSV de la grilla Physis (1M filas)', url: '/api/vencimientos/physis/export.csv' },
      ],
    });
  } finally {
    await stopServer(servidor);
    await target.drop();
  }
}
