// The worker threads' entry (core/isolated.ts): runs one task, the default export of the module it names, away
// from the thread that answers the API. Plain JavaScript because it starts before any TypeScript can load: run from
// the sources (tests, `npm run dev`), it registers tsx first so the task's `.ts` module loads; in the build
// (dist/workers/) the modules are JavaScript already and tsx, a development dependency, is never imported.
let tsx;

/** @param {{ modulo: string; datos: unknown }} tarea */
export default async function ejecutar({ modulo, datos }) {
  if (modulo.endsWith('.ts')) tsx ??= import('tsx/esm/api').then((api) => api.register());
  await tsx;
  const { default: tarea } = await import(modulo);
  return tarea(datos);
}
