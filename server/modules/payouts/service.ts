/**
 * Withdrawals (issue 15): a player's cash leaves at once into the provider's pending-payouts account
 * (`payouts:<provider>`), waits for the operator when the rules say so, goes to the provider, and the
 * provider's signed callback settles it (paid: pending → the provider's clearing account, the fee to the
 * house) or returns it (failed; and the operator's reject and the player's cancel while it is not yet with
 * the provider): pending → the player's cash. Each of these is one ledger transfer under a key of its
 * own, in the transaction that changes the payout's status, under the payout's row lock: exactly once.
 */
import { createHash } from 'node:crypto';
import { getMinPayout } from '@/lib/constants/bet-limits';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import { PAYOUT_RULES, type PayoutStatus } from '@/lib/constants/payouts';
import type { PayoutMethod, PayoutOverview, PayoutRequest } from '@/lib/contracts/payouts';
import { toMinorUnits } from '@/lib/money';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { HttpError, ValidationError } from '../../lib/errors';
import type { MessageLocale } from '../../lib/locale';
import { operatorActor, recordAudit, type Actor } from '../audit/service';

import { activeBonusesOf, cancelActivation } from '../bonuses/service';
import * as billingRepository from '../billing/repository';
import { enqueueMessage } from '../outbox/service';
import * as usersRepository from '../users/repository';
import type { PaymentProvider, PayoutWebhookEvent } from '../billing/providers';
import {
  IdempotencyConflictError,
  InsufficientFundsError,
  lockUserMoney,
  minorToMajor,
  systemAccount,
  transfer,
  userAccount,
  userBalanceMinor,
} from '../ledger/service';
import { payoutMessage, type NotifiedStatus } from './messages';
import * as repository from './repository';
import type { PayoutMethodRow, PayoutRow } from './repository';

export type { PayoutMethodRow, PayoutRow };
export const findPayout = repository.findPayout;
export const listPayouts = repository.listPayouts;

/** How many of a player's requests the withdrawal screen lists. */
const REQUESTS_SHOWN = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
const CANCELLABLE: PayoutStatus[] = ['review', 'approved'];

/** The player fields the rules read. */
export interface PayoutUser {
  id: number;
  currency: string;
  verificationRequired: boolean;
  verificationStatus: string | null;
}

function currencyOf(code: string): Currency {
  if (!isCurrency(code)) throw new HttpError(422, `Unknown currency ${code}.`);
  return code;
}

/** The spec's minimum payout of the currency, or the method's when it is higher. */
export function minimumMinor(currency: Currency, method?: Pick<PayoutMethodRow, 'minMinor'>): bigint {
  const spec = BigInt(toMinorUnits(getMinPayout(currency)));
  const own = method?.minMinor ?? 0n;
  return own > spec ? own : spec;
}

const majorRule = (major: number) => BigInt(toMinorUnits(major));

export function toPayoutMethod(row: PayoutMethodRow): PayoutMethod {
  const currency = currencyOf(row.currency);
  return {
    hash: row.hash,
    name: {
      en: row.nameEn,
      ...(row.nameRu ? { ru: row.nameRu } : {}),
      ...(row.nameKz ? { kz: row.nameKz } : {}),
    },
    type: row.type as PayoutMethod['type'],
    min_amount: minorToMajor(minimumMinor(currency, row)),
    max_amount: row.maxMinor === null ? null : minorToMajor(row.maxMinor),
    default_amount: null,
    exchange_currency: currency,
    fee: minorToMajor(row.feeMinor),
  };
}

/** The destination with all but its last four characters hidden. */
export function maskDestination(destination: string): string {
  return destination.length <= 4 ? destination : `•••• ${destination.slice(-4)}`;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The destination in its canonical form, or a 422 naming what is wrong with it. */
export function normalizeDestination(type: string, raw: string): string {
  const invalid = (text: string) => ValidationError.field('destination', 'invalid', text);
  if (type === 'card') {
    const digits = raw.replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) throw invalid('The card number is not valid.');
    return digits;
  }
  if (type === 'phone') {
    const phone = raw.replace(/[\s()-]/g, '');
    if (!/^\+?\d{10,15}$/.test(phone)) throw invalid('The phone number is not valid.');
    return phone.startsWith('+') ? phone : `+${phone}`;
  }
  if (!/^[A-Za-z0-9]{20,100}$/.test(raw.trim())) throw invalid('The wallet address is not valid.');
  return raw.trim();
}

