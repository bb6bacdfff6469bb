/**
 * The seamless wallet a game aggregator calls (issue 17; the contract in lib/contracts/aggregator.ts, the
 * HTTP side in routes.ts). Its providers' games run in the player's browser and move the player's money
 * here, one call per movement:
 *
 * - a bet takes the stake from the player's cash to the house, once per `transaction_uuid`: only on a
 *   live session token of that player, in its currency, from a player who may play, from a country that
 *   is not blocked (the one recorded at the game's launch), for a game the catalogue takes bets for
 *   (RS_ERROR_INVALID_GAME; any code while the catalogue is empty), within the player's limits (session,
 *   loss) and their balance. A free round's bet (`is_free`) moves nothing; with a `reward_uuid` of ours
 *   it uses one of the player's free spins (bonuses/free-rounds.ts). A real-money stake counts towards
 *   the player's bonus wagering (lib/bonuses/wagering.ts, `slots`);
 * - a win pays an accepted bet (`reference_transaction_uuid`) from the house to the player's cash, even
 *   after the session expired or the player was blocked: the round was played. The win of a free round
 *   of ours goes to the bonus balance with its campaign's wager instead (the bonus rules); that of a
 *   reward we did not grant (the aggregator's own promotion) to cash;
 * - a rollback gives an accepted bet's stake back, once, and takes back the wagering it counted (or the
 *   free spin it used); a rollback of a bet never seen is recorded, so that the bet, if it still comes (a
 *   provider retrying a call that timed out), is refused.
 *
 * A `transaction_uuid` seen before answers RS_OK (with the balance now) and moves nothing when it comes
 * with the same data, RS_ERROR_DUPLICATE_TRANSACTION otherwise (Hub88: another user, round, game,
 * amount, currency or reference). Every movement goes through the ledger with the uuid as its idempotency
 * key (`aggregator:<uuid>`), in the transaction that records it. Each call takes the player's money lock
 * first (ledger LOCK ORDER, step 2), so a player's bets, wins and rollbacks take turns.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AggregatorStatus } from '@/lib/contracts/aggregator';
import { AGGREGATOR_SESSION_TTL_MS, parseAggregatorUserId, unitsToMinor } from '@/lib/contracts/aggregator';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { recordActivity } from '../activity/record';
import { isUniqueViolation } from '../../lib/db-errors';
import { ValidationError } from '../../lib/errors';
import {
  creditFreeRoundWin,
  recordWager,
  returnFreeRound,
  revokeWager,
  useFreeRound,
} from '../bonuses/service';
import {
  gameAccounts,
  IdempotencyConflictError,
  InsufficientFundsError,
  lockUserMoney,
  transfer,
  userBalanceMinor,
} from '../ledger/service';
import { checkBet, mayPlay, recordPayout, SessionLimitError } from '../protection/service';
import * as repository from './repository';
import type { AggregatorSessionRow, AggregatorTransactionRow } from './schema';

export type { AggregatorSessionRow, AggregatorTransactionRow };

/** What a wallet call answers, before the route puts it in the aggregator's units. */
export interface WalletAnswer {
  status: AggregatorStatus;
  userId?: number;
  currency?: Currency;
  balanceMinor?: bigint;
  country?: string;
  registrationDate?: string;
}

/** A refusal with its status; the player's balance is read for the answer after the rollback. */
class Refusal extends Error {
  constructor(
    readonly status: AggregatorStatus,
    readonly currency?: Currency,
    /** The balance, when read in the transaction (the not-enough-money refusal, the hot one). */
    readonly balanceMinor?: bigint,
  ) {
    super(status);
    this.name = 'Refusal';
  }
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The ledger key of a wallet transaction. */
const transferKey = (transactionUuid: string) => `aggregator:${transactionUuid}`;

// --- sessions ---

/**
 * A game session for the aggregator (the launch call of a game makes one): a fresh random token for the
 * player, the game and the currency, taking bets for `ttlMs` (AGGREGATOR_SESSION_TTL_MS). `country` is the
 * player's country at launch (bets are refused while it is blocked); `sessionStartedAt` when their log-in
 * session started (their session limit counts from it; default: now). Only the token's hash is stored.
 */
export async function createGameSession(
  db: Executor,
  input: {
    userId: number;
    gameCode: string;
    currency: Currency;
    now: Date;
    country?: string | null;
    sessionStartedAt?: Date;
    ttlMs?: number;
  },
): Promise<{ token: string; session: AggregatorSessionRow }> {
  const token = randomBytes(24).toString('hex');
  const session = await repository.insertSession(db, {
    tokenHash: hashToken(token),
    userId: input.userId,
    gameCode: input.gameCode,
    currency: input.currency,
    country: input.country ?? null,
    sessionStartedAt: input.sessionStartedAt ?? input.now,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + (input.ttlMs ?? AGGREGATOR_SESSION_TTL_MS)),
  });
  return { token, session };
}

