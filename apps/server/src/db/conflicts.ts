import type { FieldErrors } from '@intranet/contract/shared/envelope';

/** A unique index: the form field it belongs to and the Spanish message. */
interface Unico {
  campo: string;
  mensaje: string;
}

/** A foreign key: `tabla` is the referencing table, where a violation means the referenced record is missing. */
interface Referencia {
  tabla: string;
  campo: string;
  falta: string;
  enUso: string;
}

/**
 * What the database's own rules mean to the user: unique indexes and foreign keys of the schema, by name, with
 * the form field each belongs to and the Spanish message. Each area declares those of its tables (its
 * descriptor's `conflictos`); the error handler maps every violation through them, so a route never has to check
 * before it writes (and a race still answers 409, not 500).
 */
export interface Conflictos {
  unicos?: Readonly<Record<string, Unico>>;
  referencias?: Readonly<Record<string, Referencia>>;
}

export interface Conflicto {
  status: 400 | 409;
  mensaje: string;
  campos?: FieldErrors;
}

interface PgError {
  code: string;
  message?: string;
  constraint?: string;
  table?: string;
}

/** The driver's error under drizzle's wrapper ("Failed query: ..."), if it is one PostgreSQL raised. */
function pgErrorOf(err: unknown): PgError | undefined {
  let e = err;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The rule of a constraint by its name (own keys only: a name is the database's text). */
const reglaDe = <T>(reglas: Readonly<Record<string, T>> | undefined, nombre: string | undefined): T | undefined =>
  reglas && nombre !== undefined && Object.hasOwn(reglas, nombre) ? reglas[nombre] : undefined;

/** A unique, foreign-key or check violation as the answer the user sees; undefined for anything else. */
export function conflictOf(err: unknown, conflictos: Conflictos = {}): Conflicto | undefined {
  const pg = pgErrorOf(err);
  if (!pg) return undefined;
  if (pg.code === '23505') {
    const rule = reglaDe(conflictos.unicos, pg.constraint);
    if (!rule) return { status: 409, mensaje: 'Ya existe un registro con esos datos' };
    return { status: 409, mensaje: rule.mensaje, campos: { [rule.campo]: [rule.mensaje] } };
  }
  // 23001: a RESTRICT foreign key refusing a delete (newer PostgreSQL); 23503 otherwise.
  if (pg.code === '23503' || pg.code === '23001') {
    const rule = reglaDe(conflictos.referencias, pg.constraint);
    if (!rule) return { status: 409, mensaje: 'El registro está relacionado con otros datos' };
    // PostgreSQL names the referencing table in both directions, so the table alone cannot tell a missing
    // reference from a refused delete: 23001 (RESTRICT, newer servers) and "update or delete on table …"
    // (23503, older servers) are refused deletes of the referenced row.
    const borrado = pg.code === '23001' || /^update or delete on table/.test(pg.message ?? '');
    if (!borrado && pg.table === rule.tabla)
      return { status: 409, mensaje: rule.falta, campos: { [rule.campo]: [rule.falta] } };
    return { status: 409, mensaje: rule.enUso };
  }
  if (pg.code === '23514' || pg.code === '23502') return { status: 400, mensaje: 'Datos inválidos' };
  // Class 22 is a value the column cannot take (a number out of range, a malformed date): the contract
  // should have refused it, and when it did not, it is still the caller's input, not a server failure.
  if (pg.code.startsWith('22')) return { status: 400, mensaje: 'Datos inválidos' };
  // A value too large for an index entry (a huge text in an indexed column).
  if (pg.code === '54000') return { status: 400, mensaje: 'Un valor es demasiado largo' };
  return undefined;
}
