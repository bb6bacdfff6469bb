import { z } from 'zod';

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
