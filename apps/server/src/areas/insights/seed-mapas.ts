import { createHash, randomUUID } from 'node:crypto';
import { addMapping, GenMapping, setSourceContent, toEncodedMap } from '@jridgewell/gen-mapping';
import type { Tx } from '../../db/client.ts';
import { insightsBundleArchivos, insightsBundles, insightsDeploys, insightsReleases } from '../../db/schema.ts';
import { registrarArchivo } from '../../storage/archivos.ts';
import { putBytes, type FileStore } from '../../storage/store.ts';
import { aceptarEvento, escribirLote } from './intake/escritura.ts';

// The demo's minified build: the client portal's release 2.4.1 as a bundler leaves it, one line of
// minified JavaScript and its source map with the TypeScript it came from, kept as `sentry-cli sourcemaps upload`
// keeps an artifact bundle. A few errors thrown from it show a stack trace resolved from its map, the minified
// frame one click away, and the Releases tab lists the bundle.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const RELEASE_MAPEADA = 'portal-clientes@2.4.1';
const ORIGEN = 'https://clientes.physis.com.ar';
const SCRIPT = 'assets/index-4f2a9c1e.js';
const DEBUG_ID = '6a1f0c52-93d4-4be1-8f0e-2c5d7b8e41a9';

const CUIT_TS = `export interface Cliente {
  nombre: string;
  datos?: { cuit: string };
}

const PESOS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

export function digitoVerificador(cuit: string): number {
  const suma = PESOS.reduce((s, p, i) => s + p * Number(cuit[i]), 0);
  const resto = 11 - (suma % 11);
  return resto === 11 ? 0 : resto;
}

export function validarCuit(cliente: Cliente): boolean {
  const cuit = cliente.datos!.cuit.replaceAll('-', '');
  return cuit.length === 11 && digitoVerificador(cuit) === Number(cuit[10]);
}
`;

const FORM_TSX = `import { type FormEvent, useState } from 'react';
import { type Cliente, validarCuit } from './cuit';

export function ClienteForm({ cliente, onGuardar }: { cliente: Cliente; onGuardar: (c: Cliente) => void }) {
  const [error, setError] = useState<string | null>(null);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!validarCuit(cliente)) return setError('El CUIT no es válido');
    onGuardar(cliente);
  };
  return <form onSubmit={enviar}>{error}</form>;
}
`;

const MINIFICADO =
  'const P=[5,4,3,2,7,6,5,4,3,2];function d(t){const n=P.reduce((s,p,i)=>s+p*Number(t[i]),0),r=11-n%11;return r===11?0:r}' +
  'function v(t){const n=t.datos.cuit.replaceAll("-","");return n.length===11&&d(n)===Number(n[10])}' +
  'function F({cliente:t,onGuardar:n}){const[o,s]=u(null),a=e=>{e.preventDefault();if(!v(t))return s("El CUIT no es válido");n(t)};return h("form",{onSubmit:a},o)}';

/** Where `texto` first appears in `fuente` after `desde` (or the search's start): 1-based line, 0-based column. */
function posicion(fuente: string, texto: string, desde = ''): { line: number; column: number } {
  const inicio = desde ? fuente.indexOf(desde) : 0;
  const i = fuente.indexOf(texto, Math.max(0, inicio));
  if (inicio < 0 || i < 0) throw new Error(`La fuente de la demo no contiene ${texto}`);
  const antes = fuente.slice(0, i).split('\n');
  return { line: antes.length, column: antes.at(-1)!.length };
}

