import { CURRENCY_DECIMALS, type Currency } from '@/lib/constants/currencies';
import { isLocale, LOCALE_RECORDS, type Locale } from './locales';

/**
 * The one formatter of numbers, money and dates for a page's locale: every amount, count, multiplier,
 * percentage and date a player reads goes through it, so the header, the dialogs and the history of
 * one page agree (`1 000,00 ₽` on /ru and /kz, `₽1,000.00` on /en). Built on `Intl` with the locale's
 * ISO tag (`kz` → `kk-KZ`); currencies show their narrow symbols, the ones spec section 9 lists
 * (₽ $ ₸ ₹ €), placed where the locale places them. Components get it with `useFormat()`
 * (lib/i18n/use-format.ts); code without React calls `formatterFor(locale)`.
 */
export interface Formatter {
  /** The interface locale it formats for, and its BCP 47 tag. */
  readonly locale: Locale;
  readonly iso: string;
  /** `1 234,50 ₽` (ru), `₽1,234.50` (en), with exactly two decimals. */
  money(amount: number, currency: Currency): string;
  /** A balance movement: `+500,00 ₽`, `−120,00 ₽` (a true minus sign), `0,00 ₽`. */
  signedMoney(amount: number, currency: Currency): string;
  /** A plain number: `1 500` (ru), `1,500` (en), `1,5` (ru); wagers, counts. */
  number(value: number): string;
  /** A number with exactly `digits` decimals: a dice roll `51,23` (ru), `51.23` (en). */
  decimal(value: number, digits: number): string;
  /** A short number for tight places: `1,2 тыс.` (ru), `1.2K` (en). */
  compact(value: number): string;
  /** A game multiplier: `1,98×`, `36,00×`, two to four decimals. */
  multiplier(value: number): string;
  /** A percentage of a number already in percent: `49,50 %` (ru), `49.50%` (en); two decimals by default. */
  percent(value: number, maximumFractionDigits?: number): string;
  /** A date and time, in `timeZone` when it is a valid one, else the browser's. */
  dateTime(value: string | number | Date, timeZone?: string | null): string;
  /** The time of day with seconds (a bet's time), in the browser's timezone. */
  time(value: string | number | Date): string;
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `make()` on the first call, the same value after. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

function createFormatter(locale: Locale): Formatter {
  const iso = LOCALE_RECORDS[locale].iso;
  // Browsers ship little or no Kazakh formatting data (Chromium formats kk-KZ as `₽ 1,000.00` and
  // `2026 M11 25`, while Node's full ICU writes `1 000,00 ₽`): Kazakh pages format with Kazakhstan's
  // Russian conventions, which every ICU has and which match Kazakh's for numbers and money, and show
  // dates as numbers (`25.11.2026, 14:07`), so server and browser agree.
  const tag = locale === 'kz' ? 'ru-KZ' : iso;
  const moneyFormats = new Map<Currency, Intl.NumberFormat>();
  const moneyFormat = (currency: Currency) => {
    let format = moneyFormats.get(currency);
    if (!format) {
      format = new Intl.NumberFormat(tag, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: CURRENCY_DECIMALS,
        maximumFractionDigits: CURRENCY_DECIMALS,
      });
      moneyFormats.set(currency, format);
    }
    return format;
  };
  // Each Intl formatter is made on its first use: building one costs milliseconds on a slow phone (the
  // compact and date ones most), and most pages use one or two of them, or none (issue 14).
  const plain = lazy(() => new Intl.NumberFormat(tag));
  const compact = lazy(() => new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 2 }));
  const multiplier = lazy(
    () => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 4 }),
  );
  const percents = new Map<number, Intl.NumberFormat>();
  const decimals = new Map<number, Intl.NumberFormat>();
  const dateTimeOptions: Intl.DateTimeFormatOptions = {
    dateStyle: locale === 'kz' ? 'short' : 'medium',
    timeStyle: 'short',
  };
  const dateTime = lazy(() => new Intl.DateTimeFormat(tag, dateTimeOptions));
  /** Per time zone (a list formats every row in the player's one); null for an invalid zone. */
  const zonedDateTimes = new Map<string, Intl.DateTimeFormat | null>();
  const time = lazy(
    () => new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  );

  const formatter: Formatter = {
    locale,
    iso,
    money: (amount, currency) => moneyFormat(currency).format(amount),
    signedMoney: (amount, currency) => {
      const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
      return `${sign}${formatter.money(Math.abs(amount), currency)}`;
    },
    number: (value) => plain().format(value),
    decimal: (value, digits) => {
      let format = decimals.get(digits);
      if (!format) {
        format = new Intl.NumberFormat(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits });
        decimals.set(digits, format);
      }
      return format.format(value);
    },
    compact: (value) => compact().format(value),
    multiplier: (value) => `${multiplier().format(value)}×`,
    percent: (value, maximumFractionDigits = 2) => {
      let format = percents.get(maximumFractionDigits);
      if (!format) {
        format = new Intl.NumberFormat(tag, {
          style: 'percent',
          minimumFractionDigits: 2,
          maximumFractionDigits: Math.max(2, maximumFractionDigits),
        });
        percents.set(maximumFractionDigits, format);
      }
      return format.format(value / 100);
    },
    dateTime: (value, timeZone) => {
      const date = toDate(value);
      if (!date) return String(value);
      if (!timeZone) return dateTime().format(date);
      let zoned = zonedDateTimes.get(timeZone);
      if (zoned === undefined) {
        try {
          zoned = new Intl.DateTimeFormat(tag, { ...dateTimeOptions, timeZone });
        } catch {
          zoned = null; // not a time zone: the browser's
        }
        zonedDateTimes.set(timeZone, zoned);
      }
      return (zoned ?? dateTime()).format(date);
    },
    time: (value) => {
      const date = toDate(value);
      return date ? time().format(date) : String(value);
    },
  };
  return formatter;
}

const formatters = new Map<Locale, Formatter>();

/** The formatter of an interface locale (`ru`, `en`, `kz`); English for anything else. */
export function formatterFor(locale: string): Formatter {
  const code: Locale = isLocale(locale) ? locale : 'en';
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = createFormatter(code);
    formatters.set(code, formatter);
  }
  return formatter;
}
