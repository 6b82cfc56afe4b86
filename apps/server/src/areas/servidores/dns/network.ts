import { Resolver } from 'node:dns/promises';
import { connect } from 'node:net';
import type { DNS_TIPOS } from '@intranet/contract/areas/servidores/dns';

export const RESOLVER_TIMEOUT_MS = 2000;
export const CONNECT_TIMEOUT_MS = 3000;

const DNS_ERRORES: Record<string, string> = {
  ENOTFOUND: 'El nombre no existe en el DNS',
  ENODATA: 'El nombre no tiene registros de ese tipo',
  ETIMEOUT: 'El servidor de nombres no respondió a tiempo',
  ECONNREFUSED: 'No se pudo consultar el servidor de nombres (conexión rechazada)',
  ESERVFAIL: 'El servidor de nombres no pudo resolver el nombre',
  EREFUSED: 'El servidor de nombres rechazó la consulta',
  ECANCELLED: 'El servidor de nombres no respondió a tiempo',
};

/**
 * Asks this machine's resolver for the host's records of its type. A failure is an answer (`error`), never
 * an exception: a closed network or an unknown name is what the user wants to know.
 */
export async function resolverHost(
  host: string,
  tipo: (typeof DNS_TIPOS)[number],
): Promise<{ direcciones: string[]; error: string | null }> {
  const resolver = new Resolver({ timeout: RESOLVER_TIMEOUT_MS, tries: 1 });
  const lookup =
    tipo === 'AAAA'
      ? resolver.resolve6(host)
      : tipo === 'CNAME'
        ? resolver.resolveCname(host)
        : resolver.resolve4(host);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })),
      RESOLVER_TIMEOUT_MS + 500,
    );
  });
  try {
    return { direcciones: [...(await Promise.race([lookup, deadline]))].sort(), error: null };
  } catch (err) {
    resolver.cancel();
    const code = (err as { code?: string }).code ?? '';
    return {
      direcciones: [],
      error: DNS_ERRORES[code] ?? `No se pudo resolver el nombre (${code || 'error desconocido'})`,
    };
  } finally {
    clearTimeout(timer);
  }
}

const TCP_ERRORES: Record<string, string> = {
  ECONNREFUSED: 'Conexión rechazada: nada escucha en ese puerto',
  ENOTFOUND: 'No se pudo resolver el host',
  EAI_AGAIN: 'No se pudo resolver el host (DNS no disponible)',
  EHOSTUNREACH: 'Host inalcanzable',
  ENETUNREACH: 'Red inalcanzable',
  ECONNRESET: 'La conexión fue cortada por el otro extremo',
  ETIMEDOUT: `Sin respuesta en ${CONNECT_TIMEOUT_MS / 1000} s`,
};

/** Whether a TCP connection to host:port opens within the timeout, and how long it took. */
export function verificarConexion(
  host: string,
  port: number,
): Promise<{ alcanzable: boolean; ms: number | null; error: string | null }> {
  const start = process.hrtime.bigint();
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: CONNECT_TIMEOUT_MS });
    const done = (error: string | null) => {
      socket.destroy();
      const ms = Math.round(Number(process.hrtime.bigint() - start) / 1e6);
      resolve(error ? { alcanzable: false, ms: null, error } : { alcanzable: true, ms, error: null });
    };
    socket.once('connect', () => done(null));
    socket.once('timeout', () => done(TCP_ERRORES.ETIMEDOUT!));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      done(TCP_ERRORES[err.code ?? ''] ?? `No se pudo conectar (${err.code ?? err.message})`),
    );
  });
}
