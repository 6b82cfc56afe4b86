import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** zod's own English defaults ('Invalid input: expected null…'); the contract's messages are Spanish. */
const isDefaultMessage = (message: string) => message.startsWith('Invalid ');

/**
 * The message to show for an issue. For a union (an optional IP is "null or an IP") the union's own
 * message when the contract gave one, else the first Spanish message among its branches.
 */
export function issueMessage(issue: Issue): string {
  if (issue.code !== 'invalid_union' || !isDefaultMessage(issue.message)) return issue.message;
  const queue: Issue[] = issue.errors.flat();
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (!isDefaultMessage(next.message)) return next.message;
    if (next.code === 'invalid_union') queue.push(...next.errors.flat());
  }
  return issue.message;
}

/**
 * react-hook-form's resolver for a contract schema: the form holds the schema's input, submits its output.
 * Written over zod directly because zodResolver reports a union's first branch ('expected null') instead of
 * the contract's Spanish message.
 */
export function contractResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
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
