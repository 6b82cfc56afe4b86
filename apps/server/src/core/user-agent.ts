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
