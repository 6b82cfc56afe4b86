import { createServer } from 'node:net';

/** A port nothing listens on: opened, read and closed (for a server a test starts). */
export async function puertoLibre(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