/** The map of the minified line: each token a debugger stops at, to where it is in the TypeScript. */
function mapaDemo(): string {
  const map = new GenMapping({ file: 'index-4f2a9c1e.js' });
  const cuit = '../../src/clientes/cuit.ts';
  const form = '../../src/clientes/ClienteForm.tsx';
  setSourceContent(map, cuit, CUIT_TS);
  setSourceContent(map, form, FORM_TSX);
  const tramos: [
    min: string,
    minDesde: string,
    fuente: string,
    texto: string,
    original: string,
    desde: string,
    name?: string,
  ][] = [
    ['P=', '', cuit, CUIT_TS, 'PESOS', '', 'PESOS'],
    ['function d', '', cuit, CUIT_TS, 'export function digitoVerificador', '', undefined],
    [
      'd(t)',
      'function d',
      cuit,
      CUIT_TS,
      'digitoVerificador',
      'export function digitoVerificador',
      'digitoVerificador',
    ],
    ['P.reduce', 'function d', cuit, CUIT_TS, 'PESOS.reduce', '', 'PESOS'],
    ['r=11', 'function d', cuit, CUIT_TS, 'resto = 11', '', 'resto'],
    ['return r', 'function d', cuit, CUIT_TS, 'return resto', '', undefined],
    ['function v', '', cuit, CUIT_TS, 'export function validarCuit', '', undefined],
    ['v(t)', 'function v', cuit, CUIT_TS, 'validarCuit', 'export function validarCuit', 'validarCuit'],
    ['n=t.datos', 'function v', cuit, CUIT_TS, 'cuit = cliente', 'export function validarCuit', 'cuit'],
    ['t.datos', 'function v', cuit, CUIT_TS, 'cliente.datos', 'export function validarCuit', 'cliente'],
    ['.cuit', 'function v', cuit, CUIT_TS, '.cuit', 'export function validarCuit', 'cuit'],
    ['return n.length', 'function v', cuit, CUIT_TS, 'return cuit.length', '', undefined],
    ['d(n)', 'function v', cuit, CUIT_TS, 'digitoVerificador(cuit)', 'return cuit.length', 'digitoVerificador'],
    ['function F', '', form, FORM_TSX, 'export function ClienteForm', '', undefined],
    ['F(', 'function F', form, FORM_TSX, 'ClienteForm', 'export function', 'ClienteForm'],
    ['u(null)', 'function F', form, FORM_TSX, 'useState', 'const [error', 'useState'],
    ['a=e=>', 'function F', form, FORM_TSX, 'enviar = ', '', 'enviar'],
    ['e.preventDefault', 'function F', form, FORM_TSX, 'e.preventDefault', '', undefined],
    ['if(!v(t))', 'function F', form, FORM_TSX, 'if (!validarCuit', '', undefined],
    ['v(t))return', 'function F', form, FORM_TSX, 'validarCuit(cliente)', 'if (!', 'validarCuit'],
    ['return s(', 'function F', form, FORM_TSX, 'return setError', '', 'setError'],
    ['n(t)}', 'function F', form, FORM_TSX, 'onGuardar(cliente)', 'El CUIT', 'onGuardar'],
    ['return h(', 'function F', form, FORM_TSX, 'return <form', '', undefined],
  ];
  for (const [min, minDesde, source, fuente, texto, desde, name] of tramos) {
    const generated = posicion(MINIFICADO, min, minDesde);
    const original = posicion(fuente, texto, desde);
    if (name) addMapping(map, { generated, source, original, name });
    else addMapping(map, { generated, source, original });
  }
  return JSON.stringify({ ...toEncodedMap(map), debug_id: DEBUG_ID, debugId: DEBUG_ID });
}

/** The browser's frame at `texto` in the minified line (1-based column, as the SDK sends it). */
function frameMinificado(fn: string, texto: string, desde: string) {
  const { column } = posicion(MINIFICADO, texto, desde);
  return {
    filename: `${ORIGEN}/${SCRIPT}`,
    abs_path: `${ORIGEN}/${SCRIPT}`,
    function: fn,
    lineno: 1,
    colno: column + 1,
    in_app: true,
  };
}

/**
 * The minified build's artifact bundle (script and map, with their debug id) and release, and a few errors thrown
 * from it over the last ten days. Needs the file store: the tests' template is seeded without one.
 */
