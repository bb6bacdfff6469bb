/**
 * The e-mail and SMS transports' variables, parsed by server/config.ts (its schema spreads
 * `messagingEnvSchema`; `messagingConfig` fills `Config.messaging`). Unset: the channel has no transport and
 * its messages stay `queued` in the outbox (the sandbox of `npm start`, or an external relay).
 */
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['true', '1', 'yes'].includes(v));

export const messagingEnvSchema = {
  /**
   * The SMTP server as one address: `smtp://user:password@host:587` (STARTTLS when the server offers it)
   * or `smtps://user:password@host:465` (TLS from the start); user and password URL-encoded. Or the
   * SMTP_HOST group below. Unset (both): e-mails stay in the outbox.
   */
  SMTP_URL: optional(
    z
      .string()
      .refine((v) => /^smtps?:\/\/[^\s/]+/.test(v), 'expected smtp://user:password@host:port or smtps://…')
      .optional(),
  ),
  SMTP_HOST: optional(z.string().min(1).optional()),
  /** Default 587, or 465 with SMTP_SECURE=true. */
  SMTP_PORT: optional(z.coerce.number().int().min(1).max(65_535).optional()),
  SMTP_USER: optional(z.string().optional()),
  SMTP_PASSWORD: optional(z.string().optional()),
  /** `true`: TLS from the start (port 465); `false` (default): STARTTLS when offered. */
  SMTP_SECURE: optional(booleanFlag.optional()),
  /** The sender of every e-mail, e.g. `Aurum <no-reply@example.com>`. Required with SMTP. */
  MAIL_FROM: optional(z.string().min(3).optional()),
  /**
   * SMS through SMS.ru's HTTP API (https://sms.ru/api/send: a form POST of api_id, to, msg, from, json=1;
   * JSON answer with a status per number): its api_id. Unset: SMS stay in the outbox.
   */
  SMS_API_KEY: optional(z.string().min(1).optional()),
  /** The provider's send address (a test points it at a local fake). Default `https://sms.ru/sms/send`. */
  SMS_API_URL: optional(z.string().url().default('https://sms.ru/sms/send')),
  /** The sender name approved by the provider (`from`). Optional: the provider's default otherwise. */
  SMS_SENDER: optional(z.string().min(1).max(11).optional()),
};

/** The variables alone (server/config.ts parses them within its whole schema). */
export const messagingEnv = z.object(messagingEnvSchema);
type MessagingEnv = z.infer<typeof messagingEnv>;

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  from: string;
}

export interface SmsConfig {
  apiUrl: string;
  apiKey: string;
  sender: string | null;
}

export interface MessagingConfig {
  /** Null: e-mails stay in the outbox. */
  smtp: SmtpConfig | null;
  /** Null: SMS stay in the outbox. */
  sms: SmsConfig | null;
}

function smtpOf(e: MessagingEnv, problems: string[]): SmtpConfig | null {
  if (e.SMTP_URL && e.SMTP_HOST) {
    problems.push('SMTP_URL and SMTP_HOST: set one of them, not both');
    return null;
  }
  if (!e.SMTP_URL && !e.SMTP_HOST) return null;
  if (!e.MAIL_FROM) {
    problems.push('MAIL_FROM: required with SMTP_URL or SMTP_HOST (e.g. "Aurum <no-reply@example.com>")');
    return null;
  }
  if (e.SMTP_URL) {
    const url = new URL(e.SMTP_URL);
    const secure = url.protocol === 'smtps:';
    return {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      user: url.username ? decodeURIComponent(url.username) : null,
      password: url.password ? decodeURIComponent(url.password) : null,
      from: e.MAIL_FROM,
    };
  }
  const secure = e.SMTP_SECURE ?? e.SMTP_PORT === 465;
  return {
    host: e.SMTP_HOST!,
    port: e.SMTP_PORT ?? (secure ? 465 : 587),
    secure,
    user: e.SMTP_USER ?? null,
    password: e.SMTP_PASSWORD ?? null,
    from: e.MAIL_FROM,
  };
}

export function messagingConfig(e: MessagingEnv, problems: string[]): MessagingConfig {
  return {
    smtp: smtpOf(e, problems),
    sms: e.SMS_API_KEY
      ? { apiUrl: e.SMS_API_URL, apiKey: e.SMS_API_KEY, sender: e.SMS_SENDER ?? null }
      : null,
  };
}
