/**
 * Anti-forgery double-submit pair (spec §7, "generic defaults"): the server sets the cookie, the web's
 * http layer copies it into the header on every non-GET, non-HEAD request to a relative URL.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The base URLs of the runtime configuration that calls are built from (spec §3). */
export const BASE_URL_KEYS = ['api', 'instaladores', 'store', 'versiones', 'archivos'] as const;
export type BaseUrlKey = (typeof BASE_URL_KEYS)[number];
