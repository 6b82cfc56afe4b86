import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser; flags keep it off the closed network.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './support/global-setup.ts',
  workers: 2,
  retries: 0,
  // Whole user journeys (create, edit, search, export, history, delete) take 25–35 s on a quiet machine, went past
  // 45 s on a busy one and 70 s on the slowest seen (a whole run 2.5× slower than usual, CPU shared with the
  // PostgreSQL pass): the budgets are for that machine. They cost nothing to a test that passes.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: jsonReport ? [['list'], ['json']] : [['list']],
  outputDir: '../test-results',
  use: {
    headless: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    // A failed test keeps its trace (DOM snapshots of each step, network, console) but no screencast: filming every
    // test's screen cost a fifth of the run's CPU (four journeys: 166 CPU-s with it, 133 without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
    // The browser asks for less motion, as some users do (the theme respects it): no dialog or menu transition to
    // wait for and draw, frame by frame, while the machine is busy.
    contextOptions: { reducedMotion: 'reduce' },
  },
});
