// `npm test`: every test of the portal. Static checks (typecheck, import boundaries, dead code), unit and route
// tests (vitest, on the embedded PGlite), the build, then end-to-end tests in Debian's Chromium against the
// real server, all side by side. With TEST_DATABASE_URL set, the server's files whose code differs on PostgreSQL
// run once more against that server. Prints each step's time as it ends, and one closing count line.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POSTGRES_PASS } from '../apps/server/src/test/postgres-pass.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'intranet-test-'));
const postgres = process.env.TEST_DATABASE_URL;
/** The environment of every step but the PostgreSQL pass: the first pass is the embedded database's. */
const { TEST_DATABASE_URL: _omit, ...embedded } = process.env;
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * The steps still running, stopped when one fails. Each runs as the leader of its own process group, so stopping
 * it stops what it started too: the servers and browsers a test step starts would otherwise outlive it.
 */
const running = new Set();

/** Sends a signal to a step's whole process group. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // No process of the group is left.
  }
}

/**
 * How many processes of a step's group still run (from Linux's /proc; zombies left to an init that does not reap
 * them, such as esbuild's after a build in a container, are not counted).
 */
function liveInGroup(child) {
  if (!existsSync('/proc')) {
    // Elsewhere (macOS), any process still in the group, zombies included.
    try {
      process.kill(-child.pid, 0);
      return 1;
    } catch {
      return 0;
    }
  }
  let live = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === child.pid && state !== 'Z') live++;
    } catch {
      // The process ended while being read.
    }
  }
  return live;
}

// Ctrl+C (or a stop from outside) reaches only this process: the steps are in groups of their own, so it is passed on.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
]) {
  process.on(signal, () => {
    for (const child of running) signalGroup(child, 'SIGTERM');
    process.exit(code);
  });
}

function fail(step, code) {
  for (const child of running) signalGroup(child, 'SIGTERM');
  console.error(`\n✖ ${step} falló (código ${code}).`);
  summarize();
  process.exit(code || 1);
}

function run(step, cmd, args, options = {}) {
  console.log(`\n▶ ${step}`);
  const since = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: embedded, ...options });
  if (result.status !== 0) fail(step, result.status ?? result.signal);
  console.log(`  ${step}: ${seconds(since)}`);
}

/** Runs a command in the background, its output kept in a file (printed whole if it fails); says when it ends. */
function start(step, cmd, args, options = {}) {
  const log = join(reports, `${step.replace(/\W+/g, '-')}.log`);
  const out = createWriteStream(log);
  const since = Date.now();
  const child = spawn(cmd, args, {
    cwd: root,
    env: embedded,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...options,
  });
  running.add(child);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  // A process the step started and left running (a server its test did not stop) would hold its port, its files
  // and the step's output pipe: stopped as the step ends, and said, so the leak is seen rather than found later.
  child.on('exit', () => {
    const live = liveInGroup(child);
    if (live === 0) return;
    signalGroup(child, 'SIGTERM');
    console.log(`  (${step}: dejó ${live} proceso(s) en marcha; detenidos)`);
  });
  const done = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      console.log(`  ${code === 0 ? '✓' : '✖'} ${step}: ${seconds(since)} (a los ${seconds(started)})`);
      out.end(() => resolve({ step, code: code ?? signal, log }));
    });
  });
  // The first step that fails stops the others and the run (its output printed whole).
  return done.then((result) => {
    report([result]);
    return result;
  });
}

/** Prints the whole output of the first step that failed, then stops there. */
function report(results) {
  const failed = results.find((result) => result.code !== 0);
  if (failed) {
    console.error(`\n── ${failed.step} ──\n${readFileSync(failed.log, 'utf8')}`);
    fail(failed.step, failed.code);
  }
}

/** Runs the steps `lanes` at a time, in order, each in the background. */
async function pool(steps, lanes) {
  const queue = [...steps];
  const results = [];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) results.push(await start(...next));
    }),
  );
  return results;
}

/**
 * Debian's packages the tests drive: Chromium (end to end), slapd (the directory's sign-in), nginx (deploy/),
 * prometheus (promtool checks /metrics), python3-sentry-sdk (the monitor's intake from Python).
 */
const PAQUETES = [
  ['/usr/bin/chromium', 'chromium'],
  ['/usr/sbin/slapd', 'slapd'],
  ['/usr/sbin/nginx', 'nginx'],
  ['/usr/bin/promtool', 'prometheus'],
  ['/usr/lib/python3/dist-packages/sentry_sdk/__init__.py', 'python3-sentry-sdk'],
];

