import { describe, expect, it, vi } from 'vitest';
import { CURRENCIES, CURRENCY_SYMBOLS } from '@/lib/constants/currencies';
import { formatterFor } from './format';

/**
 * Exact strings as Node's ICU emits them. The code points that look alike are spelled out:
 * ru and kk group digits and separate the currency symbol (and, in ru, the percent sign) with a
 * no-break space U+00A0; signedMoney writes a true minus U+2212; the dates use plain spaces.
 */
const NBSP = '\u00a0';
const MINUS = '\u2212';

const ru = formatterFor('ru');
const en = formatterFor('en');
const kz = formatterFor('kz');

/** 14:07:09 UTC on 5 March 2024: 19:07 in Almaty (UTC+5). */
const INSTANT = '2024-03-05T14:07:09Z';
/** The same wall-clock time in whatever timezone the tests run in. */
const LOCAL = new Date(2024, 2, 5, 14, 7, 9);

describe('formatterFor', () => {
  it('formats for the locale’s BCP 47 tag', () => {
    expect([ru.locale, ru.iso]).toEqual(['ru', 'ru-RU']);
    expect([en.locale, en.iso]).toEqual(['en', 'en-US']);
    expect([kz.locale, kz.iso]).toEqual(['kz', 'kk-KZ']);
  });

  it('writes a number with a fixed count of decimals (a dice roll)', () => {
    expect(ru.decimal(51.2, 2)).toBe('51,20');
    expect(kz.decimal(7, 2)).toBe('7,00');
    expect(en.decimal(51.2, 2)).toBe('51.20');
    expect(en.decimal(1234.5, 2)).toBe('1,234.50');
    expect(ru.decimal(1234.5, 2)).toBe(`1${NBSP}234,50`);
  });

  it('falls back to English for an unknown locale', () => {
    for (const unknown of ['de', '', 'kk', 'ru-RU']) {
      const format = formatterFor(unknown);
      expect(format.locale).toBe('en');
      expect(format.iso).toBe('en-US');
      expect(format.money(1234.5, 'RUB')).toBe('₽1,234.50');
      expect(format.percent(49.5)).toBe('49.50%');
    }
  });

  it('gives the same formatter for the same locale', () => {
    expect(formatterFor('ru')).toBe(ru);
    expect(formatterFor('xx')).toBe(en);
  });
});

