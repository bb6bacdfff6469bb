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
export const DEPOSIT_LIMIT_KINDS = ['deposit_day', 'deposit_week', 'deposit_month'] as const;
/**
 * Loss limits: the net loss (stakes minus payouts of the in-house games) per UTC day: today, the last 7
 * days, the last 30 days (today included), counted from when the first loss limit was set.
 */
export const LOSS_LIMIT_KINDS = ['loss_day', 'loss_week', 'loss_month'] as const;
/** Limits in whole minutes: the length of a log-in session, and how often the reality check reminds. */
export const MINUTE_LIMIT_KINDS = ['session_minutes', 'reality_check_minutes'] as const;
/** Every limit a player sets on themselves (`player_limits.kind`). */
export const LIMIT_KINDS = [...DEPOSIT_LIMIT_KINDS, ...LOSS_LIMIT_KINDS, ...MINUTE_LIMIT_KINDS] as const;

export type LimitKind = (typeof LIMIT_KINDS)[number];
export type MoneyLimitKind = (typeof DEPOSIT_LIMIT_KINDS)[number] | (typeof LOSS_LIMIT_KINDS)[number];
export type MinuteLimitKind = (typeof MINUTE_LIMIT_KINDS)[number];

/** The minutes a player may choose for each minute limit (inclusive). */
export const MINUTE_LIMIT_RANGES: Record<MinuteLimitKind, { min: number; max: number }> = {
  session_minutes: { min: 15, max: 1440 },
  reality_check_minutes: { min: 10, max: 120 },
};

export const isMinuteLimitKind = (kind: LimitKind): kind is MinuteLimitKind =>
  (MINUTE_LIMIT_KINDS as readonly string[]).includes(kind);

const limitView = z.object({
  /** The limit in force (major units; minutes for the minute limits); null: none. */
  amount: z.number().nullable(),
  /** A raise or removal that waits (null amount with a time: the limit goes), and when it takes effect. */
  next_amount: z.number().nullable(),
  next_from: z.string().nullable(),
});
export type LimitView = z.infer<typeof limitView>;

/** `GET|PUT /api/v2/profile/limits`. */
export const limitsReply = z.object({
  deposit_day: limitView,
  deposit_week: limitView,
  deposit_month: limitView,
  loss_day: limitView,
  loss_week: limitView,
  loss_month: limitView,
  session_minutes: limitView,
  reality_check_minutes: limitView,
});
export type Limits = z.infer<typeof limitsReply>;

/**
 * `PUT /api/v2/profile/limits`: lowering is at once, raising or removing (null) after 24 hours. `amount`
 * is money (major units, two decimals) for deposit and loss limits, whole minutes within
 * MINUTE_LIMIT_RANGES for the minute limits; a bad one is a 422 on `amount`.
 */
export const setLimitBody = z
  .object({
    kind: z.enum(LIMIT_KINDS),
    amount: z.number().nullable(),
  })
  .superRefine(({ kind, amount }, ctx) => {
    if (amount === null || typeof amount !== 'number') return;
    if (isMinuteLimitKind(kind)) {
      const { min, max } = MINUTE_LIMIT_RANGES[kind];
      const message = !Number.isInteger(amount)
        ? 'invalid: The minutes must be a whole number.'
        : amount < min
          ? `too_small: The limit must be at least ${min} minutes.`
          : amount > max
            ? `too_big: The limit must be at most ${max} minutes.`
            : null;
      if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message, input: amount });
      return;
    }
    const money = moneyAmount.safeParse(amount);
    if (!money.success) {
      for (const issue of money.error.issues) ctx.addIssue({ ...issue, path: ['amount'] } as never);
    }
  });

/**
 * `GET /api/v2/profile/session`: the current log-in session (its token family) for the reality check:
 * when it started, the server's time now, the minutes played, the net result of the in-house games since
 * it started (payouts minus stakes, major units: negative is a loss), the reality-check interval and the
 * session limit in force (minutes, null: none), when the session ends by that limit and whether it has.
 */
export const sessionReply = z.object({
  started_at: z.string(),
  now: z.string(),
  minutes_played: z.number().int(),
  net_result: z.number(),
  currency: z.string(),
  reality_check_minutes: z.number().int().nullable(),
  session_minutes: z.number().int().nullable(),
  ends_at: z.string().nullable(),
  limit_reached: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionReply>;