export function toPayoutRequest(row: PayoutRow, methods: Map<number, PayoutMethodRow>): PayoutRequest {
  return {
    id: row.id,
    method: methods.get(row.methodId)?.hash ?? '',
    type: row.type as PayoutRequest['type'],
    amount: minorToMajor(row.amountMinor),
    fee: minorToMajor(row.feeMinor),
    destination: maskDestination(row.destination),
    status: row.status as PayoutStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    cancellable: CANCELLABLE.includes(row.status as PayoutStatus),
  };
}

async function requestsOf(db: Executor, userId: number): Promise<PayoutRequest[]> {
  const rows = await repository.payoutsOfUser(db, userId, REQUESTS_SHOWN);
  const methods = await repository.payoutMethodsByIds(db, [...new Set(rows.map((row) => row.methodId))]);
  return rows.map((row) => toPayoutRequest(row, new Map(methods.map((method) => [method.id, method]))));
}

/** Enabled payout methods of a currency whose provider this process talks to. */
export async function payoutMethodsFor(
  db: Executor,
  currency: string,
  providers: ReadonlySet<string>,
): Promise<PayoutMethodRow[]> {
  const rows = await repository.listEnabledPayoutMethods(db, currency);
  return rows.filter((row) => providers.has(row.provider));
}

/** What the withdrawal screen shows: methods, limits, the reason it is not possible now, the requests. */
export async function payoutOverview(
  db: Executor,
  input: { user: PayoutUser; providers: ReadonlySet<string>; now: Date },
): Promise<PayoutOverview> {
  const currency = currencyOf(input.user.currency);
  const methods = await payoutMethodsFor(db, currency, input.providers);
  const cash = await userBalanceMinor(db, input.user.id, currency, 'cash');
  const minimum = minimumMinor(currency);
  const dailyLeft = await dailyLeftMinor(db, input.user.id, currency, input.now);
  const bonuses = await activeBonusesOf(db, input.user.id, currency);
  const blocked =
    methods.length === 0
      ? 'no_methods'
      : bonuses.length > 0
        ? 'bonus_active'
        : dailyLeft < minimum
          ? 'daily_limit'
          : cash < minimum
            ? 'below_minimum'
            : null;
  return {
    methods: methods.map(toPayoutMethod),
    withdrawable: minorToMajor(cash),
    min_amount: minorToMajor(minimum),
    daily_left: minorToMajor(dailyLeft),
    blocked,
    requests: await requestsOf(db, input.user.id),
  };
}

async function dailyLeftMinor(db: Executor, userId: number, currency: Currency, now: Date): Promise<bigint> {
  const used = await repository.requestedSince(db, userId, currency, new Date(now.getTime() - DAY_MS));
  const left = majorRule(PAYOUT_RULES[currency].dailyLimit) - used;
  return left > 0n ? left : 0n;
}

const amountError = (key: string, text: string) => ValidationError.field('amount', key, text);

/**
 * A player asks to withdraw `amount` of cash to `destination` through `method`. The amount leaves the cash
 * balance at once (422 `amount: insufficient_funds` when it is not there); the request waits for the
 * operator (`review`) when it is the player's first, above the currency's review threshold, or their
 * verification is needed; else it goes to the provider now. A repeated idempotency key answers the first
 * request (409 when it asked for something else). 422 `amount: bonus_active` while a bonus is being
 * wagered, unless `forfeitBonus` gives the bonuses up in the same transaction.
 */
