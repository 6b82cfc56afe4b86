import {
  Client,
  escapeFilter,
  InvalidCredentialsError,
  InvalidDNSyntaxError,
  NoSuchObjectError,
  SizeLimitExceededError,
  type Entry,
} from 'ldapts';
import type { LdapConfig } from '../../config.ts';

/** Who the directory says signed in: their entry, name, address and groups (DNs, or names when so listed). */
export interface PersonaDirectorio {
  /**
   * What the account is linked by: entryUUID (OpenLDAP), objectGUID as GUID text (Active Directory), or else the DN.
   */
  sujeto: string;
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

/** An attribute's values, its name matched case-insensitively (servers answer in their schema's spelling). */
const crudos = (entry: Entry, atributo: string): (string | Buffer)[] => {
  const clave = Object.keys(entry).find((k) => k.toLowerCase() === atributo.toLowerCase());
  const v = clave === undefined ? undefined : entry[clave];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

const valores = (entry: Entry, atributo: string): string[] =>
  crudos(entry, atributo).map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x)));

/** Active Directory's objectGUID (16 bytes, its first three fields little-endian) as its standard text. */
export function guidTexto(b: Buffer): string | null {
  if (b.length !== 16) return null;
  const hex = (...i: number[]) => i.map((j) => b[j]!.toString(16).padStart(2, '0')).join('');
  return `${hex(3, 2, 1, 0)}-${hex(5, 4)}-${hex(7, 6)}-${hex(8, 9)}-${hex(10, 11, 12, 13, 14, 15)}`;
}

/** Operational attributes are only sent when asked for by name; objectGUID is binary. */
const IDENTIFICADORES = ['entryUUID', 'objectGUID'];
const BINARIOS = ['objectGUID', 'objectguid'];

/** The entry's stable identifier: its entryUUID, its objectGUID, or (a directory with neither) its DN. */
export function sujetoDe(entry: Entry): string {
  const uuid = valores(entry, 'entryUUID')[0];
  if (uuid) return uuid.toLowerCase();
  const guid = crudos(entry, 'objectGUID')[0];
  const texto = Buffer.isBuffer(guid) ? guidTexto(guid) : null;
  return texto ?? entry.dn;
}

/**
 * A value for a filter template: `{usuario}` or `{dn}`, escaped (RFC 4515) and put in as is, so nothing typed changes
 * the filter.
 */
export const rellenar = (plantilla: string, nombre: string, valor: string) => {
  const escapado = escapeFilter`${valor}`;
  // A function, not a string: a replacement string would read `$&`, `$'` and `` $` `` in the value as patterns.
  return plantilla.replaceAll(`{${nombre}}`, () => escapado);
};

async function conectar(cfg: LdapConfig): Promise<Client> {
  const client = new Client({ url: cfg.url, timeout: cfg.timeoutMs, connectTimeout: cfg.timeoutMs });
  if (cfg.startTls) await client.startTLS({});
  return client;
}

const detalleDe = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A DN rather than a user name: an attribute, '=', and a value (`uid=ana,ou=personas,…`). */
const esDn = (texto: string) => /^[A-Za-z][\w.-]*=/.test(texto);

/**
 * Finds one person with the portal's own account: by the configured filter with a user name, or by their DN
 * (a base search of it). Their groups come from their entry (memberOf) or from a search of the groups.
 * Answers null when no one, or more than one, matches.
 */
