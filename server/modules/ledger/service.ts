/**
 * THE ledger: the code that writes balances (DESIGN.md), with one twin: the instant bets write their two
 * transfers in the SQL function `game_place_instant_bet` (migration 0008_bet_statement.sql, called by
 * games/bet-statement.ts), by these same rules and this lock order, in one round trip (server/README.md,
 * "The bet path"). Every movement is a double-entry transfer whose signed entries sum to zero, carries a
 * unique idempotency key, locks its accounts in id order, and updates the cached balances in the same
 * transaction. User accounts can never go below zero
 * (checked here, and by a CHECK constraint as a backstop).
 *
 * LOCK ORDER. Every money transaction takes its locks in this one order, never going back to an earlier
 * step once it took a later one; two transactions then cannot wait on each other in a cycle:
 *
 *   1. the row the operation is about, `FOR UPDATE`: the invoice (payment webhook, operator review), the
 *      player's seed pair (a bet, a case opening), the round's bet row (a miner or hilo move);
 *   2. the player's money lock ({@link lockUserMoney}: a transaction-scoped advisory lock per user).
 *      `transfer()` takes it itself, before anything else, for the player whose account it moves; bonus
 *      changes (activation, deposit award, wager, release, cancellation) take it before they read the
 *      bonus state. A transaction holds at most one player's money lock: every transfer is between one
 *      player's accounts and system accounts;
 *   3. the transfer's idempotency key (its unique index entry);
 *   4. the transfer's ledger account rows, `FOR UPDATE` in ascending id order. A player's accounts are only
 *      ever locked under that player's money lock (2), so only system accounts (house shards, bonus pool,
 *      payment clearing) are shared between transactions at this step. A transaction's later transfers may
 *      lock further system accounts; no two code paths take two system accounts in opposite orders (a
 *      deposit: clearing and house, then the bonus pool; a bet: the player's accounts, then a house shard).
 *
 * Before this order, a deposit webhook locked the cash account (4) and then the bonus lock (2) while a bet
 * took the bonus lock and then the cash account: PostgreSQL killed one of them with a deadlock (40P01).
 * Every money transaction also runs through `runTransaction` (server/db/transaction.ts), which runs a
 * transaction PostgreSQL aborted with a deadlock or serialization failure again (bounded, jittered): the
 * backstop for an order this comment failed to foresee; the idempotency keys make the rerun safe.
 */
import { createHash } from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { HttpError } from '../../lib/errors';
import * as repository from './repository';
import type { LedgerAccount } from './repository';

export type { LedgerAccount };

export type AccountKind = 'cash' | 'bonus';
export type TransferKind = 'deposit' | 'bonus' | 'bet' | 'win' | 'adjustment' | 'withdrawal';

/** System accounts: `house`, `bonus_pool`, `promotions` (tournament prizes, VIP rewards), `clearing:<provider>`. They may go negative. */
export type SystemAccountCode =
  | 'house'
  | `house:${number}`
  | 'bonus_pool'
  | 'promotions'
  | `clearing:${string}`
  | `payouts:${string}`;

/**
 * How many house accounts per currency take the games' stakes and wins. Every bet locks the house
 * account it moves money with until its transaction commits; one account per currency would make all
 * players' bets wait for each other, so a player's bets go to shard `user id mod HOUSE_SHARDS`. The
 * house's money is the sum of `house` and every `house:<n>` of the currency.
 */
export const HOUSE_SHARDS = 64;

/** The house account of `userId`'s game bets (see {@link HOUSE_SHARDS}). */
export function gameHouseAccount(db: Executor, userId: number, currency: Currency): Promise<LedgerAccount> {
  return systemAccount(db, `house:${userId % HOUSE_SHARDS}`, currency);
}

/** First key of the per-user money lock (the second is the user id); step 2 of the lock order above. */
export const MONEY_LOCK_CLASS = 734_619_004;

/**
 * The money locks each open transaction (or savepoint) handle took, so that taking one again costs no
 * round trip: a wallet bet asks for its player's lock four times (the call, the limits, the transfer, the
 * wagering). Kept per handle, not per connection: a lock taken in a savepoint is released when the
 * savepoint is rolled back, and a savepoint has a handle of its own, so a lock is only ever remembered by
 * the handle that holds it for as long as that handle lives.
 */
const heldMoneyLocks = new WeakMap<Executor, Set<number>>();

const isTransaction = (db: Executor): boolean => db instanceof PgTransaction;

/**
 * Takes the player's money lock until the surrounding transaction ends (step 2 of the lock order):
 * transfers of the player's accounts and changes of their bonuses take turns. Re-entrant; a second call
 * on the same handle asks nothing of the database.
 */
