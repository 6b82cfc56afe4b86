// The server's test files that `npm test` runs a second time on PostgreSQL (TEST_DATABASE_URL): those whose code
// takes a path of its own there, or that need what only a server gives. The first pass runs every file on PGlite;
// the SQL is the same on both, so a route test that only reads and writes rows adds nothing the second time.
export const POSTGRES_PASS = [
  // The database layer: the node-postgres client and pool, migrations, conflict and availability errors,
  // housekeeping's advisory lock, batched writes.
  'src/db/',
  // Backup and restore read and write each database their own way (COPY, a transaction per restore).
  'src/respaldo/',
  // CSV: PostgreSQL streams COPY; PGlite reads in keyset batches.
  'src/lists/csv.test.ts',
  // The change feed (LISTEN on its own connection) behind caches, live updates and the health answer.
  'src/plugins/cache.test.ts',
  'src/areas/vivo/',
  'src/plugins/operacion.test.ts',
  'src/plugins/estado.test.ts',
  // The pool: waiting for a connection, draining it on shutdown, and the driver's errors as answers.
  'src/plugins/pressure.test.ts',
  'src/plugins/apagado.test.ts',
  'src/plugins/errors.test.ts',
  // The job queue and advisory locks, held across connections.
  'src/jobs/',
  'src/areas/alertas/',
  'src/areas/personas/usuarios/',
  // Several processes on one database, and its partitions written while they are pruned.
  'src/varios-procesos.test.ts',
  'src/despliegue.test.ts',
  'src/areas/auth/tokens.test.ts',
  // A second-factor code taken once by simultaneous requests (a conditional update on separate connections).
  'src/areas/auth/segundo-factor.test.ts',
  // A renewal value taken by two tabs at once (a row lock on separate connections), and its reuse ending the family.
  'src/areas/auth/session-renewal.test.ts',
  'src/areas/insights/retencion.test.ts',
  'src/areas/insights/intake/escritura.test.ts',
  // Hostile input on every route: PostgreSQL refuses what PGlite may take (NUL, bad UTF-8).
  'src/hostile-input.test.ts',
  // A bulk edit whose server process is killed (SIGKILL) midway, continued and undone by another process.
  'src/lists/lotes-kill.test.ts',
];
