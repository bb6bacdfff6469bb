/**
 * A user's bonuses (activations) and the money they move: the waiting one, the list, the player's
 * cancellation, and the ledger transfers of a bonus credited from the pool, released to cash or given
 * back (keys `activation:<id>:credit|release|forfeit`). Every change runs under the player's money lock
 * (ledger `lockUserMoney`).
 */
import type { Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { HttpError, ValidationError } from '../../lib/errors';
import { lockUserMoney, systemAccount, transfer, userAccount } from '../ledger/service';
import {
  activationOf,
  activationsOf,
  expireWaiting,
  insertActivation,
  promoCodeOf,
  updateActivation,
  waitingPromoOf,
} from './repository';
import { minBig } from './rules';
import type { ActivationRow } from './schema';

/** The user's waiting promo activation (expiring it first when its time is up). */
export async function findWaitingActivation(
  db: Executor,
  userId: number,
  now: Date,
): Promise<ActivationRow | undefined> {
  await expireWaiting(db, userId, now);
  return waitingPromoOf(db, userId);
}

/** Every activation of the user, newest first. */
export async function listActivations(db: Executor, userId: number, now: Date): Promise<ActivationRow[]> {
  await expireWaiting(db, userId, now);
  return activationsOf(db, userId);
}

async function activationLabel(db: Executor, row: ActivationRow): Promise<string> {
  if (row.promoId !== null) return `Bonus ${(await promoCodeOf(db, row.promoId)) ?? row.promoId}`;
  if (row.source === 'free_spins') return 'Free spins winnings';
  if (row.source === 'reward') return row.note ?? 'Reward';
  return `Welcome pack, stage ${row.stage}`;
}

/**
 * The player cancels their bonus: a waiting one simply ends; an active one gives up what is left of it
 * (the activation's amount, at most the bonus balance), moved back to the bonus pool. 404 for someone
 * else's or an unknown id; 422 (`id: not_cancellable`) for a finished one.
 */
export async function cancelActivation(
  db: Executor,
  input: { userId: number; id: number; now: Date },
): Promise<ActivationRow> {
  return runTransaction(db, async (tx) => {
    await lockUserMoney(tx, input.userId);
    await expireWaiting(tx, input.userId, input.now);
    const row = await activationOf(tx, input.userId, input.id);
    if (!row) throw new HttpError(404, 'Bonus not found.');
    if (row.status !== 'waiting' && row.status !== 'active') {
      throw ValidationError.field(
        'id',
        'not_cancellable',
        'Only a waiting or active bonus can be cancelled.',
      );
    }
    if (row.status === 'active') {
      const currency = row.currency as Currency;
      const bonus = await userAccount(tx, row.userId, currency, 'bonus');
      const forfeit = minBig(row.amountMinor, bonus.balanceMinor);
      if (forfeit > 0n) {
        await transfer(tx, {
          idempotencyKey: `activation:${row.id}:forfeit`,
          kind: 'bonus',
          reference: `activation:${row.id}`,
          entries: [
            { account: bonus, amountMinor: -forfeit },
            { account: await systemAccount(tx, 'bonus_pool', currency), amountMinor: forfeit },
          ],
          meta: { reason: `${await activationLabel(tx, row)} cancelled` },
        });
      }
    }
    return updateActivation(tx, row.id, { status: 'cancelled', finishedAt: input.now });
  });
}

/** Moves a wagered bonus (at most the bonus balance) to cash and marks the activation `wagered`. */
export async function release(tx: Executor, row: ActivationRow, now: Date): Promise<bigint> {
  const currency = row.currency as Currency;
  const bonus = await userAccount(tx, row.userId, currency, 'bonus');
  const amount = minBig(row.amountMinor, bonus.balanceMinor);
  if (amount > 0n) {
    await transfer(tx, {
      idempotencyKey: `activation:${row.id}:release`,
      kind: 'bonus',
      reference: `activation:${row.id}`,
      entries: [
        { account: bonus, amountMinor: -amount },
        { account: await userAccount(tx, row.userId, currency, 'cash'), amountMinor: amount },
      ],
      meta: { reason: `${await activationLabel(tx, row)} wagered` },
    });
  }
  await updateActivation(tx, row.id, {
    status: 'wagered',
    wageredMinor: row.wagerRequiredMinor,
    finishedAt: now,
  });
  return amount;
}

/** Credits an activation's bonus from the pool (releasing it at once when nothing is to be wagered). */
export async function credit(tx: Executor, row: ActivationRow, invoiceId: number, now: Date): Promise<void> {
  const currency = row.currency as Currency;
  await transfer(tx, {
    idempotencyKey: `activation:${row.id}:credit`,
    kind: 'bonus',
    reference: `activation:${row.id}`,
    entries: [
      { account: await systemAccount(tx, 'bonus_pool', currency), amountMinor: -row.amountMinor },
      { account: await userAccount(tx, row.userId, currency, 'bonus'), amountMinor: row.amountMinor },
    ],
    meta: { reason: await activationLabel(tx, row), invoice_id: invoiceId },
  });
  if (row.wagerRequiredMinor === 0n) await release(tx, row, now);
}

/**
 * Pays a reward (a tournament prize) to the bonus balance with a wager of `wager` × the amount, from the
 * `promotions` account, once per `key` (the transfer's idempotency key). Released at once when nothing is
 * to be wagered.
 */
export async function grantRewardBonus(
  tx: Executor,
  input: {
    userId: number;
    currency: Currency;
    amountMinor: bigint;
    wager: number;
    note: string;
    key: string;
    now: Date;
  },
): Promise<void> {
  const required = (input.amountMinor * BigInt(Math.round(input.wager * 100))) / 100n;
  const row = await insertActivation(tx, {
    userId: input.userId,
    source: 'reward',
    note: input.note,
    currency: input.currency,
    status: 'active',
    percent: 100,
    wager: input.wager,
    minDepositMinor: 0n,
    maxBonusMinor: input.amountMinor,
    amountMinor: input.amountMinor,
    wagerRequiredMinor: required,
    creditedAt: input.now,
    createdAt: input.now,
  });
  await transfer(tx, {
    idempotencyKey: input.key,
    kind: 'bonus',
    reference: `activation:${row.id}`,
    entries: [
      { account: await systemAccount(tx, 'promotions', input.currency), amountMinor: -input.amountMinor },
      {
        account: await userAccount(tx, input.userId, input.currency, 'bonus'),
        amountMinor: input.amountMinor,
      },
    ],
    meta: { reason: input.note },
  });
  if (required === 0n) await release(tx, row, input.now);
}
