'use client';

import { useTranslations } from 'next-intl';
import { memo } from 'react';
import { Link } from '@/lib/i18n/navigation';
import type { SportEvent } from '../api/replies';
import { outcomeLabel } from '../labels';
import { headlineMarket, orderedOutcomes } from '../markets';
import { eventPath } from '../view';
import { EventMoment } from './event-moment';
import { OddsButton } from './odds-button';

/**
 * One event of a list: league, start time or live clock, the teams (with the score once it is live) as a
 * link to the event page, the headline market's odds (1 X 2, or 1 2) and a link to the other markets.
 * Memoised: a realtime patch replaces one event of a list, and only its row renders again.
 */
export const EventRow = memo(function EventRow({ event }: { event: SportEvent }) {
  const t = useTranslations('sports');
  const market = headlineMarket(event);
  const more = Math.max(0, event.markets_count - (market ? 1 : 0));
  const score = event.status !== 'prematch' ? event.score : null;
  const outcomes = market ? orderedOutcomes(market) : [];
  return (
    <li
      className="rounded-xl border border-line bg-panel p-3 sm:grid sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4"
      data-testid="event-row"
      data-event={event.id}
    >
      <div className="min-w-0">
        <p className="flex items-center justify-between gap-3 text-xs text-muted sm:justify-start">
          <span className="truncate">{event.league.name}</span>
          <EventMoment event={event} />
        </p>
        <Link
          href={eventPath(event.id)}
          prefetch={false}
          className="mt-1 grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 font-semibold hover:text-gold"
        >
          <span className="truncate">{event.home}</span>
          <span className="tabular-nums" data-testid="score-home">
            {score?.home}
          </span>
          <span className="truncate">{event.away}</span>
          <span className="tabular-nums" data-testid="score-away">
            {score?.away}
          </span>
        </Link>
      </div>
      <div className="mt-3 flex items-stretch gap-2 sm:mt-0">
        {market ? (
          <div
            className={`grid flex-1 gap-2 sm:w-72 ${outcomes.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}
          >
            {outcomes.map((outcome) => (
              <OddsButton
                key={outcome.id}
                event={event}
                market={market}
                outcome={outcome}
                label={outcomeLabel(t, market, outcome.code, event)}
                caption={outcome.code}
              />
            ))}
          </div>
        ) : (
          <p className="flex flex-1 items-center text-sm text-muted sm:w-72">{t('list.noOdds')}</p>
        )}
        {more > 0 ? (
          <Link
            href={eventPath(event.id)}
            prefetch={false}
            aria-label={t('list.moreLabel', { count: more, home: event.home, away: event.away })}
            className="flex min-h-11 min-w-12 items-center justify-center rounded-lg border border-line px-2 text-sm font-semibold text-muted hover:border-gold hover:text-white"
            data-testid="event-more"
          >
            {t('list.more', { count: more })}
          </Link>
        ) : null}
      </div>
    </li>
  );
});
