import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { LoginRequest } from '@intranet/contract/areas/auth';
import { loginRequest } from '@intranet/contract/shared/sign-in-parsers';

export type LoginField = keyof LoginRequest;
export type LoginErrors = Partial<Record<LoginField, string>>;

const FIELDS: readonly LoginField[] = ['username', 'password'];

/**
 * The contract's verdict (its zod-free twin of loginRequest, same texts): the cleaned credentials, or each field's
 * first message.
 */
export function validateLogin(
  values: LoginRequest,
): { ok: true; data: LoginRequest } | { ok: false; errors: LoginErrors } {
  const result = loginRequest.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELDS.find((name) => name === issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * The sign-in form's state (rules as specified), without a form library on the /login bundle: a field shows its error
 * once changed or left (each re-check touches only that field), a submit checks every field, shows all their errors and
 * focuses the first one, and never calls `onValid` while invalid. `submitting` lasts until `onValid` settles.
 */
export function useLoginForm(onValid: (credentials: LoginRequest) => Promise<void>) {
  const values = useRef<LoginRequest>({ username: '', password: '' });
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const busy = useRef(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const check = (name: LoginField) => {
    const result = validateLogin(values.current);
    const message = result.ok ? undefined : result.errors[name];
    setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  };

  /** What a field's input needs: uncontrolled, its value read on every change. */
  const field = (name: LoginField) => ({
    name,
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      values.current = { ...values.current, [name]: event.currentTarget.value };
      check(name);
    },
    onBlur: () => check(name),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    // The inputs are the truth (an autofill may not have reported every change).
    for (const name of FIELDS) {
      const input = inputs.current[name];
      if (input) values.current = { ...values.current, [name]: input.value };
    }
    const result = validateLogin(values.current);
    if (!result.ok) {
      setErrors(result.errors);
      const first = FIELDS.find((name) => result.errors[name] !== undefined);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    busy.current = true;
    setSubmitting(true);
    try {
      await onValid(result.data);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return { field, submit, submitting };
}
