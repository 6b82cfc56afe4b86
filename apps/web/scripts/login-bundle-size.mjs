// Gzip size of the JS that /login needs, from the build's .vite/manifest.json (run after `vite build`; WEB_DIST
// names another build folder). A quick estimate without a browser; `npm run bench -- login-bundle` measures what
// Chromium loads.
//  - firstPaint: the entry chunk with everything it imports statically (/login renders from it, without the
//                router: app/boot.tsx);
//  - withForm:   that plus what loads before the form can be used: the start-up chunk (the runtime config after
//                the spec's 2000 ms delay, the server's state) and the offline-support worker's registration.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const verbose = process.argv.includes('--verbose');

function collect(keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files].filter((file) => file.endsWith('.js')).sort();
}

function gzipKb(files, label) {
  let total = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += size;
    if (verbose) console.error(`${label.padEnd(10)} ${(size / 1024).toFixed(2).padStart(7)} kB  ${file}`);
  }
  return Number((total / 1024).toFixed(2));
}

// The registration module loads workbox-window at once, through a dynamic import.
const pwaRegister = Object.keys(manifest)
  .filter((key) => key.endsWith('virtual:pwa-register'))
  .flatMap((key) => [key, ...(manifest[key].dynamicImports ?? [])]);
const firstPaint = collect(['index.html']);
const withForm = collect(['index.html', 'src/app/startup.ts', ...pwaRegister]);
const result = {
  metric: 'login-js-gzip-kB',
  firstPaint: gzipKb(firstPaint, 'firstPaint'),
  withForm: gzipKb(
    withForm.filter((file) => !firstPaint.includes(file)),
    'form',
  ),
  target: 110,
};
result.withForm = Number((result.withForm + result.firstPaint).toFixed(2));
result.ok = result.withForm <= result.target;
console.log(JSON.stringify(result));
