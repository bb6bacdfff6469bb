'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import type { Currency } from '@/lib/constants/currencies';
import { fromMinorUnits } from '@/lib/money';
import { useFormat } from '@/lib/i18n/use-format';
import {
  AUTO_BET_DELAY_MS,
  AUTO_BET_START,
  autoBetStopReason,
  parseAutoBetSettings,
  recordAutoBet,
  type AutoBetFieldError,
  type AutoBetProgress,
  type AutoBetSettings,
  type AutoBetStopReason,
} from '../auto-bet';
import { BetError } from '../bet-request';

export interface AutoBet {
  running: boolean;
  progress: AutoBetProgress;
  /** Why the last run ended (null while running or before the first run). */
  stopReason: AutoBetStopReason | null;
  start: (settings: AutoBetSettings) => void;
  stop: () => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `placeBet` again and again until the settings say stop (count, profit, loss), the player stops,
 * or a bet fails (any error; insufficient funds is told apart). `placeBet` resolves once its result has
 * been shown and rejects when the bet was not placed. Leaving the page stops the run.
 */
export function useAutoBet({
  placeBet,
  delayMs = AUTO_BET_DELAY_MS,
}: {
  placeBet: () => Promise<{ amount: number; payout: number }>;
  delayMs?: number;
}): AutoBet {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<AutoBetProgress>(AUTO_BET_START);
  const [stopReason, setStopReason] = useState<AutoBetStopReason | null>(null);
  const stopRequested = useRef(false);
  const active = useRef(false);
  const mounted = useRef(true);
  const placeRef = useRef(placeBet);
  useEffect(() => {
    placeRef.current = placeBet;
  }, [placeBet]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopRequested.current = true;
    };
  }, []);

  const start = useCallback(
    (settings: AutoBetSettings) => {
      if (active.current) return;
      active.current = true;
      stopRequested.current = false;
      setRunning(true);
      setStopReason(null);
      setProgress(AUTO_BET_START);
      void (async () => {
        let current = AUTO_BET_START;
        let reason: AutoBetStopReason | null = null;
        while (reason === null) {
          if (stopRequested.current) {
            reason = 'stopped';
            break;
          }
          try {
            const result = await placeRef.current();
            current = recordAutoBet(current, result);
            if (mounted.current) setProgress(current);
          } catch (error) {
            reason =
              error instanceof BetError && error.reason === 'insufficient_funds'
                ? 'insufficient_funds'
                : 'error';
            break;
          }
          reason = autoBetStopReason(settings, current);
          if (reason === null && delayMs > 0) await sleep(delayMs);
        }
        active.current = false;
        if (mounted.current) {
          setRunning(false);
          setStopReason(reason);
        }
      })();
    },
    [delayMs],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
  }, []);

  return { running, progress, stopReason, start, stop };
}

const fieldClass = 'min-h-10 w-full rounded-xl border border-line bg-panel-2 px-3 tabular-nums';

/**
 * The auto-bet form: number of bets (empty or 0 = until stopped), stop on profit, stop on loss, and the
 * start / stop button; the run's bets and profit are announced as they change.
 */
export function AutoBetPanel({
  auto,
  currency,
  disabled,
}: {
  auto: AutoBet;
  currency: Currency;
  /** The bet as set up cannot be placed (amount outside the limits, no picks, ...). */
  disabled?: boolean;
}) {
  const t = useTranslations('games.shared.auto');
  const format = useFormat();
  const id = useId();
  const [form, setForm] = useState({ count: '10', stopOnProfit: '', stopOnLoss: '' });
  const [error, setError] = useState<AutoBetFieldError | null>(null);
  const profit = fromMinorUnits(auto.progress.profitMinor);

  const start = () => {
    const parsed = parseAutoBetSettings(form);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    auto.start(parsed.settings);
  };

  const field = (name: keyof typeof form, label: string, hint?: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-xs font-medium text-muted">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        inputMode={name === 'count' ? 'numeric' : 'decimal'}
        autoComplete="off"
        className={fieldClass}
        value={form[name]}
        placeholder={hint}
        disabled={auto.running}
        aria-invalid={error === name ? true : undefined}
        aria-describedby={error === name ? `${id}-error` : undefined}
        onChange={(event) => setForm((state) => ({ ...state, [name]: event.target.value }))}
        data-testid={`auto-${name}`}
      />
    </div>
  );

  return (
    <details className="rounded-xl border border-line p-3" data-testid="auto-bet">
      <summary className="cursor-pointer font-semibold">{t('title')}</summary>
      <div className="mt-3 grid gap-3">
        {field('count', t('count'), t('countHint'))}
        <div className="grid grid-cols-2 gap-2">
          {field('stopOnProfit', t('stopOnProfit'), t('off'))}
          {field('stopOnLoss', t('stopOnLoss'), t('off'))}
        </div>
        {error ? (
          <p id={`${id}-error`} className="text-sm text-danger" role="alert">
            {t(`errors.${error}`)}
          </p>
        ) : null}
        {auto.running ? (
          <button
            type="button"
            className={`${buttonClass.secondary} w-full`}
            onClick={auto.stop}
            data-testid="auto-stop"
          >
            {t('stop')}
          </button>
        ) : (
          <button
            type="button"
            className={`${buttonClass.secondary} w-full`}
            onClick={start}
            disabled={disabled}
            data-testid="auto-start"
          >
            {t('start')}
          </button>
        )}
        <p className="text-sm text-muted" aria-live="polite" data-testid="auto-progress">
          {auto.running || auto.progress.played > 0
            ? t('progress', {
                played: auto.progress.played,
                profit: format.money(profit, currency),
              })
            : null}
          {auto.stopReason ? ` ${t(`stopped.${auto.stopReason}`)}` : null}
        </p>
      </div>
    </details>
  );
}
