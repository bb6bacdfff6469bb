import type { Currency } from '@/lib/constants/currencies';

/**
 * The operator's payout rules per currency, in major units (the spec's minimum payout is in
 * bet-limits.ts, `getMinPayout`). `dailyLimit`: the most a player may have requested within 24 hours
 * (rejected, cancelled and failed requests do not count); `reviewAbove`: a request above it waits for the
 * operator, as a player's first payout and one of a player whose verification is needed do.
 */
export const PAYOUT_RULES: Record<Currency, { dailyLimit: number; reviewAbove: number }> = {
  RUB: { dailyLimit: 300_000, reviewAbove: 50_000 },
  USD: { dailyLimit: 3_000, reviewAbove: 500 },
  KZT: { dailyLimit: 1_500_000, reviewAbove: 250_000 },
  INR: { dailyLimit: 250_000, reviewAbove: 40_000 },
  EUR: { dailyLimit: 3_000, reviewAbove: 500 },
};

/** Statuses of a payout request (server/modules/payouts/schema.ts). */
export const PAYOUT_STATUSES = [
  'review',
  'approved',
  'sent',
  'paid',
  'failed',
  'rejected',
  'cancelled',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
