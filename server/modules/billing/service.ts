/**
 * Deposits: payment methods, invoices, and crediting a paid invoice through the ledger exactly once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Invoice, PaymentMethod } from '@/lib/contracts/billing';
import { INVOICE_STATUS } from '@/lib/contracts/billing';
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import { toMinorUnits } from '@/lib/money';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { recordAudit, type Actor } from '../audit/service';
import { awardDepositBonus } from '../bonuses/service';
import { assertDepositWithinLimits, userMayPlay } from '../protection/service';
import { HttpError, ValidationError } from '../../lib/errors';
import {
  IdempotencyConflictError,
  lockUserMoney,
  minorToMajor,
  systemAccount,
  transfer,
  userAccount,
} from '../ledger/service';
import type { AssignedPayment, PaymentProvider, WebhookEvent } from './providers';
import * as repository from './repository';
import type { InvoiceRow, PaymentMethodRow, ReviewRow } from './repository';

export type { InvoiceRow, PaymentMethodRow, ReviewRow };
export const listInvoices = repository.listInvoices;
export const findInvoice = repository.findInvoice;
export const openReviewsOf = repository.openReviewsOf;

/** Invoice life (spec §4 and §9): 1200 s. */
export const INVOICE_LIFETIME_SECONDS = 1200;
/** Limits of a method that names none (spec §5 and §9): 100 / 300000 / 100 major units. */
export const FALLBACK_LIMITS = { minMinor: 10_000n, maxMinor: 30_000_000n, defaultMinor: 10_000n } as const;

const nullableMajor = (minor: bigint | null) => (minor === null ? null : minorToMajor(minor));

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    hash: row.hash,
    name: {
      en: row.nameEn,
      ...(row.nameRu ? { ru: row.nameRu } : {}),
      ...(row.nameKz ? { kz: row.nameKz } : {}),
    },
    type: row.type as PaymentMethod['type'],
    min_amount: nullableMajor(row.minMinor),
    max_amount: nullableMajor(row.maxMinor),
    default_amount: nullableMajor(row.defaultMinor),
    exchange_currency: isCurrency(row.currency) ? row.currency : null,
  };
}

/** Enabled methods for a currency in a region (methods without a region are offered everywhere). */
export function listMethods(
  db: Executor,
  currency: string,
  region: 'KZ' | 'RU',
  providers: ReadonlySet<string>,
): Promise<PaymentMethodRow[]> {
  return repository
    .listEnabledMethods(db, currency, region)
    .then((rows) => rows.filter((row) => providers.has(row.provider)));
}

export function secondsLeft(row: Pick<InvoiceRow, 'expiresAt' | 'status'>, now: Date): number {
  if (row.status !== INVOICE_STATUS.created) return 0;
  return Math.max(0, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000));
}

export function toInvoice(row: InvoiceRow, now: Date): Invoice {
  return {
    id: row.id,
    hash: row.hash,
    type: row.type as Invoice['type'],
    amount: minorToMajor(row.amountMinor),
    shop_amount: minorToMajor(row.amountMinor - row.commissionMinor),
    commission: minorToMajor(row.commissionMinor),
    life_time: secondsLeft(row, now),
    sum_was_changed: false,
    card: { card_number: row.payToCard, phone_number: row.payToPhone },
    pay_url: row.payUrl,
  };
}

const amountError = (key: string, text: string) => ValidationError.field('amount', key, text);

/**
 * Creates a deposit invoice (idempotent per user and key: a repeat returns the same invoice, a reused
 * key with another method or amount is a 409). 422 for an unknown method or an amount out of limits.
 */
