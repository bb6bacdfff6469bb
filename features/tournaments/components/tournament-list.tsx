'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/empty-state';
import { firstData } from '@/lib/first-data';
import { Link } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { tournamentPath, type TournamentStatus } from '@/lib/routes';
import type { TournamentSummary } from '../api/replies';
import { tournamentsQuery } from '../api/tournaments-api';
import { localized } from '../labels';
import { useNow } from '../use-now';
import { Countdown } from './countdown';
import { StateBadges } from './state-badge';
import { useGameLabel } from './use-game-label';
import { LoadError } from '@/components/ui/load-error';

/** How many games a card names before "+N". */
const CARD_GAMES = 3;

/**
 * The tournaments of one tab (all, active, upcoming, finished; a cancelled one under finished), each a card
 * linking to its page. `first` is the server's copy (first-screen.ts), shown at once; without it the
 * browser asks. One clock ticks for every card's countdown.
 */
export function TournamentList({
  status,
  first,
}: {
  status: TournamentStatus | null;
  first: TournamentSummary[] | null;
}) {
  const t = useTranslations('tournaments');
  const query = useQuery({
    ...tournamentsQuery(status),
    ...firstData(first),
  });
  const now = useNow();

  if (query.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className="h-52 animate-pulse rounded-2xl bg-panel" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return <LoadError message={t('error')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return <EmptyState title={t(`empty.${status ?? 'all'}`)} hint={t('emptyHint')} />;
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="tournament-list">
      {query.data.map((tournament) => (
        <li key={tournament.id}>
          <TournamentCard tournament={tournament} now={now} />
        </li>
      ))}
    </ul>
  );
}

function TournamentCard({ tournament, now }: { tournament: TournamentSummary; now: number | null }) {
  const t = useTranslations('tournaments');
  const locale = useLocale();
  const format = useFormat();
  const gameLabel = useGameLabel();
  const games = tournament.games.slice(0, CARD_GAMES).map(gameLabel);
  const more = tournament.games.length - games.length;
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-panel p-4"
      data-testid="tournament-card"
    >
      <StateBadges state={tournament.state} kind={tournament.kind} />
      <h2 className="text-lg font-semibold">
        <Link href={tournamentPath(tournament.id)} className="hover:text-gold">
          {localized(tournament.title, locale)}
        </Link>
      </h2>
      <Countdown tournament={tournament} now={now} />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted">{t('prizePool')}</dt>
          <dd className="font-semibold tabular-nums text-gold" data-testid="tournament-prize">
            {format.money(tournament.prize_total, tournament.currency)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('participants')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="tournament-participants">
            {format.number(tournament.participants)}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">{t('games')}</dt>
          <dd className="break-words">
            {games.join(', ')}
            {more > 0 ? ` ${t('moreGames', { count: more })}` : null}
          </dd>
        </div>
      </dl>
    </article>
  );
}
