/**
 * Bets of the provably fair games. A bet is placed in ONE transaction: the user's seed pair is locked
 * (`SELECT … FOR UPDATE`), the idempotency key is checked, the outcome is computed from the pair and its
 * nonce, the bet row is written, the stake moves user cash → house (`bet`), a payout moves house → user
 * cash (`win`), the bet counts towards active bonuses by the wagering rules (`recordWager`,
 * lib/bonuses/wagering.ts) and the nonce advances. Anything failing (not enough money) rolls all of it
 * back, the nonce included. Stateful rounds (miner, hilo) pay their `win` at the cash-out and count
 * towards bonuses when they end (their chance depends on the moves played), in the transaction that
 * closes the round.
 *
 * The player's own limits (protection/limits.ts) are checked in the same transaction: a bet (an instant
 * bet of the general path, a round's start) is refused once the session limit is reached (403) or when
 * its stake could take the net loss past a loss limit (422 `amount: loss_limit`), and adds its stake minus
 * its payout to the day's net loss while loss limits count; a round's cash-out lowers it by its payout.
 */
import { createHash } from 'node:crypto';
import type { WageredBet } from '@/lib/bonuses/wagering';
import type { FairGame } from '@/lib/contracts/games';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import { getBetLimits, type BetGame } from '@/lib/constants/bet-limits';
import type { Seeds } from '@/lib/fair';
import { toMinorUnits } from '@/lib/money';
import type { Database } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { HttpError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { recordActivity } from '../activity/record';
import { recordWager } from '../bonuses/service';
import { checkBet, recordPayout } from '../protection/service';
import { consumeNonce, lockActivePair } from '../fair/service';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  gameHouseAccount,
  transfer,
  userAccount,
  userBalanceMinor,
} from '../ledger/service';
import {
  betByKey,
  insertBet,
  lockRound,
  openRoundId,
  updateBet,
  type BetRow,
  type BetStatus,
  type BetWithPair,
} from './repository';

export type { BetRow, BetStatus, BetWithPair };

/** What the engine decided for a new bet. */
export interface Decision {
  status: BetStatus;
  multiplierScaled: bigint;
  payoutMinor: bigint;
  outcome: Record<string, unknown>;
  state?: Record<string, unknown>;
}

export interface PlaceBetInput {
  userId: number;
  currency: Currency;
  game: FairGame;
  idempotencyKey: string;
  /** What identifies the request besides the key (the parsed body and path): a replay must match it. */
  request: unknown;
  amountMinor: bigint;
  params: Record<string, unknown>;
  decide(seeds: Seeds): Decision;
  /** What the bonus wagering rules need of an instant bet; null for a round (counted when it ends). */
  wager: WageredBet | null;
  /** When the player's log-in session (token family) started: the session limit counts from it. */
  sessionStartedAt: Date;
  now: Date;
}

export interface BetResult {
  bet: BetWithPair;
  balanceMinor: bigint;
  replayed: boolean;
}

export const GAME_NAMES: Record<FairGame, string> = {
  dice: 'Dice',
  coinflip: 'Coinflip',
  keno: 'Keno',
  roulette: 'Roulette',
  hilo: 'Hilo',
  miner: 'Miner',
  cases: 'Cases',
};

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(game: FairGame, request: unknown): string {
  return createHash('sha256').update(canonical({ game, request })).digest('hex');
}

/** Amount in major units (a validated two-decimal number) → minor units. */
export const toMinor = (amount: number): bigint => BigInt(toMinorUnits(amount));

/** 422 on `amount` unless it lies within the game's range of spec §9 for the currency. */
export function checkBetLimits(currency: Currency, game: BetGame, amountMinor: bigint): void {
  const { min, max } = getBetLimits(currency, game);
  if (amountMinor < toMinor(min)) {
    throw ValidationError.field(
      'amount',
      'too_small',
      `The amount must be at least ${min.toFixed(2)} ${currency}.`,
    );
  }
  if (amountMinor > toMinor(max)) {
    throw ValidationError.field(
      'amount',
      'too_big',
      `The amount must be at most ${max.toFixed(2)} ${currency}.`,
    );
  }
}

/** The player placing a bet, and when their log-in session started (for their session limit). */
export interface Player {
  id: number;
  currency: Currency;
  sessionStartedAt: Date;
}

/** The currency of a signed-in user's games: 401 unless their account has one the games know. */
export function playerCurrency(user: { currency: string }): Currency {
  if (!isCurrency(user.currency)) throw new UnauthorizedError();
  return user.currency;
}

