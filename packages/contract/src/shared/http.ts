/**
 * Anti-forgery double-submit pair (one of the specification's generic defaults): the server sets the cookie, the web's
 * http layer copies it into the header on every non-GET, non-HEAD request to a relative URL.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The base URLs of the runtime configuration that calls are built from, as the specification names them. */
export const BASE_URL_KEYS = ['api', 'instaladores', 'store', 'versiones', 'archivos'] as const;
export type BaseUrlKey = (typeof BASE_URL_KEYS)[number];

/**
 * The renewal of a browser's session: an HttpOnly cookie, sent only to these routes (its path), that a page
 * posts (with the anti-forgery header) to get a session without asking for the password again.
 */
export const RENEWAL_COOKIE = 'intranet_renovacion';
export const RENEWAL_PATH = '/api/auth/renovacion';
/** Ends the browser's session the cookie belongs to: /login opened with no session in the page. */
export const RENEWAL_CLOSE_PATH = '/api/auth/renovacion/cierre';
