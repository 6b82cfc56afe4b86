import { REQUIRED } from '@intranet/contract/shared/texts';
import { z } from 'zod';

/** Validation messages in Spanish (zod's own locale); a missing value says what the web's forms say. */
z.config({
  ...z.locales.es(),
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? REQUIRED : undefined),
});
