import { modals } from '@mantine/modals';
import { getSesion, rememberBlockedRoute } from '../session/session.ts';
import { navigateTo } from '../navigation.ts';
import { createHttpClient } from './client.ts';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The portal's one fetch wrapper: nothing else in the web app calls fetch. */
export const http = createHttpClient({
  fetch: (input, init) => fetch(input, init),
  getToken: () => getSesion()?.token ?? null,
  readCookie,
  // Every portal dialog is opened through @mantine/modals, so this closes all of them.
  closeDialogs: () => modals.closeAll(),
  navigate: (path) => {
    if (path === '/unauthorized') rememberBlockedRoute(window.location.pathname + window.location.search);
    return navigateTo(path);
  },
});
