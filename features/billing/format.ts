import type { PaymentMethod } from '@/lib/contracts/billing';
import type { Locale } from '@/lib/i18n/locales';

/** Seconds as `mm:ss` (minutes may exceed 59: `75:00`). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A method's name in the interface language, English when that one is missing. */
export function methodName(method: Pick<PaymentMethod, 'name'>, locale: Locale): string {
  return (locale === 'en' ? undefined : method.name[locale]) || method.name.en;
}
