// `npm run bench [name...]`: prints the portal's speed and size figures. Benchmarks, not tests: they
// measure and print; targets are shown beside each figure.
import { alertas } from './alertas.ts';
import { busqueda } from './busqueda.ts';
import { loginBundle } from './login-bundle.ts';
import { freshStart } from './fresh-start.ts';
import { apiList } from './api-list.ts';
import { clientes } from './clientes.ts';
import { clientesMillon } from './clientes-millon.ts';
import { dnsMillon } from './dns-millon.ts';
import { editorBundle } from './editor-bundle.ts';
import { escala } from './escala.ts';
import { importacion } from './importacion.ts';
import { intake } from './intake.ts';
import { lote } from './lote.ts';
import { monitorMillon } from './monitor-millon.ts';
import { overload } from './overload.ts';
import { recuentos } from './recuentos.ts';
import { rendimiento, salud } from './rendimiento.ts';
import { retencion } from './retencion.ts';
import { transfer } from './transfer.ts';
import { vencimientos } from './vencimientos.ts';
import { vencimientosMillon } from './vencimientos-millon.ts';

const benchmarks: Record<string, () => Promise<void>> = {
  'login-bundle': loginBundle,
  'fresh-start': freshStart,
  'api-list': apiList,
  clientes,
  'dns-millon': dnsMillon,
  'clientes-millon': clientesMillon,
  'vencimientos-millon': vencimientosMillon,
  'monitor-millon': monitorMillon,
  rendimiento,
  salud,
  'editor-bundle': editorBundle,
  intake,
  escala,
  overload,
  transfer,
  vencimientos,
  alertas,
  busqueda,
  retencion,
  importacion,
  lote,
  recuentos,
};

const chosen = process.argv.slice(2).filter((name) => !name.startsWith('-'));
const names = chosen.length > 0 ? chosen : Object.keys(benchmarks);
for (const name of names) {
  const bench = benchmarks[name];
  if (!bench) {
    console.error(`Benchmark desconocido: ${name}. Disponibles: ${Object.keys(benchmarks).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== ${name} ===`);
  await bench();
}
