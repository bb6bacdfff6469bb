/**
 * The instant bet in one statement (issue 14). The general path (service.ts placeBet) takes a dozen round
 * trips to PostgreSQL inside one transaction; this one takes one: the player's seed pair is read once and
 * kept here, the outcome is computed from it in this process, and one call of the SQL function
 * `game_place_instant_bet` (migrations 0008_bet_statement.sql to 0016_loss_limits.sql) checks, in autocommit, everything the
 * outcome and the money depend on and writes the bet, the nonce and both ledger transfers:
 *
 * - the token's family is live (revocation takes effect at the very next bet: the check is in the
 *   statement that moves the money, not in a cache);
 * - the idempotency key is unused (the bet's insert finds it taken, and the bet placed under it is
 *   answered again, as placeBet does; a request refused for want of money or for a changed case looks
 *   its key up first, so a repeated request is never refused what its first answer gave);
 * - the seed pair is still active, at this nonce and client seed (else the pair is read again and the bet
 *   played again: an outcome never comes from a pair other than the one it is stored with);
 * - a case opened is still enabled and unchanged since it was read (else it is read again and the bet
 *   played again: instant-games.ts keeps the cases it read, by their version);
 * - the bet counts towards no active bonus (else it goes through placeBet, which records the wager);
 * - the player's own limits (migration 0016, protection/limits.ts): the session is younger than their
 *   session limit (else 403) and the stake cannot take a window's net loss past a loss limit (else the
 *   `loss_limit` 422), and, while loss limits count, the day's net loss grows by stake − payout;
 * - the cash balance covers the stake (else the `insufficient_funds` 422).
 *
 * Each transfer is double-entry with its idempotency key and payload hash as ledger/service.ts transfer()
 * writes them; the locks follow the ledger's lock order. A bet thus keeps every guarantee of placeBet.
 */
import { houseEdgeBp, toRubMinor } from '@/lib/constants/activity';
import type { Currency } from '@/lib/constants/currencies';
import type { Seeds } from '@/lib/fair';
import { poolOf, type Database } from '../../db/client';
import { retryableSqlState } from '../../db/transaction';
import { isUniqueViolation } from '../../lib/db-errors';
import { UnauthorizedError } from '../../lib/errors';
import { activePair, type SeedPairRow } from '../fair/service';
import { lossLimitErrorOf, SessionLimitError } from '../protection/service';
import { gameHouseAccount, HOUSE_SHARDS, IdempotencyConflictError, userAccount } from '../ledger/service';
import { betBatches } from './bet-batches';
import { betByKey, type BetWithPair } from './repository';
import { notEnoughMoney, requestHash, type BetResult } from './service';
import type { FairGame } from '@/lib/contracts/games';

/** What a bet needs of the player besides the request: kept per process, read again when stale. */
interface PlayerState {
  currency: Currency;
  pair: SeedPairRow;
  /** The cash account and the house shard exist (created once per player and process). */
  accounts: boolean;
}

export interface StatementBet {
  userId: number;
  /** The bearer token's family: the statement refuses the bet when it is revoked. */
  familyId: string;
  game: FairGame;
  idempotencyKey: string;
  request: unknown;
  amountMinor: bigint;
  params: Record<string, unknown>;
  play(seeds: Seeds): {
    multiplierScaled: bigint;
    payoutMinor: bigint;
    outcome: Record<string, unknown>;
  };
  /** What the bet would count towards an active bonus (minor units); 0 when nothing. */
  wagerMinor: bigint;
  /** The case opened, at the version the bet was played on; null for the other games. */
  case: { id: number; version: string } | null;
  now: Date;
}

/** The answer when the case opened changed since it was read (CB301): read it and play again. */
export const CASE_CHANGED = Symbol('case changed');

/** The answer when the general path (placeBet) must place the bet. */
export const GENERAL_PATH = Symbol('general path');

/**
 * How often a bet is played on a pair that moved on (the player's own bets racing each other) before it
 * goes to placeBet, which waits for the pair's row lock instead and so always gets through.
 */
