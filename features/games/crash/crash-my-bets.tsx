'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { isCurrency } from '@/lib/constants/currencies';
import type { CrashMyBet } from '@/lib/contracts/crash';
import { useFormat } from '@/lib/i18n/use-format';
import { useClientSession } from '@/lib/stores/use-client-session';
import { useMyCrashBets } from '../api/list-my-crash-bets';

/**
 * The player's own last crash bets (`GET /crash/bets/mine`): time, game, stake, the result (cashed out at,
 * lost, in play, refunded), what it paid and the game's crash point once known. Rows wrap on a phone.
 */
export function CrashMyBets() {
  const t = useTranslations('games.crash.mine');
  const format = useFormat();
  const { ready, isLoggedIn } = useClientSession();
  const bets = useMyCrashBets();
  const headingId = useId();

  let body;
  if (!ready || !isLoggedIn) {
    body = <p className="text-sm text-muted">{t('guest')}</p>;
  } else if (bets.isPending) {
    body = (
      <p className="text-sm text-muted" role="status">
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
      <p className="text-sm text-muted" data-testid="crash-mine-empty">
        {t('empty')}
      </p>
    );
  } else {
    body = (
      <ul className="text-sm" data-testid="crash-mine">
        {bets.data.items.map(row)}
      </ul>
    );
  }

  function row(bet: CrashMyBet) {
    const currency = isCurrency(bet.currency) ? bet.currency : 'RUB';
    const result =
      bet.status === 'cashed_out' && bet.cashed_out_at !== null
        ? t('status.cashed_out', { multiplier: format.multiplier(bet.cashed_out_at) })
        : t(`status.${bet.status === 'cashed_out' ? 'active' : bet.status}`);
    const tone =
      bet.status === 'cashed_out' ? 'text-ok' : bet.status === 'lost' ? 'text-danger' : 'text-muted';
    return (
      <li
        key={bet.id}
        className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-t border-line py-2 first:border-t-0"
        data-testid="crash-mine-bet"
        data-status={bet.status}
      >
        <span className="tabular-nums text-muted">
          <time dateTime={bet.created_at}>{format.time(bet.created_at)}</time>
        </span>
        <span className="text-muted">{t('game', { id: bet.game_id })}</span>
        <span className="tabular-nums">{format.money(bet.amount, currency)}</span>
        <span className={`font-semibold ${tone}`}>{result}</span>
        {bet.payout > 0 ? (
          <span className="tabular-nums text-ok">
            {t('payout', { payout: format.money(bet.payout, currency) })}
          </span>
        ) : null}
        {bet.crash_point !== null ? (
          <span className="tabular-nums text-muted sm:ml-auto">
            {t('point', { multiplier: format.multiplier(bet.crash_point) })}
          </span>
        ) : null}
      </li>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-panel p-4">
      <h3 id={headingId} className="mb-2 font-semibold">
        {t('title')}
      </h3>
      {body}
    </section>
  );
}
