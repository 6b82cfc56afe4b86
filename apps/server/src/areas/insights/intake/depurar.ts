// What an SDK sends may hold passwords, tokens or card numbers: in a frame's local variables, in its request's headers,
// cookies, body and query, in the user, the extra data, the contexts and the breadcrumbs' data. Before an event is
// stored, the values under sensitive keys and the card numbers in them become `[Filtered]`, as Sentry's server-side
// scrubbing does by default; a project adds keys of its own (`campos_sensibles`).

export const FILTRADO = '[Filtered]';

/** The parts of a key that make it sensitive, as Sentry's defaults name them (compared in lower case). */
export const CLAVES_SENSIBLES = [
  'password',
  'passwd',
  'secret',
  'api_key',
  'apikey',
  'token',
  'auth',
  'credentials',
  'dsn',
  'cookie',
  'session',
  'private_key',
  'privatekey',
  'mysql_pwd',
] as const;

/** 13 to 19 digits, in groups separated by spaces or hyphens, as card numbers are written. */
const TARJETA = /\b(?:\d[ -]*?){13,19}\b/;

/** True when the digits pass the Luhn check, as every card number does. */
function luhn(texto: string): boolean {
  const digitos = texto.replace(/\D/g, '');
  if (digitos.length < 13 || digitos.length > 19) return false;
  let suma = 0;
  for (let i = 0; i < digitos.length; i++) {
    let d = Number(digitos[digitos.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    suma += d;
  }
  return suma % 10 === 0;
}

const esTarjeta = (valor: string): boolean => {
  const m = TARJETA.exec(valor);
  return m !== null && luhn(m[0]);
};

const TARJETAS = new RegExp(TARJETA.source, 'g');

/**
 * A text with each card number in it replaced by `[Filtered]` and the rest kept: a URL or a breadcrumb's data keeps its
 * address when a number of 13 digits in it (an instant in milliseconds, a CAE) passes the Luhn check, as one in ten do.
 */
const sinTarjetas = (texto: string): string =>
  texto.length < 13 ? texto : texto.replace(TARJETAS, (m) => (luhn(m) ? FILTRADO : m));

/** The keys a project's events are scrubbed of: the defaults and its own, in lower case. */
export function clavesDe(propias: readonly string[]): string[] {
  return [...CLAVES_SENSIBLES, ...propias.map((c) => c.trim().toLowerCase()).filter((c) => c.length > 0)];
}

/** Each list of keys as one expression, built once per list (the defaults', or a project's while it is cached). */
const expresiones = new WeakMap<readonly string[], RegExp>();

/** A key holding one of the sensitive words, whatever its case, and with `-` read as `_` (`X-Api-Key`). */
function esSensible(clave: string, claves: readonly string[]): boolean {
  let expresion = expresiones.get(claves);
  if (!expresion) {
    expresion = new RegExp(claves.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'));
    expresiones.set(claves, expresion);
  }
  return expresion.test(clave.toLowerCase().replaceAll('-', '_'));
}

type Objeto = Record<string, unknown>;
const esObjeto = (v: unknown): v is Objeto => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Where the values are looked at: in the frames' variables a value holding a card number is replaced whole, a number
 * too; elsewhere only the card number within a text, and never a number, so a size or an instant in milliseconds of
 * a context (13 digits) is never taken for a card.
 */
interface Alcance {
  claves: readonly string[];
  numeros: boolean;
}

/** Whether a value itself (not under a sensitive key) is a card number: 13 characters at least. */
function esTarjetaEn(valor: unknown, alcance: Alcance): boolean {
  if (typeof valor === 'string') return valor.length >= 13 && esTarjeta(valor);
  return alcance.numeros && typeof valor === 'number' && Number.isSafeInteger(valor) && esTarjeta(String(valor));
}

/**
 * What becomes of a value under `clave`: a text to put instead (FILTRADO, or the text with its card numbers
 * replaced), else whether anything inside it was replaced.
 */
function depurarValor(valor: unknown, clave: string | undefined, alcance: Alcance, nivel: number): string | boolean {
  if (clave !== undefined && esSensible(clave, alcance.claves)) return valor === FILTRADO ? false : FILTRADO;
  if (typeof valor === 'string' && !alcance.numeros) {
    const limpio = sinTarjetas(valor);
    return limpio === valor ? false : limpio;
  }
  if (esTarjetaEn(valor, alcance)) return FILTRADO;
  return typeof valor === 'object' && valor !== null && depurarDentro(valor as Objeto | unknown[], alcance, nivel + 1);
}

/**
 * Replaces, inside an object or an array, the values under sensitive keys and the card numbers, at any depth (to
 * ten levels); a pair `[key, value]` (headers sent as pairs) is read as its key. Answers whether it replaced any.
 */
function depurarDentro(contenedor: Objeto | unknown[], alcance: Alcance, nivel: number): boolean {
  if (nivel > 10) return false;
  let cambio = false;
  if (Array.isArray(contenedor)) {
    for (let i = 0; i < contenedor.length; i++) {
      const v = contenedor[i];
      if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string') {
        const r = depurarValor(v[1], v[0], alcance, nivel + 1);
        if (typeof r === 'string') v[1] = r;
        cambio ||= r !== false;
      } else {
        const r = depurarValor(v, undefined, alcance, nivel);
        if (typeof r === 'string') contenedor[i] = r;
        cambio ||= r !== false;
      }
    }
    return cambio;
  }
  for (const clave of Object.keys(contenedor)) {
    const r = depurarValor(contenedor[clave], clave, alcance, nivel);
    if (typeof r === 'string') contenedor[clave] = r;
    cambio ||= r !== false;
  }
  return cambio;
}

/** A query's part as a person reads it: `+` is a space, and an escape that does not decode is left as written. */
function leido(parte: string): string {
  const texto = parte.replaceAll('+', ' ');
  try {
    return decodeURIComponent(texto);
  } catch {
    return texto;
  }
}

/**
 * A query as text (`a=1&token=x`) with its sensitive parameters' values replaced by `[Filtered]`, written as is (as
 * Sentry shows it); every other part keeps its text and encoding.
 */
function depurarConsulta(consulta: string, claves: readonly string[]): string {
  return consulta
    .split('&')
    .map((parte) => {
      const igual = parte.indexOf('=');
      if (igual < 0) return parte;
      const valor = leido(parte.slice(igual + 1));
      const sensible = valor !== FILTRADO && (esSensible(leido(parte.slice(0, igual)), claves) || esTarjeta(valor));
      return sensible ? `${parte.slice(0, igual)}=${FILTRADO}` : parte;
    })
    .join('&');
}

/** The request's URL with its query scrubbed as `query_string` is; any other text is left as it is. */
function depurarUrl(url: string, claves: readonly string[]): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const fin = url.indexOf('#', q);
  const consulta = url.slice(q + 1, fin < 0 ? undefined : fin);
  const limpia = depurarConsulta(consulta, claves);
  return limpia === consulta ? url : `${url.slice(0, q + 1)}${limpia}${fin < 0 ? '' : url.slice(fin)}`;
}

/** Each frame of the event's exceptions and threads, as the SDK sent them (`stacktrace` and `raw_stacktrace`). */
function* framesDe(evento: Objeto): Generator<Objeto> {
  for (const grupo of [evento.exception, evento.threads]) {
    const valores = esObjeto(grupo) ? grupo.values : Array.isArray(grupo) ? grupo : undefined;
    if (!Array.isArray(valores)) continue;
    for (const v of valores) {
      if (!esObjeto(v)) continue;
      for (const pila of [v.stacktrace, v.raw_stacktrace])
        if (esObjeto(pila) && Array.isArray(pila.frames))
          for (const frame of pila.frames) if (esObjeto(frame)) yield frame;
    }
  }
}

/**
 * Scrubs, in place, the event as an SDK sent it: the frames' local variables (`exception.values[]` and
 * `threads.values[]`, each `stacktrace.frames[].vars`), the request (headers, cookies, body, environment, the query
 * and the URL's query), the user, `extra`, the contexts and the breadcrumbs' `data`. Answers whether it replaced
 * anything: the text the SDK sent is kept only when not.
 */
export function depurarEvento(evento: unknown, claves: readonly string[]): boolean {
  if (!esObjeto(evento)) return false;
  let cambio = false;
  const variables: Alcance = { claves, numeros: true };
  for (const frame of framesDe(evento)) {
    const vars = frame.vars;
    if (esTarjetaEn(vars, variables)) {
      frame.vars = FILTRADO;
      cambio = true;
    } else if (typeof vars === 'object' && vars !== null && depurarDentro(vars as Objeto, variables, 0)) cambio = true;
  }
  const resto: Alcance = { claves, numeros: false };
  const request = evento.request;
  if (esObjeto(request)) {
    const { url, query_string: consulta } = request;
    if (typeof url === 'string') {
      const limpia = depurarUrl(url, claves);
      if (limpia !== url) {
        request.url = limpia;
        cambio = true;
      }
    }
    if (typeof consulta === 'string') {
      const limpia = depurarConsulta(consulta.startsWith('?') ? consulta.slice(1) : consulta, claves);
      if (limpia !== consulta.replace(/^\?/, '')) {
        request.query_string = limpia;
        cambio = true;
      }
    }
    if (depurarDentro(request, resto, 0)) cambio = true;
  }
  for (const parte of [evento.user, evento.extra, evento.contexts])
    if (esObjeto(parte) && depurarDentro(parte, resto, 0)) cambio = true;
  const migas = esObjeto(evento.breadcrumbs) ? evento.breadcrumbs.values : evento.breadcrumbs;
  if (Array.isArray(migas))
    for (const miga of migas)
      if (esObjeto(miga) && esObjeto(miga.data) && depurarDentro(miga.data, resto, 0)) cambio = true;
  return cambio;
}
