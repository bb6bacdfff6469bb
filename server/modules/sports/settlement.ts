/**
 * Settlement of sports bets (issue 18), from the markets' results, through the ledger, exactly once per
 * result even with several API processes.
 *
 * A market's `results_version` grows each time its results are set or corrected (ingest.ts, or the
 * operator's `sports settle`); each leg remembers the version its result is from. `settleBet` locks the
 * bet's row (step 1 of the ledger's lock order, as cash-out does), copies the newer results into its legs
 * and works out what the bet should have paid by now:
 *
 * - every leg decided (a void leg counts as odds 1.00), or a single's or an express's leg lost: the bet is
 *   won (it pays something and not every leg is void), void (every leg void: the stake back) or lost;
 * - otherwise it is open, and has paid nothing.
 *
 * The difference from what it has paid so far moves in one transfer `sport-pay:<bet>:<n>` (`n` numbering the
 * bet's settlements): house to cash when the bet pays more, cash to house when a correction takes back.
 * A take-back is limited to the player's cash; what it could not take is kept on the bet
 * (`unrecovered_minor`) for the operator. Two processes settling one bet take turns on its row: the second
 * finds the legs already at the market's version and has nothing to do. A cashed-out bet is never settled:
 * its cash-out was final.
 *
 * Bonus wagering: a bet counts (recordWager, the sports rule of lib/bonuses/wagering.ts) when it is first
 * won or lost, and its count is taken back (revokeWager) if a correction makes it void or open again.
 */
import type { Currency } from '@/lib/constants/currencies';
import type { MarketKey, MarketStatus, OutcomeResult, Sport, SportBetKind } from '@/lib/constants/sports';
import { betPayoutMinor, lowestComboOddsMilli, type PayoutLeg } from '@/lib/sports/odds';
import type { WageredBet } from '@/lib/bonuses/wagering';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { recordActivity, type ActivityInput } from '../activity/record';
import { recordWager, revokeWager } from '../bonuses/service';
import { gameHouseAccount, lockUserMoney, transfer, userAccount, userBalanceMinor } from '../ledger/service';
import { recordPayout } from '../protection/service';
import { settleEvent } from './feed/markets';
import type { FeedScore } from './feed/model';
import * as repository from './repository';
import type { SportBetLegRow, SportBetRow } from './repository';

export interface SettledBet {
  bet: SportBetRow;
  /** What moved to (positive) or from (negative) the player's cash. */
  movedMinor: bigint;
}

/** What a bet should have paid by now, and its status, from its legs' results. */
export function outcomeOf(
  bet: Pick<SportBetRow, 'kind' | 'systemK' | 'stakeMinor'>,
  legs: readonly { oddsMilli: number; result: OutcomeResult | null }[],
): { status: 'open' | 'won' | 'lost' | 'void'; payoutMinor: bigint } {
  if (bet.kind !== 'system' && legs.some((leg) => leg.result === 'lost'))
    return { status: 'lost', payoutMinor: 0n };
  if (legs.some((leg) => leg.result === null)) return { status: 'open', payoutMinor: 0n };
  const payoutMinor = betPayoutMinor({
    kind: bet.kind as SportBetKind,
    systemK: bet.systemK,
    stakeMinor: bet.stakeMinor,
    legs: legs as readonly PayoutLeg[],
  });
  if (legs.every((leg) => leg.result === 'void')) return { status: 'void', payoutMinor };
  return { status: payoutMinor > 0n ? 'won' : 'lost', payoutMinor };
}

function wageredBet(bet: SportBetRow, legs: readonly SportBetLegRow[]): WageredBet {
  const oddsMilli =
    bet.kind === 'system'
      ? lowestComboOddsMilli(
          legs.map((leg) => leg.oddsMilli),
          bet.systemK!,
        )
      : Number(bet.oddsMilli);
  return { game: 'sports', stakeMinor: bet.stakeMinor, oddsMilli };
}

