/**
 * Crash (issue 16): making a chain, setting its salt, what the fairness page and the history show, and the
 * money of a round's bets (stake, cash-out, bust, refund of an interrupted game), each in one transaction
 * through the ledger. The round's clock is engine.ts.
 *
 * The game's row is the round's authority in the database, whichever API process takes the call: a stake
 * and a cash-out hold the game's lock shared (many at once; repository.lockGame), its start, bust and
 * refund take it alone and change the row (so they wait for those, and those that come after see the new
 * status). A stake is therefore taken only while the game is
 * pending, and a cash-out paid only while it runs and before its crash point, never after the bust.
 * Locks follow the ledger's order (ledger/service.ts): the game row, then the bet row, then the money.
 */
import { randomBytes } from 'node:crypto';
import type { CrashFairness, CrashHistory, CrashMyBets } from '@/lib/contracts/crash';
import { msToReach, multiplierAtHundredths, previousGameHash } from '@/lib/fair/crash';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { recordActivity, type ActivityInput } from '../activity/record';
import type { Currency } from '@/lib/constants/currencies';
import { ValidationError } from '../../lib/errors';
import {
  gameHouseAccount,
  minorToMajor,
  IdempotencyConflictError,
  InsufficientFundsError,
  lockUserMoney,
  transfer,
  userAccount,
  userBalanceMinor,
} from '../ledger/service';
import { checkBet, recordPayout } from '../protection/service';
import * as repository from './repository';

export const MAX_CHAIN_LENGTH = 2_000_000;
const INSERT_BATCH = 5_000;

/**
 * Makes a chain of `length` games from a fresh random hash (game `length`'s), each earlier game's hash the
 * SHA-256 of the next one's hex text; stores it with its terminating hash (the SHA-256 of game 1's), in one
 * transaction. The random start is not kept: only the chain is.
 */
export async function createChain(
  db: Executor,
  input: { length: number; now: Date },
): Promise<repository.CrashChainRow> {
  if (!Number.isInteger(input.length) || input.length < 1 || input.length > MAX_CHAIN_LENGTH)
    throw ValidationError.field('length', 'invalid', `The length must be 1 to ${MAX_CHAIN_LENGTH}.`);
  const hashes = new Array<string>(input.length);
  let hash = randomBytes(32).toString('hex');
  for (let position = input.length; position >= 1; position -= 1) {
    hashes[position - 1] = hash;
    hash = previousGameHash(hash);
  }
  const terminatingHash = hash;
  return runTransaction(db, async (tx) => {
    const chain = await repository.insertChain(tx, {
      terminatingHash,
      length: input.length,
      createdAt: input.now,
    });
    for (let start = 0; start < hashes.length; start += INSERT_BATCH) {
      await repository.insertGames(
        tx,
        hashes
          .slice(start, start + INSERT_BATCH)
          .map((gameHash, i) => ({ chainId: chain.id, position: start + i + 1, hash: gameHash })),
      );
    }
    return chain;
  });
}

export type SaltResult =
  | { done: true; chain: repository.CrashChainRow }
  | { done: false; reason: 'no_chain' | 'already_set' | 'played'; chain?: repository.CrashChainRow };

/**
 * Sets the salt of a chain (by default the newest one without a salt), once, and only before any of its
 * games was played: the salt comes after the chain is published, so neither can be chosen for the other.
 */
export async function setChainSalt(
  db: Executor,
  input: { salt: string; chainId?: number; now: Date },
): Promise<SaltResult> {
  return runTransaction(db, async (tx) => {
    const chains = await repository.listChains(tx);
    const target =
      input.chainId !== undefined
        ? chains.find((chain) => chain.id === input.chainId)
        : [...chains].reverse().find((chain) => chain.salt === null);
    if (!target) return { done: false, reason: 'no_chain' };
    const chain = await repository.lockChain(tx, target.id);
    if (!chain) return { done: false, reason: 'no_chain' };
    if (chain.salt !== null) return { done: false, reason: 'already_set', chain };
    if ((await repository.playedCounts(tx)).get(chain.id)) return { done: false, reason: 'played', chain };
    return { done: true, chain: await repository.setSalt(tx, chain.id, input.salt, input.now) };
  });
}

export async function fairness(db: Executor): Promise<CrashFairness> {
  const chain = await repository.currentChain(db);
  return { terminating_hash: chain?.terminatingHash ?? null, salt: chain?.salt ?? null };
}

