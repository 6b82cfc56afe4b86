import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      // A new worker takes over at once and the page reloads (spec §4); registration lives in main.tsx.
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
        navigateFallback: 'index.html',
        // The API, its docs and the runtime configuration always come from the network.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/docs(\/|$)/, /^\/assets\/config\.json/],
        runtimeCaching: [],
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
          // Everything the entry imports statically (/login's screen, React, Mantine's parts it uses) in one
          // chunk: left to automatic chunking it spreads over a dozen shared chunks, each gzipped on its own.
          groups: [{ name: 'initial', tags: ['$initial'] }],
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
