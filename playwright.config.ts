import { defineConfig, devices } from '@playwright/test';
import { configuredBrowser } from './scripts/browser.mjs';

/**
 * End-to-end journeys in headless Chromium against the built web app and the real API server with
 * its database (both started by `npm start`'s script). The browser: CHROMIUM_PATH, else the one
 * `scripts/ensure-browser.mjs` (run by `npm run test:e2e` first) found starting or installed, else the
 * first that exists of Playwright's own Chromium and the system's (scripts/browser.mjs).
 */
const WEB_PORT = process.env.E2E_WEB_PORT ?? '3100';
const API_PORT = process.env.E2E_API_PORT ?? '4100';
const baseURL = `http://localhost:${WEB_PORT}`;
// The local SMTP sink the e2e API server sends its e-mails to (scripts/smtp-sink.mjs): SMTP, and the
// loopback HTTP port where a journey reads what arrived (tests/e2e/email-smtp.spec.ts).
const SMTP_SINK_PORT = process.env.E2E_SMTP_PORT ?? '4125';
const SMTP_SINK_HTTP_PORT = process.env.E2E_SMTP_HTTP_PORT ?? '4126';

// The local OpenID provider (scripts/oidc-dev-provider.mjs) that the e2e API server uses as Yandex ID's
// issuer, so one journey signs in through a real OpenID Connect flow (tests/e2e/social-oidc.spec.ts); the
// other providers keep the sandbox the other journeys use.
const OIDC_DEV_PORT = process.env.E2E_OIDC_PORT ?? '4127';
const OIDC_REDIRECT_URI = `http://localhost:${API_PORT}/auth/social/yandex/callback`;

const executablePath = configuredBrowser();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // Never retried, in CI either: a flaky test fails the build of the change that made it flaky
  // (`npm run test:e2e:repeat` runs every test five times before a change to a browser test is submitted).
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A journey signs a player up (argon2), deposits and opens several pages of the production build: on
  // this 2-core machine, with two workers and a cold server, the longest took 26-32 s of a 30 s budget
  // (the first-sight and deposit journeys failed on time alone in a repeat run). Twice that is the budget;
  // what a test waits for still has its own 10 s (expect) limit.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], locale: 'ru-RU' },
      testIgnore: /mobile\.spec\.ts/,
    },
    {
      name: 'mobile',
      // The narrowest common phone width.
      use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, locale: 'ru-RU' },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
  webServer: [
    {
      // Started first, so that the API server's first e-mail finds it.
      command: 'node scripts/smtp-sink.mjs',
      url: `http://127.0.0.1:${SMTP_SINK_HTTP_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      env: { SMTP_SINK_PORT, SMTP_SINK_HTTP_PORT },
    },
    {
      command: 'node scripts/oidc-dev-provider.mjs',
      url: `http://127.0.0.1:${OIDC_DEV_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      env: { OIDC_DEV_PORT, OIDC_DEV_REDIRECT_URIS: OIDC_REDIRECT_URI },
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${WEB_PORT}/ru`,
      reuseExistingServer: !process.env.CI,
      timeout: 300_000,
      stdout: 'pipe',
      // SIGTERM lets the supervisor stop the web app, the API server and its database in order.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        WEB_PORT,
        API_PORT,
        // The e2e stack keeps its own database and build, apart from the one `npm start` serves.
        DATA_DIR: '.data-e2e',
        EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54339',
        NEXT_DIST_DIR: '.next-e2e',
        LOG_LEVEL: 'warn',
        // Every e2e request comes from 127.0.0.1; the limits themselves are covered by the API tests.
        RATE_LIMIT_ENABLED: 'false',
        // A rooms round draws 5 s after its second player stakes (30 s by default), so a journey waits little.
        ROOMS_COUNTDOWN_MS: '5000',
        // The game studio (issue 17) beside the e2e stack, on ports of its own; live tables deal every 8 s.
        STUDIO_PORT: '4199',
        STUDIO_PUBLIC_URL: 'http://127.0.0.1:4199',
        STUDIO_TABLE_BETTING_MS: '8000',
        STUDIO_TABLE_RESULT_MS: '3000',
        // Two chat apps, so the Kazakhstan variant can be told apart. The host never resolves: the journeys
        // that need the provider serve its script themselves (tests/e2e/support-chat.spec.ts).
        SUPPORT_CHAT_APP_ID: 'e2e_ru',
        SUPPORT_CHAT_SECRET: 'e2e-ru-identity-secret',
        SUPPORT_CHAT_APP_ID_KZ: 'e2e_kz',
        SUPPORT_CHAT_SECRET_KZ: 'e2e-kz-identity-secret',
        SUPPORT_CHAT_SCRIPT_URL: 'https://chat.e2e.invalid/widget/{app_id}',
        // The web app's Content-Security-Policy allows the chat provider's origin (lib/security/headers.ts).
        NEXT_PUBLIC_SUPPORT_CHAT_ORIGINS: 'https://chat.e2e.invalid',
        // E-mails go through SMTP to the sink; GET /dev/outbox still lists every message (sent ones too), so
        // the journeys reading codes there are unchanged. SMS stay in the outbox (no provider).
        SMTP_URL: `smtp://e2e:e2e@127.0.0.1:${SMTP_SINK_PORT}`,
        MAIL_FROM: 'Aurum <no-reply@aurum.test>',
        // Yandex ID through the local OpenID provider above (discovery, PKCE, state, nonce).
        YANDEX_ISSUER: `http://127.0.0.1:${OIDC_DEV_PORT}`,
        YANDEX_CLIENT_ID: 'aurum-e2e',
        YANDEX_CLIENT_SECRET: 'aurum-e2e-secret',
        YANDEX_REDIRECT_URI: OIDC_REDIRECT_URI,
      },
    },
  ],
});
