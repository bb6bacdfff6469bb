import { categoryOf, houseEdgeBp, toRubMinor } from '@/lib/constants/activity';
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { betActivity } from './schema';

export interface ActivityInput {
  /** Unique per row: a retried settlement with the same key adds nothing. */
  key: string;
  /** The bet: every row of one bet shares it. */
  ref: string;
  kind: 'bet' | 'win' | 'rollback';
  userId: number;
  game: string;
  currency: Currency;
  stakeMinor: bigint;
  payoutMinor: bigint;
  /** The bet's whole stake (defaults to stakeMinor). */
  betStakeMinor?: bigint;
  at: Date;
}

/**
 * Records settled bets (see betActivity), in the caller's transaction: the games call it where the bet's
 * money moves, so a row exists exactly when the settlement committed. A key already recorded is skipped.
 */
export async function recordActivity(tx: Executor, rows: ActivityInput[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(betActivity)
    .values(
      rows.map((row) => {
        const betStake = row.betStakeMinor ?? row.stakeMinor;
        const multiplierScaled =
          row.kind !== 'rollback' && betStake > 0n && row.payoutMinor > 0n
            ? (row.payoutMinor * 10_000n) / betStake
            : 0n;
        return {
          key: row.key,
          ref: row.ref,
          kind: row.kind,
          userId: row.userId,
          game: row.game,
          category: categoryOf(row.game),
          currency: row.currency,
          stakeMinor: row.stakeMinor,
          payoutMinor: row.payoutMinor,
          betStakeMinor: betStake,
          stakeRubMinor: toRubMinor(row.stakeMinor, row.currency),
          payoutRubMinor: toRubMinor(row.payoutMinor, row.currency),
          multiplierScaled,
          edgeBp: houseEdgeBp(row.game),
          at: row.at,
        };
      }),
    )
    .onConflictDoNothing({ target: betActivity.key });
}