/** Settles (or settles again) one bet from its markets' results; null when nothing changed. */
export async function settleBet(db: Executor, betId: number, now: Date): Promise<SettledBet | null> {
  return runTransaction(db, async (tx) => {
    const bet = await repository.lockBet(tx, betId);
    if (!bet || bet.status === 'cashed_out') return null;
    const { legs, markets } = await repository.legsAndMarketsOf(tx, bet.id);
    let legsChanged = false;
    for (const leg of legs) {
      const market = markets.get(leg.marketId);
      if (!market || market.resultsVersion <= leg.resultsVersion) continue;
      const result = market.outcomes.find((o) => o.id === leg.outcomeId)?.result ?? null;
      await repository.updateLeg(tx, leg.id, { result, resultsVersion: market.resultsVersion });
      leg.result = result;
      leg.resultsVersion = market.resultsVersion;
      legsChanged = true;
    }
    if (!legsChanged) return null;
    const target = outcomeOf(
      bet,
      legs.map((leg) => ({ oddsMilli: leg.oddsMilli, result: leg.result as OutcomeResult | null })),
    );
    if (target.status === bet.status && target.payoutMinor === bet.payoutMinor)
      return { bet, movedMinor: 0n };

    const currency = bet.currency as Currency;
    const count = bet.settleCount + 1;
    const diff = target.payoutMinor - bet.payoutMinor;
    let moved = 0n;
    let unrecovered = bet.unrecoveredMinor;
    if (diff !== 0n) {
      const cash = await userAccount(tx, bet.userId, currency, 'cash');
      const house = await gameHouseAccount(tx, bet.userId, currency);
      let amount = diff;
      if (diff < 0n) {
        await lockUserMoney(tx, bet.userId);
        const balance = await userBalanceMinor(tx, bet.userId, currency, 'cash');
        const taken = balance < -diff ? balance : -diff;
        unrecovered += -diff - taken;
        amount = -taken;
      }
      if (amount !== 0n) {
        await transfer(tx, {
          idempotencyKey: `sport-pay:${bet.id}:${count}`,
          kind: amount > 0n ? 'win' : 'adjustment',
          reference: `sport-bet:${bet.id}`,
          entries: [
            { account: house, amountMinor: -amount },
            { account: cash, amountMinor: amount },
          ],
          meta: { game: 'sports', settlement: count, status: target.status },
        });
        moved = amount;
      }
      if (diff > 0n) await recordPayout(tx, { userId: bet.userId, currency, payoutMinor: diff, now });
    }
    const counts = target.status === 'won' || target.status === 'lost';
    // Tournaments, the VIP club and the top (activity module): a counted settlement is taken back before
    // a new one counts (a result corrected, a bet voided).
    const activity: ActivityInput[] = [];
    const base = { ref: `sport-bet:${bet.id}`, userId: bet.userId, game: 'sports', currency, at: now };
    if (bet.wagerCounted) {
      activity.push({
        ...base,
        key: `sport-bet:${bet.id}:${count}:undo`,
        kind: 'rollback',
        stakeMinor: -bet.stakeMinor,
        payoutMinor: -bet.payoutMinor,
        betStakeMinor: bet.stakeMinor,
      });
    }
    if (counts) {
      activity.push({
        ...base,
        key: `sport-bet:${bet.id}:${count}`,
        kind: 'bet',
        stakeMinor: bet.stakeMinor,
        payoutMinor: target.payoutMinor,
      });
    }
    await recordActivity(tx, activity);
    if (counts && !bet.wagerCounted)
      await recordWager(tx, {
        userId: bet.userId,
        currency,
        bet: wageredBet(bet, legs),
        reference: `sport-bet:${bet.id}`,
        now,
      });
    if (!counts && bet.wagerCounted)
      await revokeWager(tx, { userId: bet.userId, currency, bet: wageredBet(bet, legs) });
    const updated = await repository.updateBet(tx, bet.id, {
      status: target.status,
      payoutMinor: target.payoutMinor,
      unrecoveredMinor: unrecovered,
      settleCount: count,
      wagerCounted: counts,
      settledAt: target.status === 'open' ? null : now,
    });
    return { bet: updated, movedMinor: moved };
  });
}

/**
 * Settles the bets with a leg on these markets whose results are newer than the leg's (null: on any
 * market, the catch-up pass for results a stopped process never got to). Answers the bets that changed.
 */
export async function settlePending(
  db: Executor,
  marketIds: readonly string[] | null,
  now: Date,
): Promise<SettledBet[]> {
  const settled: SettledBet[] = [];
  for (;;) {
    const ids = await repository.betsToSettle(db, marketIds);
    let progress = false;
    for (const id of ids) {
      const one = await settleBet(db, id, now);
      if (one) {
        progress = true;
        if (one.movedMinor !== 0n || one.bet.settleCount > 0) settled.push(one);
      }
    }
    if (ids.length === 0 || !progress) return settled;
  }
}

/**
 * The operator settles (or settles again) an event by hand (`npm run admin -- sports settle`): finished
 * with `score`, or cancelled (every outcome void). Each market's results come from lib's rules
 * (feed/markets.ts), exactly as the feed's would; a market whose results changed gets a new results
 * version, then its bets are settled. Answers the markets that changed and the bets settled.
 */
export async function settleEventByHand(
  db: Executor,
  eventId: string,
  outcome: { score: FeedScore } | 'cancel',
  now: Date,
): Promise<{ markets: number; bets: SettledBet[] } | null> {
  const changed = await runTransaction(db, async (tx) => {
    const [event] = await repository.findEvents(tx, [eventId]);
    if (!event) return null;
    const markets = await repository.marketsOfEvents(tx, [eventId]);
    const settled = settleEvent({
      id: event.id,
      sport: event.sport as Sport,
      league: { id: event.leagueId, name: event.leagueName },
      home: event.home,
      away: event.away,
      startsAt: event.startsAt,
      status: outcome === 'cancel' ? 'cancelled' : 'finished',
      score: outcome === 'cancel' ? event.score : outcome.score,
      clock: null,
      markets: markets.map((m) => ({
        id: m.id,
        key: m.key as MarketKey,
        period: m.period,
        line: m.line,
        status: m.status as MarketStatus,
        outcomes: m.outcomes,
      })),
    });
    await repository.upsertEvents(tx, [
      {
        ...event,
        status: settled.status,
        score: settled.score,
        clock: null,
        updatedAt: now,
      },
    ]);
    const rows = settled.markets.flatMap((market, index) => {
      const before = markets[index]!;
      const same =
        before.status === 'settled' &&
        before.outcomes.every((o, i) => o.result === market.outcomes[i]!.result);
      if (same) return [];
      return [
        {
          ...before,
          status: 'settled',
          outcomes: market.outcomes.map((o) => ({
            id: o.id,
            code: o.code,
            oddsMilli: o.oddsMilli,
            result: o.result,
          })),
          resultsVersion: before.resultsVersion + 1,
          updatedAt: now,
        },
      ];
    });
    await repository.forceMarkets(tx, rows);
    return rows.map((row) => row.id);
  });
  if (!changed) return null;
  return { markets: changed.length, bets: await settlePending(db, changed, now) };
}
