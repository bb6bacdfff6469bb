/**
 * Telegram Login (https://core.telegram.org/widgets/login): the widget, shown on a page of this API
 * (the bot's domain, set with @BotFather's /setdomain), sends the player to the callback with the
 * account's fields, `auth_date` and `hash`. The payload is authentic when `hash` is the hex
 * HMAC-SHA256 of the data-check-string (every other field as `key=value`, sorted by key, joined by
 * line feeds) keyed with SHA-256 of the bot token; it is fresh when `auth_date` is at most
 * TELEGRAM_AUTH_MAX_AGE_S old.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { escapeHtml } from '../../lib/html-page';
import type { ProviderIdentity } from './social-oidc';

export const TELEGRAM_AUTH_MAX_AGE_S = 10 * 60;
/** How far ahead of our clock `auth_date` may be (clock drift between Telegram and us). */
const FUTURE_SKEW_S = 60;

export type TelegramCheck =
  | { ok: true; identity: ProviderIdentity }
  | { ok: false; reason: 'missing' | 'bad_hash' | 'stale' };

export function telegramHash(fields: Record<string, string>, botToken: string): string {
  const dataCheckString = Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', key).update(dataCheckString).digest('hex');
}

/** Checks the widget's payload (the callback's query) with the bot token at `now`. */
export function checkTelegramLogin(
  query: Record<string, string | undefined>,
  botToken: string,
  now: Date,
): TelegramCheck {
  const fields = Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  // Only Telegram's fields are signed; anything else on the address (our own parameters) is not.
  const signed = Object.fromEntries(
    Object.entries(fields).filter(([key]) =>
      ['id', 'first_name', 'last_name', 'username', 'photo_url', 'auth_date', 'hash'].includes(key),
    ),
  );
  const { hash, id, auth_date: authDate } = signed;
  if (!hash || !id || !authDate || !/^\d+$/.test(authDate) || !/^[0-9a-f]{64}$/i.test(hash)) {
    return { ok: false, reason: 'missing' };
  }
  const expected = Buffer.from(telegramHash(signed, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash.toLowerCase(), 'hex')))
    return { ok: false, reason: 'bad_hash' };
  const age = Math.floor(now.getTime() / 1000) - Number(authDate);
  if (age > TELEGRAM_AUTH_MAX_AGE_S || age < -FUTURE_SKEW_S) return { ok: false, reason: 'stale' };
  const name =
    [signed.first_name, signed.last_name].filter(Boolean).join(' ').trim() ||
    (signed.username ? `@${signed.username}` : `Telegram ${id}`);
  return { ok: true, identity: { subject: id, name: name.slice(0, 100), email: null, emailVerified: false } };
}

/** The page in the popup that shows Telegram's login widget; it sends the player to `authUrl`. */
export function renderTelegramWidget(input: { botUsername: string; authUrl: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign in with Telegram</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #18181b; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; text-align: center; }
  h1 { font-size: 1.375rem; margin: 0 0 1rem; }
</style>
</head>
<body>
<main>
<h1>Sign in with Telegram</h1>
<script async src="https://telegram.org/js/telegram-widget.js?22" data-telegram-login="${escapeHtml(input.botUsername)}" data-size="large" data-auth-url="${escapeHtml(input.authUrl)}"></script>
<noscript><p>Telegram's sign-in needs JavaScript.</p></noscript>
</main>
</body>
</html>
`;
}

/** The widget page's policy: Telegram's script and its login frame, nothing else. */
export const TELEGRAM_WIDGET_POLICY = [
  "default-src 'none'",
  'script-src https://telegram.org',
  'frame-src https://oauth.telegram.org',
  "img-src 'self' https://telegram.org https://t.me data:",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
