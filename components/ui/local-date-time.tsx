'use client';

import { useLocale } from 'next-intl';
import { useSyncExternalStore } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { useFormat } from '@/lib/i18n/use-format';

const never = () => () => {};

/**
 * The zone a page's times are written in before hydration (the server cannot know the browser's): the one
 * most of the language's players live in, so the time rarely changes when the browser's takes over (as the
 * sportsbook's start times do).
 */
const HOME_ZONE: Record<Locale, string> = { ru: 'Europe/Moscow', kz: 'Asia/Almaty', en: 'UTC' };

/** A date and time in the browser's time zone once hydrated; the server's HTML and hydration agree. */
export function LocalDateTime({ value, className }: { value: string; className?: string }) {
  const format = useFormat();
  const locale = useLocale() as Locale;
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return (
    <time dateTime={value} className={className}>
      {format.dateTime(value, hydrated ? null : (HOME_ZONE[locale] ?? 'UTC'))}
    </time>
  );
}
