/**
 * A user's balances as the profile reports them (spec §3: balance, bonus, bonus_balance, total_balance),
 * in major units.
 *
 * There is no money yet: the ledger (issue 4) replaces this function with a query of the user's ledger
 * accounts. Until then every account holds zero. Nothing else may compute balances (STYLE.md: money moves
 * only through the ledger module).
 */
export interface Balances {
  balance: number;
  bonus: number;
  bonus_balance: number;
  total_balance: number;
}

export async function getBalances(_userId: number): Promise<Balances> {
  return { balance: 0, bonus: 0, bonus_balance: 0, total_balance: 0 };
}
