'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/empty-state';
import { sportsEventTopic } from '@/lib/constants/sports';
import { Link } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import type { SportEvent, SportMarket } from '../api/replies';
import { sportEventQuery } from '../api/sports-api';
import { marketTitle, outcomeLabel, sportName } from '../labels';
import { firstData } from '../first-data';
import { useSportsLive } from '../live/use-sports-live';
import { groupMarkets, orderedOutcomes } from '../markets';
import { EventMoment } from './event-moment';
import { OddsButton } from './odds-button';
import { LoadError } from '@/components/ui/load-error';

const isNotFound = (error: unknown) =>
  (error as { response?: { status?: number } } | null)?.response?.status === 404;

/**
 * One event's page (issue 18): the scoreboard (league, teams, start time or live score, clock and the
 * periods' scores) and every market grouped (match, totals, handicaps, periods), each outcome an odds
 * button; kept current by the event's own topic `sports:<id>`. `first` is the server's copy.
 */
export function SportEventView({ id, first = null }: { id: string; first?: SportEvent | null }) {
  const t = useTranslations('sports');
  const connection = useSportsLive(sportsEventTopic(id));
  const query = useQuery({
    ...sportEventQuery(id),
    // Fresh: the event's topic starts with a snapshot of the whole event, which replaces it.
    ...firstData(first),
  });
  const event = query.data;

  if (!event && query.isError) {
    return isNotFound(query.error) ? (
      <EmptyState title={t('event.unavailable')}>
        <Link href={ROUTES.betting} className="btn-secondary">
          {t('event.back')}
        </Link>
      </EmptyState>
    ) : (
      <LoadError
        message={t('list.error')}
        retryLabel={t('list.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!event) {
    return (
      <div role="status" aria-label={t('list.loading')} className="h-40 animate-pulse rounded-2xl bg-panel" />
    );
  }

  const groups = groupMarkets(event.markets);
  return (
    <div data-testid="sport-event" className="space-y-6">
      <Scoreboard event={event} />
      {connection === 'reconnecting' ? (
        <p role="status" className="text-sm text-muted">
          {t('list.reconnecting')}
        </p>
      ) : null}
      {groups.length === 0 ? (
        <EmptyState title={t('event.noMarkets')} />
      ) : (
        groups.map(({ group, markets }) => (
          <section
            key={group}
            aria-labelledby={`market-group-${group}`}
            data-testid={`market-group-${group}`}
          >
            <h2 id={`market-group-${group}`} className="mb-3 text-lg font-semibold">
              {t(`event.groups.${group}`)}
            </h2>
            <div className="space-y-3">
              {clusters(markets, (market) => marketTitle(t, market, event.sport)).map(({ title, items }) => (
                <MarketBlock key={items[0].id} event={event} title={title} markets={items} />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}

/** Consecutive markets with one title (a total's lines) under that title. */
function clusters(markets: SportMarket[], titleOf: (market: SportMarket) => string) {
  const out: { title: string; items: SportMarket[] }[] = [];
  for (const market of markets) {
    const title = titleOf(market);
    const last = out.at(-1);
    if (last && last.title === title) last.items.push(market);
    else out.push({ title, items: [market] });
  }
  return out;
}

function MarketBlock({
  event,
  title,
  markets,
}: {
  event: SportEvent;
  title: string;
  markets: SportMarket[];
}) {
  const t = useTranslations('sports');
  return (
    <div className="rounded-xl border border-line bg-panel p-3" data-testid="market">
      <h3 className="mb-2 text-sm font-semibold text-muted">{title}</h3>
      <div className="space-y-2">
        {markets.map((market) => {
          const outcomes = orderedOutcomes(market);
          return (
            <div
              key={market.id}
              className={`grid gap-2 ${outcomes.length === 3 ? 'grid-cols-1 sm:grid-cols-3' : 'grid-cols-2'}`}
              data-market={market.id}
            >
              {outcomes.map((outcome) => {
                const label = outcomeLabel(t, market, outcome.code, event);
                return (
                  <OddsButton
                    key={outcome.id}
                    event={event}
                    market={market}
                    outcome={outcome}
                    label={label}
                    caption={label}
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** League and sport, the teams, and the start time or the live score with its clock and periods. */
function Scoreboard({ event }: { event: SportEvent }) {
  const t = useTranslations('sports');
  const score = event.status === 'prematch' ? null : event.score;
  return (
    <section
      className="rounded-2xl border border-line bg-panel p-4"
      aria-label={t('event.score')}
      data-testid="scoreboard"
    >
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        <span>
          {sportName(t, event.sport)} · {event.league.name}
        </span>
        <EventMoment event={event} />
      </p>
      <div className="mt-3 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 text-center">
        <p className="font-semibold break-words">{event.home}</p>
        <p className="text-2xl font-bold tabular-nums" data-testid="event-score">
          {score ? `${score.home} : ${score.away}` : '–'}
        </p>
        <p className="font-semibold break-words">{event.away}</p>
      </div>
      {score && score.periods.length > 0 ? (
        <p className="mt-2 text-center text-sm text-muted" data-testid="event-periods">
          <span className="sr-only">{t('event.periods')}: </span>
          {score.periods.map(([home, away]) => `${home}:${away}`).join(', ')}
        </p>
      ) : null}
    </section>
  );
}
