import { z } from 'zod';
import { toE164, type PhoneValue } from '@/components/ui/phone-input';
import { CURRENCIES } from '@/lib/constants/currencies';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/lib/contracts/auth';

/**
 * Client-side checks of the log-in and sign-up forms; messages are translation keys under `auth`.
 * The server checks everything again and its answer is what counts.
 */
const phoneValue = z.custom<PhoneValue>();

export const loginFormSchema = z
  .object({
    channel: z.enum(['email', 'phone']),
    method: z.enum(['password', 'code']),
    email: z.string(),
    phone: phoneValue,
    password: z.string(),
    code: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.channel === 'email' && !z.email().safeParse(form.email.trim()).success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'invalidEmail' });
    if (form.channel === 'phone' && !toE164(form.phone))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'invalidPhone' });
    if (form.method === 'password' && form.password.length === 0)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'required' });
  });
export type LoginForm = z.infer<typeof loginFormSchema>;

export const signupFormSchema = z
  .object({
    channel: z.enum(['email', 'phone']),
    email: z.string(),
    phone: phoneValue,
    password: z.string(),
    currency: z.enum(CURRENCIES),
    promo: z.string().max(64),
    /** Issue 15: both boxes are required for a new account, also one made through a social provider. */
    ageConfirmed: z.boolean(),
    termsAccepted: z.boolean(),
  })
  .superRefine((form, ctx) => {
    if (form.channel === 'email' && !z.email().safeParse(form.email.trim()).success)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'invalidEmail' });
    if (form.channel === 'phone' && !toE164(form.phone))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'invalidPhone' });
    if (form.password.length < PASSWORD_MIN || form.password.length > PASSWORD_MAX)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'passwordTooShort' });
    for (const issue of confirmationIssues(form)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type SignupForm = z.infer<typeof signupFormSchema>;

/** The sign-up boxes left unticked, as form errors (the field and its message key under `auth`). */
export function confirmationIssues(form: Pick<SignupForm, 'ageConfirmed' | 'termsAccepted'>) {
  const issues: { path: ['ageConfirmed' | 'termsAccepted']; message: string }[] = [];
  if (!form.ageConfirmed) issues.push({ path: ['ageConfirmed'], message: 'ageRequired' });
  if (!form.termsAccepted) issues.push({ path: ['termsAccepted'], message: 'termsRequired' });
  return issues;
}
