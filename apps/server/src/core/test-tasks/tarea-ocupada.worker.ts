// A task that keeps its thread working for `ms` of the clock's time, as a file that takes long to parse does.
export default function tarea(ms: number): number {
  const fin = Date.now() + ms;
  let vueltas = 0;
  while (Date.now() < fin) vueltas += 1;
  return vueltas > 0 ? ms : 0;
}
