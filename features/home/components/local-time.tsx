'use client';

import { useLocale } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { formatterFor } from '@/lib/i18n/format';

const never = () => () => {};

/**
 * The zone a time is written in before hydration (the server cannot know the browser's): the one most of
 * the language's players live in, so the text rarely changes when the browser's own zone takes over.
 */
const HOME_ZONE: Record<string, string> = { ru: 'Europe/Moscow', kz: 'Asia/Almaty', en: 'UTC' };

/** A moment as a date and time, in the browser's time zone once hydrated. */
export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const locale = useLocale();
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return (
    <time dateTime={iso} className={className}>
      {formatterFor(locale).dateTime(iso, hydrated ? null : (HOME_ZONE[locale] ?? 'UTC'))}
    </time>
  );
}
