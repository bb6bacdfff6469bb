import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import { SEALED_FINGERPRINT_PATTERN } from '@/lib/device-seal';

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
export const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
const optionalText = (max: number) => z.string().trim().max(max).nullish();

/**
 * The device fingerprint (`fpp`), sealed to the API's key (lib/device-seal.ts): sent with sign-ups and
 * log-ins when the browser has one. Anything else than a seal answers 422; a seal that does not open
 * (tampered, another key) is accepted and recorded as unreadable.
 */
export const fppField = {
  fpp: z.string().trim().regex(SEALED_FINGERPRINT_PATTERN).nullish(),
};

/** Attribution sent with every registration (spec section 7). */
export const attributionFields = {
  ...fppField,
  partner: optionalText(128),
  adplace: optionalText(128),
  stag: optionalText(128),
  promo: optionalText(64),
};

export const captchaField = { 'h-captcha-response': z.string().max(4096).nullish() };

/** The 422 texts of a sign-up without the confirmations (`<field>: ["<key>: <text>"]`). */
export const AGE_NOT_CONFIRMED = 'age_not_confirmed: Confirm that you are 18 or older.';
export const TERMS_NOT_ACCEPTED = 'terms_not_accepted: Accept the terms and conditions.';

/** A box the player must tick: only `true` passes; missing, null or false answers 422 with `message`. */
const mustBeTrue = (message: string) =>
  z
    .boolean()
    .nullish()
    .refine((value) => value === true, { message })
    .transform((): true => true)
    .describe('Must be true.');

/**
 * The confirmations every new account carries (issue 15): the player is 18 or older and accepts the
 * terms. Required at registration; the server stores when they were given.
 */
export const signUpConfirmationFields = {
  age_confirmed: mustBeTrue(AGE_NOT_CONFIRMED),
  terms_accepted: mustBeTrue(TERMS_NOT_ACCEPTED),
};

