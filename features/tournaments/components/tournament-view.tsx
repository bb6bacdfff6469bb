'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalDateTime } from '@/components/ui/local-date-time';
import { PendingButton } from '@/components/ui/pending-button';
import { PlayerName } from '@/components/ui/player-name';
import { statusOf } from '@/lib/api/errors';
import { firstData } from '@/lib/first-data';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { useScopedErrorTranslator } from '@/lib/i18n/use-error-translator';
import { Link } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { ROUTES } from '@/lib/routes';
import { useSessionStore } from '@/lib/stores/session-store';
import { useClientSession } from '@/lib/stores/use-client-session';
import type { ErrorTranslator } from '@/lib/validation-errors';
import { tournamentKeys } from '../api/query-keys';
import type { LeaderboardEntry, MyEntry, TournamentDetail, TournamentReply } from '../api/replies';
import { joinTournament, tournamentQuery } from '../api/tournaments-api';
import { localized, placesText, pointsText } from '../labels';
import { useLeaderboardLive } from '../live/use-leaderboard-live';
import { useNow } from '../use-now';
import { Countdown } from './countdown';
import { StateBadges } from './state-badge';
import { useGameLabel } from './use-game-label';
import { LoadError } from '@/components/ui/load-error';

/**
 * One tournament's page (issue 19): its facts and countdown, the player's own progress with Join (a guest's
 * opens the log-in dialog), the rules, the games counted, the prize table and the leaderboard, kept current
 * by the tournament's topic. `first` is the server's copy as a guest sees it (first-screen.ts); a signed-in
 * player's own copy (with their entry) is asked for once the page runs.
 */