/** The session of `token` if it is one of the player's. */
async function sessionOf(
  db: Executor,
  token: string,
  userId: number,
): Promise<AggregatorSessionRow | undefined> {
  const session = await repository.sessionByTokenHash(db, hashToken(token));
  return session?.userId === userId ? session : undefined;
}

// --- answers ---

/** The player's cash balance for an answer (outside any transaction that failed). */
async function answer(
  db: Executor,
  status: AggregatorStatus,
  userId: number,
  currency: Currency,
): Promise<WalletAnswer> {
  return { status, userId, currency, balanceMinor: await userBalanceMinor(db, userId, currency, 'cash') };
}

/** A refusal for a player we know: with their balance in `currency`, else in their account currency. */
async function refuse(
  db: Executor,
  status: AggregatorStatus,
  userId: number,
  currency?: Currency,
): Promise<WalletAnswer> {
  if (currency) return answer(db, status, userId, currency);
  const player = await repository.playerOf(db, userId);
  if (!player || !isCurrency(player.currency)) return { status, userId };
  return answer(db, status, userId, player.currency);
}

/** Runs a money call: a Refusal thrown inside rolls everything back and answers its status. */
async function moneyCall(
  db: Executor,
  userId: number,
  body: (tx: Executor) => Promise<WalletAnswer>,
): Promise<WalletAnswer> {
  try {
    return await runTransaction(db, async (tx) => {
      await lockUserMoney(tx, userId);
      return body(tx);
    });
  } catch (error) {
    if (error instanceof Refusal) {
      if (error.currency && error.balanceMinor !== undefined) {
        return { status: error.status, userId, currency: error.currency, balanceMinor: error.balanceMinor };
      }
      return refuse(db, error.status, userId, error.currency);
    }
    // Two players' calls with one uuid at once: the second finds the first's key or row.
    if (error instanceof IdempotencyConflictError || isUniqueViolation(error)) {
      return refuse(db, 'RS_ERROR_DUPLICATE_TRANSACTION', userId);
    }
    throw error;
  }
}

/** The player a call names, or null (RS_ERROR_UNKNOWN: not one of ours). */
function playerIdOf(user: string): number | null {
  return parseAggregatorUserId(user);
}

// --- user/info, user/balance ---

/** `user/info`: the player's currency, balance, country (of the token's session, else the newest) and sign-up date. */
export async function userInfo(
  db: Executor,
  request: { user: string; token?: string },
): Promise<WalletAnswer> {
  const userId = playerIdOf(request.user);
  const player = userId === null ? undefined : await repository.playerOf(db, userId);
  if (!player || !isCurrency(player.currency)) return { status: 'RS_ERROR_UNKNOWN' };
  let session: AggregatorSessionRow | undefined;
  if (request.token !== undefined) {
    session = await sessionOf(db, request.token, player.id);
    if (!session) return refuse(db, 'RS_ERROR_INVALID_TOKEN', player.id);
  } else {
    session = await repository.latestSessionOf(db, player.id);
  }
  const currency = session && isCurrency(session.currency) ? session.currency : player.currency;
  return {
    ...(await answer(db, 'RS_OK', player.id, currency)),
    ...(session?.country ? { country: session.country } : {}),
    registrationDate: player.createdAt.toISOString().slice(0, 10),
  };
}

