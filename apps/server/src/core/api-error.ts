import type { FieldErrors } from '@intranet/contract/shared/envelope';
import { MENSAJES } from '../messages.ts';

/** Thrown by routes for an answer other than success: a status, a Spanish message, maybe field errors. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly campos?: FieldErrors,
    /** Headers the answer carries, e.g. a 429's Retry-After. */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Zod issues as `{ "dotted.path": ["mensaje"] }`; unknown keys are named one by one. */
export function fieldErrorsOf(issues: readonly ValidationIssue[], context: string): FieldErrors {
  const campos = new CamposConError();
  const add = (path: string, message: string) => campos.add(path || context, message);
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
    const keys = issue.params.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys) add(path ? `${path}.${String(key)}` : String(key), MENSAJES.campoNoPermitido);
    } else {
      add(path, issue.message ?? MENSAJES.datosInvalidos);
    }
  }
  return campos.toJSON();
}

/**
 * Field errors being gathered. A field may be named `__proto__` or `constructor` by a hostile caller, so they
 * are kept in a Map and written as the answer's own keys, never looked up on a plain object.
 */
export class CamposConError {
  private readonly campos = new Map<string, string[]>();

  add(campo: string, mensaje: string): void {
    const lista = this.campos.get(campo);
    if (!lista) this.campos.set(campo, [mensaje]);
    else if (!lista.includes(mensaje)) lista.push(mensaje);
  }

  get size(): number {
    return this.campos.size;
  }

  toJSON(): FieldErrors {
    return Object.fromEntries(this.campos);
  }
}
