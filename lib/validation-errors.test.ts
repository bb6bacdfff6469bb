import { describe, expect, it } from 'vitest';
import {
  type ErrorTranslator,
  formatValidationErrors,
  passwordChangeErrorNotifications,
  passwordSetErrorMessage,
  validationErrorLines,
} from './validation-errors';

const messages: Record<string, string> = {
  'error.email_taken': 'Этот e-mail уже занят',
  'error.password_short': 'Пароль слишком короткий',
  'error.password_mismatch': 'Пароли не совпадают',
  'error.old_password_wrong': 'Неверный текущий пароль',
};
const translator: ErrorTranslator = {
  t: (key) => messages[key],
  has: (key) => Object.hasOwn(messages, key),
};

describe('validation error notification', () => {
  it('translates each message by the key before its first colon and joins them in one multi-line text', () => {
    const text = formatValidationErrors(
      {
        email: ['email_taken: The email has already been taken.'],
        password: ['password_short: Too short: at least 8'],
      },
      translator,
    );
    expect(text).toBe('Этот e-mail уже занят\nПароль слишком короткий');
  });

  it('shows the raw key when there is no translation', () => {
    expect(
      validationErrorLines({ promo: ['promo_expired: The promo code has expired.'] }, translator),
    ).toEqual(['promo_expired']);
  });

  it('shows a message without a colon as it is when it has no translation', () => {
    expect(validationErrorLines({ name: ['The name field is required.'] }, translator)).toEqual([
      'The name field is required.',
    ]);
  });

  it('hides the h-captcha message, also behind a key prefix', () => {
    const errors = {
      'h-captcha-response': ['The h-captcha-response field is required.'],
      captcha: ['h-captcha-response: The h-captcha-response field is required.'],
      email: ['email_taken: The email has already been taken.'],
    };
    expect(formatValidationErrors(errors, translator)).toBe('Этот e-mail уже занят');
    expect(
      formatValidationErrors(
        { 'h-captcha-response': ['The h-captcha-response field is required.'] },
        translator,
      ),
    ).toBe('');
  });

  it('treats a lookup that throws (next-intl on an odd key) as a missing translation', () => {
    const throwing: ErrorTranslator = {
      t: () => 'never',
      has: () => {
        throw new Error('INVALID_KEY');
      },
    };
    expect(validationErrorLines({ a: ['odd.key.: text'] }, throwing)).toEqual(['odd.key.']);
  });

  it('accepts a single string per field and ignores empty fields', () => {
    expect(validationErrorLines({ email: 'email_taken: taken', phone: null, x: [] }, translator)).toEqual([
      'Этот e-mail уже занят',
    ]);
    expect(formatValidationErrors(undefined, translator)).toBe('');
  });
});

describe('password change errors', () => {
  it('gives a separate notification for each of old_password, new_password and password_confirm', () => {
    const result = passwordChangeErrorNotifications(
      {
        password_confirm: ['password_mismatch: The password confirmation does not match.'],
        old_password: ['old_password_wrong: Wrong password'],
        new_password: ['password_short: Too short'],
        email: ['email_taken: ignored here'],
      },
      translator,
    );
    expect(result).toEqual([
      { field: 'old_password', message: 'Неверный текущий пароль' },
      { field: 'new_password', message: 'Пароль слишком короткий' },
      { field: 'password_confirm', message: 'Пароли не совпадают' },
    ]);
  });

  it('counts an error on the request field password as new_password', () => {
    expect(passwordChangeErrorNotifications({ password: ['password_short: x'] }, translator)).toEqual([
      { field: 'new_password', message: 'Пароль слишком короткий' },
    ]);
  });
});

describe('password set errors', () => {
  it('shows the first password message', () => {
    expect(
      passwordSetErrorMessage(
        { password: ['password_short: x', 'other: y'], confirm_password: ['password_mismatch: z'] },
        translator,
      ),
    ).toBe('Пароль слишком короткий');
  });

  it('shows the confirm message when the password has none', () => {
    expect(passwordSetErrorMessage({ confirm_password: ['password_mismatch: z'] }, translator)).toBe(
      'Пароли не совпадают',
    );
  });

  it('gives null when there is neither', () => {
    expect(passwordSetErrorMessage({ email: ['email_taken: x'] }, translator)).toBeNull();
  });
});
