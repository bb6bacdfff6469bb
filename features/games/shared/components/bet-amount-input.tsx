'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { CURRENCY_SYMBOLS, type Currency } from '@/lib/constants/currencies';
import { useFormat } from '@/lib/i18n/use-format';
import { amountProblem, clampAmount, doubleAmount, halveAmount } from '../amount';

const stepButton =
  'min-h-10 flex-1 rounded-lg border border-line bg-panel-2 px-2 text-sm font-semibold transition hover:border-gold disabled:opacity-50';

/**
 * The bet amount: typed text in major units, with ½, ×2, min and max. It is pulled into the limits and
 * written with the currency's decimals when the field is left; while it is outside them the field says so.
 */
export function BetAmountInput({
  value,
  onChange,
  min,
  max,
  currency,
  disabled,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  currency: Currency;
  disabled?: boolean;
  label?: string;
}) {
  const t = useTranslations('games.shared.amount');
  const format = useFormat();
  const id = useId();
  const problem = amountProblem(value, min, max);
  const error =
    problem === 'invalid'
      ? t('invalid')
      : problem === 'below_min'
        ? t('belowMin', { min: format.money(min, currency) })
        : problem === 'above_max'
          ? t('aboveMax', { max: format.money(max, currency) })
          : null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label ?? t('label')}
      </label>
      <div className="flex items-center rounded-xl border border-line bg-panel-2 focus-within:border-gold">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          className="min-h-11 w-full min-w-0 flex-1 rounded-xl bg-transparent px-3 tabular-nums outline-none"
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => onChange(clampAmount(value, min, max))}
          data-testid="bet-amount"
        />
        <span className="px-3 text-muted" aria-hidden="true">
          {CURRENCY_SYMBOLS[currency]}
        </span>
      </div>
      <div className="mt-2 flex gap-2" role="group" aria-label={t('quick')}>
        <button
          type="button"
          className={stepButton}
          disabled={disabled}
          title={t('half')}
          onClick={() => onChange(halveAmount(value, min, max))}
        >
          ½
        </button>
        <button
          type="button"
          className={stepButton}
          disabled={disabled}
          title={t('double')}
          onClick={() => onChange(doubleAmount(value, min, max))}
        >
          ×2
        </button>
        <button
          type="button"
          className={stepButton}
          disabled={disabled}
          title={t('minLabel')}
          onClick={() => onChange(clampAmount(String(min), min, max))}
        >
          {t('min')}
        </button>
        <button
          type="button"
          className={stepButton}
          disabled={disabled}
          title={t('maxLabel')}
          onClick={() => onChange(clampAmount(String(max), min, max))}
        >
          {t('max')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-testid="bet-amount-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
