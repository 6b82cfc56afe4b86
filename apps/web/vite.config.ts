import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const server = 'http://127.0.0.1:8080';
/** The build's folder: `build.outDir` below, or another given with `--outDir` (set once Vite resolves its config). */
let dist = new URL('./dist', import.meta.url).pathname;

/**
 * The screens a person sees first: the sign-in form, then the shell and the home screen, and the shell's command
 * palette (loaded on its first use, yet part of the shell: it must open offline too).
 */
const PRIMERA_PANTALLA = [
  'index.html',
  'src/app/App.tsx',
  'src/layout/Shell.tsx',
  'src/pages/Home.tsx',
  'src/layout/palette/Palette.tsx',
];

/**
 * The built files of those screens and all they import statically, with their CSS, read from Vite's manifest
 * (`build.manifest`). Undefined without it: then the worker precaches every file, as before.
 */
function archivosDeLaPrimeraPantalla(): Set<string> | undefined {
  let manifest: Record<string, { file: string; imports?: string[]; css?: string[] }>;
  try {
    manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
  } catch {
    return undefined;
  }
  const archivos = new Set<string>();
  const visitar = (clave: string): void => {
    const chunk = manifest[clave];
    if (!chunk || archivos.has(chunk.file)) return;
    archivos.add(chunk.file);
    for (const css of chunk.css ?? []) archivos.add(css);
    for (const importado of chunk.imports ?? []) visitar(importado);
  };
  for (const clave of PRIMERA_PANTALLA) visitar(clave);
  return archivos;
}

export default defineConfig({
  // The Sentry SDK's debug logging and tracing code (flags its docs name for tree-shaking): the portal's own
  // error reporting uses neither, and the reporter's chunk loads with the first screen after sign-in.
  define: { __SENTRY_DEBUG__: 'false', __SENTRY_TRACING__: 'false' },
  plugins: [
    react(),
    {
      // The worker's precache list (below) reads the manifest of this build, wherever it is written.
      name: 'intranet-out-dir',
      configResolved(config) {
        dist = resolve(config.root, config.build.outDir);
      },
    },
    VitePWA({
      strategies: 'generateSW',
      // A new worker takes over and the page reloads once no form has unsaved changes: main.tsx registers it.
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Intranet',
        short_name: 'Intranet',
        description: 'Intranet de servicios y soluciones',
        lang: 'es',
        theme_color: '#1c4f8c',
        background_color: '#f5f7fa',
        display: 'standalone',
        icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        // Precached (once /login shows): the first screens' files only, a phone on a slow link does not pay
        // for every area at the sign-in screen. Each area's chunks are kept as it is first opened (below).
        manifestTransforms: [
          (entries) => {
            const primera = archivosDeLaPrimeraPantalla();
            return {
              manifest: primera ? entries.filter((e) => !/\.(js|css)$/.test(e.url) || primera.has(e.url)) : entries,
              warnings: [],
            };
          },
        ],
        navigateFallback: 'index.html',
        // The API, its docs and the runtime configuration always come from the network.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/docs(\/|$)/, /^\/assets\/config\.json/],
        runtimeCaching: [
          {
            // Built chunks are named by their content and never change: kept once fetched, read from the cache after.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/.+\.(js|css)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'intranet-chunks', expiration: { maxEntries: 400, purgeOnQuotaError: true } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/login-bundle-size.mjs to sum the JS that /login needs.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (/login's screen, React, Mantine's parts it uses) in one
            // chunk: left to automatic chunking it spreads over a dozen shared chunks, each gzipped on its own.
            { name: 'initial', tags: ['$initial'] },
            // The rich-text model (prosemirror-model, the editor's schema, validation, HTML rendering and
            // parsing) on its own: the contract's forms validate with it and the lazy editor imports the rest of
            // it from here. Left to automatic chunking it rode in the clientes contract's chunk, where its weight
            // could not be told apart (bench editor-bundle measures this file).
            {
              name: 'rich-text-model',
              test: /node_modules[\\/](prosemirror-model|orderedmap)[\\/]|packages[\\/]editor[\\/]src[\\/](schema[\\/]|(index|document|render-html|parse-html|url|palette)\.ts)/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': server, '/assets/config.json': server, '/docs': server },
  },
  preview: {
    proxy: { '/api': server, '/assets/config.json': server, '/docs': server },
  },
});
