/**
 * The sportsbook's rules (issue 18): what is on offer, the player's limits, placing a bet and cashing it
 * out. Settlement is settlement.ts; storing the feed ingest.ts.
 *
 * A bet is one transaction: the outcomes read from the book's rows (never from a process's memory, so any
 * API process takes bets), checked against what the player saw and accepts (`accept`), the limits checked
 * under the player's money lock (step 2 of the ledger's lock order: their bets take turns, so two bets
 * cannot both slip under an event limit), the stake moved from cash to the house (`sport-bet:<user>:<key>`)
 * and the bet written with its legs. The same key again answers the first bet, whatever the odds do since.
 *
 * Cash-out locks the bet's row first (step 1), as settlement does: of a cash-out and a settlement racing
 * for one bet, exactly one finds it open.
 */
import type { Currency } from '@/lib/constants/currencies';
import {
  CASHOUT_MARGIN_PERCENT,
  defaultSportsLimits,
  SYSTEM_MAX_LEGS,
  type OddsAcceptMode,
  type SportBetKind,
} from '@/lib/constants/sports';
import type {
  SportBet,
  SportEvent,
  SportEventsReply,
  SportsLimitsReply,
  SportsMenuReply,
} from '@/lib/contracts/sports';
import { toMinorUnits } from '@/lib/money';
import { potentialPayoutMinor, totalOddsMilli, oddsToMilli } from '@/lib/sports/odds';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { recordActivity } from '../activity/record';
import { ValidationError } from '../../lib/errors';
import {
  gameHouseAccount,
  IdempotencyConflictError,
  InsufficientFundsError,
  minorToMajor,
  transfer,
  userAccount,
  userBalanceMinor,
} from '../ledger/service';
import { checkBet } from '../protection/service';
import * as repository from './repository';
import type { SportBetRow, SportLimitsRow } from './repository';
import { betView, cashoutMinor, effectiveStatus, eventView, headlineMarkets } from './views';

export const MENU_STATUSES = ['prematch', 'live'];

export async function menu(db: Executor): Promise<SportsMenuReply> {
  const counts = await repository.leagueCounts(db);
  const sports: SportsMenuReply['sports'] = [];
  for (const row of counts) {
    let sport = sports.find((entry) => entry.key === row.sport);
    if (!sport) {
      sport = {
        key: row.sport as SportsMenuReply['sports'][number]['key'],
        live: 0,
        upcoming: 0,
        leagues: [],
      };
      sports.push(sport);
    }
    sport.live += row.live;
    sport.upcoming += row.upcoming;
    sport.leagues.push({ id: row.leagueId, name: row.leagueName, live: row.live, upcoming: row.upcoming });
  }
  return { sports };
}

export async function events(
  db: Executor,
  filter: { sport?: string; league?: string; status?: 'live' | 'upcoming'; limit: number },
): Promise<SportEventsReply> {
  const statuses =
    filter.status === 'live' ? ['live'] : filter.status === 'upcoming' ? ['prematch'] : MENU_STATUSES;
  const rows = await repository.listEvents(db, { ...filter, statuses });
  const markets = await repository.marketsOfEvents(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => {
      const own = markets.filter((market) => market.eventId === row.id);
      return eventView(row, headlineMarkets(own), own.length);
    }),
  };
}

export async function event(db: Executor, id: string): Promise<SportEvent | null> {
  const [row] = await repository.findEvents(db, [id]);
  if (!row) return null;
  return eventView(row, await repository.marketsOfEvents(db, [id]));
}

export interface LimitsMinor {
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxPayoutMinor: bigint;
  maxEventStakeMinor: bigint;
  maxEventPayoutMinor: bigint;
}

export function defaultLimitsMinor(currency: Currency): LimitsMinor {
  const limits = defaultSportsLimits(currency);
  const minor = (value: number) => BigInt(toMinorUnits(value));
  return {
    minStakeMinor: minor(limits.minStake),
    maxStakeMinor: minor(limits.maxStake),
    maxPayoutMinor: minor(limits.maxPayout),
    maxEventStakeMinor: minor(limits.maxEventStake),
    maxEventPayoutMinor: minor(limits.maxEventPayout),
  };
}

/** The currency's limits: the operator's, else the defaults of lib/constants/sports.ts. */
export async function limitsOf(db: Executor, currency: Currency): Promise<LimitsMinor> {
  const row: SportLimitsRow | undefined = await repository.findLimits(db, currency);
  return row ?? defaultLimitsMinor(currency);
}

