/**
 * Bonuses (spec §3, §4, §7; issue 4): promo codes (registration-and-deposit bonuses), their
 * activations, the welcome pack and free spins. This file is what other modules call (auth at sign-up,
 * billing when it credits a deposit, games when they settle a bet, the seed); the code lives in one file
 * per sub-domain: promo-codes.ts, activations.ts, deposit-bonus.ts, wagering.ts, welcome-pack.ts,
 * free-spins.ts, replies.ts (the contract's view), rules.ts (pure), repository.ts (SQL). Money moves only through the ledger's `transfer()`, in
 * the transaction of the state change, under deterministic keys (`activation:<id>:credit|release|forfeit`).
 *
 * The rules:
 * - A promo code applies when it is enabled, started, not ended, covers the currency (its `limits`)
 *   and, when it names a region, the visitor is in it.
 * - A user has at most one waiting promo activation; it waits `wait_days` for its deposit, then expires.
 *   A code once credited to a user cannot be activated by that user again (a waiting activation that
 *   was cancelled or expired can be replaced).
 * - Qualifying deposit: the first deposit credited while the activation waits whose credited amount is
 *   at least the currency's `min_deposit`. Smaller deposits leave it waiting. Earlier deposits do not
 *   matter: a player who has deposited before may activate a code, and the next qualifying deposit counts.
 * - Bonus = ⌊deposit × percent / 100⌋ (minor units), at most `max_bonus`; to be wagered `wager` × bonus
 *   (rounded up to a minor unit) with real money before it is released to cash. A bet counts by the
 *   wagering rules of lib/bonuses/wagering.ts (a weight per game, exclusions), shown on the bonus pages.
 * - A deposit earns at most one bonus: the waiting promo first; otherwise the welcome-pack stage whose
 *   `deposit_number` is this deposit's number (paid invoices of the user, this one included), once per
 *   stage, if the deposit reaches the stage's minimum. The stage's free spins come with it.
 * - Every bonus state change of a user runs under the player's money lock (ledger `lockUserMoney`, step 2
 *   of the ledger's lock order), so deposits, wagers and cancellations of one user take turns; the
 *   ledger's no-negative check is the backstop. Transactions that move money run through
 *   `runTransaction` (server/db/transaction.ts), which runs them again after a deadlock.
 */
export { activatePromo, findApplicablePromo } from './promo-codes';
export { awardDepositBonus, depositBonusName, type DepositAward } from './deposit-bonus';
export { freeSpinsLeftIn, grantFreeSpins } from './free-spins';
export { invalidPromo, WELCOME_PACK_TITLE_SETTING } from './rules';
export { recordWager, revokeWager } from './wagering';
export {
  creditFreeRoundWin,
  dueFreeRounds,
  freeRoundRewardUuid,
  freeRoundTerms,
  queueMissingFreeRounds,
  recordFreeRoundCall,
  returnFreeRound,
  useFreeRound,
} from './free-rounds';
export { cancelActivation, grantRewardBonus } from './activations';
export { activeBonusesOf } from './repository';
