import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const SECRET = 'p'.repeat(32);

describe('loadConfig', () => {
  it('gives every variable its documented default', () => {
    expect(loadConfig({ JWT_SECRET: SECRET })).toEqual({
      nodeEnv: 'production',
      apiHost: '127.0.0.1',
      apiPort: 4000,
      databaseUrl: undefined,
      dataDir: path.resolve('.data'),
      embeddedPgPort: 54329,
      webOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      geoCountryHeader: 'cf-ipcountry',
      geoDefaultCountry: null,
      trustProxy: false,
      logLevel: 'info',
      jwtSecret: SECRET,
      webPublicUrl: 'http://localhost:3000',
      apiPublicUrl: null,
      hcaptchaSecret: null,
      hcaptchaSitekey: null,
      hcaptchaVerifyUrl: 'https://api.hcaptcha.com/siteverify',
      smsLoginEnabled: true,
      rateLimitEnabled: true,
      sandboxPaymentSecret: null,
      faultExitAfterCommit: null,
      aggregator: {
        secret: null,
        publicKey: null,
        unitsPerMajor: 100_000,
        studioUrl: 'http://127.0.0.1:4100',
        operatorId: 1,
      },
      cryptomus: null,
      reconcileIntervalSeconds: 300,
      redisUrl: null,
      crashEngine: true,
      crashTimings: { bettingMs: 5_000, pauseMs: 3_000, tickMs: 125, idleMs: 5_000 },
      roomsCountdownMs: 30_000,
      sportsFeed: { kind: 'off' },
      supportChat: {
        defaultApp: null,
        kzApp: null,
        scriptUrl: 'https://widget.intercom.io/widget/{app_id}',
        buttonImageUrl: null,
      },
      messaging: { smtp: null, sms: null },
      social: {},
    });
  });

  it('treats empty variables as unset', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', API_PORT: '', DATABASE_URL: '', GEO_DEFAULT_COUNTRY: ' ' }),
    ).toMatchObject({
      apiPort: 4000,
      databaseUrl: undefined,
      geoDefaultCountry: null,
    });
  });

  it('parses and normalises the variables it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ODDS_API_URL: 'https://odds.example/',
      ODDS_API_KEY: 'odds-key',
      ODDS_API_SPORTS: 'soccer_epl, basketball_nba,',
      ODDS_API_POLL_SECONDS: '30',
      API_HOST: '0.0.0.0',
      API_PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/casino',
      DATA_DIR: '/var/lib/casino',
      EMBEDDED_PG_PORT: '0',
      WEB_ORIGINS: 'https://casino.example, https://www.casino.example/',
      GEO_COUNTRY_HEADER: 'X-Country',
      GEO_DEFAULT_COUNTRY: 'kz',
      TRUST_PROXY: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'x'.repeat(40),
      WEB_PUBLIC_URL: 'https://casino.example/',
      API_PUBLIC_URL: 'https://api.casino.example',
      HCAPTCHA_SECRET: '0x123',
      HCAPTCHA_SITEKEY: 'site-key',
      HCAPTCHA_VERIFY_URL: 'http://127.0.0.1:9999/siteverify',
      SMS_LOGIN_ENABLED: 'no',
      RATE_LIMIT_ENABLED: 'false',
      SUPPORT_CHAT_APP_ID: 'ru_app',
      SUPPORT_CHAT_SECRET: 'ru-secret',
      SUPPORT_CHAT_APP_ID_KZ: 'kz_app',
      SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example/w/{app_id}.js',
      SUPPORT_CHAT_BUTTON_IMAGE_URL: 'https://chat.example/button.png',
      CRYPTOMUS_MERCHANT_ID: 'merchant-uuid',
      CRYPTOMUS_PAYMENT_KEY: 'payment-key',
      CRYPTOMUS_PAYOUT_KEY: 'payout-key',
      CRYPTOMUS_API_URL: 'https://cryptomus.test/',
      RECONCILE_INTERVAL_SECONDS: '60',
      REDIS_URL: 'redis://:secret@redis:6379/2',
      CRASH_BETTING_MS: '1500',
      CRASH_PAUSE_MS: '300',
      CRASH_TICK_MS: '50',
      CRASH_IDLE_MS: '200',
      AGGREGATOR_SECRET: 'a'.repeat(32),
      AGGREGATOR_CURRENCY_UNITS: '100',
      STUDIO_URL: 'https://games.aggregator.example/',
      AGGREGATOR_OPERATOR_ID: '42',
    });
    expect(config).toEqual({
      nodeEnv: 'production',
      apiHost: '0.0.0.0',
      apiPort: 8080,
      databaseUrl: 'postgres://u:p@db:5432/casino',
      dataDir: '/var/lib/casino',
      embeddedPgPort: 0,
      webOrigins: ['https://casino.example', 'https://www.casino.example'],
      geoCountryHeader: 'x-country',
      geoDefaultCountry: 'KZ',
      trustProxy: false,
      logLevel: 'warn',
      jwtSecret: 'x'.repeat(40),
      webPublicUrl: 'https://casino.example',
      apiPublicUrl: 'https://api.casino.example',
      hcaptchaSecret: '0x123',
      hcaptchaSitekey: 'site-key',
      hcaptchaVerifyUrl: 'http://127.0.0.1:9999/siteverify',
      smsLoginEnabled: false,
      rateLimitEnabled: false,
      sandboxPaymentSecret: null,
      faultExitAfterCommit: null,
      aggregator: {
        secret: 'a'.repeat(32),
        publicKey: null,
        unitsPerMajor: 100,
        studioUrl: 'https://games.aggregator.example',
        operatorId: 42,
      },
      cryptomus: {
        merchantId: 'merchant-uuid',
        paymentKey: 'payment-key',
        payoutKey: 'payout-key',
        apiUrl: 'https://cryptomus.test',
        callbackUrl: 'https://api.casino.example/billing/webhooks/cryptomus',
        returnUrl: 'https://casino.example',
        timeoutMs: 10_000,
      },
      reconcileIntervalSeconds: 60,
      redisUrl: 'redis://:secret@redis:6379/2',
      crashEngine: true,
      crashTimings: { bettingMs: 1_500, pauseMs: 300, tickMs: 50, idleMs: 200 },
      roomsCountdownMs: 30_000,
      sportsFeed: {
        kind: 'odds-api',
        baseUrl: 'https://odds.example',
        apiKey: 'odds-key',
        sports: ['soccer_epl', 'basketball_nba'],
        pollMs: 30_000,
      },
      supportChat: {
        defaultApp: { appId: 'ru_app', secret: 'ru-secret' },
        kzApp: { appId: 'kz_app', secret: null },
        scriptUrl: 'https://chat.example/w/{app_id}.js',
        buttonImageUrl: 'https://chat.example/button.png',
      },
      messaging: { smtp: null, sms: null },
      social: {},
    });
  });

  it('takes Cryptomus only with its merchant and payment key together, and the public API address', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', CRYPTOMUS_MERCHANT_ID: 'm' })).toThrow(
      /CRYPTOMUS_MERCHANT_ID and CRYPTOMUS_PAYMENT_KEY go together/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', CRYPTOMUS_MERCHANT_ID: 'm', CRYPTOMUS_PAYMENT_KEY: 'k' }),
    ).toThrow(/API_PUBLIC_URL is required with CRYPTOMUS_MERCHANT_ID/);
    const config = loadConfig({
      NODE_ENV: 'test',
      CRYPTOMUS_MERCHANT_ID: 'm',
      CRYPTOMUS_PAYMENT_KEY: 'k',
      API_PUBLIC_URL: 'https://api.example',
    });
    expect(config.cryptomus).toMatchObject({ payoutKey: null, apiUrl: 'https://api.cryptomus.com' });
  });

  it('trusts no proxy by default; accepts a hop count or a list of proxies for TRUST_PROXY', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'proxy.internal' })).toThrow(
      /TRUST_PROXY: expected/,
    );
  });

  it('accepts TRUST_PROXY=true (trust every hop) only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true is not allowed when NODE_ENV=production/,
    );
  });

  it('takes the web public URL from the first web origin by default', () => {
    expect(
      loadConfig({ NODE_ENV: 'test', WEB_ORIGINS: 'https://a.example,https://b.example' }).webPublicUrl,
    ).toBe('https://a.example');
  });

  it('runs as production when NODE_ENV is unset, and then requires JWT_SECRET with a hint', () => {
    expect(() => loadConfig({})).toThrow(/JWT_SECRET: required when NODE_ENV=production.*NODE_ENV is unset/);
    expect(() => loadConfig({ NODE_ENV: ' ' })).toThrow(/NODE_ENV is unset/);
    expect(loadConfig({ NODE_ENV: 'development' }).nodeEnv).toBe('development');
    // The operator CLI signs nothing: it may run without the secret.
    expect(loadConfig({}, { requireJwtSecret: false }).nodeEnv).toBe('production');
  });

  it('requires a JWT_SECRET of at least 32 characters in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: required when NODE_ENV=production \(at least 32 characters\)$/m,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must be at least 32/,
    );
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });

  it('runs the sandbox odds feed outside production, none in production without a key, and never a sandbox in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).sportsFeed).toEqual({ kind: 'sandbox', speed: 11.25 });
    expect(loadConfig({ NODE_ENV: 'development', SPORTS_FEED: 'off' }).sportsFeed).toEqual({ kind: 'off' });
    expect(loadConfig({ JWT_SECRET: SECRET }).sportsFeed).toEqual({ kind: 'off' });
    expect(() => loadConfig({ JWT_SECRET: SECRET, SPORTS_FEED: 'sandbox' })).toThrow(/SPORTS_FEED/);
    expect(() => loadConfig({ NODE_ENV: 'development', SPORTS_FEED: 'odds-api' })).toThrow(/ODDS_API_KEY/);
  });

  it('refuses the crash-test fault switch in production', () => {
    expect(
      loadConfig({ NODE_ENV: 'development', FAULT_EXIT_AFTER_COMMIT: 'balance-debit' }).faultExitAfterCommit,
    ).toBe('balance-debit');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: SECRET,
        FAULT_EXIT_AFTER_COMMIT: 'balance-debit',
      }),
    ).toThrow(/FAULT_EXIT_AFTER_COMMIT: not allowed/);
  });

  it('refuses a REDIS_URL that is not a redis address and crash timings out of their bounds', () => {
    for (const env of [
      { REDIS_URL: 'http://redis:6379' },
      { CRASH_BETTING_MS: '999' },
      { CRASH_BETTING_MS: '60001' },
      { CRASH_PAUSE_MS: '50' },
      { CRASH_TICK_MS: '151' },
      { CRASH_TICK_MS: '19' },
      { CRASH_IDLE_MS: '0' },
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'test', ...env }), JSON.stringify(env)).toThrow(
        new RegExp(`^Invalid environment:\\n  - ${Object.keys(env)[0]}:`),
      );
    }
    expect(loadConfig({ NODE_ENV: 'test', REDIS_URL: 'rediss://cache.example:6380' }).redisUrl).toBe(
      'rediss://cache.example:6380',
    );
  });

  it('takes the aggregator’s RSA public key in PEM (with \\n for line breaks) and units that are a multiple of 100', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const escaped = pem.trim().replaceAll('\n', '\\n');
    expect(loadConfig({ NODE_ENV: 'test', AGGREGATOR_PUBLIC_KEY: escaped }).aggregator.publicKey).toBe(
      pem.trim(),
    );
    for (const env of [
      { AGGREGATOR_PUBLIC_KEY: 'not a key' },
      { AGGREGATOR_CURRENCY_UNITS: '150' },
      { AGGREGATOR_CURRENCY_UNITS: '0' },
      { AGGREGATOR_SECRET: 'short' },
    ]) {
      expect(() => loadConfig({ NODE_ENV: 'test', ...env }), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('names every invalid variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({
        API_PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        WEB_ORIGINS: 'https://ok.example,https://bad.example/path',
        GEO_DEFAULT_COUNTRY: 'KAZ',
        LOG_LEVEL: 'loud',
        WEB_PUBLIC_URL: 'https://casino.example/reset',
        SMS_LOGIN_ENABLED: 'maybe',
        HCAPTCHA_VERIFY_URL: 'ftp://hcaptcha.example/siteverify',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual([
      'API_PORT',
      'DATABASE_URL',
      'GEO_DEFAULT_COUNTRY',
      'HCAPTCHA_VERIFY_URL',
      'LOG_LEVEL',
      'SMS_LOGIN_ENABLED',
      'WEB_ORIGINS',
      'WEB_PUBLIC_URL',
    ]);
  });
});