export async function lockUserMoney(tx: Executor, userId: number): Promise<void> {
  const held = heldMoneyLocks.get(tx);
  if (held?.has(userId)) return;
  await repository.advisoryXactLock(tx, MONEY_LOCK_CLASS, userId);
  // Outside a transaction the lock ended with its statement: nothing to remember.
  if (!isTransaction(tx)) return;
  if (held) held.add(userId);
  else heldMoneyLocks.set(tx, new Set([userId]));
}

export interface TransferEntry {
  account: LedgerAccount | number;
  amountMinor: bigint;
}

export interface TransferInput {
  idempotencyKey: string;
  entries: TransferEntry[];
  kind: TransferKind;
  reference?: string | null;
  meta?: Record<string, unknown>;
}

export interface TransferResult {
  transferId: number;
  /** True when the key was already used with the same payload: nothing moved this time. */
  replayed: boolean;
  /** Balance of each account after the transfer (or, for a replay, the balances now). */
  balances: Map<number, bigint>;
}

/** A debit larger than a user account's balance. HTTP 422 with the `insufficient_funds` key. */
export class InsufficientFundsError extends HttpError {
  constructor(readonly accountId: number) {
    super(422, 'Insufficient funds.');
    this.name = 'InsufficientFundsError';
  }
}

/** An idempotency key reused with a different payload. HTTP 409. */
export class IdempotencyConflictError extends HttpError {
  constructor(readonly idempotencyKey: string) {
    super(409, 'The idempotency key was already used for a different request.');
    this.name = 'IdempotencyConflictError';
  }
}

/** A transfer that is not well-formed (programming error, never user input). */
export class InvalidTransferError extends Error {
  override name = 'InvalidTransferError';
}

async function ensureAccount(
  db: Executor,
  values: { key: string; userId: number | null; systemCode: string | null; currency: string; kind: string },
): Promise<LedgerAccount> {
  const row = await repository.ensureAccount(db, values);
  if (!row) throw new Error(`ledger account ${values.key} vanished`);
  return row;
}

/** The user's account of that currency and kind, created (empty) on first use. */
export function userAccount(
  db: Executor,
  userId: number,
  currency: Currency,
  kind: AccountKind = 'cash',
): Promise<LedgerAccount> {
  return ensureAccount(db, {
    key: `user:${userId}:${currency}:${kind}`,
    userId,
    systemCode: null,
    currency,
    kind,
  });
}

/** A system account of that currency, created on first use. */
export function systemAccount(
  db: Executor,
  code: SystemAccountCode,
  currency: Currency,
): Promise<LedgerAccount> {
  return ensureAccount(db, {
    key: `system:${code}:${currency}`,
    userId: null,
    systemCode: code,
    currency,
    kind: 'system',
  });
}

/**
 * The player's cash account and the house shard of their game bets ({@link gameHouseAccount}), read in
 * one query; either is created (empty) on first use.
 */
export async function gameAccounts(
  db: Executor,
  userId: number,
  currency: Currency,
): Promise<{ cash: LedgerAccount; house: LedgerAccount }> {
  const cashKey = `user:${userId}:${currency}:cash`;
  const houseKey = `system:house:${userId % HOUSE_SHARDS}:${currency}`;
  const found = await repository.accountsByKeys(db, [cashKey, houseKey]);
  return {
    cash: found.find((a) => a.key === cashKey) ?? (await userAccount(db, userId, currency, 'cash')),
    house: found.find((a) => a.key === houseKey) ?? (await gameHouseAccount(db, userId, currency)),
  };
}

/** The user's accounts (any currency and kind) that exist. */
export const accountsOfUser = repository.accountsOfUser;

