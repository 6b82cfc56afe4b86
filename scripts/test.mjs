// `npm test`: every test of the portal. Typecheck, unit and route tests (vitest), the build, then
// end-to-end tests in Debian's Chromium against the real server. Prints one closing count line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'intranet-test-'));

function run(step, cmd, args, options = {}) {
  console.log(`\n▶ ${step}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${step} falló (código ${result.status ?? result.signal}).`);
    summarize();
    process.exit(result.status || 1);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    run('Instalando Chromium de Debian', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
    return;
  }
  console.error(`Falta ${CHROMIUM}. Instálelo con:\n  sudo apt-get update && sudo apt-get install -y chromium`);
  process.exit(1);
}

function counts(file, pick) {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  return pick(JSON.parse(readFileSync(file, 'utf8')));
}

function summarize() {
  const unit = counts(join(reports, 'vitest.json'), (r) => ({
    passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests,
  }));
  const e2e = counts(join(reports, 'playwright.json'), (r) => ({
    passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky, skipped: r.stats.skipped,
  }));
  const total = { passed: unit.passed + e2e.passed, failed: unit.failed + e2e.failed, skipped: unit.skipped + e2e.skipped };
  console.log(`\nunit+routes: ${unit.passed} passed, ${unit.failed} failed; e2e: ${e2e.passed} passed, ${e2e.failed} failed`);
  console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
}

ensureChromium();
for (const project of ['packages/contract', 'packages/editor', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  run(`Typecheck ${project}`, bin('tsc'), ['-p', join(project, 'tsconfig.json')]);
}
run('Unit and route tests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`]);
run('Build (web app and server)', 'npm', ['run', 'build']);
run('End-to-end tests (Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') },
});
summarize();
