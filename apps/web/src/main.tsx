import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createRouter } from './app/router.tsx';
import { setNavigator } from './core/navigation.ts';

const router = createRouter();
setNavigator((path) => router.navigate(path));
// Config, http layer and schemas load in their own chunk, beside the first paint.
void import('./app/startup.ts').then(({ startUp }) => startUp());

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');
createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

// The offline-support worker: registered after the first render, outside the /login bundle; with
// registerType 'autoUpdate' a new version takes over and reloads the page (spec §4).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  });
}
