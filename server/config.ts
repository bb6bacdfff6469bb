import { createPublicKey } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { HUB88_UNITS_PER_MAJOR, unitsPerMinor } from '@/lib/contracts/aggregator';
import { HCAPTCHA_SITEVERIFY_URL } from './modules/auth/captcha';
import { loadSocialConfig, type SocialConfig } from './modules/auth/social-config';
import { messagingConfig, messagingEnvSchema, type MessagingConfig } from './modules/outbox/transport-config';

/** An unset or empty variable (`FOO=` in an env file) counts as absent and takes its default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const port = z.coerce.number().int().min(0).max(65_535);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => ['true', '1', 'yes'].includes(v));

/**
 * TRUST_PROXY: `false` (default), a hop count (`1`), a comma list of proxy addresses/CIDRs
 * (`127.0.0.1,10.0.0.0/8`), or `true` (trust every hop: refused in production, since any client could then
 * pick its own IP with X-Forwarded-For). Passed to Fastify's `trustProxy`.
 */
const trustProxy = z.string().transform((raw, ctx): boolean | number | string[] => {
  const value = raw.trim().toLowerCase();
  const flag = booleanFlag.safeParse(value);
  if (flag.success) return flag.data;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.length === 0 || !list.every((item) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(item))) {
    ctx.addIssue({
      code: 'custom',
      message: 'expected true, false, a hop count or a comma list of addresses',
    });
    return z.NEVER;
  }
  return list;
});

/** `https://example.com` (a trailing slash is accepted), nothing else beyond the origin. */
function parseOrigin(item: string): string | undefined {
  let parsed: URL | undefined;
  try {
    parsed = new URL(item);
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.origin === 'null' || !(item === parsed.origin || item === `${parsed.origin}/`)) {
    return undefined;
  }
  return parsed.origin;
}

const origins = z.string().transform((raw, ctx) => {
  const list = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return list.map((item) => {
    const origin = parseOrigin(item);
    if (!origin) {
      ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin such as https://example.com` });
      return item;
    }
    return origin;
  });
});

const origin = z.string().transform((raw, ctx) => {
  const parsed = parseOrigin(raw.trim());
  if (!parsed) {
    ctx.addIssue({ code: 'custom', message: `"${raw}" is not an origin such as https://example.com` });
    return z.NEVER;
  }
  return parsed;
});

/** An absolute http(s) address. */
const httpUrl = z.string().refine((raw) => {
  try {
    return ['http:', 'https:'].includes(new URL(raw.replace('{app_id}', 'x')).protocol);
  } catch {
    return false;
  }
}, 'expected an http(s) address');

/** A chat app id: letters, digits, `_` and `-` (it goes into the script's address). */
const chatAppId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected letters, digits, _ or -');