const STALE_ATTEMPTS = 3;
/** Players whose state one process keeps; the oldest is dropped first. */
const MAX_PLAYERS = 20_000;

/** The SQLSTATE of an error of `pool.query` (the driver's own error: no drizzle wrapping here). */
const sqlState = (error: unknown) => (error as { code?: unknown }).code;

/**
 * The bet statement of one database, with its players' state. `currencyOf` reads the player's currency
 * (fixed at sign-up) on the first bet of the process.
 */
export function betStatement(db: Database, currencyOf: (userId: number) => Promise<Currency>) {
  const players = new Map<number, PlayerState>();
  /** The last bet in progress of each player (see `place`). */
  const turns = new Map<number, Promise<void>>();
  // Named statements (each connection plans them once), several bets in one under load (bet-batches.ts).
  const batches = betBatches(poolOf(db));

  async function load(userId: number, known?: PlayerState): Promise<PlayerState> {
    const currency = known?.currency ?? (await currencyOf(userId));
    const pair = await activePair(db, userId);
    const state: PlayerState = { currency, pair, accounts: known?.accounts ?? false };
    players.delete(userId);
    if (players.size >= MAX_PLAYERS) players.delete(players.keys().next().value!);
    players.set(userId, state);
    return state;
  }

  async function ensureAccounts(userId: number, state: PlayerState): Promise<void> {
    await userAccount(db, userId, state.currency, 'cash');
    await gameHouseAccount(db, userId, state.currency);
    state.accounts = true;
  }

  /** The bet placed under the key, answered again (409 when the request differs), else null. */
  async function replayIfUsed(bet: StatementBet, hash: string): Promise<BetResult | null> {
    const existing = await betByKey(db, bet.userId, bet.idempotencyKey);
    if (!existing) return null;
    if (existing.bet.requestHash !== hash) throw new IdempotencyConflictError(bet.idempotencyKey);
    return { bet: existing, balanceMinor: existing.bet.balanceAfterMinor, replayed: true };
  }

  async function replay(bet: StatementBet, hash: string): Promise<BetResult> {
    const replayed = await replayIfUsed(bet, hash);
    if (!replayed) throw new Error(`bet ${bet.idempotencyKey} of user ${bet.userId} is not visible`);
    return replayed;
  }

  const statement = {
    /** What the bet executor sent: statements, bets, batches (bet-batches.ts). */
    batches: batches.stats,

    /** The player's currency (what the game's limits are checked in). */
    async currency(userId: number): Promise<Currency> {
      return (players.get(userId) ?? (await load(userId))).currency;
    },

    /**
     * Places the bet, or answers GENERAL_PATH when placeBet must: the bet counts towards an active bonus,
     * or the player's own bets kept taking the nonce from under it.
     */
    place(bet: StatementBet): Promise<BetResult | typeof GENERAL_PATH | typeof CASE_CHANGED> {
      // One player's bets take turns in this process, as the pair's row lock makes them do in the
      // database anyway: each then plays on the nonce the previous one left instead of racing for it.
      // A turn lasts until the previous bet is answered, however long that takes: a bet let go early
      // plays on the nonce its predecessor is about to use, is refused (CB300), reads the pair again and
      // plays again, and under load those replays and their general-path fallbacks piled up until the
      // API answered 95 bets/s of 200 (bench:games-soak). A turn always ends: every query has its limit
      // (db/pool.ts), and while the database is down each bet fails at once.
      const previous = turns.get(bet.userId) ?? Promise.resolve();
      const placed = previous.then(() => placeNow(bet));
      const turn = placed.then(
        () => undefined,
        () => undefined,
      );
      turns.set(bet.userId, turn);
      void turn.then(() => {
        if (turns.get(bet.userId) === turn) turns.delete(bet.userId);
      });
      return placed;
    },
  };

  async function placeNow(bet: StatementBet): Promise<BetResult | typeof GENERAL_PATH | typeof CASE_CHANGED> {
    const hash = requestHash(bet.game, bet.request);
    let state = players.get(bet.userId) ?? (await load(bet.userId));
    for (let attempt = 1; ; attempt += 1) {
      if (!state.accounts) await ensureAccounts(bet.userId, state);
      const { pair } = state;
      const played = bet.play({
        serverSeed: pair.serverSeed,
        clientSeed: pair.clientSeed,
        nonce: pair.nonce,
      });
      try {
        const row = await batches.place([
          bet.userId,
          bet.familyId,
          pair.id,
          pair.nonce,
          pair.clientSeed,
          bet.game,
          state.currency,
          String(bet.amountMinor),
          String(played.payoutMinor),
          String(played.multiplierScaled),
          JSON.stringify(bet.params),
          JSON.stringify(played.outcome),
          bet.idempotencyKey,
          hash,
          String(bet.wagerMinor),
          bet.userId % HOUSE_SHARDS,
          bet.now.toISOString(),
          bet.case?.id ?? null,
          bet.case?.version ?? null,
          String(toRubMinor(bet.amountMinor, state.currency)),
          String(toRubMinor(played.payoutMinor, state.currency)),
          houseEdgeBp(bet.game),
        ]);
        const balanceMinor = BigInt(row.balance_after);
        state.pair = { ...pair, nonce: pair.nonce + 1 };
        const placed: BetWithPair = {
          bet: {
            id: row.bet_id,
            userId: bet.userId,
            game: bet.game,
            currency: state.currency,
            amountMinor: bet.amountMinor,
            payoutMinor: played.payoutMinor,
            multiplierScaled: played.multiplierScaled,
            status: played.payoutMinor > 0n ? 'won' : 'lost',
            seedPairId: pair.id,
            clientSeed: pair.clientSeed,
            nonce: pair.nonce,
            params: bet.params,
            state: {},
            outcome: played.outcome,
            idempotencyKey: bet.idempotencyKey,
            requestHash: hash,
            balanceAfterMinor: balanceMinor,
            createdAt: bet.now,
            settledAt: bet.now,
          },
          pair: { serverSeed: pair.serverSeed, serverSeedHash: pair.serverSeedHash, active: true },
        };
        return { bet: placed, balanceMinor, replayed: false };
      } catch (error) {
        const code = sqlState(error);
        if (code === 'CB401') throw new UnauthorizedError();
        // The statement does not look the key up (migration 0010): a repeated request refused for what
        // changed since its first answer (the balance, the case) is answered that first result.
        if (code === 'CB422') {
          const replayed = await replayIfUsed(bet, hash);
          if (replayed) return replayed;
          throw notEnoughMoney();
        }
        if (code === 'CB200') return GENERAL_PATH;
        // The player may not play (suspended, self-excluded, closed): the general path's full check of the
        // player answers the 403 naming why (server/modules/protection/service.ts), unless it is a replay.
        if (code === 'CB403') return (await replayIfUsed(bet, hash)) ?? GENERAL_PATH;
        if (code === 'CB301') return (await replayIfUsed(bet, hash)) ?? CASE_CHANGED;
        // The player's own limits (migration 0016): the session limit is reached, or a loss limit would be
        // passed (its DETAIL names the limit and what is left), unless it is a replay.
        if (code === 'CB410') {
          const replayed = await replayIfUsed(bet, hash);
          if (replayed) return replayed;
          throw new SessionLimitError();
        }
        if (code === 'CB411') {
          const replayed = await replayIfUsed(bet, hash);
          if (replayed) return replayed;
          throw lossLimitErrorOf((error as { detail?: unknown }).detail);
        }
        // The key was used: the bet's insert found it taken (by an earlier request or a twin).
        if (isUniqueViolation(error, 'game_bets_user_idempotency_unique')) return replay(bet, hash);
        if (code === 'CB300' && attempt >= STALE_ATTEMPTS) {
          players.delete(bet.userId);
          return GENERAL_PATH;
        }
        if (attempt >= STALE_ATTEMPTS + 2) throw error;
        if (code === 'CB300') state = await load(bet.userId, state);
        else if (code === 'CB404') state.accounts = false;
        else if (retryableSqlState(error) === null) throw error;
      }
    }
  }

  return statement;
}

export type BetStatement = ReturnType<typeof betStatement>;