export async function createInvoice(
  db: Executor,
  input: {
    userId: number;
    currency: string;
    method: string;
    amount: number;
    idempotencyKey: string;
    providers: ReadonlyMap<string, PaymentProvider>;
    now: Date;
  },
): Promise<InvoiceRow> {
  const method = await repository.findEnabledMethod(db, input.method);
  const provider = method ? input.providers.get(method.provider) : undefined;
  if (!method || !provider || method.currency !== input.currency) {
    throw ValidationError.field('method', 'invalid', 'The selected method is invalid.');
  }
  let amountMinor: bigint;
  try {
    amountMinor = BigInt(toMinorUnits(input.amount));
  } catch {
    throw amountError('invalid', 'The amount field must be a number.');
  }
  const min = method.minMinor ?? FALLBACK_LIMITS.minMinor;
  const max = method.maxMinor ?? FALLBACK_LIMITS.maxMinor;
  if (amountMinor < min)
    throw amountError('too_small', `The amount field must be at least ${minorToMajor(min)}.`);
  if (amountMinor > max)
    throw amountError('too_big', `The amount field must be at most ${minorToMajor(max)}.`);

  const requestHash = createHash('sha256').update(`${method.hash}:${amountMinor}`).digest('hex');
  const row = await db.transaction(async (tx) => {
    // The player's deposit limits count what they deposited in each window: one new invoice at a time.
    await lockUserMoney(tx, input.userId);
    const earlier = await repository.findInvoiceByKey(tx, input.userId, input.idempotencyKey);
    if (!earlier) {
      await assertDepositWithinLimits(tx, {
        userId: input.userId,
        currency: method.currency,
        amountMinor,
        now: input.now,
      });
    }
    const created = await repository.insertInvoiceOnce(tx, {
      hash: randomBytes(16).toString('hex'),
      userId: input.userId,
      methodId: method.id,
      provider: method.provider,
      type: method.type,
      currency: method.currency,
      amountMinor,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      expiresAt: new Date(input.now.getTime() + INVOICE_LIFETIME_SECONDS * 1000),
      createdAt: input.now,
    });
    if (created) return created;
    const existing = await repository.findInvoiceByKey(tx, input.userId, input.idempotencyKey);
    if (!existing) throw new Error('invoice conflicted but is not visible');
    if (existing.requestHash !== requestHash) throw new IdempotencyConflictError(input.idempotencyKey);
    return existing;
  });
  // A repeat of a request that got its payment details answers them again.
  if (row.providerRef !== null || row.status !== INVOICE_STATUS.created) return row;
  // The provider's call runs outside the transaction (a real provider answers over the network). The
  // invoice's hash is its order id there, so a repeat of this request finds the same order.
  let assigned: AssignedPayment;
  try {
    assigned = await provider.assign({
      invoiceId: row.id,
      hash: row.hash,
      type: method.type as 'card' | 'phone' | 'crypto',
      currency: method.currency,
      amountMinor,
      params: method.params,
    });
  } catch (error) {
    // No payment details yet: the invoice stays created without them, and a repeat of this request (the
    // web retries with the same key) asks the provider again, which answers the same order. Should the
    // player never retry, the reconciliation asks the provider about the order id until it ends.
    if (error instanceof HttpError) throw error;
    const unavailable = new HttpError(503, 'The payment provider is not answering. Try again in a minute.');
    unavailable.cause = error;
    throw unavailable;
  }
  const updated = await repository.assignInvoice(db, row.id, {
    providerRef: assigned.providerRef,
    payToCard: assigned.cardNumber,
    payToPhone: assigned.phoneNumber,
    payUrl: assigned.payUrl,
    commissionMinor: assigned.commissionMinor,
  });
  // Another request of the same key assigned it first: its details stand.
  return updated ?? (await repository.findInvoice(db, row.id))!;
}

/** The invoice if it is the user's; marks an invoice past its life as expired. 404 otherwise. */
export async function invoiceStatus(
  db: Executor,
  userId: number,
  invoiceId: number,
  now: Date,
): Promise<InvoiceRow> {
  const row = await repository.findUserInvoice(db, userId, invoiceId);
  if (!row) throw new HttpError(404, 'Invoice not found.');
  if (row.status === INVOICE_STATUS.created && now >= row.expiresAt) {
    const expired = await repository.expireCreatedInvoice(db, invoiceId);
    // Lost the race to a webhook: read what it wrote.
    return expired ?? (await invoiceStatus(db, userId, invoiceId, now));
  }
  return row;
}

export type WebhookOutcome =
  | 'credited'
  | 'credited_late'
  | 'already_paid'
  | 'expired'
  | 'failed'
  | 'amount_mismatch'
  | 'paid_after_failed'
  | 'unknown_invoice';

