import { z } from 'zod';
import { CODE_LENGTH, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@/lib/contracts/auth';

/** Texts of the client-side checks, already translated (see `usePasswordValidationMessages`). */
export interface PasswordValidationMessages {
  required: string;
  email: string;
  code: string;
  passwordTooShort: string;
  passwordTooLong: string;
  mismatch: string;
}

const newPassword = (m: PasswordValidationMessages) =>
  z.string().min(PASSWORD_MIN, m.passwordTooShort).max(PASSWORD_MAX, m.passwordTooLong);

/** A new password and its repetition: 8 to 128 characters (the contract's limits), both the same. */
export const newPasswordSchema = (m: PasswordValidationMessages) =>
  z
    .object({ password: newPassword(m), confirm: z.string().min(1, m.required) })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: m.mismatch });
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>;

/** The password change form: the current password, then a new one twice. */
export const changePasswordSchema = (m: PasswordValidationMessages) =>
  z
    .object({
      oldPassword: z.string().min(1, m.required).max(PASSWORD_MAX, m.passwordTooLong),
      password: newPassword(m),
      confirm: z.string().min(1, m.required),
    })
    .refine((v) => v.password === v.confirm, { path: ['confirm'], message: m.mismatch });
export type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordSchema>>;

/** The e-mail step of the restore flow (the contract's rule: an address of at most 254 characters). */
export const emailStepSchema = (m: PasswordValidationMessages) =>
  z.object({
    email: z.string().trim().toLowerCase().min(1, m.required).max(EMAIL_MAX, m.email).pipe(z.email(m.email)),
  });

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** The one-time code step: six digits. */
export const codeStepSchema = (m: PasswordValidationMessages) =>
  z.object({ code: z.string().trim().min(1, m.required).regex(CODE_PATTERN, m.code) });
