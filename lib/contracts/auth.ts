import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';

/**
 * The accounts contract (spec section 7, "Authentication", "Password restore", "Password set and
 * change", profile). One source for the API server's validation and the web app's parsing. Request
 * bodies are strict about what they need and tolerant of extra keys; replies list what the web reads.
 *
 * Phones are E.164 without formatting (`+77011234567`); the web strips the mask before sending.
 * One-time codes are six digits. Validation failures answer 422 in the DESIGN.md format.
 */

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;

export const email = z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());
export const phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{9,14}$/));
export const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const code = z.string().trim().regex(/^\d{6}$/);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** Attribution sent with every registration (spec section 7). */
export const attributionFields = {
  fpp: optionalText(512),
  partner: optionalText(128),
  adplace: optionalText(128),
  stag: optionalText(128),
  promo: optionalText(64),
};

export const captchaField = { 'h-captcha-response': z.string().max(4096).nullish() };

export const registerEmailBody = z.object({
  email,
  password,
  currency: z.enum(CURRENCIES).default('RUB'),
  ...attributionFields,
  ...captchaField,
});
export const registerPhoneBody = z.object({
  phone,
  password,
  currency: z.enum(CURRENCIES).default('RUB'),
  ...attributionFields,
  ...captchaField,
});

/** Reply of registration and of every log-in call. `sso` is a link to continue on, when the site has one. */
export const authReply = z.object({
  success: z.literal(true),
  token: z.string(),
  sso: z.string().nullable(),
});
export type AuthReply = z.infer<typeof authReply>;

export const loginEmailPasswordBody = z.object({ email, password: z.string().min(1).max(PASSWORD_MAX), ...captchaField });
export const loginPhonePasswordBody = z.object({ phone, password: z.string().min(1).max(PASSWORD_MAX), ...captchaField });
export const loginEmailCodeBody = z.object({ email, code });
export const loginPhoneCodeBody = z.object({ phone, code });
/** `POST /api/v2/auth/login/{email|phone}/verification` and the resend calls: send a one-time code. */
export const sendEmailCodeBody = z.object({ email, ...captchaField });
export const sendPhoneCodeBody = z.object({ phone, ...captchaField });
/** `?type=sms` on the phone calls (the only channel this product has). */
export const smsQuery = z.object({ type: z.enum(['sms']).optional() });

/** Reply of calls that send a code: when the next resend is allowed and how long the code lives. */
export const codeSentReply = z.object({
  success: z.literal(true),
  resend_after: z.number().int(),
  expires_in: z.number().int(),
});

/** `POST /api/v2/auth/{email|phone}/verify/code` (logged in): verifies the account's own address. */
export const verifyCodeBody = z.object({ code });
export const successReply = z.object({ success: z.literal(true) });

/** `PUT /auth/login`: starts a social log-in (spec section 7). */
export const SOCIAL_PROVIDERS = ['google', 'telegram', 'vk'] as const;
export const socialLoginBody = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  promo: optionalText(64),
  token: optionalText(4096),
  origin: z.string().url().max(2048),
  currency: z.enum(CURRENCIES).nullish(),
  partner: optionalText(128),
  adplace: optionalText(128),
  stag: optionalText(128),
  vip: z.boolean().nullish(),
});
export const socialLoginReply = z.object({ url: z.string() });
/** What the provider window posts to its opener when it finishes. */
export const socialLoginMessage = z.object({
  type: z.literal('social-login'),
  token: z.string(),
  is_new: z.boolean(),
});

export const refreshReply = z.object({ access_token: z.string() });

/** Password restore by e-mail (spec section 7). */
export const forgotEmailBody = z.object({ email, ...captchaField });
export const emailCodeConfirmBody = z.object({ email, code });
export const resetTokenReply = z.object({ success: z.literal(true), data: z.object({ reset_token: z.string() }) });
const resetToken = z.string().min(16).max(512);
/** `email/token/check` (is the link's token still good?) and `email/token/confirm` (trade it for a reset token). */
export const tokenBody = z.object({ token: resetToken });
export const resetByTokenBody = z.object({ token: resetToken, password, password_confirm: z.string() });
export const resetByEmailCodeBody = z.object({ email, code, password, password_confirm: z.string() });
/** Password restore by phone. */
export const forgotPhoneBody = z.object({ phone, ...captchaField });
export const phoneCodeConfirmBody = z.object({ phone, code });
/** `/reset-password/{token}?phone=...` checks the phone restore token first (spec section 2). */
export const phoneTokenCheckBody = z.object({ phone, token: resetToken });
export const resetByPhoneBody = z.object({ phone, token: resetToken, password, password_confirm: z.string() });

/** `POST /api/v2/auth/password/set` (an account without a password, e.g. social). */
export const passwordSetBody = z.object({ password, confirm_password: z.string() });
/** `POST /password/update`. */
export const passwordUpdateBody = z.object({
  old_password: z.string().min(1).max(PASSWORD_MAX),
  password,
  password_confirm: z.string(),
});

/** `PUT /profile/settings`: exactly one of these per call. */
export const profileSettingsBody = z.union([
  z.object({ locale: z.enum(['ru', 'en', 'kz']) }).strict(),
  z.object({ timezone: z.string().min(1).max(64) }).strict(),
  z.object({ is_avatar_hidden: z.boolean() }).strict(),
  z.object({ is_statistics_hidden: z.boolean() }).strict(),
]);

/** `POST api/v2/vip/join`. */
export const VIP_REQUEST_TYPES = ['join', 'social_registration'] as const;
export const vipJoinBody = z.object({ request_type: z.enum(VIP_REQUEST_TYPES) });

/** `GET /profile/user` query. */
export const profileQuery = z.object({ whoAreYou: z.string().max(128).optional() });

/** `GET /profile/user` reply: the user plus features, region, a fresh token and the super-bonus tag. */
export const profileReply = z.object({
  user: z.record(z.string(), z.unknown()),
  features: z.record(z.string(), z.boolean()),
  region: z.enum(['KZ', 'RU']),
  fresh_token: z.string(),
  super_bonus: z.string().nullable(),
});
