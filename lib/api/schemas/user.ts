import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';

/**
 * The User entity of spec section 3 (`GET /profile/user` → `user`). Loose on purpose for now: unknown
 * keys pass through, and fields the spec does not pin down may be missing or null. Money is in major
 * units. The currency may be null (the deposit prompt needs "a non-null currency"); read it through
 * {@link userCurrency} where a currency must be shown.
 */
export const userSchema = z.looseObject({
  id: z.number(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  balance: z.number(),
  bonus: z.number().nullish(),
  bonus_balance: z.number().nullish(),
  total_balance: z.number().nullish(),
  currency: z.enum(CURRENCIES).nullish(),
  locale: z.string().nullish(),
  timezone: z.string().nullish(),
  register_method: z.string().nullish(),
  is_phone_verified: z.boolean().nullish(),
  is_email_verified: z.boolean().nullish(),
  is_password_exists: z.boolean().nullish(),
  is_avatar_hidden: z.boolean().nullish(),
  is_statistics_hidden: z.boolean().nullish(),
  image: z.looseObject({ small: z.string().nullish() }).nullish(),
  premium: z.looseObject({ status: z.boolean().nullish() }).nullish(),
  /** The VIP club level (issue 19; lib/constants/vip.ts): 0 (or missing) below the first threshold. */
  vip_level: z.number().int().min(0).nullish(),
  verification: z
    .looseObject({
      is_need: z.boolean().nullish(),
      data: z.looseObject({ status: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

export type User = z.infer<typeof userSchema>;

export { userCurrency } from '@/lib/user-currency';
