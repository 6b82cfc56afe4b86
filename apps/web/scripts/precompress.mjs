// Writes `.br` and `.gz` beside each compressible file of the build (run after `vite build`; WEB_DIST names
// another build folder): the server sends them as they are (@fastify/static preCompressed) instead of
// compressing the same bytes on every request, and at the best quality, which only a build can afford.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.env.WEB_DIST ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt']);
// Below this the server sends files as they are (its threshold): headers would outweigh the saving.
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name);
  // .vite/ holds the build's manifest, read by scripts, never served.
  if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name)) || path.slice(dist.length).includes(`${sep}.`))
    continue;
  if (statSync(path).size < MIN_BYTES) continue;
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
  // A variant no smaller than the original is left out: the server then sends the original.
  if (br.length < bytes.length) writeFileSync(`${path}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${path}.gz`, gz);
  before += bytes.length;
  after += br.length;
}
console.log(`precompress: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB brotli in ${dist}`);
