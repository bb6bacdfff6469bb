'use client';

import { useTranslations } from 'next-intl';
import { LocalDateTime } from '@/components/ui/local-date-time';
import type { SportEvent } from '../api/replies';
import { clockLabel } from '../labels';

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
      return <LocalDateTime value={event.starts_at} className="tabular-nums" />;
  }
}