function canonical(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(`${value}n`);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Moves money. Runs in a savepoint of `db` when it is a transaction (a failure undoes only the
 * transfer) or in a transaction of its own (through `runTransaction`, so run again after a deadlock).
 * Takes the money lock of the players whose accounts it moves first (see LOCK ORDER above). Repeating a
 * key with the same payload returns the first transfer (`replayed: true`); a different payload throws
 * IdempotencyConflictError.
 */
export async function transfer(db: Executor, input: TransferInput): Promise<TransferResult> {
  const entries = input.entries.map((entry) => ({
    accountId: typeof entry.account === 'number' ? entry.account : entry.account.id,
    amountMinor: entry.amountMinor,
  }));
  const knownUsers = input.entries.flatMap((entry) =>
    typeof entry.account === 'number' || entry.account.userId === null ? [] : [entry.account.userId],
  );
  const unknownIds = input.entries.flatMap((entry) =>
    typeof entry.account === 'number' ? [entry.account] : [],
  );
  if (!input.idempotencyKey || input.idempotencyKey.length > 200) {
    throw new InvalidTransferError('an idempotency key of 1 to 200 characters is required');
  }
  if (entries.length < 2) throw new InvalidTransferError('a transfer needs at least two entries');
  if (new Set(entries.map((e) => e.accountId)).size !== entries.length) {
    throw new InvalidTransferError('each account may appear once per transfer');
  }
  for (const entry of entries) {
    if (typeof entry.amountMinor !== 'bigint' || entry.amountMinor === 0n) {
      throw new InvalidTransferError('entry amounts must be non-zero bigints');
    }
  }
  if (entries.reduce((sum, e) => sum + e.amountMinor, 0n) !== 0n) {
    throw new InvalidTransferError('the entries of a transfer must sum to zero');
  }
  const sorted = [...entries].sort((a, b) => a.accountId - b.accountId);
  const payloadHash = createHash('sha256')
    .update(
      canonical({
        entries: sorted,
        kind: input.kind,
        reference: input.reference ?? null,
        meta: input.meta ?? {},
      }),
    )
    .digest('hex');

  // The players' money locks first (lock order step 2), then the key: a concurrent transfer with the
  // same key waits at the key until the first commits. Inside a transaction they are taken on it, before
  // the transfer's savepoint: a caller that holds them already (lockUserMoney) then waits for nothing.
  const lockOwners = async (tx: Executor) => {
    const userIds = new Set(knownUsers);
    if (unknownIds.length > 0) {
      const owners = await repository.ownersOf(tx, unknownIds);
      for (const { userId } of owners) if (userId !== null) userIds.add(userId);
    }
    for (const userId of [...userIds].sort((a, b) => a - b)) await lockUserMoney(tx, userId);
  };
  const inTransaction = isTransaction(db);
  if (inTransaction) await lockOwners(db);

  return runTransaction(db, async (tx) => {
    if (!inTransaction) await lockOwners(tx);

    const inserted = await repository.insertTransferOnce(tx, {
      idempotencyKey: input.idempotencyKey,
      payloadHash,
      kind: input.kind,
      reference: input.reference ?? null,
      meta: input.meta ?? {},
    });

    if (!inserted) {
      const existing = await repository.findTransferHash(tx, input.idempotencyKey);
      if (!existing) throw new Error(`transfer ${input.idempotencyKey} conflicted but is not visible`);
      if (existing.payloadHash !== payloadHash) throw new IdempotencyConflictError(input.idempotencyKey);
      const rows = await repository.balancesOf(
        tx,
        sorted.map((e) => e.accountId),
      );
      return {
        transferId: existing.id,
        replayed: true,
        balances: new Map(rows.map((r) => [r.id, r.balanceMinor])),
      };
    }

    // Row locks in ascending id order (lock order step 4).
    const locked = await repository.lockAccounts(
      tx,
      sorted.map((e) => e.accountId),
    );
    if (locked.length !== sorted.length) throw new InvalidTransferError('unknown ledger account');
    if (new Set(locked.map((a) => a.currency)).size !== 1)
      throw new InvalidTransferError('all accounts of a transfer share one currency');

    const balances = new Map<number, bigint>();
    for (const entry of sorted) {
      const account = locked.find((a) => a.id === entry.accountId)!;
      const after = account.balanceMinor + entry.amountMinor;
      if (account.userId !== null && after < 0n) throw new InsufficientFundsError(account.id);
      balances.set(account.id, after);
    }
    await repository.moveBalances(
      tx,
      sorted.map((entry) => ({
        transferId: inserted.id,
        accountId: entry.accountId,
        amountMinor: entry.amountMinor,
        balanceAfterMinor: balances.get(entry.accountId)!,
      })),
    );
    return { transferId: inserted.id, replayed: false, balances };
  });
}

/** The transfer recorded under a key, if any. */
export const findTransferByKey = repository.findTransferByKey;

/** Balance (minor units) of a user's account; 0 when the account does not exist yet. */
export async function userBalanceMinor(
  db: Executor,
  userId: number,
  currency: string,
  kind: AccountKind,
): Promise<bigint> {
  return (await repository.findUserBalance(db, userId, currency, kind)) ?? 0n;
}

/** Minor units (bigint) to a JSON number in major units. Throws beyond the safe integer range. */
export function minorToMajor(minor: bigint): number {
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`amount out of range: ${minor}`);
  }
  return Number(minor) / 100;
}
