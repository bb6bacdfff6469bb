import { fieldErrorsMessage, type FieldErrors } from './field-errors';

/** An error whose status and message are safe to show to the caller. */
export class HttpError extends Error {
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
