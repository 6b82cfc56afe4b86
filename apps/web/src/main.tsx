import './app/zodJitless.ts';
import './app/loginStyles.ts';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { showLogin, startRouter } from './app/boot.tsx';

const element = document.getElementById('root');
if (!element) throw new Error('Falta el elemento #root');
const root = createRoot(element);
// /login opened directly renders without the router, which loads with the first navigation (boot.tsx).
if (/^\/login\/?$/.test(window.location.pathname)) showLogin(root);
else void startRouter(root);
// Config, http layer and schemas load in their own chunk, beside the first paint.
void import('./app/startup.ts').then(({ startUp }) => startUp());

// The offline-support worker: registered once the page has loaded (its small chunk counts in /login's); with
// registerType 'autoUpdate' a new version takes over and reloads the page (spec §4).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
  });
}
