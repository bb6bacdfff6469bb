import { fieldErrorsMessage, type FieldErrors } from './field-errors';

/** An error whose status and message are safe to show to the caller. */
export class HttpError extends Error {
  /**
   * A stable key of what went wrong, sent beside the message (`{ message, code }`) so that the web can
   * show its own translation (`error.<code>`) instead of the server's English text.
   */
  code?: string;

  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * HTTP 422 in the DESIGN.md format: `{ message, errors: { field: ["key: text"] } }`. Thrown by request
 * validation and by services for rule violations (`ValidationError.field('email', 'taken', '...')`).
 */
export class ValidationError extends HttpError {
  constructor(
    readonly errors: FieldErrors,
    message = fieldErrorsMessage(errors),
  ) {
    super(422, message);
    this.name = 'ValidationError';
  }

  static field(field: string, key: string, text: string): ValidationError {
    return new ValidationError({ [field]: [`${key}: ${text}`] });
  }
}

/** HTTP 429 `{ message }` with a `retry-after` header (seconds). */
export class TooManyRequestsError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`,
  ) {
    super(429, message);
    this.name = 'TooManyRequestsError';
  }
}

/** HTTP 401 `{ message }`: no token, a bad or expired one, or a revoked session. */
export class UnauthorizedError extends HttpError {
  constructor(message = 'Unauthenticated.') {
    super(401, message);
    this.name = 'UnauthorizedError';
  }
}
