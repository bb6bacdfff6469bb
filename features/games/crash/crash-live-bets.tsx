'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { isCurrency } from '@/lib/constants/currencies';
import { useFormat } from '@/lib/i18n/use-format';
import { useCrashRoundStore } from './crash-round-store';

/** How many of a game's bets are listed (the rest are counted). */
export const LIVE_BETS_SHOWN = 50;

/**
 * This game's bets as every player sees them (the snapshot, then each `bet` and `cashout` message): the
 * player's name ("Hidden" for those who hide their statistics), the stake, and the cash-out with what it
 * paid; once the game busts, the bets still in it are lost.
 */
export function CrashLiveBets() {
  const t = useTranslations('games.crash.live');
  const format = useFormat();
  const bets = useCrashRoundStore((state) => state.bets);
  const busted = useCrashRoundStore((state) => state.phase === 'busted');
  const headingId = useId();
  const shown = bets.slice(0, LIVE_BETS_SHOWN);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-panel p-4"
      data-testid="crash-live-bets"
    >
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {t('title')}
        </h3>
        <span className="text-sm text-muted tabular-nums">{t('count', { count: bets.length })}</span>
      </div>
      {bets.length === 0 ? (
        <p className="text-sm text-muted" data-testid="crash-live-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="text-sm">
          {shown.map((bet) => {
            const currency = isCurrency(bet.currency) ? bet.currency : 'RUB';
            const out = bet.cashed_out_at !== null;
            return (
              <li
                key={bet.id}
                className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-baseline gap-x-3 border-t border-line py-2 first:border-t-0"
                data-testid="crash-live-bet"
                data-bet-id={bet.id}
                data-state={out ? 'cashed_out' : busted ? 'lost' : 'in_play'}
              >
                <span className="truncate" title={bet.player}>
                  {bet.player === 'Hidden' ? t('hidden') : bet.player}
                </span>
                <span className="text-right tabular-nums">{format.money(bet.amount, currency)}</span>
                <span
                  className={`min-w-24 text-right tabular-nums ${out ? 'text-ok' : busted ? 'text-danger' : 'text-muted'}`}
                  data-testid="crash-live-result"
                >
                  {out
                    ? t('cashedOut', {
                        multiplier: format.multiplier(bet.cashed_out_at!),
                        payout: format.money(bet.payout ?? 0, currency),
                      })
                    : busted
                      ? t('lost')
                      : t('inPlay')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {bets.length > shown.length ? (
        <p className="mt-2 text-sm text-muted">{t('more', { count: bets.length - shown.length })}</p>
      ) : null}
    </section>
  );
}