async function buscarPersona(
  client: Client,
  cfg: LdapConfig,
  quien: { usuario: string } | { dn: string },
): Promise<PersonaDirectorio | null> {
  if (cfg.bindDn) await client.bind(cfg.bindDn, cfg.bindPassword);
  const attributes = [
    cfg.atributoNombre,
    cfg.atributoEmail,
    ...(cfg.gruposBase ? [] : [cfg.atributoGrupos]),
    ...IDENTIFICADORES,
  ];
  const busqueda =
    'dn' in quien
      ? { base: quien.dn, opciones: { scope: 'base' as const, filter: '(objectClass=*)' } }
      : {
          base: cfg.base,
          opciones: { scope: 'sub' as const, filter: rellenar(cfg.filtro, 'usuario', quien.usuario), sizeLimit: 2 },
        };
  let entradas: Entry[];
  try {
    ({ searchEntries: entradas } = await client.search(busqueda.base, {
      ...busqueda.opciones,
      attributes,
      explicitBufferAttributes: BINARIOS,
    }));
  } catch (err) {
    // No such entry, a malformed DN, or more people than one: nobody to sign in or link.
    if (
      err instanceof NoSuchObjectError ||
      err instanceof InvalidDNSyntaxError ||
      err instanceof SizeLimitExceededError
    )
      return null;
    throw err;
  }
  if (entradas.length !== 1) return null;
  const entry = entradas[0]!;
  let grupos = cfg.gruposBase ? [] : valores(entry, cfg.atributoGrupos);
  if (cfg.gruposBase) {
    const encontrados = await client.search(cfg.gruposBase, {
      scope: 'sub',
      filter: rellenar(cfg.gruposFiltro, 'dn', entry.dn),
      attributes: ['cn'],
    });
    grupos = encontrados.searchEntries.map((g) => g.dn);
  }
  const nombre = valores(entry, cfg.atributoNombre)[0] ?? ('usuario' in quien ? quien.usuario : entry.dn);
  return { sujeto: sujetoDe(entry), dn: entry.dn, nombre, email: valores(entry, cfg.atributoEmail)[0] ?? null, grupos };
}

/**
 * Checks a name and password against the company's directory: the portal's account finds the person (by the
 * configured filter), their own DN binds with the password. An empty password never binds (it would be an
 * anonymous bind).
 */
export async function autenticarEnDirectorio(
  cfg: LdapConfig,
  usuario: string,
  password: string,
): Promise<ResultadoDirectorio> {
  if (password === '') return { kind: 'rechazado' };
  let client: Client | undefined;
  let persona: PersonaDirectorio | null;
  try {
    client = await conectar(cfg);
    persona = await buscarPersona(client, cfg, { usuario });
  } catch (err) {
    return { kind: 'caido', detalle: detalleDe(err) };
  } finally {
    await client?.unbind().catch(() => undefined);
  }
  if (!persona) return { kind: 'rechazado' };
  // The person's own bind, on a connection of its own: only it proves the password.
  let propio: Client | undefined;
  try {
    propio = await conectar(cfg);
    await propio.bind(persona.dn, password);
    return { kind: 'ok', persona };
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return { kind: 'rechazado' };
    return { kind: 'caido', detalle: detalleDe(err) };
  } finally {
    await propio?.unbind().catch(() => undefined);
  }
}

export type BusquedaDirectorio =
  | { kind: 'ok'; persona: PersonaDirectorio }
  | { kind: 'no_encontrada' }
  | { kind: 'caido'; detalle: string };

/**
 * An administrator names a person (their user name or DN) to link: found with the portal's own account, no password.
 */
export async function buscarEnDirectorio(cfg: LdapConfig, quien: string): Promise<BusquedaDirectorio> {
  let client: Client | undefined;
  try {
    client = await conectar(cfg);
    const persona = await buscarPersona(client, cfg, esDn(quien) ? { dn: quien } : { usuario: quien });
    return persona ? { kind: 'ok', persona } : { kind: 'no_encontrada' };
  } catch (err) {
    return { kind: 'caido', detalle: detalleDe(err) };
  } finally {
    await client?.unbind().catch(() => undefined);
  }
}

/** A group's names as a mapping may give it: its DN, and its first RDN's value (the CN). */
export function nombresDeGrupo(grupo: string): string[] {
  const cn = /^[^=,]+=((?:\\.|[^,\\])+)/.exec(grupo)?.[1]?.replace(/\\(.)/g, '$1');
  return cn && cn !== grupo ? [grupo, cn] : [grupo];
}
