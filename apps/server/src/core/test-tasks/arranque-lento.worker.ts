// A task whose module takes long to load (as a cold worker's does on a busy machine) and whose own work is quick.
await new Promise((listo) => setTimeout(listo, 1_500));

export default function tarea(n: number): number {
  return n * 2;
}