/** Why a confirmed payment waits for the operator (billing_payment_reviews.reason). */
export type ReviewReason = 'amount_mismatch' | 'paid_after_failed';

/**
 * Credits `amountMinor` taken by the provider for `invoice` (locked by the caller) to the invoice's user,
 * from the provider's clearing account (the invoice's commission to the house), marks it paid and awards
 * the deposit's bonus (bonuses/service.ts `awardDepositBonus`), all in `tx`. The ledger key
 * `invoice:<id>:credit` makes it once per invoice.
 */
async function creditInvoice(
  tx: Executor,
  invoice: InvoiceRow,
  amountMinor: bigint,
  now: Date,
  meta: Record<string, unknown>,
): Promise<number> {
  const currency = invoice.currency as Currency;
  // The invoice's commission, unless a reviewed amount is too small to carry it.
  const commission = invoice.commissionMinor < amountMinor ? invoice.commissionMinor : 0n;
  const clearing = await systemAccount(tx, `clearing:${invoice.provider}`, currency);
  const cash = await userAccount(tx, invoice.userId, currency, 'cash');
  const entries = [
    { account: clearing, amountMinor: -amountMinor },
    { account: cash, amountMinor: amountMinor - commission },
  ];
  if (commission > 0n) {
    entries.push({ account: await systemAccount(tx, 'house', currency), amountMinor: commission });
  }
  const credit = await transfer(tx, {
    idempotencyKey: `invoice:${invoice.id}:credit`,
    kind: 'deposit',
    reference: `invoice:${invoice.id}`,
    entries,
    meta: { provider: invoice.provider, method_id: invoice.methodId, ...meta },
  });
  await repository.markInvoicePaid(tx, invoice.id, now, credit.transferId);
  // The deposit's bonus (waiting promo or welcome-pack stage), in this same transaction; none for a player
  // who may not play now (an invoice created before a self-exclusion is credited, without its bonus).
  if (!(await userMayPlay(tx, invoice.userId, now))) return credit.transferId;
  await awardDepositBonus(tx, {
    userId: invoice.userId,
    currency,
    invoiceId: invoice.id,
    amountMinor: amountMinor - commission,
    now,
  });
  return credit.transferId;
}

/**
 * Applies one verified webhook event: a repeated event id does nothing. A paid event credits the
 * invoice's user exactly once (`creditInvoice`), also when it comes after the invoice's life: the life
 * ends the offer to the player, but the provider has taken the money (outcome `credited_late`). A paid
 * event that cannot be credited by itself (another amount than the invoice's, or an invoice the provider
 * had reported failed) is kept as an open payment review for the operator (`invoice list --status
 * review`). A failed event fails a live invoice.
 */
export async function applyWebhookEvent(
  db: Executor,
  provider: PaymentProvider,
  event: WebhookEvent,
  payload: unknown,
  now: Date,
  /** Who applies it when it is not the provider's own callback (the reconciliation): audited, in `tx`. */
  actor?: Actor,
): Promise<{ outcome: WebhookOutcome; duplicate: boolean; invoiceId: number | null }> {
  return runTransaction(db, async (tx) => {
    const seen = await repository.recordWebhookEventOnce(tx, {
      provider: provider.name,
      eventId: event.eventId,
      payload,
      receivedAt: now,
    });
    if (seen) return { outcome: seen.outcome as WebhookOutcome, duplicate: true, invoiceId: seen.invoiceId };

    const invoice = await repository.lockInvoiceByHash(tx, provider.name, event.invoiceHash);
    let outcome: WebhookOutcome;
    const setStatus = (status: number) => repository.setInvoiceStatus(tx, invoice!.id, status);
    const review = async (reason: ReviewReason) => {
      if (event.amountMinor > 0n) {
        await repository.insertReview(tx, {
          invoiceId: invoice!.id,
          provider: provider.name,
          eventId: event.eventId,
          reason,
          amountMinor: event.amountMinor,
          createdAt: now,
        });
      }
      return reason;
    };
    const alive = invoice?.status === INVOICE_STATUS.created && now < invoice.expiresAt;
    if (!invoice) outcome = 'unknown_invoice';
    else if (invoice.status === INVOICE_STATUS.paid) outcome = 'already_paid';
    else if (event.status === 'failed') {
      if (alive) {
        await setStatus(INVOICE_STATUS.failed);
        outcome = 'failed';
      } else {
        if (invoice.status === INVOICE_STATUS.created) await setStatus(INVOICE_STATUS.expired);
        outcome = invoice.status === INVOICE_STATUS.failed ? 'failed' : 'expired';
      }
    } else if (event.amountMinor !== invoice.amountMinor) outcome = await review('amount_mismatch');
    else if (invoice.status === INVOICE_STATUS.failed) outcome = await review('paid_after_failed');
    else {
      await creditInvoice(tx, invoice, invoice.amountMinor, now, alive ? {} : { late: true });
      outcome = alive ? 'credited' : 'credited_late';
    }
    await repository.setWebhookOutcome(tx, provider.name, event.eventId, outcome, invoice?.id ?? null);
    if (actor && invoice) {
      await recordAudit(tx, {
        actor,
        action: 'invoice.reconcile',
        subjectType: 'invoice',
        subjectId: invoice.id,
        userId: invoice.userId,
        before: { status: invoice.status },
        after: {
          status: (await repository.findInvoice(tx, invoice.id))?.status,
          outcome,
          event: event.eventId,
        },
        at: now,
      });
    }
    return { outcome, duplicate: false, invoiceId: invoice?.id ?? null };
  });
}

