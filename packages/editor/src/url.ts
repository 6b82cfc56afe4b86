// URL rules shared by the schema (parse and render) and by the link and image popups.

/** The popups' URL rule (case-sensitive), kept verbatim: url.test.ts checks it. */
export const POPUP_URL_PATTERN = /^(https?:\/\/)?([\da-z.-]+)\.([a-z.]{2,6})[/\w .-]*\/?$/;

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/** True when the value passes the popups' URL rule. */
export function isValidPopupUrl(value: string): boolean {
  return POPUP_URL_PATTERN.test(value.trim());
}

/** What the popups store: the typed URL, with https:// added when it has no scheme (so it is not relative). */
export function popupUrlToHref(value: string): string {
  const url = value.trim();
  return /^https?:\/\//.test(url) ? url : `https://${url}`;
}

/**
 * The URL itself when it is http, https, mailto or relative; null for anything else
 * (javascript:, data:, vbscript:, file:...). Browsers ignore tabs, newlines and control
 * characters inside a scheme, so they are removed before the scheme is read.
 */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url === '') return null;
  // These control characters are what the browser skips inside a scheme, so they are the ones to strip.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the reason is above
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(compact);
  if (scheme && !ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase())) return null;
  if (!scheme && /^[^/?#]*:/.test(compact)) return null; // a malformed scheme such as "java script:"
  return url;
}
