import type { AxiosError } from 'axios';
import type { ServerValidationErrors } from '@/lib/validation-errors';

/**
 * Whether `error` is a failed call of the HTTP client: axios's own test (an object flagged
 * `isAxiosError`), written here so that reading an error does not load axios with the page.
 */
export function isAxiosError(error: unknown): error is AxiosError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/** The `errors` object of a 422 answer (DESIGN.md format), or null for any other failure. */
export function validationErrorsOf(error: unknown): ServerValidationErrors | null {
  if (!isAxiosError(error) || error.response?.status !== 422) return null;
  const errors = (error.response.data as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' ? (errors as ServerValidationErrors) : null;
}

/** HTTP status of a failed call, if the server answered. */
export function statusOf(error: unknown): number | null {
  return isAxiosError(error) ? (error.response?.status ?? null) : null;
}

/** The stable `code` the server sends beside some messages (`{ message, code }`), or null. */
export function codeOf(error: unknown): string | null {
  if (!isAxiosError(error)) return null;
  const code = (error.response?.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[a-z_]{1,64}$/.test(code) ? code : null;
}

/** The server's `message`, or the HTTP client's own message ('Network Error', ...). */
export function messageOf(error: unknown): string {
  if (isAxiosError(error)) {
    const message = (error.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return message;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * For the analytics error event of a failed log-in or registration (spec section 8): every server
 * message joined, or 'error 500' when there are none.
 */
export function joinedErrorMessages(error: unknown): string {
  const errors = validationErrorsOf(error);
  const messages = errors ? Object.values(errors).flatMap((v) => (Array.isArray(v) ? v : v ? [v] : [])) : [];
  return messages.length > 0 ? messages.join(', ') : 'error 500';
}
