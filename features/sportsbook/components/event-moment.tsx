'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import { useFormat } from '@/lib/i18n/use-format';
import type { SportEvent } from '../api/replies';
import { clockLabel } from '../labels';
import { useHydrated } from './client-state';

/**
 * The zone a page's times are written in before hydration (the server cannot know the browser's): the
 * one most of the language's players live in, so the time rarely changes when the browser's takes over.
 */
const HOME_ZONE: Record<Locale, string> = { ru: 'Europe/Moscow', kz: 'Asia/Almaty', en: 'UTC' };

/** An event's start, in the browser's time zone once hydrated. */
export function StartTime({ startsAt }: { startsAt: string }) {
  const format = useFormat();
  const locale = useLocale() as Locale;
  const hydrated = useHydrated();
  return (
    <time dateTime={startsAt} className="tabular-nums">
      {format.dateTime(startsAt, hydrated ? null : (HOME_ZONE[locale] ?? 'UTC'))}
    </time>
  );
}

/** Where an event is: its start time, "Live" with the clock, finished or cancelled. */
export function EventMoment({ event }: { event: Pick<SportEvent, 'status' | 'starts_at' | 'clock'> }) {
  const t = useTranslations('sports');
  switch (event.status) {
    case 'live':
      return (
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap" data-testid="event-live">
          <span className="font-semibold text-danger">
            <span aria-hidden="true">● </span>
            {t('list.liveBadge')}
          </span>
          {event.clock ? <span className="tabular-nums text-white">{clockLabel(t, event.clock)}</span> : null}
        </span>
      );
    case 'finished':
      return <span>{t('event.finished')}</span>;
    case 'cancelled':
      return <span>{t('event.cancelled')}</span>;
    default:
      return <StartTime startsAt={event.starts_at} />;
  }
}
