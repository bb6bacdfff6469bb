'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { ROUTES } from '@/lib/routes';
import { bonusActivationsQueryOptions, isCancellable } from '../api/get-bonus-activations';
import { LoadFailed, LoadingList } from './loading-list';
import { STATUS_BADGE } from './status-badge';
import { WagerProgress } from './wager-progress';

/** /bonuses, for a logged-in user: their current (waiting or active) bonus in short, and a link to all of them. */
export function CurrentBonus() {
  const t = useTranslations('bonuses.current');
  const mine = useTranslations('bonuses.mine');
  const format = useFormat();
  const list = useQuery(bonusActivationsQueryOptions());
  const titleId = useId();

  let body;
  if (list.isPending) body = <LoadingList label={t('loading')} rows={1} testId="current-bonus-loading" />;
  else if (list.isError) {
    body = (
      <LoadFailed
        text={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void list.refetch()}
        testId="current-bonus-error"
      />
    );
  } else {
    const current = list.data.find(isCancellable);
    body = current ? (
      <div className="space-y-3" data-testid="current-bonus">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <p className="font-semibold" data-testid="current-bonus-name">
            {current.name}
          </p>
          <span
            className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[current.status]}`}
          >
            {mine(`status.${current.status}`)}
          </span>
        </div>
        {current.status === 'active' ? (
          <>
            <p className="text-sm">
              <span className="text-muted">{mine('amount')}:</span>{' '}
              <span className="font-semibold tabular-nums">
                {format.money(current.amount, current.currency)}
              </span>
            </p>
            <WagerProgress
              wagered={current.wagered}
              required={current.wager_required}
              currency={current.currency}
            />
          </>
        ) : (
          <p className="text-sm text-muted">
            {t('waitingHint', { minDeposit: format.money(current.min_deposit, current.currency) })}
          </p>
        )}
      </div>
    ) : (
      <p className="text-muted" data-testid="current-bonus-none">
        {t('none')}
      </p>
    );
  }

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-line bg-panel p-4 sm:p-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('title')}
        </h2>
        <Link
          href={ROUTES.profileBonuses}
          className="text-sm text-gold underline hover:text-white"
          data-testid="current-bonus-all"
        >
          {t('all')}
        </Link>
      </div>
      {body}
    </section>
  );
}