const envSchema = z.object({
  /**
   * `production` (default), `development` or `test`. Production hides the /dev and /sandbox helpers and
   * the demo players, and requires JWT_SECRET; `npm start` / `npm run dev` set `development` for the API
   * server unless NODE_ENV is given.
   */
  NODE_ENV: optional(z.enum(['development', 'production', 'test']).default('production')),
  /** Address the API server binds to. Default `127.0.0.1` (loopback); use `0.0.0.0` behind a proxy or in a container. */
  API_HOST: optional(z.string().default('127.0.0.1')),
  /** TCP port of the API server. Default `4000`; `0` picks a free port. */
  API_PORT: optional(port.default(4000)),
  /**
   * PostgreSQL connection string (`postgres://user:pass@host:5432/db`). Unset (default): the server starts an
   * embedded PostgreSQL with its data under DATA_DIR.
   */
  DATABASE_URL: optional(
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'expected a postgres:// or postgresql:// URL')
      .optional(),
  ),
  /** Directory for local state: the embedded PostgreSQL cluster, its log and credentials. Default `.data`. */
  DATA_DIR: optional(z.string().default('.data')),
  /** Port of the embedded PostgreSQL (loopback only; used only when DATABASE_URL is unset). Default `54329`; `0` picks a free port. */
  EMBEDDED_PG_PORT: optional(port.default(54_329)),
  /** Comma-separated browser origins allowed by CORS (with credentials). Default `http://localhost:3000,http://127.0.0.1:3000`. */
  WEB_ORIGINS: optional(origins.default(['http://localhost:3000', 'http://127.0.0.1:3000'])),
  /**
   * Request header carrying the visitor's ISO country code, set by the CDN or proxy in front of the API.
   * Default `cf-ipcountry` (Cloudflare). Only trust it when such a proxy overwrites it.
   */
  GEO_COUNTRY_HEADER: optional(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, 'expected an HTTP header name')
      .transform((v) => v.toLowerCase())
      .default('cf-ipcountry'),
  ),
  /** Country code assumed when the geo header is absent or invalid, e.g. `RU`. Default empty: country_code is null. */
  GEO_DEFAULT_COUNTRY: optional(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'expected a two-letter country code')
      .transform((v) => v.toUpperCase())
      .optional(),
  ),
  /**
   * Which peers may set X-Forwarded-For/-Host/-Proto: `false` (default: nobody; the client IP is the
   * connection's), a hop count, or a comma list of proxy addresses/CIDRs. `true` (every hop) is refused in
   * production. The per-IP limits count the IP this yields.
   */
  TRUST_PROXY: optional(trustProxy.default(false)),
  /** Log level: fatal, error, warn, info (default), debug, trace or silent. */
  LOG_LEVEL: optional(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  /**
   * Key that signs access tokens (HS256), social log-in states and one-time code hashes: at least 32
   * characters. Required when NODE_ENV=production. Unset in development: a random key is created once in
   * DATA_DIR/jwt-secret and reused (instances sharing DATA_DIR agree); unset in test: random per process.
   */
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Public address of the web app, for links in messages (`{WEB_PUBLIC_URL}/{locale}/reset-password/{token}`).
   * Default: the first WEB_ORIGINS entry.
   */
  WEB_PUBLIC_URL: optional(origin.optional()),
  /**
   * Public address of this API server, for the social log-in URL. Default: taken from the request
   * (Host / X-Forwarded-Host and -Proto when TRUST_PROXY allows).
   */
  API_PUBLIC_URL: optional(origin.optional()),
  /** hCaptcha secret. Set: registration, log-in, send-code and forgot-password calls require `h-captcha-response`. */
  HCAPTCHA_SECRET: optional(z.string().optional()),
  /** hCaptcha site key, passed to siteverify to pin tokens to this site. Optional. */
  HCAPTCHA_SITEKEY: optional(z.string().optional()),
  /** hCaptcha's siteverify address (tests point it at a local fake). */
  HCAPTCHA_VERIFY_URL: optional(httpUrl.default(HCAPTCHA_SITEVERIFY_URL)),
  /** Log-in by SMS code offered (profile feature flag `sms_login`). Default `true`. */
  SMS_LOGIN_ENABLED: optional(booleanFlag.default(true)),
  /**
   * Brute-force limits on log-in, code and restore calls (counted in PostgreSQL, shared by every API
   * instance). Default `true`; `false` only for load tests.
   */
  RATE_LIMIT_ENABLED: optional(booleanFlag.default(true)),
  /**
   * HMAC-SHA256 key of the sandbox payment provider's webhooks (`X-Signature: sha256=<hex>` over the raw
   * body), at least 32 characters. Unset: derived from the JWT secret. The sandbox provider exists only
   * outside production.
   */
  SANDBOX_PAYMENT_SECRET: optional(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * HMAC-SHA256 key (at least 32 characters) of the game aggregator's signed wallet calls
   * (`X-Hub88-Signature`, base64, over the raw body; server/modules/aggregator). Unset outside production:
   * derived from the JWT secret; unset in production without AGGREGATOR_PUBLIC_KEY: every call is refused.
   */
  AGGREGATOR_SECRET: optional(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * The aggregator's RSA public key (PEM; `\n` may stand for the line breaks). Set: its calls are checked
   * as RSA-SHA256 signatures (as Hub88 signs) instead of the HMAC.
   */
  AGGREGATOR_PUBLIC_KEY: optional(
    z
      .string()
      .transform((v) => v.replace(/\\n/g, '\n').trim())
      .refine((pem) => {
        try {
          return createPublicKey(pem).asymmetricKeyType === 'rsa';
        } catch {
          return false;
        }
      }, 'expected an RSA public key in PEM')
      .optional(),
  ),
  /**
   * The aggregator's amount units per major unit of a currency (default 100000, Hub88's: $3.56 is 356000);
   * a multiple of 100, so that every minor unit is a whole number of them.
   */
  AGGREGATOR_CURRENCY_UNITS: optional(
    z.coerce
      .number()
      .int()
      .refine((v) => unitsPerMinor(v) !== null, 'expected a positive multiple of 100')
      .default(HUB88_UNITS_PER_MAJOR),
  ),
  /**
   * The game aggregator's Games API base address (server/modules/casino/aggregator-client.ts: game list,
   * launch URLs, free rounds, live tables). Default: the studio process of `npm run studio`.
   */
  STUDIO_URL: optional(httpUrl.default('http://127.0.0.1:4100')),
  /** Our operator id at the aggregator (`operator_id` of every Games API call). Default 1. */
  AGGREGATOR_OPERATOR_ID: optional(z.coerce.number().int().min(1).max(2_147_483_647).default(1)),
  /**
   * Cryptomus (https://doc.cryptomus.com), the real payment provider: set the merchant's UUID and its
   * payment API key to take deposits on Cryptomus's hosted page; the payout API key to pay withdrawals.
   * Webhooks come to `<API_PUBLIC_URL>/billing/webhooks/cryptomus`, so API_PUBLIC_URL is required with them.
   */
  CRYPTOMUS_MERCHANT_ID: optional(z.string().min(1).optional()),
  CRYPTOMUS_PAYMENT_KEY: optional(z.string().min(1).optional()),
  CRYPTOMUS_PAYOUT_KEY: optional(z.string().min(1).optional()),
  /** The API's address; a test points it at a local fake. */
  CRYPTOMUS_API_URL: optional(z.string().url().default('https://api.cryptomus.com')),
  /** Where the hosted page sends the player back (url_return / url_success). Default WEB_PUBLIC_URL. */
  CRYPTOMUS_RETURN_URL: optional(z.string().url().optional()),
  /** Each call's time limit. */
  CRYPTOMUS_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000).default(10_000)),
  /**
   * Seconds between reconciliation runs in the API process (0: none; `npm run admin -- reconcile` runs one
   * by hand). Only providers with status queries (Cryptomus) are reconciled.
   */
  RECONCILE_INTERVAL_SECONDS: optional(z.coerce.number().int().min(0).max(86_400).default(300)),
  /**
   * Redis (`redis://[user:password@]host:port[/db]`, or `rediss://` for TLS) shared by the API processes
   * of one database: realtime events go through its pub/sub, and the crash rounds' clock runs in the one
   * process holding its lease (the others follow and take bets and cash-outs; another takes over within
   * seconds when it dies). Unset (default): one API process, events in its memory.
   */
  REDIS_URL: optional(
    z
      .string()
      .refine((v) => /^rediss?:\/\/[^\s]+$/.test(v), 'expected a redis:// or rediss:// URL')
      .optional(),
  ),
  /**
   * Whether this process serves the crash rounds (default `true`): their calls, their socket, and their
   * clock. Without REDIS_URL only one API process per database may run them (`false` on the others); with
   * it, every process may (the lease holder runs the clock, see crash/engine.ts).
   */
  CRASH_ENGINE: optional(booleanFlag.default(true)),
  /** Crash: the betting window before each game, in ms (default 5000; 1000 to 60000). */
  CRASH_BETTING_MS: optional(z.coerce.number().int().min(1_000).max(60_000).default(5_000)),
  /** Crash: the pause after a bust before the next window, in ms (default 3000; 100 to 60000). */
  CRASH_PAUSE_MS: optional(z.coerce.number().int().min(100).max(60_000).default(3_000)),
  /** Crash: the interval of the multiplier's ticks to spectators, in ms (default 100; 20 to 150). */
  CRASH_TICK_MS: optional(z.coerce.number().int().min(20).max(150).default(125)),
  /** Crash: how often to look for a playable game while there is none (no chain or salt), in ms (default 5000; 100 to 60000). */
  CRASH_IDLE_MS: optional(z.coerce.number().int().min(100).max(60_000).default(5_000)),
  /**
   * How long a room's round still takes stakes once a second player has staked, in milliseconds (default
   * 30000). The e2e stack shortens it; every API process on one database should use the same value.
   */
  ROOMS_COUNTDOWN_MS: optional(z.coerce.number().int().min(1_000).max(600_000).default(30_000)),
  /**
   * The sportsbook's odds feed (issue 18): `sandbox` (the simulated calendar, sports/feed/sandbox.ts),
   * `odds-api` (The Odds API v4 at ODDS_API_URL with ODDS_API_KEY) or `off`. Default: `odds-api` when
   * ODDS_API_KEY is set, else `sandbox`, except in production (`off`: never a simulated book for money).
   */
  SPORTS_FEED: optional(z.enum(['sandbox', 'odds-api', 'off']).optional()),
  ODDS_API_URL: optional(httpUrl.default('https://api.the-odds-api.com')),
  ODDS_API_KEY: optional(z.string().min(1).optional()),
  /** The Odds API's sport keys to follow, comma-separated. */
  ODDS_API_SPORTS: optional(
    z.string().default('soccer_epl,soccer_spain_la_liga,basketball_nba,basketball_euroleague,icehockey_nhl'),
  ),
  ODDS_API_POLL_SECONDS: optional(z.coerce.number().int().min(5).max(3600).default(60)),
  /** The sandbox feed's time: how many match seconds pass per real second (default 11.25: a football match in 8 minutes). */
  SPORTS_SANDBOX_SPEED: optional(z.coerce.number().min(1).max(10_000).default(11.25)),
  /**
   * Fault injection for crash tests, refused when NODE_ENV=production: `balance-debit` makes the process
   * exit hard right after the sandbox debit commits and before it replies.
   */
  FAULT_EXIT_AFTER_COMMIT: optional(z.enum(['balance-debit']).optional()),
  /** App id of the support chat (Intercom-compatible). Unset: no chat; the button offers the FAQ. */
  SUPPORT_CHAT_APP_ID: optional(chatAppId.optional()),
  /** Identity-verification secret of that app: signs `user_hash` for signed-in players. Optional. */
  SUPPORT_CHAT_SECRET: optional(z.string().optional()),
  /** App id of the Kazakhstan chat variant, served to the KZ region. Unset: KZ gets the default chat. */
  SUPPORT_CHAT_APP_ID_KZ: optional(chatAppId.optional()),
  /** Identity-verification secret of the Kazakhstan app. Optional. */
  SUPPORT_CHAT_SECRET_KZ: optional(z.string().optional()),
  /**
   * The provider's widget script, `{app_id}` standing for the app id. Default
   * `https://widget.intercom.io/widget/{app_id}`.
   */
  SUPPORT_CHAT_SCRIPT_URL: optional(
    httpUrl
      .refine((v) => v.includes('{app_id}'), 'expected {app_id} in the address')
      .default('https://widget.intercom.io/widget/{app_id}'),
  ),
  /** The launcher button's image from the chat provider. Optional: the app's own icon otherwise. */
  SUPPORT_CHAT_BUTTON_IMAGE_URL: optional(httpUrl.optional()),
  /** E-mail through SMTP and SMS through an HTTP provider (SMTP_*, MAIL_FROM, SMS_*): outbox/transport-config.ts. */
  ...messagingEnvSchema,
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  apiHost: string;
  apiPort: number;
  /** Undefined → embedded PostgreSQL. */
  databaseUrl: string | undefined;
  /** Absolute path. */
  dataDir: string;
  embeddedPgPort: number;
  webOrigins: string[];
  /** Lower-case header name. */
  geoCountryHeader: string;
  /** Upper-case ISO code or null. */
  geoDefaultCountry: string | null;
  trustProxy: boolean | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Undefined → development: persisted under DATA_DIR; test: random per process (see auth/secret.ts). */
  jwtSecret: string | undefined;
  /** Origin of the web app, no trailing slash. */
  webPublicUrl: string;
  /** Origin of this API server, or null to take it from the request. */
  apiPublicUrl: string | null;
  hcaptchaSecret: string | null;
  hcaptchaSitekey: string | null;
  hcaptchaVerifyUrl: string;
  smsLoginEnabled: boolean;
  rateLimitEnabled: boolean;
  /** Webhook key of the sandbox payment provider, or null to derive it from the JWT secret. */
  sandboxPaymentSecret: string | null;
  /** The game aggregator's wallet calls (server/modules/aggregator). */
  aggregator: AggregatorConfig;
  /** Crash-test fault switch (never in production). */
  faultExitAfterCommit: 'balance-debit' | null;
  /** The Cryptomus provider, or null when its variables are not set. */
  cryptomus: CryptomusConfig | null;
  reconcileIntervalSeconds: number;
  /** Null: one process, events in memory. */
  redisUrl: string | null;
  crashEngine: boolean;
  /** The crash rounds' timings (CRASH_BETTING_MS, CRASH_PAUSE_MS, CRASH_TICK_MS, CRASH_IDLE_MS). */
  crashTimings: { bettingMs: number; pauseMs: number; tickMs: number; idleMs: number };
  /** The rooms' countdown (ROOMS_COUNTDOWN_MS). */
  roomsCountdownMs: number;
  /** The sportsbook's odds feed (SPORTS_FEED, ODDS_API_*, SPORTS_SANDBOX_SPEED). */
  sportsFeed:
    | { kind: 'off' }
    | { kind: 'sandbox'; speed: number }
    | { kind: 'odds-api'; baseUrl: string; apiKey: string; sports: string[]; pollMs: number };
  supportChat: SupportChatConfig;
  /** The e-mail and SMS transports; a null one leaves its messages queued in the outbox. */
  messaging: MessagingConfig;
  /** The real social log-in providers whose variables are set (modules/auth/social-config.ts). */
  social: SocialConfig;
}

