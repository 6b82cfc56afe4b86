/** Holds `mb` megabytes in buffers (outside the heap) for a moment, as inflated data waiting for a parser does. */
export default async function retener(mb: number): Promise<number> {
  const retenidos = Array.from({ length: mb }, () => Buffer.alloc(1024 * 1024, 1));
  await new Promise((r) => setTimeout(r, 200));
  return retenidos.reduce((total, b) => total + b.length, 0) / (1024 * 1024);
}
