// A task that loads at once and then works for longer than it is given.
export default async function tarea(ms: number): Promise<number> {
  await new Promise((listo) => setTimeout(listo, ms));
  return ms;
}
