/**
 * The rooms (issue 16): jackpot rounds, one open per room and currency. The database is the authority:
 * every step below is one transaction that locks the round's row first (step 1 of the ledger's lock
 * order), so any number of API processes may take stakes and draw rounds at once.
 *
 * - A stake (`placeStake`): the round locked, the player's limits checked under their money lock, the
 *   stake from their cash to the house (`room-stake:<user>:<key>`), the pot and the players counted; the
 *   second distinct player starts the countdown (`ends_at`). Refused once `ends_at` has passed.
 * - The draw (`settleDueRound`): a round whose `ends_at` has passed, locked with `SKIP LOCKED` (a round
 *   being staked on or drawn elsewhere is left for the next pass), its winner chosen by lib/fair/rooms.ts
 *   from its seed and its stakes in order, the pot less the commission paid from the house to the
 *   winner (`room-win:<round>`, once: the round's status and the transfer's key both say so), the round
 *   marked drawn (its seed may now be shown) and the next round opened with a new seed.
 *
 * Stakes count towards the player's loss and session limits as crash bets do (checkBet, recordPayout).
 * Like crash bets, they do not count towards bonus wagering: the stakes are paid from cash only.
 */
import { randomBytes } from 'node:crypto';
import {
  ROOM_COMMISSION_PERCENT,
  ROOM_MAX_STAKES_PER_PLAYER,
  ROOM_MAX_STAKES_PER_ROUND,
  ROOM_POTS,
  roomStakeLimits,
  type RoomName,
} from '@/lib/constants/rooms';
import type { Currency } from '@/lib/constants/currencies';
import type {
  RoomHistory,
  RoomLobbyEntry,
  RoomRound,
  RoomRules,
  RoomStakeView,
  RoomsLobby,
} from '@/lib/contracts/rooms';
import { roomDraw, roomSeedHash, ROOM_SEED_BYTES } from '@/lib/fair/rooms';
import { toMinorUnits } from '@/lib/money';
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
import { checkBet, recordPayout } from '../protection/service';
import * as repository from './repository';

export const HIDDEN_PLAYER = 'Hidden';

export interface RoomPlayer {
  id: number;
  currency: Currency;
  /** When the player's log-in session started (their session limit counts from it). */
  sessionStartedAt: Date;
}

type StakeWithName = repository.RoomStakeRow & { name: string | null };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function stakeView(stake: StakeWithName): RoomStakeView {
  return {
    id: stake.id,
    user_id: stake.userId,
    player: stake.name ?? HIDDEN_PLAYER,
    amount: minorToMajor(stake.amountMinor),
    created_at: stake.createdAt.toISOString(),
  };
}

/** A round as players see it: the seed only once it is drawn. */
export function roundView(round: repository.RoomRoundRow, stakes: StakeWithName[]): RoomRound {
  const drawn = round.status === 'drawn';
  const winner = drawn ? stakes.find((stake) => stake.id === round.winnerStakeId) : undefined;
  return {
    id: round.id,
    room: round.room as RoomName,
    currency: round.currency as Currency,
    status: drawn ? 'drawn' : 'open',
    seed_hash: round.seedHash,
    seed: drawn ? round.seed : null,
    pot: minorToMajor(round.potMinor),
    players: round.players,
    stakes: stakes.map(stakeView),
    ends_at: iso(round.endsAt),
    opened_at: round.openedAt.toISOString(),
    drawn_at: iso(round.drawnAt),
    ticket: drawn && round.ticket !== null ? Number(round.ticket) : null,
    commission: drawn && round.commissionMinor !== null ? minorToMajor(round.commissionMinor) : null,
    winner:
      drawn && winner
        ? {
            stake_id: winner.id,
            user_id: winner.userId,
            player: winner.name ?? HIDDEN_PLAYER,
            payout: minorToMajor(round.payoutMinor ?? 0n),
          }
        : null,
  };
}

async function viewOf(db: Executor, round: repository.RoomRoundRow): Promise<RoomRound> {
  return roundView(round, await repository.stakesOfRounds(db, [round.id]));
}

export function rulesOf(room: RoomName, currency: Currency, countdownMs: number): RoomRules {
  const { min, max } = roomStakeLimits(room, currency);
  return {
    min,
    max,
    max_stakes_per_player: ROOM_MAX_STAKES_PER_PLAYER,
    max_stakes_per_round: ROOM_MAX_STAKES_PER_ROUND,
    commission_percent: ROOM_COMMISSION_PERCENT,
    countdown_ms: countdownMs,
  };
}

function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(ROOM_SEED_BYTES).toString('hex');
  return { seed, seedHash: roomSeedHash(seed) };
}

/** Opens a round of the room and currency unless one is open (the first caller's seed wins). */
async function openRound(db: Executor, room: RoomName, currency: Currency, now: Date): Promise<void> {
  await repository.insertOpenRound(db, { room, currency, ...newSeed(), openedAt: now });
}