/** Finished games only: a game's hash is revealed with its bust, never before. */
export async function history(db: Executor, limit: number): Promise<CrashHistory> {
  const games = await repository.bustedGames(db, limit);
  return {
    items: games.map((game) => ({
      id: game.id,
      hash: game.hash,
      crash_point: (game.crashPoint ?? 100) / 100,
      started_at: game.startedAt!.toISOString(),
    })),
  };
}

/**
 * The player's own last bets (`GET /crash/bets/mine`). A game's crash point is shown only once it has
 * busted: while it runs, the player's own bet in it carries none.
 */
export async function myBets(db: Executor, userId: number, limit: number): Promise<CrashMyBets> {
  const rows = await repository.betsOfUser(db, userId, limit);
  return {
    items: rows.map(({ bet, gameStatus, crashPoint }) => ({
      id: bet.id,
      game_id: bet.gameId,
      currency: bet.currency,
      amount: minorToMajor(bet.amountMinor),
      auto_cashout: bet.autoCashout === null ? null : bet.autoCashout / 100,
      status: bet.status as CrashMyBets['items'][number]['status'],
      cashed_out_at: bet.status === 'cashed_out' && bet.cashedOutAt !== null ? bet.cashedOutAt / 100 : null,
      payout: minorToMajor(bet.payoutMinor),
      crash_point: gameStatus === 'busted' && crashPoint !== null ? crashPoint / 100 : null,
      created_at: bet.createdAt.toISOString(),
    })),
  };
}

export const chainsWithPlayed = async (db: Executor) => {
  const [chains, played] = await Promise.all([repository.listChains(db), repository.playedCounts(db)]);
  return chains.map((chain) => ({ chain, played: played.get(chain.id) ?? 0 }));
};

// --- bets and their money ---

export interface CrashPlayer {
  id: number;
  currency: Currency;
  /** When the player's log-in session started (their session limit counts from it). */
  sessionStartedAt: Date;
}

const cashAfter = (result: { balances: Map<number, bigint> }, cashId: number) =>
  result.balances.get(cashId) ?? 0n;

/**
 * A player's stake in the game in its betting window: the game still pending (under its row's shared lock,
 * so its start waits for this stake and no stake comes after it), the player's limits (session, loss)
 * checked under their money lock, the stake from their cash to the house, the bet recorded; one bet per
 * player and game. The same key again answers the same bet; 422 once the game started, for a second bet in
 * the game, or for too little money.
 */