export async function seedMapasDemo(tx: Tx, store: FileStore, proyectoId: number): Promise<void> {
  const script = Buffer.from(`${MINIFICADO}\n//# debugId=${DEBUG_ID}\n//# sourceMappingURL=index-4f2a9c1e.js.map\n`);
  const mapa = Buffer.from(mapaDemo());
  const hace = new Date(Date.now() - 12 * DAY);
  const [release] = await tx
    .insert(insightsReleases)
    .values({ proyectoId, version: RELEASE_MAPEADA, creado: hace, finalizado: hace })
    .onConflictDoNothing()
    .returning({ id: insightsReleases.id });
  // Where the build went, as a CI job's `sentry-cli deploys new` records it.
  if (release) {
    await tx.insert(insightsDeploys).values([
      { releaseId: release.id, entorno: 'staging', terminado: new Date(hace.getTime() + HOUR), autor: 'Token «ci»' },
      {
        releaseId: release.id,
        entorno: 'production',
        nombre: 'Despliegue nocturno',
        terminado: new Date(hace.getTime() + DAY),
        autor: 'Token «ci»',
      },
    ]);
  }
  const checksum = createHash('sha1').update(script).update(mapa).digest('hex');
  const [bundle] = await tx
    .insert(insightsBundles)
    .values({
      proyectoId,
      checksum,
      release: RELEASE_MAPEADA,
      dist: null,
      tamano: script.length + mapa.length,
      creado: hace,
    })
    .returning({ id: insightsBundles.id });
  const archivosDelBundle = [
    {
      url: `~/${SCRIPT}`,
      tipo: 'minified_source',
      sourcemap: 'index-4f2a9c1e.js.map',
      contenido: script,
      mime: 'application/javascript',
    },
    { url: `~/${SCRIPT}.map`, tipo: 'source_map', sourcemap: null, contenido: mapa, mime: 'application/json' },
  ];
  for (const a of archivosDelBundle) {
    const archivo = await registrarArchivo(
      tx,
      { ...(await putBytes(store, a.contenido)), tipo: a.mime },
      a.url.split('/').at(-1)!,
    );
    await tx.insert(insightsBundleArchivos).values({
      bundleId: bundle!.id,
      url: a.url,
      tipo: a.tipo,
      debugId: DEBUG_ID,
      sourcemap: a.sourcemap,
      archivoId: archivo.id,
      tamano: a.contenido.length,
    });
  }
  const ahora = Date.now();
  const eventos = Array.from({ length: 9 }, (_, i) => {
    const recibido = new Date(ahora - ((i * 7) % 10) * DAY - (i + 1) * 3_600_000);
    const raw = {
      event_id: randomUUID().replaceAll('-', ''),
      timestamp: recibido.getTime() / 1000,
      level: 'error',
      platform: 'javascript',
      release: RELEASE_MAPEADA,
      environment: 'production',
      exception: {
        values: [
          {
            type: 'TypeError',
            value: "Cannot read properties of undefined (reading 'cuit')",
            mechanism: { type: 'onerror', handled: false },
            stacktrace: {
              frames: [
                {
                  filename: `${ORIGEN}/assets/vendor-react-8c1d.js`,
                  abs_path: `${ORIGEN}/assets/vendor-react-8c1d.js`,
                  function: 'Sb',
                  lineno: 1,
                  colno: 48211,
                  in_app: false,
                },
                frameMinificado('a', 'v(t))return', 'function F'),
                frameMinificado('v', '.cuit', 'function v'),
              ],
            },
          },
        ],
      },
      debug_meta: { images: [{ type: 'sourcemap', code_file: `${ORIGEN}/${SCRIPT}`, debug_id: DEBUG_ID }] },
      request: {
        url: `${ORIGEN}/clientes/nuevo`,
        headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/128.0' },
      },
      user: { id: String(200 + (i % 3)), email: `operador${i % 3}@cliente.com.ar` },
      tags: { modulo: 'clientes' },
      contexts: { browser: { name: 'Chrome', version: '128.0' }, os: { name: 'Windows', version: '10' } },
    };
    return aceptarEvento(JSON.stringify(raw), raw, { proyectoId, recibido });
  });
  eventos.sort((a, b) => a.recibido.getTime() - b.recibido.getTime());
  await escribirLote(tx, eventos);
}
