/**
 * Server validation errors to notification text (spec section 5).
 *
 * The server answers 422 with `{ errors: { <field>: ['<key>: <text>', ...] } }`. Each message is split at
 * its first colon; the part before it is looked up as the translation `error.<key>`, and the raw key is
 * shown when there is no such translation. A message without a colon is its own key.
 */

/** Translation lookup, shaped so next-intl plugs in: `{ t: (k) => t(k), has: (k) => t.has(k) }`. */
export interface ErrorTranslator {
  t: (key: string, values?: Record<string, string | number>) => string;
  has: (key: string) => boolean;
}

/** A server `errors` object: field → list of messages (a single string is accepted too). */
export type ServerValidationErrors = Readonly<Record<string, readonly string[] | string | null | undefined>>;

/** Messages never shown to the user. */
export const HIDDEN_VALIDATION_MESSAGES: readonly string[] = ['The h-captcha-response field is required.'];

/** The namespace the keys are looked up in. */
export const VALIDATION_ERROR_NAMESPACE = 'error';

function messagesOf(value: readonly string[] | string | null | undefined): string[] {
  if (value == null) return [];
  return (typeof value === 'string' ? [value] : [...value]).filter((m): m is string => typeof m === 'string');
}

function splitMessage(message: string): { key: string; text: string } {
  const colon = message.indexOf(':');
  if (colon < 0) return { key: message.trim(), text: '' };
  return { key: message.slice(0, colon).trim(), text: message.slice(colon + 1).trim() };
}

/** Whether a message is one of {@link HIDDEN_VALIDATION_MESSAGES}, whole or after its `key:` prefix. */
export function isHiddenValidationMessage(message: string): boolean {
  const trimmed = message.trim();
  const { text } = splitMessage(trimmed);
  return HIDDEN_VALIDATION_MESSAGES.includes(trimmed) || HIDDEN_VALIDATION_MESSAGES.includes(text);
}

/** One message as shown: `error.<key>` translated, or the raw key. */
export function translateValidationMessage(message: string, translator: ErrorTranslator): string {
  const { key } = splitMessage(message);
  const translationKey = `${VALIDATION_ERROR_NAMESPACE}.${key}`;
  let known = false;
  try {
    known = key.length > 0 && translator.has(translationKey);
  } catch {
    known = false; // a key next-intl cannot even parse (e.g. a whole sentence) is simply unknown
  }
  return known ? translator.t(translationKey) : key;
}

function fieldLines(
  value: readonly string[] | string | null | undefined,
  translator: ErrorTranslator,
): string[] {
  return messagesOf(value)
    .filter((message) => !isHiddenValidationMessage(message))
    .map((message) => translateValidationMessage(message, translator));
}

/** Every visible message of every field, translated, in the server's order. */
export function validationErrorLines(
  errors: ServerValidationErrors | null | undefined,
  translator: ErrorTranslator,
): string[] {
  if (!errors) return [];
  return Object.values(errors).flatMap((value) => fieldLines(value, translator));
}

/**
 * The one multi-line error notification of a validation failure; an empty string when nothing is left
 * to show (then show no notification).
 */
export function formatValidationErrors(
  errors: ServerValidationErrors | null | undefined,
  translator: ErrorTranslator,
): string {
  return validationErrorLines(errors, translator).join('\n');
}

/** Fields of the password change whose 422 errors each get their own notification, in this order. */
export const PASSWORD_CHANGE_ERROR_FIELDS = ['old_password', 'new_password', 'password_confirm'] as const;
export type PasswordChangeErrorField = (typeof PASSWORD_CHANGE_ERROR_FIELDS)[number];

export interface FieldNotification {
  field: PasswordChangeErrorField;
  message: string;
}

/**
 * Password change (`POST /password/update`): one notification per field among old_password,
 * new_password and password_confirm that has errors (a field's messages joined by new lines). The
 * request sends the new password as `password`; an error under that name counts as new_password.
 */
export function passwordChangeErrorNotifications(
  errors: ServerValidationErrors | null | undefined,
  translator: ErrorTranslator,
): FieldNotification[] {
  if (!errors) return [];
  return PASSWORD_CHANGE_ERROR_FIELDS.flatMap((field) => {
    const value = errors[field] ?? (field === 'new_password' ? errors.password : undefined);
    const lines = fieldLines(value, translator);
    return lines.length > 0 ? [{ field, message: lines.join('\n') }] : [];
  });
}

/**
 * Password set (`POST /api/v2/auth/password/set`): the first password message, or else the first
 * confirmation message (`confirm_password`, or `password_confirm`); `null` when there is neither.
 */
export function passwordSetErrorMessage(
  errors: ServerValidationErrors | null | undefined,
  translator: ErrorTranslator,
): string | null {
  if (!errors) return null;
  const [first] = [
    ...fieldLines(errors.password, translator),
    ...fieldLines(errors.confirm_password, translator),
    ...fieldLines(errors.password_confirm, translator),
  ];
  return first ?? null;
}