/** The room's open round in the currency, opened now if it has none yet. */
export async function currentRound(
  db: Executor,
  room: RoomName,
  currency: Currency,
  now: Date,
): Promise<repository.RoomRoundRow> {
  const found = await repository.findOpenRound(db, room, currency);
  if (found) return found;
  await openRound(db, room, currency, now);
  const opened = await repository.findOpenRound(db, room, currency);
  if (!opened) throw new Error(`room ${room} ${currency}: no open round`);
  return opened;
}

function lobbyEntry(round: repository.RoomRoundRow): RoomLobbyEntry {
  const room = round.room as RoomName;
  const currency = round.currency as Currency;
  const { min, max } = roomStakeLimits(room, currency);
  return {
    room,
    currency,
    round_id: round.id,
    pot: minorToMajor(round.potMinor),
    players: round.players,
    ends_at: iso(round.endsAt),
    min,
    max,
  };
}

/** Every room's open round (in one currency, or all), opening the ones missing. */
export async function lobby(db: Executor, now: Date, currency?: Currency): Promise<RoomsLobby> {
  const wanted = ROOM_POTS.filter((pot) => !currency || pot.currency === currency);
  let rounds = await repository.openRounds(db, currency);
  const missing = wanted.filter(
    (pot) => !rounds.some((round) => round.room === pot.room && round.currency === pot.currency),
  );
  if (missing.length > 0) {
    for (const pot of missing) await openRound(db, pot.room, pot.currency, now);
    rounds = await repository.openRounds(db, currency);
  }
  const order = (round: repository.RoomRoundRow) =>
    wanted.findIndex((pot) => pot.room === round.room && pot.currency === round.currency);
  return {
    rooms: rounds
      .filter((round) => order(round) >= 0)
      .sort((a, b) => order(a) - order(b))
      .map(lobbyEntry),
    now: now.toISOString(),
  };
}

export async function roundState(
  db: Executor,
  room: RoomName,
  currency: Currency,
  now: Date,
): Promise<RoomRound> {
  return viewOf(db, await currentRound(db, room, currency, now));
}

/** Finished rounds, newest first, with everything a player needs to check them. */
export async function history(
  db: Executor,
  room: RoomName,
  currency: Currency,
  limit: number,
): Promise<RoomHistory> {
  const rounds = await repository.drawnRounds(db, room, currency, limit);
  const stakes = await repository.stakesOfRounds(
    db,
    rounds.map((round) => round.id),
  );
  return {
    items: rounds.map((round) =>
      roundView(
        round,
        stakes.filter((stake) => stake.roundId === round.id),
      ),
    ),
  };
}

export interface PlacedStake {
  stake: RoomStakeView;
  round: RoomRound;
  balanceMinor: bigint;
  /** The same key again: nothing new was staked. */
  replayed: boolean;
  /** This stake was the second player's: the countdown started (`round.ends_at`). */
  countdownStarted: boolean;
}

/**
 * A stake in the room's open round in the player's currency, while it takes stakes: within the room's
 * limits, at most ROOM_MAX_STAKES_PER_PLAYER per player and ROOM_MAX_STAKES_PER_ROUND in all. The same
 * key again answers the first stake; 422 for anything refused.
 */
