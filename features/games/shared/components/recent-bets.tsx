'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { LazyFairnessPanel } from '@/features/games/fair/lazy-fairness-panel';
import type { Bet, FairGame } from '@/lib/contracts/games';
import { useRecentBets } from '../../api/list-bets';
import { useClientSession } from '@/lib/stores/use-client-session';
import { useFormat } from '@/lib/i18n/use-format';
import { useOpenFairness } from './game-layout';

/**
 * The player's last bets of a game: time, amount, multiplier, payout, win or loss. Each row opens the
 * fairness verification of that bet (`onVerify`, else the layout's fairness panel, else its own).
 */
export function RecentBets({ game, onVerify }: { game: FairGame; onVerify?: (bet: Bet) => void }) {
  const t = useTranslations('games.shared.recent');
  const format = useFormat();
  const { ready, isLoggedIn } = useClientSession();
  const bets = useRecentBets(game);
  const openFairness = useOpenFairness();
  const [ownPanel, setOwnPanel] = useState<{ open: boolean; betId?: number }>({ open: false });
  const headingId = useId();

  const verify = (bet: Bet) => {
    if (onVerify) onVerify(bet);
    else if (openFairness) openFairness(bet.id);
    else setOwnPanel({ open: true, betId: bet.id });
  };

  let body;
  if (!ready || !isLoggedIn) {
    body = <p className="text-sm text-muted">{t('guest')}</p>;
  } else if (bets.isPending) {
    body = (
      <p className="text-sm text-muted" role="status" data-testid="recent-bets-loading">
        {t('loading')}
      </p>
    );
  } else if (bets.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
        <span className="text-danger">{t('error')}</span>
        <button type="button" className={buttonClass.secondary} onClick={() => void bets.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (bets.data.items.length === 0) {
    body = (
      <p className="text-sm text-muted" data-testid="recent-bets-empty">
        {t('empty')}
      </p>
    );
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="recent-bets">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('time')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('amount')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('multiplier')}
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                {t('payout')}
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('result')}
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">{t('verify')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {bets.data.items.map((bet) => {
              const won = bet.status === 'won' || bet.status === 'cashed_out';
              return (
                <tr key={bet.id} className="border-t border-line" data-testid="recent-bet">
                  <td className="py-2 pr-3 tabular-nums text-muted">
                    <time dateTime={bet.created_at}>{format.time(bet.created_at)}</time>
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {format.money(bet.amount, bet.currency)}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{format.multiplier(bet.multiplier)}</td>
                  <td className={`py-2 pr-3 text-right tabular-nums ${won ? 'text-ok' : ''}`}>
                    {format.money(bet.payout, bet.currency)}
                  </td>
                  <td
                    className={`py-2 pr-3 ${won ? 'text-ok' : bet.status === 'open' ? 'text-muted' : 'text-danger'}`}
                  >
                    {t(`status.${bet.status}`)}
                  </td>
                  <td className="py-2 text-right">
                    <button
                      type="button"
                      className="rounded-lg px-2 py-1 text-gold underline-offset-2 hover:underline"
                      onClick={() => verify(bet)}
                      aria-haspopup="dialog"
                      aria-label={t('verifyBet', { id: bet.id })}
                    >
                      {t('verify')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-panel p-4">
      <h3 id={headingId} className="mb-2 font-semibold">
        {t('title')}
      </h3>
      {body}
      {!onVerify && !openFairness ? (
        <LazyFairnessPanel
          game={game}
          open={ownPanel.open}
          betId={ownPanel.betId}
          onOpenChange={(open) => setOwnPanel((state) => ({ ...state, open }))}
        />
      ) : null}
    </section>
  );
}
