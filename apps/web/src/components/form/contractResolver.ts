import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Whether zod wrote the message itself (its locale's default) rather than the contract. */
function isDefaultMessage(issue: Issue): boolean {
  const fallback = z.config().localeError?.(issue as never);
  return issue.message === (typeof fallback === 'string' ? fallback : fallback?.message);
}

/** A branch that failed on the kind of value ('expected null') was meant for another kind of input. */
const isWrongKind = (issue: Issue) => issue.code === 'invalid_type' || issue.code === 'invalid_value';

/**
 * The message to show for an issue. For a union (an optional IP is "null or an IP") the union's own
 * message when the contract gave one, else the message of the branch the value was meant for.
 */
export function issueMessage(issue: Issue): string {
  if (issue.code !== 'invalid_union' || !isDefaultMessage(issue)) return issue.message;
  const meant = issue.errors.map((branch) => branch[0]).find((first) => first !== undefined && !isWrongKind(first));
  return meant ? issueMessage(meant) : issue.message;
}

/**
 * react-hook-form's resolver for a contract schema: the form holds the schema's input, submits its output.
 * Written over zod directly because zodResolver reports a union's first branch ('expected null') instead of
 * the contract's Spanish message.
 */
export function contractResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= { type: issue.code, message: issueMessage(issue) };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