export async function requestPayout(
  db: Executor,
  input: {
    user: PayoutUser;
    method: string;
    amount: number;
    destination: string;
    idempotencyKey: string;
    forfeitBonus: boolean;
    providers: ReadonlyMap<string, PaymentProvider>;
    now: Date;
  },
): Promise<PayoutRow> {
  const currency = currencyOf(input.user.currency);
  const method = await repository.findEnabledPayoutMethod(db, input.method);
  if (!method || !input.providers.has(method.provider) || method.currency !== currency) {
    throw ValidationError.field('method', 'invalid', 'The selected method is invalid.');
  }
  let amountMinor: bigint;
  try {
    amountMinor = BigInt(toMinorUnits(input.amount));
  } catch {
    throw amountError('invalid', 'The amount field must be a number.');
  }
  const min = minimumMinor(currency, method);
  if (amountMinor < min)
    throw amountError('too_small', `The amount field must be at least ${minorToMajor(min)}.`);
  if (method.maxMinor !== null && amountMinor > method.maxMinor)
    throw amountError('too_big', `The amount field must be at most ${minorToMajor(method.maxMinor)}.`);
  if (method.feeMinor >= amountMinor)
    throw amountError('too_small', 'The amount must be larger than the fee of the method.');
  const destination = normalizeDestination(method.type, input.destination);
  const requestHash = createHash('sha256')
    .update(`${method.hash}:${amountMinor}:${destination}`)
    .digest('hex');

  const row = await runTransaction(db, async (tx) => {
    await lockUserMoney(tx, input.user.id);
    const existing = await repository.findPayoutByKey(tx, input.user.id, input.idempotencyKey);
    if (existing) {
      if (existing.requestHash !== requestHash) throw new IdempotencyConflictError(input.idempotencyKey);
      return existing;
    }
    const bonuses = await activeBonusesOf(tx, input.user.id, currency);
    if (bonuses.length > 0) {
      if (!input.forfeitBonus) {
        throw amountError(
          'bonus_active',
          'Cash cannot be withdrawn while a bonus is being wagered: forfeit the bonus to withdraw.',
        );
      }
      for (const bonus of bonuses)
        await cancelActivation(tx, { userId: input.user.id, id: bonus.id, now: input.now });
    }
    const dailyLeft = await dailyLeftMinor(tx, input.user.id, currency, input.now);
    if (amountMinor > dailyLeft) {
      throw amountError(
        'daily_limit',
        `At most ${minorToMajor(dailyLeft)} more can be withdrawn within 24 hours.`,
      );
    }
    const reasons: string[] = [];
    if (!(await repository.hasPaidPayout(tx, input.user.id))) reasons.push('first_payout');
    if (amountMinor > majorRule(PAYOUT_RULES[currency].reviewAbove)) reasons.push('above_threshold');
    if (input.user.verificationRequired && input.user.verificationStatus !== 'success')
      reasons.push('verification');

    let hold;
    try {
      hold = await transfer(tx, {
        idempotencyKey: `payout-hold:${input.user.id}:${input.idempotencyKey}`,
        kind: 'withdrawal',
        reference: `user:${input.user.id}`,
        entries: [
          { account: await userAccount(tx, input.user.id, currency, 'cash'), amountMinor: -amountMinor },
          { account: await systemAccount(tx, `payouts:${method.provider}`, currency), amountMinor },
        ],
        meta: { reason: `Withdrawal to ${maskDestination(destination)}` },
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw amountError('insufficient_funds', 'There is not enough cash on the balance.');
      throw error;
    }
    const inserted = await repository.insertPayout(tx, {
      userId: input.user.id,
      methodId: method.id,
      provider: method.provider,
      type: method.type,
      currency,
      amountMinor,
      feeMinor: method.feeMinor,
      destination,
      status: reasons.length > 0 ? 'review' : 'approved',
      reviewReasons: reasons.length > 0 ? reasons.join(',') : null,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      holdTransferId: hold.transferId,
      createdAt: input.now,
      updatedAt: input.now,
    });
    if (inserted.status === 'review') await notifyPayout(tx, inserted, 'review', input.now);
    return inserted;
  });
  if (row.status !== 'approved') return row;
  // The request stands once held: a provider that cannot be reached leaves it `approved` (the player sees
  // that; `payout approve <id>` sends it), rather than failing a request whose money already moved.
  return sendPayout(db, row.id, input.providers, input.now).catch(() => row);
}

/**
 * Hands an approved payout to its provider, once: under the row lock, only from `approved`, so two
 * processes (or a retry) cannot send it twice; the provider's call carries the payout id. When the
 * provider cannot be reached the payout stays `approved` and is sent by the next call (approve again, or
 * the reconciliation of a later change). With an `actor` (an operator sending it again), the sending is
 * written to the audit log (`payout.send`) in its transaction.
 */
export async function sendPayout(
  db: Executor,
  payoutId: number,
  providers: ReadonlyMap<string, PaymentProvider>,
  now: Date,
  actor?: Actor,
): Promise<PayoutRow> {
  return runTransaction(db, async (tx) => {
    const row = await repository.lockPayout(tx, payoutId);
    if (!row) throw new HttpError(404, 'Payout not found.');
    if (row.status !== 'approved') return row;
    const provider = providers.get(row.provider);
    if (!provider) throw new HttpError(503, `The payment provider ${row.provider} is not available.`);
    const [method] = await repository.payoutMethodsByIds(tx, [row.methodId]);
    const { providerRef } = await provider.createPayout({
      payoutId: row.id,
      type: row.type as 'card' | 'phone' | 'crypto',
      currency: row.currency,
      amountMinor: row.amountMinor - row.feeMinor,
      destination: row.destination,
      params: method?.params ?? {},
    });
    const sent = await repository.updatePayout(tx, row.id, { status: 'sent', providerRef, updatedAt: now });
    await notifyPayout(tx, sent, 'sent', now);
    if (actor) {
      await recordAudit(tx, {
        actor,
        action: 'payout.send',
        subjectType: 'payout',
        subjectId: row.id,
        userId: row.userId,
        before: { status: row.status, provider_ref: row.providerRef },
        after: { status: sent.status, provider_ref: sent.providerRef },
        at: now,
      });
    }
    return sent;
  });
}

/**
 * Tells the player their withdrawal's new status: an e-mail (else an SMS) in their language, written to
 * the outbox in `tx`, so the message exists exactly when the change does.
 */
async function notifyPayout(tx: Executor, row: PayoutRow, status: NotifiedStatus, now: Date): Promise<void> {
  const user = await usersRepository.findById(tx, row.userId);
  const channel = user?.email ? 'email' : user?.phone ? 'sms' : null;
  if (!user || !channel) return;
  const locale: MessageLocale = user.locale === 'en' || user.locale === 'kz' ? user.locale : 'ru';
  const message = payoutMessage(locale, status, {
    id: row.id,
    amount: `${minorToMajor(row.amountMinor).toFixed(2)} ${row.currency}`,
  });
  await enqueueMessage(
    tx,
    {
      channel,
      recipient: channel === 'email' ? user.email! : user.phone!,
      template: `payout_${status}`,
      locale,
      subject: channel === 'email' ? message.subject : null,
      body: message.body,
    },
    now,
  );
}

/** Moves a held payout's money back to the player's cash (`payout:<id>:return`) and sets `status`. */
async function returnPayout(
  tx: Executor,
  row: PayoutRow,
  status: 'failed' | 'rejected' | 'cancelled',
  now: Date,
  changes: Partial<Pick<PayoutRow, 'reviewer' | 'reviewNote' | 'reviewedAt' | 'failureReason'>> = {},
): Promise<PayoutRow> {
  const currency = currencyOf(row.currency);
  const returned = await transfer(tx, {
    idempotencyKey: `payout:${row.id}:return`,
    kind: 'withdrawal',
    reference: `payout:${row.id}`,
    entries: [
      {
        account: await systemAccount(tx, `payouts:${row.provider}`, currency),
        amountMinor: -row.amountMinor,
      },
      { account: await userAccount(tx, row.userId, currency, 'cash'), amountMinor: row.amountMinor },
    ],
    meta: { reason: `Withdrawal ${status}` },
  });
  const updated = await repository.updatePayout(tx, row.id, {
    ...changes,
    status,
    settleTransferId: returned.transferId,
    updatedAt: now,
  });
  await notifyPayout(tx, updated, status, now);
  return updated;
}

/** Pays a sent payout out of the pending account: the amount less the fee to the provider, the fee to the house. */
async function settlePaid(tx: Executor, row: PayoutRow, now: Date): Promise<PayoutRow> {
  const currency = currencyOf(row.currency);
  const entries = [
    { account: await systemAccount(tx, `payouts:${row.provider}`, currency), amountMinor: -row.amountMinor },
    {
      account: await systemAccount(tx, `clearing:${row.provider}`, currency),
      amountMinor: row.amountMinor - row.feeMinor,
    },
  ];
  if (row.feeMinor > 0n)
    entries.push({ account: await systemAccount(tx, 'house', currency), amountMinor: row.feeMinor });
  const paid = await transfer(tx, {
    idempotencyKey: `payout:${row.id}:paid`,
    kind: 'withdrawal',
    reference: `payout:${row.id}`,
    entries,
    meta: { reason: 'Withdrawal paid' },
  });
  const updated = await repository.updatePayout(tx, row.id, {
    status: 'paid',
    settleTransferId: paid.transferId,
    updatedAt: now,
  });
  await notifyPayout(tx, updated, 'paid', now);
  return updated;
}

export type ReviewResult = { done: true; payout: PayoutRow } | { done: false; payout: PayoutRow | undefined };

/** A payout's fields an operator's review changes, as the audit log keeps them. */
const reviewState = (row: PayoutRow) => ({
  status: row.status,
  reviewer: row.reviewer,
  review_note: row.reviewNote,
  settle_transfer_id: row.settleTransferId,
});

/**
 * The operator approves a payout waiting for review, under their name; it then goes to the provider.
 * Anything but `review` is left alone (`done: false`): two operators approving at once pay once. The
 * approval is written to the audit log in its transaction (`payout.approve`, by `actor`, else
 * `operator:<reviewer>`).
 */
export async function approvePayout(
  db: Executor,
  input: {
    id: number;
    reviewer: string;
    note?: string;
    providers: ReadonlyMap<string, PaymentProvider>;
    now: Date;
    actor?: Actor;
  },
): Promise<ReviewResult> {
  const approved = await runTransaction(db, async (tx) => {
    const row = await repository.lockPayout(tx, input.id);
    if (!row || row.status !== 'review') return { done: false as const, payout: row };
    const payout = await repository.updatePayout(tx, row.id, {
      status: 'approved',
      reviewer: input.reviewer,
      reviewNote: input.note ?? null,
      reviewedAt: input.now,
      updatedAt: input.now,
    });
    await recordAudit(tx, {
      actor: input.actor ?? operatorActor(input.reviewer),
      action: 'payout.approve',
      subjectType: 'payout',
      subjectId: row.id,
      userId: row.userId,
      before: reviewState(row),
      after: reviewState(payout),
      reason: input.note ?? null,
      at: input.now,
    });
    return { done: true as const, payout };
  });
  if (!approved.done) return approved;
  return { done: true, payout: await sendPayout(db, input.id, input.providers, input.now) };
}

/**
 * The operator rejects a payout not yet with the provider: the money goes back to the player's cash. The
 * rejection is written to the audit log in its transaction (`payout.reject`, by `actor`, else
 * `operator:<reviewer>`; after: the return's transfer).
 */
export async function rejectPayout(
  db: Executor,
  input: { id: number; reviewer: string; note: string; now: Date; actor?: Actor },
): Promise<ReviewResult> {
  return runTransaction(db, async (tx) => {
    const row = await repository.lockPayout(tx, input.id);
    if (!row || !CANCELLABLE.includes(row.status as PayoutStatus))
      return { done: false as const, payout: row };
    await lockUserMoney(tx, row.userId);
    const payout = await returnPayout(tx, row, 'rejected', input.now, {
      reviewer: input.reviewer,
      reviewNote: input.note,
      reviewedAt: input.now,
    });
    await recordAudit(tx, {
      actor: input.actor ?? operatorActor(input.reviewer),
      action: 'payout.reject',
      subjectType: 'payout',
      subjectId: row.id,
      userId: row.userId,
      before: reviewState(row),
      after: reviewState(payout),
      reason: input.note,
      at: input.now,
    });
    return { done: true as const, payout };
  });
}

/**
 * The player cancels their own payout while it is not yet with the provider (`review`, `approved`): the
 * money goes back. 404 for someone else's or an unknown one; 422 `id: already_sent` once it is, `id: already_finished` when it is over.
 */
export async function cancelPayout(
  db: Executor,
  input: { userId: number; id: number; now: Date },
): Promise<PayoutRow> {
  return runTransaction(db, async (tx) => {
    const row = await repository.lockPayout(tx, input.id);
    if (!row || row.userId !== input.userId) throw new HttpError(404, 'Payout not found.');
    if (row.status === 'sent') {
      throw ValidationError.field(
        'id',
        'already_sent',
        'This withdrawal is already with the payment provider.',
      );
    }
    if (!CANCELLABLE.includes(row.status as PayoutStatus)) {
      throw ValidationError.field('id', 'already_finished', 'This withdrawal is already finished.');
    }
    await lockUserMoney(tx, row.userId);
    return returnPayout(tx, row, 'cancelled', input.now);
  });
}

export type PayoutEventOutcome = 'paid' | 'failed' | 'unknown_payout' | `already_${PayoutStatus}`;

/**
 * A provider's signed payout callback, applied exactly once per event (the event id is recorded first,
 * in the same transaction) and at most once per payout (only a `sent` payout is settled or returned, or
 * an `approved` one the provider took without our hearing of it: it names our payout id).
 */
export async function applyPayoutEvent(
  db: Executor,
  provider: PaymentProvider,
  event: PayoutWebhookEvent,
  payload: unknown,
  now: Date,
  /** Who applies it when it is not the provider's own callback (the reconciliation): audited, in `tx`. */
  actor?: Actor,
): Promise<{ outcome: PayoutEventOutcome; duplicate: boolean; payoutId: number | null }> {
  return runTransaction(db, async (tx) => {
    const seen = await billingRepository.recordWebhookEventOnce(tx, {
      provider: provider.name,
      eventId: event.eventId,
      payload,
      receivedAt: now,
    });
    if (seen) return { outcome: seen.outcome as PayoutEventOutcome, duplicate: true, payoutId: null };
    let row = await repository.lockPayoutByRef(tx, provider.name, event.providerRef);
    if (!row && event.payoutId !== undefined) {
      // The provider names our payout: one it took although the answer to our create never came back
      // (so it is still `approved` here, without a reference).
      const byId = await repository.lockPayout(tx, event.payoutId);
      if (
        byId?.provider === provider.name &&
        (byId.providerRef === null || byId.providerRef === event.providerRef)
      )
        row = byId;
    }
    let outcome: PayoutEventOutcome;
    if (!row) outcome = 'unknown_payout';
    else if (row.status !== 'sent' && !(row.status === 'approved' && row.providerRef === null))
      outcome = `already_${row.status as PayoutStatus}`;
    else {
      if (row.providerRef === null) {
        row = await repository.updatePayout(tx, row.id, {
          status: 'sent',
          providerRef: event.providerRef,
          updatedAt: now,
        });
      }
      await lockUserMoney(tx, row.userId);
      if (event.status === 'paid') {
        await settlePaid(tx, row, now);
        outcome = 'paid';
      } else {
        await returnPayout(tx, row, 'failed', now, {
          failureReason: event.reason ?? 'failed at the provider',
        });
        outcome = 'failed';
      }
    }
    await billingRepository.setWebhookOutcome(tx, provider.name, event.eventId, outcome, null);
    if (actor && row) {
      await recordAudit(tx, {
        actor,
        action: 'payout.reconcile',
        subjectType: 'payout',
        subjectId: row.id,
        userId: row.userId,
        before: { status: row.status },
        after: { status: (await repository.findPayout(tx, row.id))?.status, outcome, event: event.eventId },
        at: now,
      });
    }
    return { outcome, duplicate: false, payoutId: row?.id ?? null };
  });
}