export function TournamentView({ id, first = null }: { id: number; first?: TournamentReply | null }) {
  const t = useTranslations('tournaments');
  const { isLoggedIn } = useClientSession();
  const userId = useSessionStore((state) => (state.isLoggedIn ? (state.user?.id ?? null) : null));
  const viewer = isLoggedIn ? 'player' : 'guest';
  const query = useQuery({
    ...tournamentQuery(id, viewer),
    // The server's copy is a guest's: a signed-in player's own copy shows it until theirs comes.
    ...(viewer === 'guest' ? firstData(first) : first ? { placeholderData: first } : {}),
  });
  const connection = useLeaderboardLive(id, userId);
  const now = useNow();

  if (!query.data && query.isError) {
    return statusOf(query.error) === 404 ? (
      <EmptyState title={t('unavailable')}>
        <Link href={ROUTES.tournaments} className={buttonClass.secondary}>
          {t('back')}
        </Link>
      </EmptyState>
    ) : (
      <LoadError message={t('error')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
    );
  }
  if (!query.data) {
    return (
      <div role="status" aria-label={t('loading')} className="h-64 animate-pulse rounded-2xl bg-panel" />
    );
  }

  const { tournament, leaderboard, me } = query.data;
  // The player's own entry is theirs only once their own copy has come (not the guest's placeholder).
  const mine = viewer === 'player' && !query.isPlaceholderData ? me : null;
  return (
    <div className="space-y-6" data-testid="tournament-view">
      <Summary tournament={tournament} now={now} showTitle={!first} />
      {connection === 'reconnecting' ? (
        <p role="status" className="text-sm text-muted">
          {t('reconnecting')}
        </p>
      ) : null}
      <MyProgress
        tournament={tournament}
        me={mine}
        isLoggedIn={isLoggedIn}
        loadingMine={viewer === 'player' && query.isPlaceholderData}
      />
      <Rules tournament={tournament} />
      <Prizes tournament={tournament} />
      <Leaderboard tournament={tournament} leaderboard={leaderboard} userId={userId} />
    </div>
  );
}

function Summary({
  tournament,
  now,
  showTitle,
}: {
  tournament: TournamentDetail;
  now: number | null;
  showTitle: boolean;
}) {
  const t = useTranslations('tournaments');
  const locale = useLocale();
  const format = useFormat();
  return (
    <section
      className="space-y-3 rounded-2xl border border-line bg-panel p-4 sm:p-6"
      aria-label={t('summary')}
    >
      <StateBadges state={tournament.state} kind={tournament.kind} />
      {/* The page's heading has the title when the server had the tournament; else it is said here. */}
      {showTitle ? (
        <p className="text-xl font-bold" data-testid="tournament-title">
          {localized(tournament.title, locale)}
        </p>
      ) : null}
      <Countdown tournament={tournament} now={now} />
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label={t('prizePool')}>
          <span className="text-gold">{format.money(tournament.prize_total, tournament.currency)}</span>
        </Fact>
        <Fact label={t('participants')}>
          <span data-testid="tournament-participants">{format.number(tournament.participants)}</span>
        </Fact>
        <Fact label={t('startsAt')}>
          <LocalDateTime value={tournament.starts_at} />
        </Fact>
        <Fact label={t('endsAt')}>
          <LocalDateTime value={tournament.ends_at} />
        </Fact>
        {tournament.min_stake !== null ? (
          <Fact label={t('minStake')}>{format.money(tournament.min_stake, tournament.currency)}</Fact>
        ) : null}
      </dl>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

const open = (state: TournamentDetail['state']) => state === 'active' || state === 'upcoming';

/**
 * The tournament's own 422 keys (`tournaments.errors.<key>`: `finished`, `currency`) before the common
 * `error.<key>` ones.
 */
function useJoinErrorTranslator(): ErrorTranslator {
  return useScopedErrorTranslator('tournaments.errors');
}

function MyProgress({
  tournament,
  me,
  isLoggedIn,
  loadingMine,
}: {
  tournament: TournamentDetail;
  me: MyEntry | null;
  isLoggedIn: boolean;
  loadingMine: boolean;
}) {
  const t = useTranslations('tournaments');
  const format = useFormat();
  const client = useQueryClient();
  const translator = useJoinErrorTranslator();
  const join = useMutation({
    mutationFn: () => joinTournament(tournament.id),
    onSuccess: () => client.invalidateQueries({ queryKey: tournamentKeys.detailsOf(tournament.id) }),
    onError: (error) => notifyRequestError(error, translator, t('joinFailed')),
  });
  const canJoin = tournament.requires_join && open(tournament.state);

  if (!isLoggedIn) {
    return (
      <section className="rounded-2xl border border-line bg-panel p-4 sm:p-6" aria-label={t('myProgress')}>
        <p className="text-sm text-muted">{canJoin ? t('guestJoinHint') : t('guestHint')}</p>
        {canJoin ? (
          <DialogTrigger modal="login" className={`${buttonClass.primary} mt-3`} testId="tournament-join">
            {t('join')}
          </DialogTrigger>
        ) : null}
      </section>
    );
  }
  if (loadingMine || !me) {
    return (
      <div role="status" aria-label={t('loading')} className="h-24 animate-pulse rounded-2xl bg-panel" />
    );
  }
  const prize = me.prize > 0 ? format.money(me.prize, tournament.currency) : '—';
  return (
    <section
      className="rounded-2xl border border-gold/40 bg-panel p-4 sm:p-6"
      aria-label={t('myProgress')}
      data-testid="tournament-me"
    >
      <h2 className="text-lg font-semibold">{t('myProgress')}</h2>
      {tournament.requires_join && !me.joined ? (
        <div className="mt-2">
          <p className="text-sm text-muted">{canJoin ? t('joinHint') : t('notJoined')}</p>
          {canJoin ? (
            <PendingButton
              type="button"
              className={`${buttonClass.primary} mt-3`}
              pending={join.isPending}
              pendingLabel={t('joining')}
              onClick={() => join.mutate()}
              data-testid="tournament-join"
            >
              {t('join')}
            </PendingButton>
          ) : null}
        </div>
      ) : (
        <>
          {tournament.requires_join ? (
            <p className="mt-1 text-sm text-ok" data-testid="tournament-joined">
              {t('joined')}
            </p>
          ) : null}
          <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
            <Fact label={t('place')}>{me.place ?? '—'}</Fact>
            <Fact label={t('points')}>
              {pointsText(tournament.kind, me.points, tournament.currency, format)}
            </Fact>
            <Fact label={t('prize')}>{prize}</Fact>
          </dl>
          {me.paid ? <p className="mt-2 text-sm text-ok">{t('paid')}</p> : null}
        </>
      )}
    </section>
  );
}

function Rules({ tournament }: { tournament: TournamentDetail }) {
  const t = useTranslations('tournaments');
  const locale = useLocale();
  const gameLabel = useGameLabel();
  const format = useFormat();
  const rates = Object.entries(tournament.rates);
  return (
    <section
      className="rounded-2xl border border-line bg-panel p-4 sm:p-6"
      aria-labelledby="tournament-rules"
    >
      <h2 id="tournament-rules" className="text-lg font-semibold">
        {t('rules')}
      </h2>
      <p className="mt-2 whitespace-pre-line break-words text-sm" data-testid="tournament-rules">
        {localized(tournament.rules, locale)}
      </p>
      <p className="mt-3 text-sm text-muted">{t(`kindRules.${tournament.kind}`)}</p>
      <h3 className="mt-4 text-sm font-semibold">{t('gamesCounted')}</h3>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="tournament-games">
        {tournament.games.map((game) => (
          <li key={game} className="rounded-full border border-line px-3 py-1 text-sm">
            {gameLabel(game)}
          </li>
        ))}
      </ul>
      {rates.length > 0 ? (
        <p className="mt-3 text-sm text-muted">
          {t('rates', {
            rates: rates
              .map(([currency, rate]) => `1 ${currency} = ${format.decimal(rate, 2)} ${tournament.currency}`)
              .join(', '),
          })}
        </p>
      ) : null}
    </section>
  );
}

function Prizes({ tournament }: { tournament: TournamentDetail }) {
  const t = useTranslations('tournaments');
  const format = useFormat();
  return (
    <section
      className="rounded-2xl border border-line bg-panel p-4 sm:p-6"
      aria-labelledby="tournament-prizes"
    >
      <h2 id="tournament-prizes" className="text-lg font-semibold">
        {t('prizes')}
      </h2>
      {tournament.prizes.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('noPrizes')}</p>
      ) : (
        <table className="mt-3 w-full text-sm" data-testid="tournament-prize-table">
          <thead className="text-left text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 font-normal">
                {t('place')}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t('prize')}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t('paidTo')}
              </th>
            </tr>
          </thead>
          <tbody>
            {tournament.prizes.map((prize) => (
              <tr key={prize.from} className="border-t border-line">
                <td className="py-2 tabular-nums">{placesText(prize.from, prize.to)}</td>
                <td className="py-2 text-right font-semibold tabular-nums text-gold">
                  {format.money(prize.amount, tournament.currency)}
                </td>
                <td className="py-2 text-right text-muted">
                  {prize.to_balance === 'cash'
                    ? t('cash')
                    : prize.wager !== null
                      ? t('bonusWager', { wager: format.number(prize.wager) })
                      : t('bonus')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Leaderboard({
  tournament,
  leaderboard,
  userId,
}: {
  tournament: TournamentDetail;
  leaderboard: LeaderboardEntry[];
  userId: number | null;
}) {
  const t = useTranslations('tournaments');
  const format = useFormat();
  return (
    <section
      className="rounded-2xl border border-line bg-panel p-4 sm:p-6"
      aria-labelledby="tournament-leaderboard"
    >
      <h2 id="tournament-leaderboard" className="text-lg font-semibold">
        {t('leaderboard')}
      </h2>
      {leaderboard.length === 0 ? (
        <p className="mt-2 text-sm text-muted" data-testid="leaderboard-empty">
          {t('leaderboardEmpty')}
        </p>
      ) : (
        // A table on wide screens, stacked rows on a phone: each cell says what it is there.
        <table className="mt-3 w-full text-sm" data-testid="leaderboard">
          <thead className="hidden text-left text-xs text-muted sm:table-header-group">
            <tr>
              <th scope="col" className="py-1 font-normal">
                {t('place')}
              </th>
              <th scope="col" className="py-1 font-normal">
                {t('player')}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t('points')}
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                {t('prize')}
              </th>
            </tr>
          </thead>
          <tbody>
            {leaderboard.map((entry) => (
              <tr
                key={entry.user_id}
                className={`grid grid-cols-[2.5rem_1fr_auto] gap-x-2 border-t border-line py-2 sm:table-row ${
                  entry.user_id === userId ? 'bg-gold/10' : ''
                }`}
                data-testid="leaderboard-row"
                aria-current={entry.user_id === userId ? 'true' : undefined}
              >
                <td className="row-span-2 font-semibold tabular-nums sm:py-2">{entry.place}</td>
                <td className="min-w-0 truncate sm:py-2" data-testid="leaderboard-player">
                  <PlayerName player={entry.player} avatar={entry.avatar} hiddenLabel={t('hidden')} />
                </td>
                <td className="text-right tabular-nums sm:py-2" data-testid="leaderboard-points">
                  <span className="sr-only sm:hidden">{t('points')}: </span>
                  {pointsText(tournament.kind, entry.points, tournament.currency, format)}
                </td>
                <td className="col-start-3 text-right tabular-nums text-gold sm:py-2">
                  <span className="sr-only sm:hidden">{t('prize')}: </span>
                  {entry.prize > 0 ? format.money(entry.prize, tournament.currency) : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
