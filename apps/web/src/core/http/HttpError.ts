import type { ErrorBody, FieldErrors } from '@intranet/contract/shared/envelope';

/**
 * A failed call: `status` is the HTTP status (0 when the server could not be reached) and `body` the
 * server's error envelope when it sent one. The message is the server's Spanish text when there is one.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    message: string,
    /** Seconds the server asked to wait before trying again (Retry-After of a 429 or a busy 503). */
    readonly retryAfter: number | null = null,
  ) {
    super(body?.error ?? message);
  }

  /** Field errors of a 400 answer, keyed by the field's dotted path. */
  get campos(): FieldErrors {
    return this.body?.campos ?? {};
  }
}
