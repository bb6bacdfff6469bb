/**
 * Bonus wagering: a real-money bet counts towards the player's active bonuses by the rules of
 * lib/bonuses/wagering.ts (a weight per game, exclusions); a bonus whose requirement is met is released.
 */
import { stakeOf, wagerContribution, type WageredBet, type WagerContribution } from '@/lib/bonuses/wagering';
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { lockUserMoney } from '../ledger/service';
import { release } from './activations';
import { activeBonusesOf, updateActivation } from './repository';
import { minBig } from './rules';

/**
 * Counts a real-money bet towards the user's active bonuses of that currency, oldest first (what one
 * bonus does not need carries over to the next). What counts is the bet's contribution under the
 * wagering rules of lib/bonuses/wagering.ts (a weight per game; nothing for a bet that is too likely to
 * win or a roulette spin that hedges itself). A bonus whose requirement is met is released to cash.
 * The games call it in the transaction that settles the bet (an instant bet when it is placed, a miner
 * or hilo round when it ends), so a bet counts once.
 */
export async function recordWager(
  tx: Executor,
  input: { userId: number; currency: Currency; bet: WageredBet; reference: string; now?: Date },
): Promise<{ counted: WagerContribution; released: { activationId: number; amountMinor: bigint }[] }> {
  if (stakeOf(input.bet) <= 0n) throw new RangeError('a stake must be positive');
  const counted = wagerContribution(input.bet);
  if (counted.countedMinor === 0n) return { counted, released: [] };
  const now = input.now ?? new Date();
  await lockUserMoney(tx, input.userId);
  const active = await activeBonusesOf(tx, input.userId, input.currency);
  const released: { activationId: number; amountMinor: bigint }[] = [];
  let stake = counted.countedMinor;
  for (const row of active) {
    if (stake === 0n) break;
    const counted = minBig(stake, row.wagerRequiredMinor - row.wageredMinor);
    stake -= counted;
    if (row.wageredMinor + counted >= row.wagerRequiredMinor) {
      released.push({ activationId: row.id, amountMinor: await release(tx, row, now) });
    } else {
      await updateActivation(tx, row.id, { wageredMinor: row.wageredMinor + counted });
    }
  }
  return { counted, released };
}

/**
 * Takes back what a real-money bet counted (the bet was rolled back: its stake returned), from the
 * user's active bonuses of that currency, newest first (the reverse of the counting). A bonus the bet
 * had already released stays released: its money is the player's cash.
 */
export async function revokeWager(
  tx: Executor,
  input: { userId: number; currency: Currency; bet: WageredBet },
): Promise<bigint> {
  let left = wagerContribution(input.bet).countedMinor;
  if (left <= 0n) return 0n;
  await lockUserMoney(tx, input.userId);
  const active = await activeBonusesOf(tx, input.userId, input.currency);
  let taken = 0n;
  for (const row of [...active].reverse()) {
    if (left === 0n) break;
    const back = minBig(left, row.wageredMinor);
    if (back === 0n) continue;
    await updateActivation(tx, row.id, { wageredMinor: row.wageredMinor - back });
    left -= back;
    taken += back;
  }
  return taken;
}
