import './app/zodJitless.ts';
import './app/loginStyles.ts';
import './app/global.css';
import { createRoot } from 'react-dom/client';
import { showLogin, startRouter } from './app/boot.tsx';
import { whenNoFormEditing } from './core/drafts.ts';
import { reloadForNewBuild, reloadNow } from './core/reload.ts';
import { listenForSignOut } from './core/session/renewal.ts';

const element = document.getElementById('root');
if (!element) throw new Error('Falta el elemento #root');
const root = createRoot(element);
// /login opened directly renders without the router, which loads with the first navigation (boot.tsx).
if (/^\/login\/?$/.test(window.location.pathname)) showLogin(root);
else void startRouter(root);
// Config, http layer and schemas load in their own chunk, beside the first paint.
void import('./app/startup.ts').then(({ startUp }) => startUp());

// A sign-out in another tab of this browser ends this page's session too.
listenForSignOut();
// A chunk of a build deployed since the page opened: reload onto the new build, once.
window.addEventListener('vite:preloadError', () => void reloadForNewBuild());
// The offline-support worker: registered once the page has loaded (its small chunk counts in /login's). A new
// version takes over and reloads the page once no form has unsaved changes; the session comes back from
// the renewal cookie, and the forms' drafts are kept anyway.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('virtual:pwa-register').then(({ registerSW }) =>
      registerSW({ immediate: true, onNeedReload: () => void whenNoFormEditing().then(reloadNow) }),
    );
  });
}
