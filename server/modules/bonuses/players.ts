/** The signed-in player as the bonus calls need them: their account, and the currency offers are shown in. */
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import type { Region } from '../../lib/region';
import { findUserById, type UserRow } from '../users/service';
import { defaultCurrencyFor } from './rules';

/** The account behind a session, else 401 (it was removed). */
export async function accountOf(db: Executor, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new UnauthorizedError();
  return user;
}

/** The account's currency; RUB when it is none the site knows. */
export const accountCurrency = (user: UserRow): Currency =>
  isCurrency(user.currency) ? user.currency : 'RUB';

/** The currency asked for, else the signed-in caller's, else the region's (KZT in Kazakhstan, RUB otherwise). */
export async function offerCurrency(
  db: Executor,
  input: { asked: Currency | undefined; userId: number | null; region: Region },
): Promise<Currency> {
  if (input.asked) return input.asked;
  const user = input.userId === null ? undefined : await findUserById(db, input.userId);
  if (user && isCurrency(user.currency)) return user.currency;
  return defaultCurrencyFor(input.region);
}
