/**
 * Lets code outside React (the http layer) navigate with the app's router. The router registers itself
 * at start-up; this module does not import it, so the http layer stays free of the route tree.
 */
type Navigator = (path: string) => Promise<void> | void;

let navigator: Navigator = (path) => window.location.assign(path);

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(path: string): Promise<void> | void {
  return navigator(path);
}
