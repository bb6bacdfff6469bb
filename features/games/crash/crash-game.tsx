'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { LoadWhenNear } from '@/components/ui/load-when-near';
import { useEffect, useId } from 'react';
import { getBetLimits } from '@/lib/constants/bet-limits';
import { useFormat } from '@/lib/i18n/use-format';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { useGameCurrency } from '../api/get-game-limits';
import { useMyCrashBets } from '../api/list-my-crash-bets';
import { gameKeys } from '../api/query-keys';
import { CrashBetForm } from './crash-bet-form';
import { CrashHistoryStrip } from './crash-history-strip';
import { useCrashRoundStore } from './crash-round-store';
import { CrashStage } from './crash-stage';
import { useCrashSocket } from './use-crash-socket';

// Below the fold on a phone: their code and rendering come once they near the screen or the page is idle
// (components/ui/load-when-near.tsx), not with the page's first hydration; their room is kept meanwhile.
const listRoom = <div className="min-h-32 rounded-2xl border border-line bg-panel" />;
const CrashLiveBets = dynamic(() => import('./crash-live-bets').then((m) => m.CrashLiveBets), {
  ssr: false,
  loading: () => listRoom,
});
const CrashMyBets = dynamic(() => import('./crash-my-bets').then((m) => m.CrashMyBets), {
  ssr: false,
  loading: () => listRoom,
});

/**
 * The live crash game (issue 16): one socket for the page (use-crash-socket.ts) into the round store, the
 * strip of recent points and the curve, the bet form beside them (under them on a phone), then this game's
 * bets and the player's own. It also keeps the player's bet in step with what the socket tells: after a
 * reload its bet in the running game comes from their list, an automatic cash-out brings the header
 * balance up to date, and their list is fetched again when a game with their bet ends.
 */
export function CrashGame() {
  const t = useTranslations('games.crash');
  const shared = useTranslations('games.shared');
  const format = useFormat();
  const currency = useGameCurrency();
  const limits = getBetLimits(currency, 'crash');
  const headingId = useId();
  useCrashSocket();
  useMyBetInStep();

  return (
    <section aria-labelledby={headingId} data-game="crash" data-testid="game-crash">
      <h2 id={headingId} className="sr-only">
        {t('title')}
      </h2>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted" data-testid="game-limits">
          {shared('limits', {
            min: format.money(limits.min, currency),
            max: format.money(limits.max, currency),
          })}
        </p>
        <ConnectionState />
      </div>
      <div className="grid gap-4 min-[641px]:grid-cols-[minmax(16rem,20rem)_1fr]">
        <div className="order-2 min-h-72 rounded-2xl border border-line bg-panel p-4 min-[641px]:order-1">
          <CrashBetForm />
        </div>
        <div className="order-1 min-w-0 rounded-2xl border border-line bg-panel p-4 min-[641px]:order-2">
          <CrashHistoryStrip />
          <CrashStage />
        </div>
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <LoadWhenNear fallback={listRoom}>
          <CrashLiveBets />
        </LoadWhenNear>
        <LoadWhenNear fallback={listRoom}>
          <CrashMyBets />
        </LoadWhenNear>
      </div>
    </section>
  );
}

/** "Live", or "Reconnecting…" while the socket is away. */
function ConnectionState() {
  const t = useTranslations('games.crash.connection');
  const connection = useCrashRoundStore((state) => state.connection);
  return (
    <p
      className={`flex items-center gap-1.5 ${connection === 'reconnecting' ? 'text-gold' : 'text-muted'}`}
      data-testid="crash-connection"
      data-state={connection}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-2 rounded-full ${connection === 'live' ? 'bg-ok' : 'bg-gold'}`}
      />
      {t(connection)}
    </p>
  );
}

/** The player's bet and the money around it, kept in step with the socket (see CrashGame). */
function useMyBetInStep() {
  const queryClient = useQueryClient();
  const myBets = useMyCrashBets();
  const gameId = useCrashRoundStore((state) => state.gameId);
  const hasMine = useCrashRoundStore((state) => state.mine !== null);
  const cashedOutAt = useCrashRoundStore((state) => state.mine?.cashedOutAt ?? null);
  const lost = useCrashRoundStore((state) => state.mine?.lost ?? false);

  // After a reload (or a bet placed in another tab): the player's bet in this game, from their list.
  useEffect(() => {
    if (hasMine || gameId === null || !myBets.data) return;
    const active = myBets.data.items.find((bet) => bet.game_id === gameId && bet.status === 'active');
    if (active) useCrashRoundStore.getState().setMine(gameId, { ...active, payout: null });
  }, [hasMine, gameId, myBets.data]);

  // A cash-out the socket told of (an automatic one has no reply of ours): the balance and the list again.
  useEffect(() => {
    if (cashedOutAt === null) return;
    invalidateBalances(queryClient);
    void queryClient.invalidateQueries({ queryKey: gameKeys.crashMine() });
  }, [cashedOutAt, queryClient]);

  // The game busted with the bet in it: the list again, with the game's point.
  useEffect(() => {
    if (lost) void queryClient.invalidateQueries({ queryKey: gameKeys.crashMine() });
  }, [lost, queryClient]);
}
