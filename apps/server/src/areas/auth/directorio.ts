import { Client, escapeFilter, InvalidCredentialsError, type Entry } from 'ldapts';
import type { LdapConfig } from '../../config.ts';

/** Who the directory says signed in: their entry, name, address and groups (DNs, or names when so listed). */
export interface PersonaDirectorio {
  dn: string;
  nombre: string;
  email: string | null;
  grupos: string[];
}

export type ResultadoDirectorio =
  | { kind: 'ok'; persona: PersonaDirectorio }
  /** No such person, several, or a wrong password: one answer, as for local accounts. */
  | { kind: 'rechazado' }
  /** The directory did not answer, or refused the portal's own account: said as such, never a 500. */
  | { kind: 'caido'; detalle: string };

const valores = (entry: Entry, atributo: string): string[] => {
  const v = entry[atributo];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)));
};

/** A value for a filter template: `{usuario}` or `{dn}`, escaped (RFC 4515) so a typed name cannot change the filter. */
const rellenar = (plantilla: string, nombre: string, valor: string) => plantilla.replaceAll(`{${nombre}}`, escapeFilter`${valor}`);

async function conectar(cfg: LdapConfig): Promise<Client> {
  const client = new Client({ url: cfg.url, timeout: cfg.timeoutMs, connectTimeout: cfg.timeoutMs });
  if (cfg.startTls) await client.startTLS({});
  return client;
}

/**
 * Checks a name and password against the company's directory: the portal's account finds the person (by the
 * configured filter), their own DN binds with the password, and their groups come from their entry
 * (memberOf) or from a search of the groups. An empty password never binds (it would be an anonymous bind).
 */
export async function autenticarEnDirectorio(cfg: LdapConfig, usuario: string, password: string): Promise<ResultadoDirectorio> {
  if (password === '') return { kind: 'rechazado' };
  let client: Client | undefined;
  let persona: PersonaDirectorio;
  try {
    client = await conectar(cfg);
    if (cfg.bindDn) await client.bind(cfg.bindDn, cfg.bindPassword);
    const atributos = [cfg.atributoNombre, cfg.atributoEmail, ...(cfg.gruposBase ? [] : [cfg.atributoGrupos])];
    const { searchEntries } = await client.search(cfg.base, { scope: 'sub', filter: rellenar(cfg.filtro, 'usuario', usuario), attributes: atributos, sizeLimit: 2 });
    if (searchEntries.length !== 1) return { kind: 'rechazado' };
    const entry = searchEntries[0]!;
    let grupos = cfg.gruposBase ? [] : valores(entry, cfg.atributoGrupos);
    if (cfg.gruposBase) {
      const encontrados = await client.search(cfg.gruposBase, { scope: 'sub', filter: rellenar(cfg.gruposFiltro, 'dn', entry.dn), attributes: ['cn'] });
      grupos = encontrados.searchEntries.map((g) => g.dn);
    }
    persona = { dn: entry.dn, nombre: valores(entry, cfg.atributoNombre)[0] ?? usuario, email: valores(entry, cfg.atributoEmail)[0] ?? null, grupos };
  } catch (err) {
    return { kind: 'caido', detalle: err instanceof Error ? err.message : String(err) };
  } finally {
    await client?.unbind().catch(() => undefined);
  }
  // The person's own bind, on a connection of its own: only it proves the password.
  let propio: Client | undefined;
  try {
    propio = await conectar(cfg);
    await propio.bind(persona.dn, password);
    return { kind: 'ok', persona };
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return { kind: 'rechazado' };
    return { kind: 'caido', detalle: err instanceof Error ? err.message : String(err) };
  } finally {
    await propio?.unbind().catch(() => undefined);
  }
}

/** A group's names as a mapping may give it: its DN, and its first RDN's value (the CN). */
export function nombresDeGrupo(grupo: string): string[] {
  const cn = /^[^=,]+=((?:\\.|[^,\\])+)/.exec(grupo)?.[1]?.replace(/\\(.)/g, '$1');
  return cn && cn !== grupo ? [grupo, cn] : [grupo];
}
