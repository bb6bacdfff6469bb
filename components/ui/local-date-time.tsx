'use client';

import { useLocale } from 'next-intl';
import { useSyncExternalStore } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { useFormat } from '@/lib/i18n/use-format';

const never = () => () => {};

/**
 * The zone a page's times are written in on the server (which cannot know the browser's): the one most of
 * the language's players live in, so the time rarely changes when the browser's takes over.
 */
const HOME_ZONE: Record<Locale, string> = { ru: 'Europe/Moscow', kz: 'Asia/Almaty', en: 'UTC' };

/**
 * A date and time in the browser's time zone once hydrated. The server writes it in the language's home
 * zone; hydration formats nothing and keeps the server's text (the one text child hydration is told not
 * to compare): a first date formatter costs the browser its time-zone data, which made this one of the
 * longest pieces of a page's hydration on a phone. The browser's own text follows in the next render,
 * and a time that mounts after hydration is formatted at once.
 */
export function LocalDateTime({ value, className }: { value: string; className?: string }) {
  const format = useFormat();
  const locale = useLocale() as Locale;
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  let text = value;
  if (hydrated) text = format.dateTime(value);
  else if (typeof window === 'undefined') text = format.dateTime(value, HOME_ZONE[locale] ?? 'UTC');
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}