/** The signed-in user of a session that started at `sessionStartedAt` as a player (see playerCurrency). */
export function asPlayer(user: { id: number; currency: string }, sessionStartedAt: Date): Player {
  return { id: user.id, currency: playerCurrency(user), sessionStartedAt };
}

/** The currency prices and limits are shown in: the one asked for, else the signed-in caller's, else RUB. */
export function shownCurrency(asked: Currency | undefined, user: { currency: string } | null): Currency {
  if (asked) return asked;
  return user && isCurrency(user.currency) ? user.currency : 'RUB';
}

export const notEnoughMoney = () =>
  ValidationError.field('amount', 'insufficient_funds', 'There is not enough money on the balance.');

const betKey = (userId: number, key: string) => `game-bet:${userId}:${key}`;
const winKey = (betId: number) => `game-win:${betId}`;

/** Places a bet (see the module comment). Replays answer the first result; a changed request is a 409. */
export async function placeBet(db: Database, input: PlaceBetInput): Promise<BetResult> {
  const hash = requestHash(input.game, input.request);
  return runTransaction(db, async (tx) => {
    const pair = await lockActivePair(tx, input.userId);

    const existing = await betByKey(tx, input.userId, input.idempotencyKey);
    if (existing) {
      if (existing.bet.requestHash !== hash) throw new IdempotencyConflictError(input.idempotencyKey);
      return { bet: existing, balanceMinor: existing.bet.balanceAfterMinor, replayed: true };
    }

    if (input.game === 'miner' || input.game === 'hilo') {
      const open = await openRoundId(tx, input.userId, input.game);
      if (open !== undefined) {
        throw ValidationError.field(
          'round',
          'round_open',
          `Finish the open ${input.game} round (#${open}) before starting another.`,
        );
      }
    }

    const seeds: Seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
    const decision = input.decide(seeds);
    const settled = decision.status !== 'open';
    // The player's session and loss limits (under their money lock; counts the bet's net loss).
    await checkBet(tx, {
      userId: input.userId,
      currency: input.currency,
      stakeMinor: input.amountMinor,
      payoutMinor: decision.payoutMinor,
      sessionStartedAt: input.sessionStartedAt,
      now: input.now,
    });
    const row = await insertBet(tx, {
      userId: input.userId,
      game: input.game,
      currency: input.currency,
      amountMinor: input.amountMinor,
      payoutMinor: decision.payoutMinor,
      multiplierScaled: decision.multiplierScaled,
      status: decision.status,
      seedPairId: pair.id,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
      params: input.params,
      state: decision.state ?? {},
      outcome: decision.outcome,
      idempotencyKey: input.idempotencyKey,
      requestHash: hash,
      balanceAfterMinor: 0n,
      createdAt: input.now,
      settledAt: settled ? input.now : null,
    });

    if (input.wager) {
      await recordWager(tx, {
        userId: input.userId,
        currency: input.currency,
        bet: input.wager,
        reference: `game-bet:${row.id}`,
        now: input.now,
      });
    }
    if (settled) {
      await recordActivity(tx, [
        {
          key: `game-bet:${row.id}`,
          ref: `game-bet:${row.id}`,
          kind: 'bet',
          userId: input.userId,
          game: input.game,
          currency: input.currency,
          stakeMinor: input.amountMinor,
          payoutMinor: decision.payoutMinor,
          at: input.now,
        },
      ]);
    }
    await consumeNonce(tx, pair);

    // The money moves last: the house account's row lock is then held for the shortest time.
    const cash = await userAccount(tx, input.userId, input.currency, 'cash');
    const house = await gameHouseAccount(tx, input.userId, input.currency);
    const meta = { game: input.game, bet_id: row.id };
    let moved;
    try {
      moved = await transfer(tx, {
        idempotencyKey: betKey(input.userId, input.idempotencyKey),
        kind: 'bet',
        reference: `game-bet:${row.id}`,
        entries: [
          { account: cash, amountMinor: -input.amountMinor },
          { account: house, amountMinor: input.amountMinor },
        ],
        meta,
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw notEnoughMoney();
      throw error;
    }
    if (decision.payoutMinor > 0n) {
      moved = await transfer(tx, {
        idempotencyKey: winKey(row.id),
        kind: 'win',
        reference: `game-bet:${row.id}`,
        entries: [
          { account: house, amountMinor: -decision.payoutMinor },
          { account: cash, amountMinor: decision.payoutMinor },
        ],
        meta,
      });
    }
    const balanceMinor = moved.balances.get(cash.id)!;
    const saved = await updateBet(tx, row.id, { balanceAfterMinor: balanceMinor });
    return {
      bet: {
        bet: saved,
        pair: { serverSeed: pair.serverSeed, serverSeedHash: pair.serverSeedHash, active: true },
      },
      balanceMinor,
      replayed: false,
    };
  });
}

export interface RoundUpdate {
  status: BetStatus;
  multiplierScaled: bigint;
  payoutMinor: bigint;
  outcome: Record<string, unknown>;
  state?: Record<string, unknown>;
  /** A round that ends: what the bonus wagering rules need of it (it counts now, once). */
  wager?: WageredBet;
}

/** 422 on `step`: the move was made on a state of the round that is no longer its state. */
export const staleStep = (expected: number) =>
  ValidationError.field(
    'step',
    'stale',
    `The round has moved on: this move was made at another step than ${expected}. Reload the round.`,
  );

/**
 * One move of a stateful round. `step` is the number of moves the round had when the player made it
 * (hilo: cards drawn after the start card; miner: tiles opened), so a move is played once: a double
 * submit finds the round one step further with this very move as its last (`isReplay`) and answers it
 * again, playing nothing; any other step is stale.
 */
export interface RoundMove {
  step: number;
  /** The round's step now. */
  stepOf(bet: BetRow): number;
  /** Whether the round's last move is this move at this step (or, for a cash-out, it ended with it). */
  isReplay(bet: BetRow): boolean;
}

/**
 * Acts on the user's round `betId` of `game` under a row lock: 404 for a round that is not theirs; a
 * replayed move (see RoundMove) answers the round as it is, with the balance its move left; 422 for a
 * round that ended or a stale step. `act` decides the update; a payout is credited (house → user cash)
 * in the same transaction.
 */
export async function actOnRound(
  db: Database,
  input: { userId: number; betId: number; game: 'miner' | 'hilo'; now: Date; move: RoundMove },
  act: (bet: BetRow, seeds: Seeds) => RoundUpdate,
): Promise<BetResult> {
  return runTransaction(db, async (tx) => {
    const found = await lockRound(tx, input.userId, input.betId, input.game);
    if (!found) throw new HttpError(404, 'Not Found');
    const { bet, pair } = found;
    if (input.move.isReplay(bet)) return { bet: found, balanceMinor: bet.balanceAfterMinor, replayed: true };
    if (bet.status !== 'open') {
      throw ValidationError.field('round', 'round_ended', 'This round has already ended.');
    }
    const step = input.move.stepOf(bet);
    if (input.move.step !== step) throw staleStep(step);
    const update = act(bet, { serverSeed: pair.serverSeed, clientSeed: bet.clientSeed, nonce: bet.nonce });
    const ended = update.status !== 'open';
    if (ended && update.wager) {
      await recordWager(tx, {
        userId: input.userId,
        currency: bet.currency as Currency,
        bet: update.wager,
        reference: `game-bet:${bet.id}`,
        now: input.now,
      });
    }
    if (ended) {
      await recordActivity(tx, [
        {
          key: `game-bet:${bet.id}`,
          ref: `game-bet:${bet.id}`,
          kind: 'bet',
          userId: input.userId,
          game: bet.game,
          currency: bet.currency as Currency,
          stakeMinor: bet.amountMinor,
          payoutMinor: update.payoutMinor,
          at: input.now,
        },
      ]);
    }
    if (update.payoutMinor > 0n) {
      const cash = await userAccount(tx, input.userId, bet.currency, 'cash');
      const house = await gameHouseAccount(tx, input.userId, bet.currency);
      await transfer(tx, {
        idempotencyKey: winKey(bet.id),
        kind: 'win',
        reference: `game-bet:${bet.id}`,
        entries: [
          { account: house, amountMinor: -update.payoutMinor },
          { account: cash, amountMinor: update.payoutMinor },
        ],
        meta: { game: bet.game, bet_id: bet.id },
      });
      // A win lowers the net loss the player's loss limits count.
      await recordPayout(tx, {
        userId: input.userId,
        currency: bet.currency,
        payoutMinor: update.payoutMinor,
        now: input.now,
      });
    }
    const balanceMinor = await userBalanceMinor(tx, input.userId, bet.currency, 'cash');
    const saved = await updateBet(tx, bet.id, {
      status: update.status,
      multiplierScaled: update.multiplierScaled,
      payoutMinor: update.payoutMinor,
      outcome: update.outcome,
      ...(update.state ? { state: update.state } : {}),
      balanceAfterMinor: balanceMinor,
      settledAt: ended ? input.now : null,
    });
    return { bet: { bet: saved, pair }, balanceMinor, replayed: false };
  });
}
