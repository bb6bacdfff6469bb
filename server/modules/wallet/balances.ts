/**
 * A user's balances as the profile reports them (spec §3), in major units, read from the ledger:
 * `balance` is the cash account, `bonus_balance` the bonus account (`bonus` repeats it), and
 * `total_balance` their sum, all in the user's currency. Nothing else computes balances.
 */
import type { Executor } from '../../db/client';
import { minorToMajor, userBalanceMinor } from '../ledger/service';

export interface Balances {
  balance: number;
  bonus: number;
  bonus_balance: number;
  total_balance: number;
}

export async function getBalances(db: Executor, userId: number, currency: string): Promise<Balances> {
  const [cash, bonus] = await Promise.all([
    userBalanceMinor(db, userId, currency, 'cash'),
    userBalanceMinor(db, userId, currency, 'bonus'),
  ]);
  return {
    balance: minorToMajor(cash),
    bonus: minorToMajor(bonus),
    bonus_balance: minorToMajor(bonus),
    total_balance: minorToMajor(cash + bonus),
  };
}
