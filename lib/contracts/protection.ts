import { z } from 'zod';
import { moneyAmount } from '@/lib/contracts/money';

/** Player protection (issue 15): the account status the profile shows. */
export const protectionReply = z.object({
  status: z.enum(['active', 'suspended', 'self_excluded', 'closed']),
  /** Until when a self-exclusion runs (ISO); null when it is for good or there is none. */
  excluded_until: z.string().nullable(),
});
export type Protection = z.infer<typeof protectionReply>;

/** Periods of a self-exclusion, in days (1 and 7 are the cool-off); null: for good. */
export const SELF_EXCLUSION_PERIODS = [1, 7, 30, 90, 180, 365] as const;

/** `POST /api/v2/profile/self-exclusion`: effective at once; only ever lengthened until it ends. */
export const selfExclusionBody = z.object({
  days: z.union([
    z.literal(1),
    z.literal(7),
    z.literal(30),
    z.literal(90),
    z.literal(180),
    z.literal(365),
    z.null(),
  ]),
});

/** Deposit limits a player sets on themselves, per rolling day, week (7 days) and month (30 days). */
export const LIMIT_KINDS = ['deposit_day', 'deposit_week', 'deposit_month'] as const;

const limitView = z.object({
  /** The limit in force (major units); null: none. */
  amount: z.number().nullable(),
  /** A raise or removal that waits (null amount with a time: the limit goes), and when it takes effect. */
  next_amount: z.number().nullable(),
  next_from: z.string().nullable(),
});

/** `GET|PUT /api/v2/profile/limits`. */
export const limitsReply = z.object({
  deposit_day: limitView,
  deposit_week: limitView,
  deposit_month: limitView,
});
export type Limits = z.infer<typeof limitsReply>;

/** `PUT /api/v2/profile/limits`: lowering is at once, raising or removing (null) after 24 hours. */
export const setLimitBody = z.object({
  kind: z.enum(LIMIT_KINDS),
  amount: moneyAmount.nullable(),
});
