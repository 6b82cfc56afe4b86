import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';

/** What a User-Agent says, in words for a person: "Chrome 131", "Windows 10", and the device when it is one. */
export interface ClientDescription {
  navegador: string;
  sistema: string;
  /** "Samsung SM-G991B", "Apple iPhone"; null for a desktop computer or when unknown. */
  dispositivo: string | null;
}

const UNKNOWN = 'Desconocido';

const joined = (...parts: (string | undefined)[]) => parts.filter((p) => p && p.trim() !== '').join(' ');

/** Parses a User-Agent (ua-parser-js); an empty or unknown one answers 'Desconocido'. */
export function describeUserAgent(userAgent: string | null | undefined): ClientDescription {
  if (!userAgent) return { navegador: UNKNOWN, sistema: UNKNOWN, dispositivo: null };
  const r = new UAParser(userAgent).getResult();
  const dispositivo = joined(r.device.vendor, r.device.model);
  return {
    navegador: joined(r.browser.name, r.browser.major) || UNKNOWN,
    sistema: joined(r.os.name, r.os.version) || UNKNOWN,
    dispositivo: dispositivo === '' ? null : dispositivo,
  };
}

/**
 * A Sentry context: what one thing is called and its version, as the SDKs send `contexts.browser` and `contexts.os`.
 */
interface NamedContext {
  type: 'browser' | 'os' | 'device';
  name: string;
  version?: string;
  brand?: string;
  model?: string;
}

type Contexts = Readonly<Partial<Record<'browser' | 'os' | 'device', Readonly<NamedContext>>>>;

/**
 * The contexts of the User-Agents seen lately, by their text. ua-parser-js tries its regular expressions one by one
 * on every call: 12 % of the server's processor in the intake bench, whose events all carry a User-Agent. A
 * monitor's events come from the few browsers its users run, so the same texts come back again and again.
 */
const contextosVistos = new LRUCache<string, Contexts>({ max: 1000 });

/**
 * The browser, system and device a User-Agent names, as Sentry's `contexts` (what Sentry and GlitchTip work out for an
 * event from a browser, whose SDK sends no such contexts); what it does not name is left out. Frozen: the same
 * answer is given for the same text.
 */
export function userAgentContexts(userAgent: string): Contexts {
  const visto = contextosVistos.get(userAgent);
  if (visto) return visto;
  const contextos = contextsOf(userAgent);
  contextosVistos.set(userAgent, contextos);
  return contextos;
}

function contextsOf(userAgent: string): Contexts {
  const r = new UAParser(userAgent).getResult();
  const out: Partial<Record<'browser' | 'os' | 'device', Readonly<NamedContext>>> = {};
  const version = (v: string | undefined) => (v ? { version: v } : {});
  if (r.browser.name)
    out.browser = Object.freeze({ type: 'browser', name: r.browser.name, ...version(r.browser.version) });
  if (r.os.name) out.os = Object.freeze({ type: 'os', name: r.os.name, ...version(r.os.version) });
  const dispositivo = joined(r.device.vendor, r.device.model);
  if (dispositivo)
    out.device = Object.freeze({
      type: 'device',
      name: dispositivo,
      ...(r.device.vendor ? { brand: r.device.vendor } : {}),
      ...(r.device.model ? { model: r.device.model } : {}),
    });
  return Object.freeze(out);
}
