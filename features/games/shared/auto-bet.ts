import { fromMinorUnits, toMinorUnits } from '@/lib/money';

/**
 * Auto-bet rules (issue 5: count, stop on profit or loss), pure so they can be tested alone. Money is
 * counted in integer minor units so a long run does not drift.
 */

/** Pause between two automatic bets, so each result can be seen. */
export const AUTO_BET_DELAY_MS = 400;
/** The most bets one run can be set to. */
export const AUTO_BET_MAX_COUNT = 10_000;

export interface AutoBetSettings {
  /** Number of bets; 0 = until stopped. */
  count: number;
  /** Stop once the run's profit reaches this (major units); null = off. */
  stopOnProfit: number | null;
  /** Stop once the run's loss reaches this (major units); null = off. */
  stopOnLoss: number | null;
}

export interface AutoBetProgress {
  played: number;
  /** Payouts minus amounts so far, in minor units (negative = a loss). */
  profitMinor: number;
}

export type AutoBetStopReason = 'count' | 'profit' | 'loss' | 'error' | 'insufficient_funds' | 'stopped';

export const AUTO_BET_START: AutoBetProgress = { played: 0, profitMinor: 0 };

/** The progress after one settled bet. */
export function recordAutoBet(
  progress: AutoBetProgress,
  bet: { amount: number; payout: number },
): AutoBetProgress {
  return {
    played: progress.played + 1,
    profitMinor: progress.profitMinor + toMinorUnits(bet.payout) - toMinorUnits(bet.amount),
  };
}

/** Whether the run must stop after this progress, and why; null to go on. */
export function autoBetStopReason(
  settings: AutoBetSettings,
  progress: AutoBetProgress,
): AutoBetStopReason | null {
  if (settings.stopOnProfit !== null && settings.stopOnProfit > 0) {
    if (progress.profitMinor >= toMinorUnits(settings.stopOnProfit)) return 'profit';
  }
  if (settings.stopOnLoss !== null && settings.stopOnLoss > 0) {
    if (-progress.profitMinor >= toMinorUnits(settings.stopOnLoss)) return 'loss';
  }
  if (settings.count > 0 && progress.played >= settings.count) return 'count';
  return null;
}

export type AutoBetFieldError = 'count' | 'stopOnProfit' | 'stopOnLoss';

/**
 * The settings from the form's text: an empty count is 0 (until stopped), an empty or zero stop is off.
 * Returns the first field that is not a valid number instead.
 */
export function parseAutoBetSettings(form: {
  count: string;
  stopOnProfit: string;
  stopOnLoss: string;
}): { settings: AutoBetSettings } | { error: AutoBetFieldError } {
  const count = form.count.trim() === '' ? 0 : Number(form.count);
  if (!Number.isInteger(count) || count < 0 || count > AUTO_BET_MAX_COUNT) return { error: 'count' };
  const stop = (text: string): number | null | undefined => {
    if (text.trim() === '') return null;
    try {
      const minor = toMinorUnits(text);
      return minor < 0 ? undefined : minor === 0 ? null : fromMinorUnits(minor);
    } catch {
      return undefined;
    }
  };
  const stopOnProfit = stop(form.stopOnProfit);
  if (stopOnProfit === undefined) return { error: 'stopOnProfit' };
  const stopOnLoss = stop(form.stopOnLoss);
  if (stopOnLoss === undefined) return { error: 'stopOnLoss' };
  return { settings: { count, stopOnProfit, stopOnLoss } };
}
