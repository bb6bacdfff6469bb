import { z } from 'zod';
import { PAYOUT_STATUSES } from '@/lib/constants/payouts';
import { paymentMethod } from '@/lib/contracts/billing';
import { moneyAmount } from '@/lib/contracts/money';

/** Withdrawals (issue 15). Money in replies in major units with two decimals, as in billing.ts. */
const money = z.number().multipleOf(0.01);

/** A method to withdraw to: a payment method with its fixed fee. */
export const payoutMethod = paymentMethod.extend({ fee: money });
export type PayoutMethod = z.infer<typeof payoutMethod>;

/** One withdrawal request as the player sees it. */
export const payoutRequest = z.object({
  id: z.number().int(),
  method: z.string(),
  type: z.enum(['card', 'phone', 'crypto']),
  amount: money,
  fee: money,
  /** The destination with all but its last four characters hidden. */
  destination: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the player may still cancel it (`review` or `approved`: not yet with the provider). */
  cancellable: z.boolean(),
});
export type PayoutRequest = z.infer<typeof payoutRequest>;

/**
 * Why a withdrawal is not possible now: `bonus_active` (cash waits for an active bonus's wager; forfeit
 * the bonus to withdraw), `below_minimum` (less cash than the minimum payout), `daily_limit` (the 24-hour
 * limit is used up), `no_methods` (no method for the currency).
 */
export const PAYOUT_BLOCKS = ['bonus_active', 'below_minimum', 'daily_limit', 'no_methods'] as const;

/** `GET /api/v2/billing/payouts`: what the withdrawal screen shows. */
export const payoutOverviewReply = z.object({
  methods: z.array(payoutMethod),
  /** The cash balance: bonus money is never withdrawn. */
  withdrawable: money,
  min_amount: money,
  /** What is left of the 24-hour limit. */
  daily_left: money,
  blocked: z.enum(PAYOUT_BLOCKS).nullable(),
  requests: z.array(payoutRequest),
});
export type PayoutOverview = z.infer<typeof payoutOverviewReply>;

/** `POST /api/v2/billing/payout`. `idempotency_key` makes a repeated click return the same request. */
export const createPayoutBody = z.object({
  method: z.string().min(1).max(64),
  amount: moneyAmount,
  destination: z.string().trim().min(1).max(128),
  idempotency_key: z.string().min(8).max(64),
  /** Gives up the active bonuses (what is left of them goes back) so the cash can be withdrawn. */
  forfeit_bonus: z.boolean().optional(),
});
