// Gzip size of the JS that /login needs, from dist/.vite/manifest.json (run after `vite build`):
//  - firstPaint: the entry chunk and the login page's chunk, with everything they import statically;
//  - withForm:   that plus what the page loads during the spec's 2000 ms config delay (the form with
//                react-hook-form and zod, the config loader and the http layer), i.e. everything needed
//                before the sign-in form can be used.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
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

const firstPaint = collect(['index.html', 'src/pages/Login.tsx']);
const withForm = collect(['index.html', 'src/pages/Login.tsx', 'src/pages/LoginForm.tsx', 'src/app/startup.ts']);
const result = {
  metric: 'login-js-gzip-kB',
  firstPaint: gzipKb(firstPaint, 'firstPaint'),
  withForm: gzipKb(withForm.filter((file) => !firstPaint.includes(file)), 'form') ,
  target: 110,
};
result.withForm = Number((result.withForm + result.firstPaint).toFixed(2));
result.ok = result.withForm <= result.target;
console.log(JSON.stringify(result));