describe('money', () => {
  it('ru: groups with U+00A0, a decimal comma, the symbol after a U+00A0', () => {
    expect(ru.money(1234567.5, 'RUB')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}₽`);
    expect(ru.money(1234567.5, 'USD')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}$`);
    expect(ru.money(1234567.5, 'KZT')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}₸`);
    expect(ru.money(1234567.5, 'INR')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}₹`);
    expect(ru.money(1234567.5, 'EUR')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}€`);
    expect(ru.money(1234.5, 'RUB')).toBe(`1${NBSP}234,50${NBSP}₽`);
  });

  it('en: groups with commas, a decimal point, the symbol first', () => {
    expect(en.money(1234567.5, 'RUB')).toBe('₽1,234,567.50');
    expect(en.money(1234567.5, 'USD')).toBe('$1,234,567.50');
    expect(en.money(1234567.5, 'KZT')).toBe('₸1,234,567.50');
    expect(en.money(1234567.5, 'INR')).toBe('₹1,234,567.50');
    expect(en.money(1234567.5, 'EUR')).toBe('€1,234,567.50');
    expect(en.money(1234.5, 'RUB')).toBe('₽1,234.50');
  });

  it('kz: groups with U+00A0, a decimal comma, the symbol after a U+00A0', () => {
    expect(kz.money(1234567.5, 'RUB')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}₽`);
    expect(kz.money(1234567.5, 'USD')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}$`);
    expect(kz.money(1234567.5, 'KZT')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}₸`);
    expect(kz.money(1234567.5, 'INR')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}₹`);
    expect(kz.money(1234567.5, 'EUR')).toBe(`1${NBSP}234${NBSP}567,50${NBSP}€`);
    expect(kz.money(0, 'KZT')).toBe(`0,00${NBSP}₸`);
  });

  it('always shows two decimals, rounding float noise away', () => {
    expect(ru.money(0.1 + 0.2, 'EUR')).toBe(`0,30${NBSP}€`);
    expect(en.money(10, 'INR')).toBe('₹10.00');
    expect(en.money(0.005, 'USD')).toBe('$0.01');
    expect(kz.money(999.999, 'RUB')).toBe(`1${NBSP}000,00${NBSP}₽`);
  });

  it('shows a negative amount with the locale’s own sign', () => {
    expect(ru.money(-1234.5, 'RUB')).toBe(`-1${NBSP}234,50${NBSP}₽`);
    expect(en.money(-1234.5, 'RUB')).toBe('-₽1,234.50');
    expect(kz.money(-1234.5, 'KZT')).toBe(`-1${NBSP}234,50${NBSP}₸`);
  });

  it('uses the spec symbol of every currency in every locale', () => {
    for (const format of [ru, en, kz]) {
      for (const currency of CURRENCIES) {
        expect(format.money(1, currency)).toContain(CURRENCY_SYMBOLS[currency]);
        expect(format.money(1, currency)).not.toContain(currency);
      }
    }
  });
});

describe('signedMoney', () => {
  it('puts + on a credit, a true minus (U+2212) on a debit and nothing on zero', () => {
    expect(ru.signedMoney(500, 'RUB')).toBe(`+500,00${NBSP}₽`);
    expect(ru.signedMoney(-120, 'RUB')).toBe(`${MINUS}120,00${NBSP}₽`);
    expect(ru.signedMoney(0, 'RUB')).toBe(`0,00${NBSP}₽`);
    expect(en.signedMoney(1234.5, 'USD')).toBe('+$1,234.50');
    expect(en.signedMoney(-120, 'RUB')).toBe(`${MINUS}₽120.00`);
    expect(en.signedMoney(0, 'EUR')).toBe('€0.00');
    expect(kz.signedMoney(1234.5, 'KZT')).toBe(`+1${NBSP}234,50${NBSP}₸`);
    expect(kz.signedMoney(-0.5, 'KZT')).toBe(`${MINUS}0,50${NBSP}₸`);
    expect(kz.signedMoney(0, 'KZT')).toBe(`0,00${NBSP}₸`);
  });
});

describe('number and compact', () => {
  it('groups and keeps the decimals the value has', () => {
    expect(ru.number(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(ru.number(1.5)).toBe('1,5');
    expect(ru.number(35)).toBe('35');
    expect(en.number(1234567)).toBe('1,234,567');
    expect(en.number(1.5)).toBe('1.5');
    expect(en.number(1234567.891)).toBe('1,234,567.891');
    expect(kz.number(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(kz.number(1.5)).toBe('1,5');
  });

  it('shortens large numbers in the locale’s words', () => {
    expect(ru.compact(1500)).toBe(`1,5${NBSP}тыс.`);
    expect(ru.compact(1234567)).toBe(`1,23${NBSP}млн`);
    expect(en.compact(1500)).toBe('1.5K');
    expect(en.compact(1234567)).toBe('1.23M');
    expect(kz.compact(1500)).toBe(`1,5${NBSP}тыс.`);
    expect(kz.compact(1234567)).toBe(`1,23${NBSP}млн`);
    expect(en.compact(950)).toBe('950');
  });
});

describe('multiplier', () => {
  it('shows two to four decimals and ×', () => {
    expect(ru.multiplier(1.98)).toBe('1,98×');
    expect(ru.multiplier(36)).toBe('36,00×');
    expect(ru.multiplier(1.23456)).toBe('1,2346×');
    expect(en.multiplier(1.98)).toBe('1.98×');
    expect(en.multiplier(36)).toBe('36.00×');
    expect(en.multiplier(1000)).toBe('1,000.00×');
    expect(kz.multiplier(1.98)).toBe('1,98×');
    expect(kz.multiplier(1000)).toBe(`1${NBSP}000,00×`);
  });
});

describe('percent', () => {
  it('takes a value already in percent and places the sign as the locale does', () => {
    expect(ru.percent(49.5)).toBe(`49,50${NBSP}%`);
    expect(ru.percent(100)).toBe(`100,00${NBSP}%`);
    expect(en.percent(49.5)).toBe('49.50%');
    expect(en.percent(12.3456)).toBe('12.35%');
    expect(kz.percent(49.5)).toBe(`49,50${NBSP}%`);
    expect(kz.percent(0.01)).toBe(`0,01${NBSP}%`);
  });

  it('shows more decimals when asked, never fewer than two', () => {
    expect(ru.percent(0.001, 3)).toBe(`0,001${NBSP}%`);
    expect(en.percent(0.001, 3)).toBe('0.001%');
    expect(en.percent(12.5, 3)).toBe('12.50%');
    expect(kz.percent(0.001, 3)).toBe(`0,001${NBSP}%`);
    expect(en.percent(12.3456, 0)).toBe('12.35%');
  });
});

describe('dateTime', () => {
  it('formats in the given timezone', () => {
    expect(ru.dateTime(INSTANT, 'UTC')).toBe('5 мар. 2024 г., 14:07');
    expect(ru.dateTime(INSTANT, 'Asia/Almaty')).toBe('5 мар. 2024 г., 19:07');
    expect(en.dateTime(INSTANT, 'UTC')).toBe('Mar 5, 2024, 2:07 PM');
    expect(en.dateTime(INSTANT, 'Asia/Almaty')).toBe('Mar 5, 2024, 7:07 PM');
    expect(kz.dateTime(INSTANT, 'UTC')).toBe('05.03.2024, 14:07');
    expect(kz.dateTime(INSTANT, 'Asia/Almaty')).toBe('05.03.2024, 19:07');
  });

  it('takes a timestamp or a Date as well as text', () => {
    expect(en.dateTime(Date.parse(INSTANT), 'UTC')).toBe('Mar 5, 2024, 2:07 PM');
    expect(en.dateTime(new Date(INSTANT), 'UTC')).toBe('Mar 5, 2024, 2:07 PM');
  });

  it('uses the browser’s timezone without one or with an invalid one', () => {
    for (const timeZone of [undefined, null, '', 'Not/AZone', 'UTC+99']) {
      expect(ru.dateTime(LOCAL, timeZone)).toBe('5 мар. 2024 г., 14:07');
      expect(en.dateTime(LOCAL, timeZone)).toBe('Mar 5, 2024, 2:07 PM');
      expect(kz.dateTime(LOCAL, timeZone)).toBe('05.03.2024, 14:07');
    }
  });

  it('returns what is not a date as text', () => {
    expect(ru.dateTime('not a date', 'UTC')).toBe('not a date');
    expect(en.dateTime('', 'Asia/Almaty')).toBe('');
    expect(kz.dateTime(Number.NaN)).toBe('NaN');
  });
});

describe('time', () => {
  it('shows the time of day with seconds in the browser’s timezone', () => {
    expect(ru.time(LOCAL)).toBe('14:07:09');
    expect(en.time(LOCAL)).toBe('02:07:09 PM');
    expect(kz.time(LOCAL)).toBe('14:07:09');
    expect(ru.time(LOCAL.toISOString())).toBe('14:07:09');
  });

  it('returns what is not a date as text', () => {
    expect(ru.time('not a date')).toBe('not a date');
    expect(en.time('2024-13-45')).toBe('2024-13-45');
  });
});

describe('the cost of a formatter', () => {
  it('builds no Intl formatter until one is used, then one per kind (and per time zone)', async () => {
    vi.resetModules();
    const built = { number: 0, dateTime: 0 };
    const { NumberFormat, DateTimeFormat } = Intl;
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        built.number += 1;
      }
    } as typeof NumberFormat;
    Intl.DateTimeFormat = class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        built.dateTime += 1;
      }
    } as typeof DateTimeFormat;
    try {
      const { formatterFor: fresh } = await import('./format');
      const format = fresh('en');
      expect(built).toEqual({ number: 0, dateTime: 0 });
      format.money(1, 'RUB');
      format.money(2, 'RUB');
      expect(built).toEqual({ number: 1, dateTime: 0 });
      format.dateTime(INSTANT, 'Asia/Almaty');
      format.dateTime(INSTANT, 'Asia/Almaty');
      format.dateTime(INSTANT, 'Not/AZone');
      format.dateTime(INSTANT, 'Not/AZone');
      // Almaty's, then the browser's for the invalid zone (whose own attempt threw before counting).
      expect(built).toEqual({ number: 1, dateTime: 2 });
    } finally {
      Intl.NumberFormat = NumberFormat;
      Intl.DateTimeFormat = DateTimeFormat;
    }
  });
});