/** `user/balance`: the player's cash balance in the session's currency, while the session is live. */
export async function balance(
  db: Executor,
  request: { user: string; token: string },
  now: Date,
): Promise<WalletAnswer> {
  const userId = playerIdOf(request.user);
  if (userId === null) return { status: 'RS_ERROR_UNKNOWN' };
  const session = await sessionOf(db, request.token, userId);
  if (!session) return refuse(db, 'RS_ERROR_INVALID_TOKEN', userId);
  const currency = session.currency as Currency;
  if (session.expiresAt <= now) return refuse(db, 'RS_ERROR_TOKEN_EXPIRED', userId, currency);
  return answer(db, 'RS_OK', userId, currency);
}

// --- transactions ---

interface MoneyRequest {
  user: string;
  token: string;
  transaction_uuid: string;
  round: string;
  game_code: string;
  currency: string;
  amount: number;
  is_free?: boolean | null;
  reward_uuid?: string | null;
  round_closed?: boolean | null;
}

/** Whether a transaction seen before is this request again (Hub88's duplicate rule). */
function sameTransaction(
  row: AggregatorTransactionRow,
  request: {
    kind: string;
    userId: number;
    round: string;
    gameCode: string;
    currency?: string;
    amount?: bigint;
    reference?: string;
  },
): boolean {
  return (
    row.kind === request.kind &&
    row.userId === request.userId &&
    row.round === request.round &&
    row.gameCode === request.gameCode &&
    (request.currency === undefined || row.currency === request.currency) &&
    (request.amount === undefined || row.amountUnits === request.amount) &&
    (row.referenceTransactionUuid ?? undefined) === request.reference
  );
}

/** What the ledger and the statement keep of a movement. */
/** The activity module's game key of a provider's game: `live:<code>` for a live table, else `slots:<code>`. */
const providerGameKey = (gameCode: string, live: boolean) => `${live ? 'live' : 'slots'}:${gameCode}`;

const movementMeta = (request: { game_code: string; round: string; transaction_uuid: string }) => ({
  game: 'aggregator',
  game_code: request.game_code,
  round: request.round,
  transaction_uuid: request.transaction_uuid,
});

/**
 * `transaction/bet` (see the module comment). Answers RS_OK with the balance after the stake, or the
 * refusal's status with the balance as it is.
 */