function ensureDebianPackages() {
  const faltan = PAQUETES.filter(([path]) => !existsSync(path)).map(([, paquete]) => paquete);
  if (faltan.length === 0) return;
  if (process.getuid?.() === 0) {
    run(`Instalando ${faltan.join(' y ')} de Debian`, 'sh', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${faltan.join(' ')}`,
    ]);
    return;
  }
  console.error(
    `Faltan paquetes de Debian: ${faltan.join(', ')}. Instálelos con:\n  sudo apt-get update && sudo apt-get install -y ${faltan.join(' ')}`,
  );
  process.exit(1);
}

function counts(file, pick) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  return pick(JSON.parse(readFileSync(file, 'utf8')));
}

const vitestCounts = (file) =>
  counts(file, (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }));

function summarize() {
  const unit = vitestCounts(join(reports, 'vitest.json'));
  const pg = vitestCounts(join(reports, 'vitest-postgres.json'));
  const e2e = counts(join(reports, 'playwright.json'), (r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky,
    skipped: r.stats.skipped,
  }));
  const parts = [unit, e2e, ...(postgres ? [pg] : [])];
  const total = {
    passed: parts.reduce((n, p) => n + p.passed, 0),
    failed: parts.reduce((n, p) => n + p.failed, 0),
    skipped: parts.reduce((n, p) => n + p.skipped, 0),
  };
  const pgLine = postgres ? `; routes on PostgreSQL: ${pg.passed} passed, ${pg.failed} failed` : '';
  console.log(
    `\nunit+routes: ${unit.passed} passed, ${unit.failed} failed; e2e: ${e2e.passed} passed, ${e2e.failed} failed${pgLine}`,
  );
  console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped (${seconds(started)})`);
}

ensureDebianPackages();

// The runtime the project brings (the `node` package in package.json, first on the PATH of npm's scripts).
console.log(`Node ${process.version}`);

// Two phases, each keeping both cores busy. First the build, the unit and route tests and the static checks; then,
// once the build and the unit tests are done, the end-to-end tests beside the PostgreSQL pass. The end-to-end tests
// mostly wait on the browser and the servers (0.66 of a core on the slowest machine seen), which the PostgreSQL pass
// fills. The unit tests used to run beside them at a lower priority, taking what they left idle: where Chromium's
// bursts took both cores, a test there got a slice of a core and ran out of its 180 s (two restore tests did, in a run
// of 2,335 s). Run apart, no test's time budget depends on how busy another step keeps the machine.
console.log(
  "\n▶ Build, static checks and unit and route tests side by side, then end to end (each step's output in its log)",
);
const built = start('Build (web app and server)', 'npm', ['run', 'build']);
const unit = start('Unit and route tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, 'vitest.json')}`,
]);
// The static checks have no time budget: they yield the processor to the tests and take what they leave idle.
const yielding = (cmd, args) => ['nice', ['-n', '10', cmd, ...args]];
// The static checks one at a time (the other lane is the tests'): each TypeScript program, the import boundaries
// (dependency-cruiser), dead code (knip), and lint and format (Biome). The server, the benches and the contract are
// one program (tsconfig.node.json), and the web app and the editor another: each checked apart was checked twice,
// inside the program that imports it. `tsc` is TypeScript 7's native compiler (docs/architecture.md).
const checks = pool(
  [
    ['Typecheck apps/server, bench and packages/contract', ...yielding(bin('tsc'), ['-p', 'tsconfig.node.json'])],
    ...['apps/web', 'e2e'].map((project) => [
      `Typecheck ${project}`,
      ...yielding(bin('tsc'), ['-p', join(project, 'tsconfig.json')]),
    ]),
    ['Boundaries (dependency-cruiser)', ...yielding('npm', ['run', '-s', 'lint:deps'])],
    ['Dead code (knip)', ...yielding('npm', ['run', '-s', 'lint:dead'])],
    ['Lint and format (Biome)', ...yielding(bin('biome'), ['check', '--error-on-warnings', '.'])],
  ],
  1,
);

await Promise.all([built, unit]);
const e2e = start('End-to-end tests (Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
  env: { ...embedded, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') },
});
// The PostgreSQL pass runs again only the server's files whose code differs there (src/test/postgres-pass.mjs).
const pgPass = postgres
  ? start(
      'Route tests on PostgreSQL',
      bin('vitest'),
      [
        // One worker, at the end-to-end tests' priority: it mostly waits on PostgreSQL and the processes it starts.
        'run',
        '--project',
        'server',
        ...POSTGRES_PASS,
        '--maxWorkers=1',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${join(reports, 'vitest-postgres.json')}`,
      ],
      { env: { ...embedded, TEST_DATABASE_URL: postgres } },
    )
  : undefined;
await Promise.all([checks, e2e, pgPass]);
summarize();
