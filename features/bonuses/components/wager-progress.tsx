'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import type { Currency } from '@/lib/constants/currencies';
import { useFormat } from '@/lib/i18n/use-format';

/** How much of a bonus's wager has been bet: a real `<progress>` and its text ("₽1,250.00 of ₽35,000.00 wagered"). */
export function WagerProgress({
  wagered,
  required,
  currency,
}: {
  wagered: number;
  required: number;
  currency: Currency;
}) {
  const t = useTranslations('bonuses.mine');
  const format = useFormat();
  const textId = useId();
  const done = Math.min(Math.max(wagered, 0), required);
  const text = t('wagered', {
    wagered: format.money(wagered, currency),
    required: format.money(required, currency),
  });
  return (
    <div className="space-y-1">
      <progress
        value={done}
        max={required}
        aria-label={t('wageringLabel')}
        aria-describedby={textId}
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-panel-2 [&::-moz-progress-bar]:bg-gold [&::-webkit-progress-bar]:bg-panel-2 [&::-webkit-progress-value]:bg-gold"
        data-testid="wager-progress"
      />
      <p id={textId} className="text-sm text-muted tabular-nums" data-testid="wager-text">
        {text}
      </p>
    </div>
  );
}
