/**
 * Lets code outside the route tree (the http layer, the login form) navigate with the app's router. The router
 * registers itself at start-up; this module does not import it, so the http layer stays free of the route tree.
 * /login opened directly runs without the router (app/boot.tsx): there the navigator starts it first.
 */
export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

type Navigator = (path: string, options?: NavigateOptions) => Promise<void> | void;

let navigator: Navigator = (path) => window.location.assign(path);
let prepare: () => void = () => undefined;

/** `prepareNext` starts loading what a navigation will need, ahead of it (see prepareNavigation). */
export function setNavigator(next: Navigator, prepareNext: () => void = () => undefined): void {
  navigator = next;
  prepare = prepareNext;
}

/** A navigation is likely soon (a sign-in was sent): load what it needs meanwhile. Nothing once the router runs. */
export function prepareNavigation(): void {
  prepare();
}

export function navigateTo(path: string, options?: NavigateOptions): Promise<void> | void {
  return navigator(path, options);
}
