'use client';

import { useTranslations } from 'next-intl';
import type { Currency } from '@/lib/constants/currencies';
import { formatMoney } from '@/lib/money';
import type { WelcomePackStage } from '../api/get-welcome-pack';
import { formatNumber } from '../format';

/** The terms of one welcome-pack stage: percent, maximum bonus, minimum deposit, wager, free spins. */
export function StageFacts({
  stage,
  currency,
  iso,
}: {
  stage: WelcomePackStage;
  currency: Currency;
  iso: string;
}) {
  const t = useTranslations('bonuses.terms');
  const rows: [string, string][] = [
    [t('percent'), `${formatNumber(stage.percent, iso)}%`],
    [t('maxBonus'), formatMoney(stage.max_bonus, currency, iso)],
    [t('minDeposit'), formatMoney(stage.min_deposit, currency, iso)],
    [t('wager'), t('wagerValue', { wager: formatNumber(stage.wager, iso) })],
    [t('freeSpins'), formatNumber(stage.free_spins, iso)],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="text-right font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