export async function limitsReply(db: Executor, currency: Currency): Promise<SportsLimitsReply> {
  const limits = await limitsOf(db, currency);
  return {
    currency,
    min_stake: minorToMajor(limits.minStakeMinor),
    max_stake: minorToMajor(limits.maxStakeMinor),
    max_payout: minorToMajor(limits.maxPayoutMinor),
    max_event_stake: minorToMajor(limits.maxEventStakeMinor),
    max_event_payout: minorToMajor(limits.maxEventPayoutMinor),
    cashout_margin_percent: CASHOUT_MARGIN_PERCENT,
  };
}

/** Bets with their legs, events and markets, as the calls show them. */
export async function betViews(db: Executor, bets: SportBetRow[]): Promise<SportBet[]> {
  const legs = await repository.legsOfBets(
    db,
    bets.map((bet) => bet.id),
  );
  const eventIds = [...new Set(legs.map((leg) => leg.eventId))];
  const marketIds = [...new Set(legs.map((leg) => leg.marketId))];
  const [eventRows, marketRows] = await Promise.all([
    repository.findEvents(db, eventIds),
    repository.findMarkets(db, marketIds),
  ]);
  const eventsById = new Map(eventRows.map((row) => [row.id, row]));
  const marketsById = new Map(marketRows.map((row) => [row.id, row]));
  return bets.map((bet) =>
    betView(
      bet,
      legs.filter((leg) => leg.betId === bet.id),
      eventsById,
      marketsById,
    ),
  );
}

export async function betsOf(
  db: Executor,
  userId: number,
  filter: { status?: 'open' | 'settled'; limit: number; before?: number },
): Promise<SportBet[]> {
  const rows = await repository.betsOfUser(db, userId, {
    settled: filter.status === undefined ? null : filter.status === 'settled',
    limit: filter.limit,
    before: filter.before,
  });
  return betViews(db, rows);
}

export interface SportPlayer {
  id: number;
  currency: Currency;
  sessionStartedAt: Date;
}

export interface PlaceBetInput {
  kind: SportBetKind;
  systemK?: number;
  stake: number;
  accept: OddsAcceptMode;
  selections: { outcome_id: string; odds: number }[];
  key: string;
}

export interface PlacedBet {
  bet: SportBet;
  balanceMinor: bigint;
  replayed: boolean;
}

const refuse = (field: string, key: string, text: string) => ValidationError.field(field, key, text);

/** The market id of an outcome id (`<market id>:<code>`). */
export const marketIdOf = (outcomeId: string): string =>
  outcomeId.slice(0, Math.max(0, outcomeId.lastIndexOf(':')));

function checkShape(input: PlaceBetInput): void {
  const n = input.selections.length;
  if (new Set(input.selections.map((s) => s.outcome_id)).size !== n)
    throw refuse('selections', 'same_event', 'An outcome is in the slip twice.');
  if (input.kind === 'single' && n !== 1)
    throw refuse('selections', 'invalid', 'A single bet has one outcome.');
  if (input.kind === 'express' && n < 2)
    throw refuse('selections', 'invalid', 'An express bet needs at least two outcomes.');
  if (input.kind === 'system') {
    if (n < 3 || n > SYSTEM_MAX_LEGS)
      throw refuse('selections', 'invalid', `A system bet needs from 3 to ${SYSTEM_MAX_LEGS} outcomes.`);
    const k = input.systemK;
    if (k === undefined || k < 2 || k >= n)
      throw refuse('system_k', 'invalid', `A system bet's size must be from 2 to ${n - 1}.`);
  }
}

function acceptable(accept: OddsAcceptMode, seenMilli: number, nowMilli: number): boolean {
  if (accept === 'any') return true;
  if (accept === 'higher') return nowMilli >= seenMilli;
  return nowMilli === seenMilli;
}

