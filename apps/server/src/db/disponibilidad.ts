/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, the connection cut,
 * no free connection in time) rather than that the query itself was wrong: the call may succeed if tried
 * again in a few seconds, so it is answered 503 with Retry-After, never 500.
 */
export function baseNoDisponible(err: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; a refused connection may come as an AggregateError (IPv4 and IPv6).
  for (let e: unknown = err, vueltas = 0; e instanceof Error && vueltas < 5; e = e.cause, vueltas++) {
    if (esDeConexion(e)) return true;
    if (e instanceof AggregateError && e.errors.some((x) => x instanceof Error && esDeConexion(x))) return true;
  }
  return false;
}

/** The socket's failures: the server is not there, or it went away. */
const DEL_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** PostgreSQL's: shutting down (57P01 admin, 57P02 crash), starting up (57P03), too many clients (53300). */
const DEL_SERVIDOR = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and its pool say these without a code. */
const DEL_DRIVER = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Query read timeout/,
];

function esDeConexion(e: Error): boolean {
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    // SQLSTATE class 08: connection exception.
    if (DEL_SOCKET.has(code) || DEL_SERVIDOR.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return DEL_DRIVER.some((re) => re.test(e.message));
}