export async function placeStake(
  db: Executor,
  input: {
    player: CrashPlayer;
    gameId: number;
    amountMinor: bigint;
    autoCashout: number | null;
    key: string;
    now: Date;
  },
): Promise<{ bet: repository.CrashBetRow; balanceMinor: bigint; replayed: boolean }> {
  const { player } = input;
  return runTransaction(db, async (tx) => {
    const cash = await userAccount(tx, player.id, player.currency, 'cash');
    const earlier = await repository.findBetByKey(tx, player.id, input.key);
    if (earlier) {
      if (
        earlier.gameId !== input.gameId ||
        earlier.amountMinor !== input.amountMinor ||
        earlier.autoCashout !== input.autoCashout
      )
        throw new IdempotencyConflictError(input.key);
      return {
        bet: earlier,
        balanceMinor: await userBalanceMinor(tx, player.id, player.currency, 'cash'),
        replayed: true,
      };
    }
    const game = await repository.lockGame(tx, input.gameId, 'share');
    if (game?.status !== 'pending') {
      throw ValidationError.field('amount', 'betting_closed', 'Bets are taken only before the game starts.');
    }
    // The player's limits, under their money lock (which also orders their bets).
    await checkBet(tx, {
      userId: player.id,
      currency: player.currency,
      stakeMinor: input.amountMinor,
      payoutMinor: 0n,
      sessionStartedAt: player.sessionStartedAt,
      now: input.now,
    });
    if (await repository.lockBetOf(tx, input.gameId, player.id)) {
      throw ValidationError.field('amount', 'already_bet', 'You already have a bet in this game.');
    }
    let stake;
    try {
      stake = await transfer(tx, {
        idempotencyKey: `crash-bet:${player.id}:${input.key}`,
        kind: 'bet',
        reference: `crash-game:${input.gameId}`,
        entries: [
          { account: cash, amountMinor: -input.amountMinor },
          { account: await gameHouseAccount(tx, player.id, player.currency), amountMinor: input.amountMinor },
        ],
        meta: { game: 'crash', crash_game: input.gameId },
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw ValidationError.field(
          'amount',
          'insufficient_funds',
          'There is not enough money on the balance.',
        );
      throw error;
    }
    const bet = await repository.insertBet(tx, {
      gameId: input.gameId,
      userId: player.id,
      currency: player.currency,
      amountMinor: input.amountMinor,
      autoCashout: input.autoCashout,
      idempotencyKey: input.key,
      stakeTransferId: stake.transferId,
      createdAt: input.now,
    });
    return { bet, balanceMinor: cashAfter(stake, cash.id), replayed: false };
  });
}

type Settlement = { bet: repository.CrashBetRow; settled: boolean; balanceMinor: bigint };

/**
 * Cashes a player's bet out at `hundredths` (the round's clock: an auto cash-out at its target, the
 * maximum-profit cash-out), once: only a bet still in a running game is paid (the game row shared, the bet
 * row locked; the bust marks the others lost in its own transaction), its payout from the house to the
 * player's cash (`crash-win:<id>`). `settled: false` when it was no longer in the game.
 */
export async function settleCashout(
  db: Executor,
  input: { gameId: number; userId: number; hundredths: number; now: Date },
): Promise<Settlement | undefined> {
  return runTransaction(db, async (tx) => {
    const game = await repository.lockGame(tx, input.gameId, 'share');
    const bet = await repository.lockBetOf(tx, input.gameId, input.userId);
    if (!bet) return undefined;
    if (bet.status !== 'active' || game?.status !== 'running') return unpaid(tx, bet);
    return payBet(tx, bet, input.hundredths, input.now);
  });
}

export type ClockCashout =
  | { kind: 'not_running' }
  | { kind: 'busted' }
  | { kind: 'no_bet' }
  | { kind: 'not_in_game'; bet: repository.CrashBetRow }
  | ({ kind: 'paid' } & Settlement);

/**
 * A player's cash-out by hand, priced by the clock of the process that takes it: the multiplier of
 * `now − started_at` (the game's row, under its shared lock), or the bet's auto target if that came first;
 * refused from the game's crash point on (stored at its start, from its hash and the chain's salt) and once
 * the game is over. Any API process may take it: the one that runs the round needs no word of it first.
 * A bet already cashed out answers as it is (`settled: false`).
 */
export async function cashOutAtClock(
  db: Executor,
  input: { gameId: number; userId: number; now: Date },
): Promise<ClockCashout> {
  return runTransaction(db, async (tx): Promise<ClockCashout> => {
    const game = await repository.lockGame(tx, input.gameId, 'share');
    if (!game || game.startedAt === null || game.crashPoint === null) return { kind: 'not_running' };
    const elapsed = input.now.getTime() - game.startedAt.getTime();
    if (elapsed >= msToReach(game.crashPoint)) return { kind: 'busted' };
    if (game.status !== 'running') return { kind: 'not_running' };
    const bet = await repository.lockBetOf(tx, input.gameId, input.userId);
    if (!bet) return { kind: 'no_bet' };
    if (bet.status === 'cashed_out') return { kind: 'paid', ...(await unpaid(tx, bet)) };
    if (bet.status !== 'active') return { kind: 'not_in_game', bet };
    const reached = multiplierAtHundredths(elapsed);
    const at = bet.autoCashout !== null && bet.autoCashout <= reached ? bet.autoCashout : reached;
    return { kind: 'paid', ...(await payBet(tx, bet, at, input.now)) };
  });
}

async function unpaid(tx: Executor, bet: repository.CrashBetRow): Promise<Settlement> {
  return {
    bet,
    settled: false,
    balanceMinor: await userBalanceMinor(tx, bet.userId, bet.currency as Currency, 'cash'),
  };
}

/** Pays an active bet (its row locked by the caller) at `hundredths`. */
async function payBet(
  tx: Executor,
  bet: repository.CrashBetRow,
  hundredths: number,
  now: Date,
): Promise<Settlement> {
  const currency = bet.currency as Currency;
  const payout = (bet.amountMinor * BigInt(hundredths)) / 100n;
  const cash = await userAccount(tx, bet.userId, currency, 'cash');
  const win = await transfer(tx, {
    idempotencyKey: `crash-win:${bet.id}`,
    kind: 'win',
    reference: `crash-game:${bet.gameId}`,
    entries: [
      { account: await gameHouseAccount(tx, bet.userId, currency), amountMinor: -payout },
      { account: cash, amountMinor: payout },
    ],
    meta: { game: 'crash', crash_game: bet.gameId, bet_id: bet.id, multiplier: hundredths / 100 },
  });
  await recordPayout(tx, { userId: bet.userId, currency, payoutMinor: payout, now });
  await recordActivity(tx, [crashActivity(bet, payout, now)]);
  const settled = await repository.updateBet(tx, bet.id, {
    status: 'cashed_out',
    cashedOutAt: hundredths,
    payoutMinor: payout,
    settleTransferId: win.transferId,
    settledAt: now,
  });
  return { bet: settled, settled: true, balanceMinor: cashAfter(win, cash.id) };
}

/**
 * Starts a pending game (its multiplier runs from `at`) once the stakes under way are in: they hold the
 * game's lock shared, this takes it alone. Undefined when it is not pending (another process started it).
 */
export function startRound(
  db: Executor,
  gameId: number,
  crashPoint: number,
  at: Date,
): Promise<repository.CrashGameRow | undefined> {
  return runTransaction(db, async (tx) => {
    await repository.lockGame(tx, gameId, 'update');
    return repository.startGame(tx, gameId, crashPoint, at);
  });
}

/**
 * The bust: the game is over (its hash may now be shown; its row changed first, so a cash-out waiting for it
 * finds it over), and the bets still in it are lost.
 */
export function bustRound(db: Executor, gameId: number, now: Date): Promise<repository.CrashBetRow[]> {
  return runTransaction(db, async (tx) => {
    await repository.lockGame(tx, gameId, 'update');
    await repository.bustGame(tx, gameId, now);
    const lost = await repository.loseActiveBets(tx, gameId, now);
    await recordActivity(
      tx,
      lost.map((bet) => crashActivity(bet, 0n, now)),
    );
    return lost;
  });
}

/** A settled crash bet for tournaments, the VIP club and the top (activity module). */
function crashActivity(bet: repository.CrashBetRow, payoutMinor: bigint, now: Date): ActivityInput {
  return {
    key: `crash-bet:${bet.id}`,
    ref: `crash-bet:${bet.id}`,
    kind: 'bet',
    userId: bet.userId,
    game: 'crash',
    currency: bet.currency as Currency,
    stakeMinor: bet.amountMinor,
    payoutMinor,
    at: now,
  };
}

/**
 * Games left running by a process that stopped (no round clock runs them any more): see refundGame. Run
 * when a lone process takes the rounds over at its start.
 */
export async function refundInterruptedGames(db: Executor, now: Date): Promise<number> {
  let refunded = 0;
  for (const game of await repository.runningGames(db)) refunded += await refundGame(db, game.id, now);
  return refunded;
}

/**
 * Ends a running game that no clock will finish: every bet still in it gets its stake back
 * (`crash-refund:<id>`), and the game ends (busted, its hash shown). Once: a game no longer running is left
 * alone. Answers how many bets were refunded.
 */
export async function refundGame(db: Executor, gameId: number, now: Date): Promise<number> {
  return runTransaction(db, async (tx) => {
    let refunded = 0;
    const game = await repository.lockGame(tx, gameId, 'update');
    if (game?.status !== 'running') return 0;
    for (const bet of await repository.activeBetsOf(tx, game.id)) {
      const currency = bet.currency as Currency;
      await lockUserMoney(tx, bet.userId);
      const back = await transfer(tx, {
        idempotencyKey: `crash-refund:${bet.id}`,
        kind: 'win',
        reference: `crash-game:${game.id}`,
        entries: [
          { account: await gameHouseAccount(tx, bet.userId, currency), amountMinor: -bet.amountMinor },
          { account: await userAccount(tx, bet.userId, currency, 'cash'), amountMinor: bet.amountMinor },
        ],
        meta: {
          game: 'crash',
          crash_game: game.id,
          bet_id: bet.id,
          reason: 'Crash game interrupted: stake returned',
        },
      });
      await recordPayout(tx, { userId: bet.userId, currency, payoutMinor: bet.amountMinor, now });
      await repository.updateBet(tx, bet.id, {
        status: 'refunded',
        payoutMinor: bet.amountMinor,
        settleTransferId: back.transferId,
        settledAt: now,
      });
      refunded += 1;
    }
    await repository.bustGame(tx, game.id, now);
    return refunded;
  });
}
