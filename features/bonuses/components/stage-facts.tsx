'use client';

import { useTranslations } from 'next-intl';
import type { Currency } from '@/lib/constants/currencies';
import { useFormat } from '@/lib/i18n/use-format';
import type { WelcomePackStage } from '../api/get-welcome-pack';

/** The terms of one welcome-pack stage: percent, maximum bonus, minimum deposit, wager, free spins. */
export function StageFacts({ stage, currency }: { stage: WelcomePackStage; currency: Currency }) {
  const t = useTranslations('bonuses.terms');
  const format = useFormat();
  const rows: [string, string][] = [
    [t('percent'), `${format.number(stage.percent)}%`],
    [t('maxBonus'), format.money(stage.max_bonus, currency)],
    [t('minDeposit'), format.money(stage.min_deposit, currency)],
    [t('wager'), t('wagerValue', { wager: format.number(stage.wager) })],
    [t('freeSpins'), format.number(stage.free_spins)],
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
