// What an SDK sends in a frame's local variables may hold passwords, tokens or card numbers. Before an event is
// stored, the values under sensitive keys and the card numbers anywhere in them become `[Filtered]`, as Sentry's
// server-side scrubbing does by default; a project adds keys of its own (`campos_sensibles`).

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

/** The keys a project's events are scrubbed of: the defaults and its own, in lower case. */
export function clavesDe(propias: readonly string[]): string[] {
  return [...CLAVES_SENSIBLES, ...propias.map((c) => c.trim().toLowerCase()).filter((c) => c.length > 0)];
}

/** A value with its sensitive parts replaced; the same value when nothing in it is. */
function depurarValor(valor: unknown, claves: readonly string[], nivel: number): unknown {
  if (typeof valor === 'string') return esTarjeta(valor) ? FILTRADO : valor;
  if (typeof valor === 'number') return Number.isSafeInteger(valor) && esTarjeta(String(valor)) ? FILTRADO : valor;
  if (valor === null || typeof valor !== 'object' || nivel > 10) return valor;
  if (Array.isArray(valor)) return valor.map((v) => depurarValor(v, claves, nivel + 1));
  const limpio: Record<string, unknown> = {};
  for (const [clave, v] of Object.entries(valor)) {
    const baja = clave.toLowerCase();
    limpio[clave] = claves.some((c) => baja.includes(c)) ? FILTRADO : depurarValor(v, claves, nivel + 1);
  }
  return limpio;
}

const esObjeto = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Scrubs, in place, the local variables of every frame of the event as an SDK sent it (`exception.values[]`
 * and `threads.values[]`, each `stacktrace.frames[].vars`). Answers whether anything was there to look at.
 */
export function depurarVariables(evento: unknown, claves: readonly string[]): boolean {
  if (!esObjeto(evento)) return false;
  let habia = false;
  for (const grupo of [evento.exception, evento.threads]) {
    const valores = esObjeto(grupo) ? grupo.values : Array.isArray(grupo) ? grupo : undefined;
    if (!Array.isArray(valores)) continue;
    for (const v of valores) {
      if (!esObjeto(v)) continue;
      for (const pila of [v.stacktrace, v.raw_stacktrace]) {
        if (!esObjeto(pila) || !Array.isArray(pila.frames)) continue;
        for (const frame of pila.frames) {
          if (!esObjeto(frame) || frame.vars === undefined) continue;
          habia = true;
          frame.vars = depurarValor(frame.vars, claves, 0);
        }
      }
    }
  }
  return habia;
}