export async function placeBet(
  db: Executor,
  request: MoneyRequest,
  settings: { unitsPerMinor: bigint; now: Date },
): Promise<WalletAnswer> {
  const userId = playerIdOf(request.user);
  if (userId === null) return { status: 'RS_ERROR_UNKNOWN' };
  const amountUnits = BigInt(request.amount);
  const amountMinor = unitsToMinor(amountUnits, settings.unitsPerMinor);
  if (amountMinor === null) return refuse(db, 'RS_ERROR_WRONG_TYPES', userId);
  const { now } = settings;

  return moneyCall(db, userId, async (tx) => {
    const context = await repository.betContext(tx, {
      userId,
      tokenHash: hashToken(request.token),
      transactionUuid: request.transaction_uuid,
      gameCode: request.game_code,
    });
    const session = context.session?.userId === userId ? context.session : null;
    if (!session) throw new Refusal('RS_ERROR_INVALID_TOKEN');
    const currency = session.currency as Currency;
    const { seen, player } = context;
    if (seen) {
      const same = sameTransaction(seen, {
        kind: 'bet',
        userId,
        round: request.round,
        gameCode: request.game_code,
        currency: request.currency,
        amount: amountUnits,
      });
      if (!same) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION', currency);
      if (seen.status === 'rolled_back') throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK', currency);
      return answer(tx, 'RS_OK', userId, seen.currency as Currency);
    }
    // Rolled back before it came (the provider gave up on a call that timed out): never taken now.
    if (context.rolledBackBefore) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK', currency);
    if (session.expiresAt <= now) throw new Refusal('RS_ERROR_TOKEN_EXPIRED', currency);
    if (request.currency !== currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY', currency);
    if (!player || !mayPlay(player, now)) throw new Refusal('RS_ERROR_USER_DISABLED', currency);
    if (session.country !== null && context.countryBlocked) {
      throw new Refusal('RS_ERROR_USER_DISABLED', currency);
    }
    if (!context.gameTakesBets) throw new Refusal('RS_ERROR_INVALID_GAME', currency);

    const free = request.is_free === true;
    const rewardUuid = free && request.reward_uuid ? request.reward_uuid : null;
    let ownReward = false;
    if (rewardUuid) {
      const used = await useFreeRound(tx, { userId, rewardUuid, gameCode: request.game_code, now });
      if (used === 'other_game') throw new Refusal('RS_ERROR_INVALID_GAME', currency);
      if (used === 'none_left') throw new Refusal('RS_ERROR_LIMIT_REACHED', currency);
      ownReward = used === 'used';
    }
    const stake = free ? 0n : amountMinor;
    try {
      // The player's session and loss limits, as for the in-house games; counts the stake's loss.
      await checkBet(tx, {
        userId,
        currency,
        stakeMinor: stake,
        payoutMinor: 0n,
        sessionStartedAt: session.sessionStartedAt,
        now,
      });
    } catch (error) {
      if (error instanceof SessionLimitError || error instanceof ValidationError) {
        throw new Refusal('RS_ERROR_LIMIT_REACHED', currency);
      }
      throw error;
    }

    let transferId: number | null = null;
    /** The cash balance after the stake, as the transfer left it. */
    let balanceMinor: bigint | undefined;
    if (stake > 0n) {
      const { cash, house } = await gameAccounts(tx, userId, currency);
      try {
        const moved = await transfer(tx, {
          idempotencyKey: transferKey(request.transaction_uuid),
          kind: 'bet',
          reference: `aggregator-round:${request.round}`,
          entries: [
            { account: cash, amountMinor: -stake },
            { account: house, amountMinor: stake },
          ],
          meta: movementMeta(request),
        });
        transferId = moved.transferId;
        balanceMinor = moved.balances.get(cash.id);
      } catch (error) {
        if (error instanceof InsufficientFundsError) {
          // The transfer's savepoint is undone; the balance is read before the whole call is.
          const balanceMinor = await userBalanceMinor(tx, userId, currency, 'cash');
          throw new Refusal('RS_ERROR_NOT_ENOUGH_MONEY', currency, balanceMinor);
        }
        throw error;
      }
    }
    await repository.insertTransaction(tx, {
      transactionUuid: request.transaction_uuid,
      kind: 'bet',
      status: 'accepted',
      userId,
      sessionId: session.id,
      gameCode: request.game_code,
      round: request.round,
      currency,
      amountUnits,
      amountMinor,
      isFree: free,
      rewardUuid: ownReward ? rewardUuid : null,
      roundClosed: request.round_closed === true,
      transferId,
      createdAt: now,
    });
    if (stake > 0n) {
      await recordActivity(tx, [
        {
          key: `agg-bet:${request.transaction_uuid}`,
          ref: `agg-bet:${request.transaction_uuid}`,
          kind: 'bet',
          userId,
          game: providerGameKey(request.game_code, context.gameLive),
          currency,
          stakeMinor: stake,
          payoutMinor: 0n,
          at: now,
        },
      ]);
      const { released } = await recordWager(tx, {
        userId,
        currency,
        bet: { game: 'slots', stakeMinor: stake },
        reference: transferKey(request.transaction_uuid),
        now,
      });
      // A bonus the wagering released moved money to the cash balance too: then it is read again.
      if (released.length === 0 && balanceMinor !== undefined) {
        return { status: 'RS_OK', userId, currency, balanceMinor };
      }
    }
    return answer(tx, 'RS_OK', userId, currency);
  });
}

/**
 * `transaction/win`: pays the accepted bet `reference_transaction_uuid` of the player (RS_ERROR_TRANSACTION_
 * DOES_NOT_EXIST for an unknown bet, RS_ERROR_TRANSACTION_ROLLED_BACK for one rolled back), whatever the
 * session's state. The win of a free round of ours (its bet used one of our rewards) goes to the bonus
 * balance with the campaign's wager (bonuses `creditFreeRoundWin`); any other win to cash.
 */
export async function settleWin(
  db: Executor,
  request: MoneyRequest & { reference_transaction_uuid: string },
  settings: { unitsPerMinor: bigint; now: Date },
): Promise<WalletAnswer> {
  const userId = playerIdOf(request.user);
  if (userId === null) return { status: 'RS_ERROR_UNKNOWN' };
  const amountUnits = BigInt(request.amount);
  const amountMinor = unitsToMinor(amountUnits, settings.unitsPerMinor);
  if (amountMinor === null) return refuse(db, 'RS_ERROR_WRONG_TYPES', userId);
  const { now } = settings;
  const reference = request.reference_transaction_uuid;

  return moneyCall(db, userId, async (tx) => {
    const context = await repository.settlementContext(tx, {
      userId,
      tokenHash: hashToken(request.token),
      transactionUuid: request.transaction_uuid,
      reference,
    });
    const { seen, bet } = context;
    if (seen) {
      const same = sameTransaction(seen, {
        kind: 'win',
        userId,
        round: request.round,
        gameCode: request.game_code,
        currency: request.currency,
        amount: amountUnits,
        reference,
      });
      if (!same) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
      return answer(tx, 'RS_OK', userId, seen.currency as Currency);
    }
    if (!bet || bet.kind !== 'bet' || bet.userId !== userId) {
      const rolledBack = !bet && context.betRolledBack;
      throw new Refusal(
        rolledBack ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      );
    }
    const currency = bet.currency as Currency;
    if (bet.status === 'rolled_back') throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK', currency);
    if (request.currency !== currency) throw new Refusal('RS_ERROR_WRONG_CURRENCY', currency);

    let transferId: number | null = null;
    /** The cash balance after a win paid to cash, as the transfer left it. */
    let balanceMinor: bigint | undefined;
    const meta = {
      ...movementMeta(request),
      reference_transaction_uuid: reference,
      ...(request.is_free === true ? { free: true } : {}),
    };
    if (amountMinor > 0n && bet.rewardUuid !== null) {
      // A free round of ours: to the bonus balance, with the campaign's wager.
      const credited = await creditFreeRoundWin(tx, {
        userId,
        currency,
        rewardUuid: bet.rewardUuid,
        amountMinor,
        idempotencyKey: transferKey(request.transaction_uuid),
        reference: `aggregator-round:${request.round}`,
        meta,
        now,
      });
      transferId = credited?.transferId ?? null;
    }
    if (amountMinor > 0n && transferId === null) {
      const { cash, house } = await gameAccounts(tx, userId, currency);
      const moved = await transfer(tx, {
        idempotencyKey: transferKey(request.transaction_uuid),
        kind: 'win',
        reference: `aggregator-round:${request.round}`,
        entries: [
          { account: house, amountMinor: -amountMinor },
          { account: cash, amountMinor },
        ],
        meta,
      });
      transferId = moved.transferId;
      balanceMinor = moved.balances.get(cash.id);
      // A win lowers the net loss the player's loss limits count.
      await recordPayout(tx, { userId, currency, payoutMinor: amountMinor, now });
      if (!bet.isFree) {
        await recordActivity(tx, [
          {
            key: `agg-win:${request.transaction_uuid}`,
            ref: `agg-bet:${reference}`,
            kind: 'win',
            userId,
            game: providerGameKey(bet.gameCode, context.gameLive),
            currency,
            stakeMinor: 0n,
            payoutMinor: amountMinor,
            betStakeMinor: bet.amountMinor,
            at: now,
          },
        ]);
      }
    }
    const session = context.session?.userId === userId ? context.session : null;
    await repository.insertTransaction(tx, {
      transactionUuid: request.transaction_uuid,
      kind: 'win',
      status: 'accepted',
      userId,
      sessionId: session?.id ?? null,
      gameCode: request.game_code,
      round: request.round,
      currency,
      amountUnits,
      amountMinor,
      referenceTransactionUuid: reference,
      isFree: request.is_free === true,
      roundClosed: request.round_closed === true,
      transferId,
      createdAt: now,
    });
    if (balanceMinor !== undefined) return { status: 'RS_OK', userId, currency, balanceMinor };
    return answer(tx, 'RS_OK', userId, currency);
  });
}

/**
 * `transaction/rollback` of the bet `reference_transaction_uuid`: its stake back to the player's cash,
 * once (a rollback of a bet already rolled back is recorded and moves nothing); a rollback of a bet never
 * seen is recorded (RS_OK) and refuses that bet later. A bet that already has a win is not rolled back
 * (RS_ERROR_UNKNOWN: its round was played); a win is never rolled back (RS_ERROR_TRANSACTION_DOES_NOT_EXIST:
 * it is no bet). Taken whatever the session's state.
 */
export async function rollback(
  db: Executor,
  request: {
    user: string;
    token: string;
    transaction_uuid: string;
    reference_transaction_uuid: string;
    round: string;
    game_code: string;
    round_closed?: boolean | null;
  },
  settings: { now: Date },
): Promise<WalletAnswer> {
  const userId = playerIdOf(request.user);
  if (userId === null) return { status: 'RS_ERROR_UNKNOWN' };
  const { now } = settings;
  const reference = request.reference_transaction_uuid;

  return moneyCall(db, userId, async (tx) => {
    const context = await repository.settlementContext(tx, {
      userId,
      tokenHash: hashToken(request.token),
      transactionUuid: request.transaction_uuid,
      reference,
    });
    const { player, seen, bet } = context;
    if (!player || !isCurrency(player.currency)) throw new Refusal('RS_ERROR_UNKNOWN');
    if (seen) {
      const same = sameTransaction(seen, {
        kind: 'rollback',
        userId,
        round: request.round,
        gameCode: request.game_code,
        reference,
      });
      if (!same) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
      return answer(tx, 'RS_OK', userId, seen.currency as Currency);
    }
    const session = context.session?.userId === userId ? context.session : null;
    const record = (values: {
      status: 'applied' | 'repeated' | 'unmatched';
      currency: Currency;
      amountUnits?: bigint;
      amountMinor?: bigint;
      transferId?: number | null;
    }) =>
      repository.insertTransaction(tx, {
        transactionUuid: request.transaction_uuid,
        kind: 'rollback',
        userId,
        sessionId: session?.id ?? null,
        gameCode: request.game_code,
        round: request.round,
        referenceTransactionUuid: reference,
        roundClosed: request.round_closed === true,
        createdAt: now,
        ...values,
      });

    if (!bet) {
      const currency = session && isCurrency(session.currency) ? session.currency : player.currency;
      await record({ status: 'unmatched', currency });
      return answer(tx, 'RS_OK', userId, currency);
    }
    if (bet.kind !== 'bet' || bet.userId !== userId) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const currency = bet.currency as Currency;
    if (bet.status === 'rolled_back') {
      await record({ status: 'repeated', currency });
      return answer(tx, 'RS_OK', userId, currency);
    }
    if (context.betHasWin) throw new Refusal('RS_ERROR_UNKNOWN', currency);

    const back = bet.isFree ? 0n : bet.amountMinor;
    let transferId: number | null = null;
    /** The cash balance after the stake came back, as the transfer left it. */
    let balanceMinor: bigint | undefined;
    if (back > 0n) {
      const { cash, house } = await gameAccounts(tx, userId, currency);
      const moved = await transfer(tx, {
        idempotencyKey: transferKey(request.transaction_uuid),
        kind: 'win',
        reference: `aggregator-round:${bet.round}`,
        entries: [
          { account: house, amountMinor: -back },
          { account: cash, amountMinor: back },
        ],
        meta: {
          ...movementMeta({ ...request, game_code: bet.gameCode, round: bet.round }),
          reference_transaction_uuid: reference,
          refund: true,
        },
      });
      transferId = moved.transferId;
      balanceMinor = moved.balances.get(cash.id);
      await recordPayout(tx, { userId, currency, payoutMinor: back, now });
      // The stake no longer counts towards the player's bonus wagering.
      await revokeWager(tx, { userId, currency, bet: { game: 'slots', stakeMinor: back } });
      await recordActivity(tx, [
        {
          key: `agg-rollback:${request.transaction_uuid}`,
          ref: `agg-bet:${reference}`,
          kind: 'rollback',
          userId,
          game: providerGameKey(bet.gameCode, context.gameLive),
          currency,
          stakeMinor: -back,
          payoutMinor: 0n,
          betStakeMinor: back,
          at: now,
        },
      ]);
    }
    if (bet.rewardUuid !== null) {
      await returnFreeRound(tx, { userId, rewardUuid: bet.rewardUuid, now });
    }
    await repository.markRolledBack(tx, bet.id);
    await record({
      status: 'applied',
      currency,
      amountUnits: bet.amountUnits,
      amountMinor: bet.amountMinor,
      transferId,
    });
    if (balanceMinor !== undefined) return { status: 'RS_OK', userId, currency, balanceMinor };
    return answer(tx, 'RS_OK', userId, currency);
  });
}
