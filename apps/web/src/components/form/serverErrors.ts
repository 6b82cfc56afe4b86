import { useCallback, useState } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { FieldErrors } from '@intranet/contract/shared/envelope';
import { formMessages } from '../messages.ts';

/** A failed call as core/http throws it: a Spanish message, the status and, on 400/409, field errors. */
interface FieldErrorCarrier {
  message: string;
  status: number;
  campos: FieldErrors;
}

function carriesFieldErrors(error: unknown): error is FieldErrorCarrier {
  return (
    error instanceof Error &&
    typeof (error as Partial<FieldErrorCarrier>).status === 'number' &&
    typeof (error as Partial<FieldErrorCarrier>).campos === 'object'
  );
}

/**
 * Puts the server's field errors (`campos` of a 400/409 answer) on the form's fields and answers the text
 * for the form-level alert: the server's message and any field errors that match no field on screen, or
 * null when every error found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  fields?: readonly string[],
): string | null {
  if (!carriesFieldErrors(error)) return error instanceof Error ? error.message : formMessages.errorGuardar;
  const onScreen = new Set(fields ?? Object.keys(form.getValues()));
  const unmatched: string[] = [];
  let matched = 0;
  for (const [path, texts] of Object.entries(error.campos)) {
    const message = texts.join(' ');
    if (onScreen.has(path.split('.')[0] ?? '')) {
      form.setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: matched === 0 });
      matched += 1;
    } else {
      unmatched.push(path ? `${path}: ${message}` : message);
    }
  }
  if (matched > 0 && unmatched.length === 0) return null;
  return [error.message, ...unmatched].join(' ');
}

/**
 * The form's server-error state: call `onServerError` with a failed save, show `formError` in a FormError.
 * `fields` names the fields on screen when the form holds values it does not show (a parent id).
 */
export function useServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  fields?: readonly string[],
) {
  const [formError, setFormError] = useState<string | null>(null);
  const onServerError = useCallback(
    (error: unknown) => setFormError(applyServerErrors(error, form, fields)),
    [form, fields],
  );
  const clearFormError = useCallback(() => setFormError(null), []);
  return { formError, onServerError, clearFormError };
}