export type ResolveOutcome =
  | { done: true; review: ReviewRow; transferId: number | null }
  | { done: false; reason: 'unknown_invoice' | 'nothing_open' | 'already_paid'; review?: ReviewRow };

/**
 * The operator resolves the oldest open review of an invoice: `credit` credits what the provider took
 * (through the ledger, key `invoice:<id>:credit`, so at most once per invoice) and marks the invoice paid;
 * `refuse` records that the money goes back through the provider and moves nothing. Idempotent: a
 * repeat finds nothing open and answers the last resolved review (`nothing_open`). Crediting an invoice
 * that was paid meanwhile is refused (`already_paid`): refuse the review, or credit the player with
 * `balance credit` when the provider really took the money twice. A resolution is written to the audit
 * log in its transaction (`invoice.credit|refuse`, by `actor`, `system` when none is given).
 */
export function resolveReview(
  db: Executor,
  input: { invoiceId: number; action: 'credit' | 'refuse'; note: string; now: Date; actor?: Actor },
): Promise<ResolveOutcome> {
  return runTransaction(db, async (tx) => {
    const invoice = await repository.lockInvoice(tx, input.invoiceId);
    if (!invoice) return { done: false, reason: 'unknown_invoice' };
    const [open] = await repository.openReviewsOf(tx, invoice.id);
    if (!open) {
      const last = await repository.lastReviewOf(tx, invoice.id);
      return { done: false, reason: 'nothing_open', review: last };
    }
    let transferId: number | null = null;
    if (input.action === 'credit') {
      if (invoice.status === INVOICE_STATUS.paid)
        return { done: false, reason: 'already_paid', review: open };
      transferId = await creditInvoice(tx, invoice, open.amountMinor, input.now, {
        review_id: open.id,
        review_note: input.note,
      });
    }
    const resolved = await repository.resolveReviewRow(tx, open.id, {
      status: input.action === 'credit' ? 'credited' : 'refused',
      note: input.note,
      creditTransferId: transferId,
      resolvedAt: input.now,
    });
    const statusName = (status: number) =>
      Object.entries(INVOICE_STATUS).find(([, value]) => value === status)?.[0] ?? String(status);
    await recordAudit(tx, {
      actor: input.actor ?? 'system',
      action: `invoice.${input.action}`,
      subjectType: 'invoice',
      subjectId: invoice.id,
      userId: invoice.userId,
      before: {
        status: statusName(invoice.status),
        review: { id: open.id, status: open.status, amount_minor: open.amountMinor },
      },
      after: {
        status: statusName(transferId === null ? invoice.status : INVOICE_STATUS.paid),
        review: { id: resolved.id, status: resolved.status, amount_minor: resolved.amountMinor },
        transfer_id: transferId,
      },
      reason: input.note,
      at: input.now,
    });
    return { done: true, review: resolved, transferId };
  });
}
