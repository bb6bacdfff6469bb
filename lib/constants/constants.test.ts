import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_SYMBOLS, DEFAULT_CURRENCY, isCurrency } from './currencies';
import {
  DEFAULT_RETRIES_BY_METHOD,
  HTTP_CLIENT_ERROR_MESSAGES,
  RETRY_STATUSES,
  toAcceptLanguage,
} from './http';
import { regionForCountry } from './regions';
import { PAYMENT_AMOUNT_FALLBACK, resolvePaymentAmountLimits } from './payments';
import { PHONE_MASKS, phoneInputMask } from './phone-masks';
import * as timing from './timing';

describe('currencies', () => {
  it('are RUB (default), USD, KZT, INR, EUR with ₽ $ ₸ ₹ €', () => {
    expect(CURRENCIES).toEqual(['RUB', 'USD', 'KZT', 'INR', 'EUR']);
    expect(DEFAULT_CURRENCY).toBe('RUB');
    expect(CURRENCIES.map((c) => CURRENCY_SYMBOLS[c]).join(' ')).toBe('₽ $ ₸ ₹ €');
    expect(isCurrency('KZT')).toBe(true);
    expect(isCurrency('BTC')).toBe(false);
  });
});

describe('payment amount limits', () => {
  it('fall back to min 100, max 300000, default 100 when the method gives none', () => {
    expect(PAYMENT_AMOUNT_FALLBACK).toEqual({ min: 100, max: 300_000, default: 100 });
    expect(resolvePaymentAmountLimits({})).toEqual({ min: 100, max: 300_000, default: 100 });
    expect(resolvePaymentAmountLimits(null)).toEqual({ min: 100, max: 300_000, default: 100 });
    expect(resolvePaymentAmountLimits({ min_amount: 500, max_amount: null, default_amount: 1000 })).toEqual({
      min: 500,
      max: 300_000,
      default: 1000,
    });
  });
});

describe('phone masks', () => {
  it('are the spec masks, with a token form of the Belarus mask', () => {
    expect(PHONE_MASKS.ru).toEqual({ code: '+7', mask: '(###) ### ## ##' });
    expect(PHONE_MASKS.kz).toEqual({ code: '+7', mask: '(###) ### ## ##' });
    expect(PHONE_MASKS.by).toEqual({ code: '+375', mask: '___ __ __' });
    expect(phoneInputMask('by')).toBe('### ## ##');
    expect(phoneInputMask('ru')).toBe('(###) ### ## ##');
  });
});

describe('http constants', () => {
  it('retry the spec statuses, once for bodiless methods only', () => {
    expect([...RETRY_STATUSES]).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(DEFAULT_RETRIES_BY_METHOD).toMatchObject({
      get: 1,
      head: 1,
      options: 1,
      post: 0,
      put: 0,
      patch: 0,
      delete: 0,
    });
    expect(HTTP_CLIENT_ERROR_MESSAGES.timeout(50)).toBe('timeout of 50ms exceeded');
  });
});

describe('locales and regions', () => {
  it('send br as pt-BR and every other locale as its code', () => {
    expect(toAcceptLanguage('br')).toBe('pt-BR');
    expect(toAcceptLanguage('kz')).toBe('kz');
    expect(toAcceptLanguage('toString')).toBe('toString');
  });

  it('give KZ for Kazakhstan and RU otherwise', () => {
    expect(regionForCountry('KZ')).toBe('KZ');
    expect(regionForCountry('kz')).toBe('KZ');
    expect(regionForCountry('DE')).toBe('RU');
    expect(regionForCountry(null)).toBe('RU');
  });
});

describe('timing', () => {
  it('has the spec timers', () => {
    expect(timing).toMatchObject({
      INVOICE_LIFE_TIME_S: 1200,
      INVOICE_POLL_MS: 5_000,
      POST_REGISTRATION_DEPOSIT_DELAY_MS: 17_000,
      ZERO_BALANCE_DEPOSIT_PROMPT_DELAY_MS: 17_000,
      SW_UPDATE_CHECK_MS: 20_000,
      BACKGROUND_SYNC_MS: 600_000,
      SUPPORT_CHAT_REFRESH_DELAY_MS: 250,
      FINGERPRINT_FALLBACK_DELAY_MS: 500,
      RELOAD_GUARD_TTL_MS: 10_000,
      TOOLTIP_SHOW_DELAY_MS: 200,
      POPOVER_DISPOSE_TIMEOUT_MS: 150,
      NOTIFICATION_DURATION_MS: 3_000,
      NOTIFICATION_SPEED_MS: 300,
    });
  });
});

describe('analytics', () => {
  it('has the spec settings in the analytics client option names', async () => {
    const { ANALYTICS_CLIENT_OPTIONS } = await import('./analytics');
    expect(ANALYTICS_CLIENT_OPTIONS).toEqual({
      api_host: '/ingest',
      capture_pageview: false,
      autocapture: false,
      person_profiles: 'identified_only',
      session_idle_timeout_seconds: 1800,
      cookie_expiration: 365,
      feature_flag_request_timeout_ms: 3000,
      properties_string_max_length: 65535,
    });
  });
});
