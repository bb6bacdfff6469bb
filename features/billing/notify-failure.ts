import { validationErrorsOf } from '@/lib/api/errors';
import { notify } from '@/lib/stores/notification-store';
import { formatValidationErrors, type ErrorTranslator } from '@/lib/validation-errors';

/**
 * The error notification of a cashier request that failed: the server's field errors translated
 * (spec section 5), or `fallback` when it named none.
 */
export function notifyFailure(error: unknown, translator: ErrorTranslator, fallback: string): void {
  const fieldErrors = validationErrorsOf(error);
  const text = fieldErrors ? formatValidationErrors(fieldErrors, translator) : '';
  notify({ kind: 'error', text: text || fallback });
}