export const registerEmailBody = z.object({
  email,
  password,
  currency: z.enum(CURRENCIES).default('RUB'),
  ...signUpConfirmationFields,
  ...attributionFields,
  ...captchaField,
});
export const registerPhoneBody = z.object({
  phone,
  password,
  currency: z.enum(CURRENCIES).default('RUB'),
  ...signUpConfirmationFields,
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

export const loginEmailPasswordBody = z.object({
  email,
  password: z.string().min(1).max(PASSWORD_MAX),
  ...fppField,
  ...captchaField,
});
export const loginPhonePasswordBody = z.object({
  phone,
  password: z.string().min(1).max(PASSWORD_MAX),
  ...fppField,
  ...captchaField,
});
export const loginEmailCodeBody = z.object({ email, code, ...fppField });
export const loginPhoneCodeBody = z.object({ phone, code, ...fppField });
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
export const SOCIAL_PROVIDERS = ['google', 'telegram', 'vk', 'yandex'] as const;
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
  /**
   * The sign-up confirmations, carried through the flow: a provider identity that has no account yet
   * becomes one only when both were `true` at the start. A log-in of a linked account needs neither.
   */
  age_confirmed: z.boolean().nullish(),
  terms_accepted: z.boolean().nullish(),
  ...fppField,
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
export const resetTokenReply = z.object({
  success: z.literal(true),
  data: z.object({ reset_token: z.string() }),
});
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
export const resetByPhoneBody = z.object({
  phone,
  token: resetToken,
  password,
  password_confirm: z.string(),
});

/** `POST /api/v2/auth/password/set` (an account without a password, e.g. social). */
export const passwordSetBody = z.object({ password, confirm_password: z.string() });
/** `POST /password/update`. */
export const passwordUpdateBody = z.object({
  old_password: z.string().min(1).max(PASSWORD_MAX),
  password,
  password_confirm: z.string(),
});

export const LOCALES = ['ru', 'en', 'kz'] as const;

/** `PUT /profile/settings`: exactly one of these per call (422 on `settings` otherwise). */
const SETTINGS_KEYS = ['locale', 'timezone', 'is_avatar_hidden', 'is_statistics_hidden'] as const;
export const profileSettingsBody = z
  .object({
    locale: z.enum(LOCALES).optional(),
    /** An IANA time zone (`Europe/Moscow`); the server checks it with Intl and stores its canonical name. */
    timezone: z.string().trim().min(1).max(64).optional(),
    is_avatar_hidden: z.boolean().optional(),
    is_statistics_hidden: z.boolean().optional(),
  })
  .strict()
  .refine((body) => SETTINGS_KEYS.filter((key) => body[key] !== undefined).length === 1, {
    message: `exactly_one: Send exactly one of ${SETTINGS_KEYS.join(', ')}.`,
    path: ['settings'],
  });

/** `POST api/v2/vip/join`. */
export const VIP_REQUEST_TYPES = [
  'join',
  'social_registration',
  'personal_manager',
  'level_transfer',
] as const;
export const vipJoinBody = z.object({
  request_type: z.enum(VIP_REQUEST_TYPES),
  /** For `level_transfer`: the other casino and the level held there (issue 19). */
  details: optionalText(500),
});

/** `GET /profile/user` query. */
export const profileQuery = z.object({ whoAreYou: z.string().max(128).optional() });

export const REGISTER_METHODS = ['email', 'phone', ...SOCIAL_PROVIDERS] as const;

/**
 * The User entity of spec section 3 as the API server sends it: every field the web's `userSchema`
 * (lib/api/schemas/user.ts) reads, always present (null where unknown). Money in major units.
 */
export const profileUser = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  balance: z.number(),
  bonus: z.number(),
  bonus_balance: z.number(),
  total_balance: z.number(),
  currency: z.enum(CURRENCIES),
  locale: z.enum(LOCALES).nullable(),
  timezone: z.string().nullable(),
  register_method: z.enum(REGISTER_METHODS),
  is_phone_verified: z.boolean(),
  is_email_verified: z.boolean(),
  is_password_exists: z.boolean(),
  is_avatar_hidden: z.boolean(),
  is_statistics_hidden: z.boolean(),
  image: z.object({ small: z.string().nullable() }),
  premium: z.object({ status: z.boolean() }),
  /** The VIP club level (issue 19; lib/constants/vip.ts): 0 below the first threshold. */
  vip_level: z.number().int().min(0).default(0),
  verification: z.object({
    is_need: z.boolean(),
    data: z.object({ status: z.string().nullable() }),
  }),
});
export type ProfileUser = z.infer<typeof profileUser>;

/** `GET /profile/user` reply: the user plus features, region, a fresh token and the super-bonus tag. */
export const profileReply = z.object({
  user: profileUser,
  /** Feature flags, e.g. `{ social_login: true, sms_login: true }`. */
  features: z.record(z.string(), z.boolean()),
  region: z.enum(['KZ', 'RU']),
  /** A new token of the same session (same refresh rights as the one sent); store it as the token. */
  fresh_token: z.string().nullable(),
  /** The user's device tag: keep it in the super_bonus cookie and send it back as `whoAreYou`. */
  super_bonus: z.string().nullable(),
});

/** `PUT /profile/settings` reply: the updated user. */
export const profileSettingsReply = z.object({ success: z.literal(true), user: profileUser });

/** `GET /dev/outbox?to=<email or phone>` (absent in production): messages sent there, newest first. */
export const devOutboxQuery = z.object({ to: z.string().trim().min(1).max(EMAIL_MAX) });
export const devOutboxReply = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      channel: z.enum(['email', 'sms']),
      to: z.string(),
      template: z.string(),
      locale: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      code: z.string().nullable(),
      link: z.string().nullable(),
      created_at: z.string(),
      /** When the code or link stops working (null: none); after it body, code and link are redacted. */
      expires_at: z.string().nullable(),
    }),
  ),
});