export interface AggregatorConfig {
  /** HMAC key of its calls; null: derived from the JWT secret outside production, none in production. */
  secret: string | null;
  /** Its RSA public key (PEM): when set, calls are checked as RSA-SHA256 signatures. */
  publicKey: string | null;
  /** Its amount units per major unit (a multiple of 100). */
  unitsPerMajor: number;
  /** Its Games API base address, without a trailing slash (STUDIO_URL). */
  studioUrl: string;
  /** Our operator id there (AGGREGATOR_OPERATOR_ID). */
  operatorId: number;
}

export interface CryptomusConfig {
  merchantId: string;
  paymentKey: string;
  /** Null: payouts through Cryptomus are off (its payout methods are not offered). */
  payoutKey: string | null;
  apiUrl: string;
  callbackUrl: string;
  returnUrl: string;
  timeoutMs: number;
}

export interface SupportChatApp {
  appId: string;
  /** Identity-verification secret, or null (no user_hash). */
  secret: string | null;
}

export interface SupportChatConfig {
  /** The default chat (RU region), or null when none is configured. */
  defaultApp: SupportChatApp | null;
  /** The Kazakhstan variant, or null to serve KZ the default chat. */
  kzApp: SupportChatApp | null;
  /** Widget script address with `{app_id}`. */
  scriptUrl: string;
  buttonImageUrl: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface LoadConfigOptions {
  /**
   * Whether production needs JWT_SECRET (default true). The operator CLI signs nothing and passes false,
   * so `npm run admin` works without it.
   */
  requireJwtSecret?: boolean;
}

/**
 * Reads the server's settings from environment variables; throws ConfigError listing every bad variable.
 * An unset NODE_ENV means production: the safe posture is the default, the development helpers are opt-in.
 */
function sportsFeedOf(e: z.infer<typeof envSchema>): Config['sportsFeed'] {
  const kind =
    e.SPORTS_FEED ?? (e.ODDS_API_KEY ? 'odds-api' : e.NODE_ENV === 'production' ? 'off' : 'sandbox');
  if (kind === 'off') return { kind };
  if (kind === 'sandbox') return { kind, speed: e.SPORTS_SANDBOX_SPEED };
  return {
    kind,
    baseUrl: e.ODDS_API_URL.replace(/\/+$/, ''),
    apiKey: e.ODDS_API_KEY ?? '',
    sports: e.ODDS_API_SPORTS.split(',')
      .map((sport) => sport.trim())
      .filter(Boolean),
    pollMs: e.ODDS_API_POLL_SECONDS * 1000,
  };
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  { requireJwtSecret = true }: LoadConfigOptions = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET && requireJwtSecret) {
    problems.push(
      `JWT_SECRET: required when NODE_ENV=production (at least 32 characters)${
        env.NODE_ENV?.trim()
          ? ''
          : '; NODE_ENV is unset, which means production. For a local run with the development helpers use `npm start` or `npm run dev`, or set NODE_ENV=development'
      }`,
    );
  }
  if (e.SPORTS_FEED === 'odds-api' && !e.ODDS_API_KEY) {
    problems.push('ODDS_API_KEY: required when SPORTS_FEED=odds-api');
  }
  if (e.NODE_ENV === 'production' && e.SPORTS_FEED === 'sandbox') {
    problems.push('SPORTS_FEED: the sandbox feed is not allowed when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.FAULT_EXIT_AFTER_COMMIT) {
    problems.push('FAULT_EXIT_AFTER_COMMIT: not allowed when NODE_ENV=production');
  }
  if (e.NODE_ENV === 'production' && e.TRUST_PROXY === true) {
    problems.push(
      'TRUST_PROXY: true is not allowed when NODE_ENV=production (any client could choose its IP with X-Forwarded-For); give the hop count or the addresses of your proxies',
    );
  }
  if (Boolean(e.CRYPTOMUS_MERCHANT_ID) !== Boolean(e.CRYPTOMUS_PAYMENT_KEY)) {
    problems.push('CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_PAYMENT_KEY go together: set both or neither');
  }
  if (e.CRYPTOMUS_MERCHANT_ID && !e.API_PUBLIC_URL) {
    problems.push(
      'API_PUBLIC_URL is required with CRYPTOMUS_MERCHANT_ID (Cryptomus calls its webhook there)',
    );
  }
  const messaging = messagingConfig(e, problems);
  const social = loadSocialConfig(env, e.API_PUBLIC_URL ?? null, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const webPublicUrl = e.WEB_PUBLIC_URL ?? e.WEB_ORIGINS[0] ?? 'http://localhost:3000';
  return {
    nodeEnv: e.NODE_ENV,
    apiHost: e.API_HOST,
    apiPort: e.API_PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    webOrigins: e.WEB_ORIGINS,
    geoCountryHeader: e.GEO_COUNTRY_HEADER,
    geoDefaultCountry: e.GEO_DEFAULT_COUNTRY ?? null,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    webPublicUrl,
    apiPublicUrl: e.API_PUBLIC_URL ?? null,
    hcaptchaSecret: e.HCAPTCHA_SECRET ?? null,
    hcaptchaSitekey: e.HCAPTCHA_SITEKEY ?? null,
    hcaptchaVerifyUrl: e.HCAPTCHA_VERIFY_URL,
    smsLoginEnabled: e.SMS_LOGIN_ENABLED,
    rateLimitEnabled: e.RATE_LIMIT_ENABLED,
    sandboxPaymentSecret: e.SANDBOX_PAYMENT_SECRET ?? null,
    faultExitAfterCommit: e.FAULT_EXIT_AFTER_COMMIT ?? null,
    aggregator: {
      secret: e.AGGREGATOR_SECRET ?? null,
      publicKey: e.AGGREGATOR_PUBLIC_KEY ?? null,
      unitsPerMajor: e.AGGREGATOR_CURRENCY_UNITS,
      studioUrl: e.STUDIO_URL.replace(/\/+$/, ''),
      operatorId: e.AGGREGATOR_OPERATOR_ID,
    },

    cryptomus:
      e.CRYPTOMUS_MERCHANT_ID && e.CRYPTOMUS_PAYMENT_KEY && e.API_PUBLIC_URL
        ? {
            merchantId: e.CRYPTOMUS_MERCHANT_ID,
            paymentKey: e.CRYPTOMUS_PAYMENT_KEY,
            payoutKey: e.CRYPTOMUS_PAYOUT_KEY ?? null,
            apiUrl: e.CRYPTOMUS_API_URL.replace(/\/+$/, ''),
            callbackUrl: `${e.API_PUBLIC_URL.replace(/\/+$/, '')}/billing/webhooks/cryptomus`,
            returnUrl: e.CRYPTOMUS_RETURN_URL ?? webPublicUrl,
            timeoutMs: e.CRYPTOMUS_TIMEOUT_MS,
          }
        : null,
    reconcileIntervalSeconds: e.RECONCILE_INTERVAL_SECONDS,
    redisUrl: e.REDIS_URL ?? null,
    crashEngine: e.CRASH_ENGINE,
    crashTimings: {
      bettingMs: e.CRASH_BETTING_MS,
      pauseMs: e.CRASH_PAUSE_MS,
      tickMs: e.CRASH_TICK_MS,
      idleMs: e.CRASH_IDLE_MS,
    },
    roomsCountdownMs: e.ROOMS_COUNTDOWN_MS,
    sportsFeed: sportsFeedOf(e),
    supportChat: {
      defaultApp: e.SUPPORT_CHAT_APP_ID
        ? { appId: e.SUPPORT_CHAT_APP_ID, secret: e.SUPPORT_CHAT_SECRET ?? null }
        : null,
      kzApp: e.SUPPORT_CHAT_APP_ID_KZ
        ? { appId: e.SUPPORT_CHAT_APP_ID_KZ, secret: e.SUPPORT_CHAT_SECRET_KZ ?? null }
        : null,
      scriptUrl: e.SUPPORT_CHAT_SCRIPT_URL,
      buttonImageUrl: e.SUPPORT_CHAT_BUTTON_IMAGE_URL ?? null,
    },
    messaging,
    social,
  };
}
