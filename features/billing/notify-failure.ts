import { validationErrorsOf } from '@/lib/api/errors';
import { translatedCode } from '@/lib/api/notify-request-error';
import { notify } from '@/lib/stores/notification-store';
import { formatValidationErrors, type ErrorTranslator } from '@/lib/validation-errors';

/**
 * The error notification of a cashier request that failed: the server's field errors translated
 * (spec section 5), or the translation of the code it sent (`error.<code>`, e.g. a self-excluded
 * account), or `fallback` when it named neither.
 */
export function notifyFailure(error: unknown, translator: ErrorTranslator, fallback: string): void {
  const fieldErrors = validationErrorsOf(error);
  const text = fieldErrors
    ? formatValidationErrors(fieldErrors, translator)
    : translatedCode(error, translator);
  notify({ kind: 'error', text: text || fallback });
}
