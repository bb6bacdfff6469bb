import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import { VIP_LEVEL_KEYS, VIP_REQUEST_STATUSES, VIP_REWARD_KINDS } from '@/lib/constants/vip';
import { VIP_REQUEST_TYPES } from './auth';

/**
 * The VIP club (issue 19; levels and benefits in lib/constants/vip.ts). Served by the general service base.
 *
 * Calls:
 * - `GET /vip` (optional sign-in) → {@link vipReply}: the levels and, for a player, their progress,
 *   claimable rewards and requests;
 * - `POST /vip/rakeback/claim` (signed in) → {@link claimReply}: moves the accrued rakeback to cash; 422 on
 *   `rakeback`: `nothing` (less than one minor unit accrued);
 * - `POST /vip/rewards/:id/claim` (signed in) → {@link claimReply}; 404 for another player's reward; 422
 *   on `reward`: `claimed`. Claiming twice pays once;
 * - `POST api/v2/vip/join` {@link vipJoinBody} (spec section 7) → `{ success: true }`: a request the
 *   operator reviews (`npm run admin -- vip requests|approve|reject`), once per type while pending.
 */

export { VIP_REQUEST_TYPES };

export const vipLevelView = z.object({
  level: z.number().int(),
  key: z.enum(VIP_LEVEL_KEYS),
  points: z.number(),
  rakeback_percent: z.number(),
  /** The level-up bonus in roubles (paid in the player's currency at the declared rate). */
  level_up_rub: z.number(),
  /** The weekly bonus: percent of the past week's wager. */
  weekly_percent: z.number(),
});

export const vipReward = z.object({
  id: z.number().int(),
  kind: z.enum(VIP_REWARD_KINDS),
  /** The level reached (level_up) or held (weekly). */
  level: z.number().int(),
  /** The ISO week (weekly), e.g. `2026-W47`. */
  week: z.string().nullable(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  claimed_at: z.string().nullable(),
});
export type VipReward = z.infer<typeof vipReward>;

export const vipRequestView = z.object({
  request_type: z.enum(VIP_REQUEST_TYPES),
  status: z.enum(VIP_REQUEST_STATUSES),
  created_at: z.string(),
});

export const vipProgress = z.object({
  level: z.number().int(),
  points: z.number(),
  /** Points the next level needs (null at the top level). */
  next_points: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  /** Accrued rakeback ready to claim (minor units below one are kept for later). */
  rakeback: z.number(),
  /** What the past week's wager will pay once claimable, at the current level. */
  weekly_preview: z.number(),
  rewards: z.array(vipReward),
  requests: z.array(vipRequestView),
});
export type VipProgress = z.infer<typeof vipProgress>;

export const vipReply = z.object({ levels: z.array(vipLevelView), me: vipProgress.nullable() });
export type VipReply = z.infer<typeof vipReply>;

export const claimReply = z.object({ amount: z.number(), currency: z.enum(CURRENCIES), balance: z.number() });
export type ClaimReply = z.infer<typeof claimReply>;
