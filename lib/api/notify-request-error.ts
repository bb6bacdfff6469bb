import { clientMessageOf } from '@/lib/api/client-messages';
import { codeOf, messageOf, statusOf, validationErrorsOf } from '@/lib/api/errors';
import { notify } from '@/lib/stores/notification-store';
import { formatValidationErrors, type ErrorTranslator } from '@/lib/validation-errors';

/** Error key shown for HTTP 429 (rate limits on codes and password attempts). */
const TOO_MANY_ATTEMPTS_KEY = 'error.too_many_attempts';

/**
 * Shows a failed call to the user (spec sections 5 and 8): a 422 as one multi-line notification of its
 * translated messages (hidden messages dropped, nothing shown if none is left), a 429 as "too many
 * attempts", an answer with a `code` the messages translate (`error.<code>`, e.g. a self-excluded
 * account's 403) as that translation, anything else as the HTTP client's own message translated
 * ('Network Error', 'timeout of {ms}ms exceeded', …) or a general "something went wrong": the
 * backend's own text is not shown (spec section 8).
 */
export function notifyRequestError(error: unknown, translator: ErrorTranslator, title?: string): void {
  const errors = validationErrorsOf(error);
  if (errors) {
    const text = formatValidationErrors(errors, translator);
    if (text) notify({ kind: 'error', title, text });
    return;
  }
  if (statusOf(error) === 429 && translator.has(TOO_MANY_ATTEMPTS_KEY)) {
    notify({ kind: 'error', title, text: translator.t(TOO_MANY_ATTEMPTS_KEY) });
    return;
  }
  notify({
    kind: 'error',
    title,
    text: translatedCode(error, translator) ?? clientMessage(error, translator),
  });
}

/** The translation (`error.<code>`) of the code a failed call's answer carries, or null. */
export function translatedCode(error: unknown, translator: ErrorTranslator): string | null {
  const code = codeOf(error);
  return code && translator.has(`error.${code}`) ? translator.t(`error.${code}`) : null;
}

/** The HTTP client's message of a failed call in the player's language (its English text as a fallback). */
export function clientMessage(error: unknown, translator: ErrorTranslator): string {
  const message = clientMessageOf(error);
  const key = `error.${message.key}`;
  if (!translator.has(key)) return messageOf(error);
  return translator.t(key, 'ms' in message ? { ms: message.ms } : undefined);
}
