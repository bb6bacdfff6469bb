import type { User } from '@/lib/api/schemas/user';
import { DEFAULT_CURRENCY, type Currency } from '@/lib/constants/currencies';

/**
 * The user's currency, RUB when the profile has none (spec: "currency (default RUB)"). Apart from the
 * profile's schema, so the header can show a balance without loading zod.
 */
export function userCurrency(user: Pick<User, 'currency'> | null | undefined): Currency {
  return user?.currency ?? DEFAULT_CURRENCY;
}