export async function placeStake(
  db: Executor,
  input: {
    player: RoomPlayer;
    room: RoomName;
    amount: number;
    key: string;
    now: Date;
    countdownMs: number;
  },
): Promise<PlacedStake> {
  const { player, room, now } = input;
  const currency = player.currency;
  const limits = roomStakeLimits(room, currency);
  const amountMinor = BigInt(toMinorUnits(input.amount));
  if (amountMinor < limits.minMinor || amountMinor > limits.maxMinor) {
    throw ValidationError.field(
      'amount',
      amountMinor < limits.minMinor ? 'too_small' : 'too_big',
      `The stake must be from ${limits.min} to ${limits.max} ${currency}.`,
    );
  }
  return runTransaction(db, async (tx) => {
    // The round first (step 1 of the lock order): stakes of one round and its draw take turns.
    let round = await repository.lockOpenRound(tx, room, currency);
    if (!round) {
      await openRound(tx, room, currency, now);
      round = await repository.lockOpenRound(tx, room, currency);
      if (!round) throw new Error(`room ${room} ${currency}: no open round`);
    }
    const earlier = await repository.findStakeByKey(tx, player.id, input.key);
    if (earlier) {
      if (
        earlier.round.room !== room ||
        earlier.round.currency !== currency ||
        earlier.stake.amountMinor !== amountMinor
      )
        throw new IdempotencyConflictError(input.key);
      const stakes = await repository.stakesOfRounds(tx, [earlier.round.id]);
      const view = roundView(earlier.round, stakes);
      return {
        stake: view.stakes.find((stake) => stake.id === earlier.stake.id)!,
        round: view,
        balanceMinor: await userBalanceMinor(tx, player.id, currency, 'cash'),
        replayed: true,
        countdownStarted: false,
      };
    }
    if (round.endsAt && now.getTime() >= round.endsAt.getTime()) {
      throw ValidationError.field(
        'amount',
        'round_closed',
        'This round takes no more stakes: it is being drawn.',
      );
    }
    // The player's limits, under their money lock (step 2), which also orders their stakes.
    await checkBet(tx, {
      userId: player.id,
      currency,
      stakeMinor: amountMinor,
      payoutMinor: 0n,
      sessionStartedAt: player.sessionStartedAt,
      now,
    });
    const own = await repository.stakesOfUserIn(tx, round.id, player.id);
    if (own >= ROOM_MAX_STAKES_PER_PLAYER) {
      throw ValidationError.field(
        'amount',
        'too_many_stakes',
        `At most ${ROOM_MAX_STAKES_PER_PLAYER} stakes per player in a round.`,
      );
    }
    if (round.stakesCount >= ROOM_MAX_STAKES_PER_ROUND) {
      throw ValidationError.field('amount', 'round_full', 'This round takes no more stakes.');
    }
    const cash = await userAccount(tx, player.id, currency, 'cash');
    let moved;
    try {
      moved = await transfer(tx, {
        idempotencyKey: `room-stake:${player.id}:${input.key}`,
        kind: 'bet',
        reference: `room-round:${round.id}`,
        entries: [
          { account: cash, amountMinor: -amountMinor },
          { account: await gameHouseAccount(tx, player.id, currency), amountMinor },
        ],
        meta: { game: 'rooms', room, room_round: round.id },
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
    await repository.insertStake(tx, {
      roundId: round.id,
      userId: player.id,
      amountMinor,
      idempotencyKey: input.key,
      stakeTransferId: moved.transferId,
      createdAt: now,
    });
    const players = round.players + (own === 0 ? 1 : 0);
    const countdownStarted = round.endsAt === null && players >= 2;
    const updated = await repository.updateRound(tx, round.id, {
      potMinor: round.potMinor + amountMinor,
      stakesCount: round.stakesCount + 1,
      players,
      ...(countdownStarted ? { endsAt: new Date(now.getTime() + input.countdownMs) } : {}),
    });
    const view = await viewOf(tx, updated);
    return {
      stake: view.stakes[view.stakes.length - 1]!,
      round: view,
      balanceMinor: moved.balances.get(cash.id) ?? 0n,
      replayed: false,
      countdownStarted,
    };
  });
}

export interface SettledRound {
  drawn: RoomRound;
  opened: RoomRound;
}

/**
 * Draws one round whose countdown has ended, if any is free to take: the winner (lib/fair/rooms.ts)
 * paid the pot less the commission, the round marked drawn, the next one opened; one transaction.
 */
export async function settleDueRound(db: Executor, now: Date): Promise<SettledRound | null> {
  return runTransaction(db, async (tx) => {
    const round = await repository.lockDueRound(tx, now);
    if (!round) return null;
    const stakes = await repository.stakesOfRounds(tx, [round.id]);
    const draw = roomDraw(round.seed, stakes);
    if (draw.potMinor !== round.potMinor) {
      throw new Error(`room round ${round.id}: its pot ${round.potMinor} is not the sum of its stakes`);
    }
    const winner = stakes[draw.winnerIndex]!;
    const currency = round.currency as Currency;
    const commissionMinor = (draw.potMinor * BigInt(ROOM_COMMISSION_PERCENT)) / 100n;
    const payoutMinor = draw.potMinor - commissionMinor;
    const win = await transfer(tx, {
      idempotencyKey: `room-win:${round.id}`,
      kind: 'win',
      reference: `room-round:${round.id}`,
      entries: [
        { account: await gameHouseAccount(tx, winner.userId, currency), amountMinor: -payoutMinor },
        { account: await userAccount(tx, winner.userId, currency, 'cash'), amountMinor: payoutMinor },
      ],
      meta: { game: 'rooms', room: round.room, room_round: round.id, stake_id: winner.id },
    });
    await recordPayout(tx, { userId: winner.userId, currency, payoutMinor, now });
    await recordActivity(
      tx,
      stakes.map((stake) => ({
        key: `room-stake:${stake.id}`,
        ref: `room-stake:${stake.id}`,
        kind: 'bet' as const,
        userId: stake.userId,
        game: `room-${round.room}`,
        currency,
        stakeMinor: stake.amountMinor,
        payoutMinor: stake.id === winner.id ? payoutMinor : 0n,
        at: now,
      })),
    );
    const drawn = await repository.updateRound(tx, round.id, {
      status: 'drawn',
      drawnAt: now,
      ticket: draw.ticket,
      winnerStakeId: winner.id,
      winnerUserId: winner.userId,
      commissionMinor,
      payoutMinor,
      payoutTransferId: win.transferId,
    });
    const room = round.room as RoomName;
    await openRound(tx, room, currency, now);
    const opened = await repository.findOpenRound(tx, room, currency);
    return { drawn: roundView(drawn, stakes), opened: roundView(opened!, []) };
  });
}

/** Draws every round that is due and free to take; answers what it drew. */
export async function settleDueRounds(db: Executor, now: Date): Promise<SettledRound[]> {
  const settled: SettledRound[] = [];
  for (;;) {
    const one = await settleDueRound(db, now);
    if (!one) return settled;
    settled.push(one);
  }
}