/** Places a bet (see the module's comment); 422 for anything refused, nothing moved. */
export async function placeBet(
  db: Executor,
  player: SportPlayer,
  input: PlaceBetInput,
  now: Date,
): Promise<PlacedBet> {
  checkShape(input);
  const stakeMinor = BigInt(toMinorUnits(input.stake));
  if (stakeMinor <= 0n) throw refuse('stake', 'too_small', 'The stake must be positive.');
  return runTransaction(db, async (tx) => {
    const earlier = await repository.findBetByKey(tx, player.id, input.key);
    if (earlier) return replay(tx, player, earlier, input, stakeMinor);

    const marketIds = [...new Set(input.selections.map((s) => marketIdOf(s.outcome_id)))];
    const markets = new Map((await repository.findMarkets(tx, marketIds)).map((m) => [m.id, m]));
    const events = new Map(
      (await repository.findEvents(tx, [...new Set([...markets.values()].map((m) => m.eventId))])).map(
        (e) => [e.id, e],
      ),
    );
    const legs: { outcomeId: string; marketId: string; eventId: string; code: string; oddsMilli: number }[] =
      [];
    const moved: string[] = [];
    for (const selection of input.selections) {
      const market = markets.get(marketIdOf(selection.outcome_id));
      const outcome = market?.outcomes.find((o) => o.id === selection.outcome_id);
      const event = market ? events.get(market.eventId) : undefined;
      if (!market || !outcome || !event)
        throw refuse('selections', 'unknown', `There is no outcome ${selection.outcome_id}.`);
      if (effectiveStatus(market) !== 'open' || (event.status !== 'prematch' && event.status !== 'live'))
        throw refuse('selections', 'suspended', `The outcome ${selection.outcome_id} is not on offer now.`);
      if (!acceptable(input.accept, oddsToMilli(selection.odds), outcome.oddsMilli))
        moved.push(`${outcome.id}: ${outcome.oddsMilli / 1000}`);
      legs.push({
        outcomeId: outcome.id,
        marketId: market.id,
        eventId: event.id,
        code: outcome.code,
        oddsMilli: outcome.oddsMilli,
      });
    }
    if (input.kind !== 'single' && new Set(legs.map((leg) => leg.eventId)).size !== legs.length)
      throw refuse('selections', 'same_event', 'An express or system bet takes one outcome per event.');
    if (moved.length > 0)
      throw new ValidationError({
        selections: ['odds_changed: The odds changed.'],
        odds: moved,
      });

    const limits = await limitsOf(tx, player.currency);
    const oddsMilli = legs.map((leg) => leg.oddsMilli);
    const payoutMinor = potentialPayoutMinor({
      kind: input.kind,
      systemK: input.systemK ?? null,
      stakeMinor,
      oddsMilli,
    });
    const major = (minor: bigint) => `${minorToMajor(minor)} ${player.currency}`;
    if (stakeMinor < limits.minStakeMinor)
      throw refuse('stake', 'too_small', `The smallest stake is ${major(limits.minStakeMinor)}.`);
    if (stakeMinor > limits.maxStakeMinor)
      throw refuse('stake', 'too_big', `The largest stake is ${major(limits.maxStakeMinor)}.`);
    if (payoutMinor > limits.maxPayoutMinor)
      throw refuse('stake', 'payout_too_big', `A bet may pay at most ${major(limits.maxPayoutMinor)}.`);

    // The player's limits and exposure under their money lock (taken by checkBet): their bets take turns.
    await checkBet(tx, {
      userId: player.id,
      currency: player.currency,
      stakeMinor,
      payoutMinor: 0n,
      sessionStartedAt: player.sessionStartedAt,
      now,
    });
    const exposure = await repository.openExposure(
      tx,
      player.id,
      legs.map((leg) => leg.eventId),
    );
    for (const leg of legs) {
      const open = exposure.get(leg.eventId) ?? { stakeMinor: 0n, payoutMinor: 0n };
      if (
        open.stakeMinor + stakeMinor > limits.maxEventStakeMinor ||
        open.payoutMinor + payoutMinor > limits.maxEventPayoutMinor
      )
        throw refuse(
          'stake',
          'event_limit',
          `Your bets on one event may stake at most ${major(limits.maxEventStakeMinor)} and pay at most ${major(limits.maxEventPayoutMinor)}.`,
        );
    }

    const cash = await userAccount(tx, player.id, player.currency, 'cash');
    let staked;
    try {
      staked = await transfer(tx, {
        idempotencyKey: `sport-bet:${player.id}:${input.key}`,
        kind: 'bet',
        reference: `sport-bet-key:${input.key}`,
        entries: [
          { account: cash, amountMinor: -stakeMinor },
          { account: await gameHouseAccount(tx, player.id, player.currency), amountMinor: stakeMinor },
        ],
        meta: { game: 'sports', kind: input.kind },
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw refuse('stake', 'insufficient_funds', 'There is not enough money on the balance.');
      throw error;
    }
    const bet = await repository.insertBet(tx, {
      userId: player.id,
      currency: player.currency,
      kind: input.kind,
      systemK: input.kind === 'system' ? input.systemK! : null,
      stakeMinor,
      oddsMilli: input.kind === 'system' ? null : BigInt(totalOddsMilli(oddsMilli)),
      potentialPayoutMinor: payoutMinor,
      accept: input.accept,
      idempotencyKey: input.key,
      stakeTransferId: staked.transferId,
      createdAt: now,
    });
    await repository.insertLegs(
      tx,
      legs.map((leg, position) => ({ betId: bet.id, position, ...leg })),
    );
    const [view] = await betViews(tx, [bet]);
    return { bet: view!, balanceMinor: staked.balances.get(cash.id) ?? 0n, replayed: false };
  });
}

async function replay(
  tx: Executor,
  player: SportPlayer,
  earlier: SportBetRow,
  input: PlaceBetInput,
  stakeMinor: bigint,
): Promise<PlacedBet> {
  const legs = await repository.legsOfBets(tx, [earlier.id]);
  const same =
    earlier.kind === input.kind &&
    earlier.stakeMinor === stakeMinor &&
    legs.length === input.selections.length &&
    legs.every((leg, i) => leg.outcomeId === input.selections[i]!.outcome_id);
  if (!same) throw new IdempotencyConflictError(input.key);
  const [view] = await betViews(tx, [earlier]);
  return {
    bet: view!,
    balanceMinor: await userBalanceMinor(tx, player.id, player.currency, 'cash'),
    replayed: true,
  };
}

/**
 * Cashes an open bet out at its value now, if that is at least what the player was shown (`amountMinor`):
 * house to cash (`sport-cashout:<bet>`), the bet closed as cashed out. 422 `unavailable`, `suspended` or
 * `changed` (with the value now); 404 for another player's or an unknown bet.
 */
export async function cashout(
  db: Executor,
  player: { id: number },
  betId: number,
  amountMinor: bigint,
  now: Date,
): Promise<PlacedBet | null> {
  return runTransaction(db, async (tx) => {
    const bet = await repository.lockBet(tx, betId);
    if (!bet || bet.userId !== player.id) return null;
    const { legs, markets } = await repository.legsAndMarketsOf(tx, bet.id);
    const value = cashoutMinor(bet, legs, markets);
    if ('refused' in value)
      throw refuse(
        'amount',
        value.refused,
        value.refused === 'suspended'
          ? 'Cash-out is not available while a market of the bet is suspended.'
          : 'This bet cannot be cashed out.',
      );
    if (value.valueMinor < amountMinor)
      throw new ValidationError({
        amount: [`changed: The cash-out value is ${minorToMajor(value.valueMinor)} now.`],
        value: [String(minorToMajor(value.valueMinor))],
      });
    const currency = bet.currency as Currency;
    const cash = await userAccount(tx, bet.userId, currency, 'cash');
    const paid = await transfer(tx, {
      idempotencyKey: `sport-cashout:${bet.id}`,
      kind: 'win',
      reference: `sport-bet:${bet.id}`,
      entries: [
        { account: await gameHouseAccount(tx, bet.userId, currency), amountMinor: -value.valueMinor },
        { account: cash, amountMinor: value.valueMinor },
      ],
      meta: { game: 'sports', cashout: true },
    });
    await recordActivity(tx, [
      {
        key: `sport-bet:${bet.id}:cashout`,
        ref: `sport-bet:${bet.id}`,
        kind: 'bet',
        userId: bet.userId,
        game: 'sports',
        currency,
        stakeMinor: bet.stakeMinor,
        payoutMinor: value.valueMinor,
        at: now,
      },
    ]);
    const closed = await repository.updateBet(tx, bet.id, {
      status: 'cashed_out',
      payoutMinor: value.valueMinor,
      settledAt: now,
    });
    const [view] = await betViews(tx, [closed]);
    return { bet: view!, balanceMinor: paid.balances.get(cash.id) ?? 0n, replayed: false };
  });
}

export interface LiabilityRow {
  marketId: string;
  key: string;
  period: number | null;
  line: number | null;
  code: string;
  odds: number;
  status: string;
  /** Open bets with this outcome, their stakes, and what they pay if it wins (and the rest of each bet does). */
  bets: number;
  stakeMinor: bigint;
  paysMinor: bigint;
}

/**
 * What the book pays per outcome of an event (`npm run admin -- sports liability`): for every outcome, the
 * open bets on it and their potential payouts (an express or system counted in full: the worst case, its
 * other legs winning too), beside the stakes of all open bets on the event.
 */
export async function liability(
  db: Executor,
  eventId: string,
): Promise<{ rows: LiabilityRow[]; currencies: Map<string, bigint> } | null> {
  const [found] = await repository.findEvents(db, [eventId]);
  if (!found) return null;
  const markets = await repository.marketsOfEvents(db, [eventId]);
  const legs = await repository.openLegsOfEvent(db, eventId);
  const currencies = new Map<string, bigint>();
  for (const leg of legs)
    currencies.set(leg.bet.currency, (currencies.get(leg.bet.currency) ?? 0n) + leg.bet.stakeMinor);
  const rows = markets.flatMap((market) =>
    market.outcomes.map((outcome) => {
      const on = legs.filter((leg) => leg.outcomeId === outcome.id);
      return {
        marketId: market.id,
        key: market.key,
        period: market.period,
        line: market.line,
        code: outcome.code,
        odds: outcome.oddsMilli / 1000,
        status: effectiveStatus(market),
        bets: on.length,
        stakeMinor: on.reduce((sum, leg) => sum + leg.bet.stakeMinor, 0n),
        paysMinor: on.reduce((sum, leg) => sum + leg.bet.potentialPayoutMinor, 0n),
      };
    }),
  );
  return { rows, currencies };
}
