import { and, asc, desc, eq, exists, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { INVOICE_STATUS } from '@/lib/contracts/billing';
import type { Executor } from '../../db/client';
import { billingInvoices, billingPaymentReviews, billingWebhookEvents, paymentMethods } from './schema';

export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type NewInvoiceRow = typeof billingInvoices.$inferInsert;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type ReviewRow = typeof billingPaymentReviews.$inferSelect;
export type NewReviewRow = typeof billingPaymentReviews.$inferInsert;

// --- payment methods ---

/** Enabled methods for a currency in a region (methods without a region are offered everywhere). */
export function listEnabledMethods(db: Executor, currency: string, region: 'KZ' | 'RU') {
  return db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.currency, currency),
        eq(paymentMethods.enabled, true),
        or(isNull(paymentMethods.region), eq(paymentMethods.region, region)),
      ),
    )
    .orderBy(asc(paymentMethods.sort), asc(paymentMethods.id));
}

export async function findEnabledMethod(db: Executor, hash: string): Promise<PaymentMethodRow | undefined> {
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.hash, hash), eq(paymentMethods.enabled, true)));
  return method;
}

// --- invoices ---

/** Inserts the invoice unless the user already used the idempotency key (then undefined). */
export async function insertInvoiceOnce(
  db: Executor,
  invoice: NewInvoiceRow,
): Promise<InvoiceRow | undefined> {
  const [created] = await db
    .insert(billingInvoices)
    .values(invoice)
    .onConflictDoNothing({ target: [billingInvoices.userId, billingInvoices.idempotencyKey] })
    .returning();
  return created;
}

export async function findInvoiceByKey(
  db: Executor,
  userId: number,
  idempotencyKey: string,
): Promise<InvoiceRow | undefined> {
  const [existing] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.userId, userId), eq(billingInvoices.idempotencyKey, idempotencyKey)));
  return existing;
}

/** Records the provider's payment details on an invoice that has none yet; undefined when it had. */
export async function assignInvoice(
  db: Executor,
  id: number,
  changes: Pick<NewInvoiceRow, 'providerRef' | 'payToCard' | 'payToPhone' | 'payUrl' | 'commissionMinor'>,
): Promise<InvoiceRow | undefined> {
  const [updated] = await db
    .update(billingInvoices)
    .set(changes)
    .where(and(eq(billingInvoices.id, id), isNull(billingInvoices.providerRef)))
    .returning();
  return updated;
}

export async function findUserInvoice(
  db: Executor,
  userId: number,
  invoiceId: number,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.id, invoiceId), eq(billingInvoices.userId, userId)));
  return row;
}

/** Marks a still-created invoice expired; undefined when its status changed meanwhile. */
export async function expireCreatedInvoice(db: Executor, invoiceId: number): Promise<InvoiceRow | undefined> {
  const [expired] = await db
    .update(billingInvoices)
    .set({ status: INVOICE_STATUS.expired })
    .where(and(eq(billingInvoices.id, invoiceId), eq(billingInvoices.status, INVOICE_STATUS.created)))
    .returning();
  return expired;
}

export async function setInvoiceStatus(db: Executor, invoiceId: number, status: number): Promise<void> {
  await db.update(billingInvoices).set({ status }).where(eq(billingInvoices.id, invoiceId));
}

export async function markInvoicePaid(
  db: Executor,
  invoiceId: number,
  paidAt: Date,
  creditTransferId: number,
): Promise<void> {
  await db
    .update(billingInvoices)
    .set({ status: INVOICE_STATUS.paid, paidAt, creditTransferId })
    .where(eq(billingInvoices.id, invoiceId));
}

/** The provider's invoice by hash, locked `FOR UPDATE`. */
export async function lockInvoiceByHash(
  db: Executor,
  provider: string,
  hash: string,
): Promise<InvoiceRow | undefined> {
  const [invoice] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.hash, hash), eq(billingInvoices.provider, provider)))
    .for('update');
  return invoice;
}

export async function lockInvoice(db: Executor, id: number): Promise<InvoiceRow | undefined> {
  const [invoice] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id)).for('update');
  return invoice;
}

export async function findInvoice(db: Executor, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(billingInvoices).where(eq(billingInvoices.id, id));
  return row;
}

/** Invoices for the admin CLI, newest first. */
export function listInvoices(
  db: Executor,
  filter: { userId?: number; status?: number; review?: boolean; limit: number },
): Promise<InvoiceRow[]> {
  const conditions = [
    filter.userId === undefined ? undefined : eq(billingInvoices.userId, filter.userId),
    filter.status === undefined ? undefined : eq(billingInvoices.status, filter.status),
    filter.review
      ? exists(
          db
            .select({ id: billingPaymentReviews.id })
            .from(billingPaymentReviews)
            .where(
              and(
                eq(billingPaymentReviews.invoiceId, billingInvoices.id),
                eq(billingPaymentReviews.status, 'open'),
              ),
            ),
        )
      : undefined,
  ].filter(Boolean) as SQL[];
  return db
    .select()
    .from(billingInvoices)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(billingInvoices.id))
    .limit(filter.limit);
}

// --- webhook events ---

/** Records a provider's event as pending; false when the event id was seen before. */
export async function insertWebhookEventOnce(
  db: Executor,
  event: { provider: string; eventId: string; payload: unknown; receivedAt: Date },
): Promise<boolean> {
  const [fresh] = await db
    .insert(billingWebhookEvents)
    .values({ ...event, outcome: 'pending' })
    .onConflictDoNothing()
    .returning({ eventId: billingWebhookEvents.eventId });
  return fresh !== undefined;
}

/**
 * Records a provider event the first time it comes (null); a repeat gets the row recorded then, with the
 * outcome its first delivery had. In the transaction that applies the event, so it applies once.
 */
export async function recordWebhookEventOnce(
  db: Executor,
  event: { provider: string; eventId: string; payload: unknown; receivedAt: Date },
): Promise<typeof billingWebhookEvents.$inferSelect | null> {
  if (await insertWebhookEventOnce(db, event)) return null;
  const seen = await findWebhookEvent(db, event.provider, event.eventId);
  if (!seen)
    throw new Error(`webhook event ${event.provider}:${event.eventId} conflicted but is not visible`);
  return seen;
}

export async function findWebhookEvent(db: Executor, provider: string, eventId: string) {
  const [seen] = await db
    .select()
    .from(billingWebhookEvents)
    .where(and(eq(billingWebhookEvents.provider, provider), eq(billingWebhookEvents.eventId, eventId)));
  return seen;
}

export async function setWebhookOutcome(
  db: Executor,
  provider: string,
  eventId: string,
  outcome: string,
  invoiceId: number | null,
): Promise<void> {
  await db
    .update(billingWebhookEvents)
    .set({ outcome, invoiceId })
    .where(and(eq(billingWebhookEvents.provider, provider), eq(billingWebhookEvents.eventId, eventId)));
}

// --- payment reviews ---

export async function insertReview(db: Executor, review: NewReviewRow): Promise<void> {
  await db.insert(billingPaymentReviews).values(review);
}

/** Open payment reviews of an invoice, oldest first. */
export function openReviewsOf(db: Executor, invoiceId: number): Promise<ReviewRow[]> {
  return db
    .select()
    .from(billingPaymentReviews)
    .where(and(eq(billingPaymentReviews.invoiceId, invoiceId), eq(billingPaymentReviews.status, 'open')))
    .orderBy(asc(billingPaymentReviews.id));
}

/** The invoice's most recently resolved review. */
export async function lastReviewOf(db: Executor, invoiceId: number): Promise<ReviewRow | undefined> {
  const [last] = await db
    .select()
    .from(billingPaymentReviews)
    .where(eq(billingPaymentReviews.invoiceId, invoiceId))
    .orderBy(desc(billingPaymentReviews.resolvedAt), desc(billingPaymentReviews.id))
    .limit(1);
  return last;
}

export async function resolveReviewRow(
  db: Executor,
  reviewId: number,
  changes: Pick<NewReviewRow, 'status' | 'note' | 'creditTransferId' | 'resolvedAt'>,
): Promise<ReviewRow> {
  const [resolved] = await db
    .update(billingPaymentReviews)
    .set(changes)
    .where(eq(billingPaymentReviews.id, reviewId))
    .returning();
  return resolved;
}

/**
 * What the player deposited in a currency since `since`: invoices paid since then, and invoices created
 * since then that may still be paid (alive at `now`): what a deposit limit counts.
 */
export async function depositedSince(
  db: Executor,
  userId: number,
  currency: string,
  since: Date,
  now: Date,
): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${billingInvoices.amountMinor}), 0)` })
    .from(billingInvoices)
    .where(
      and(
        eq(billingInvoices.userId, userId),
        eq(billingInvoices.currency, currency),
        or(
          and(eq(billingInvoices.status, INVOICE_STATUS.paid), gte(billingInvoices.paidAt, since)),
          and(
            eq(billingInvoices.status, INVOICE_STATUS.created),
            gte(billingInvoices.createdAt, since),
            gt(billingInvoices.expiresAt, now),
          ),
        ),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/**
 * Invoices of `providers` whose outcome the provider may still change: not paid (created, expired or
 * failed), made between `since` and `before`, oldest first.
 */
export function invoicesToReconcile(
  db: Executor,
  input: { providers: string[]; since: Date; before: Date; limit: number },
): Promise<InvoiceRow[]> {
  if (input.providers.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(billingInvoices)
    .where(
      and(
        inArray(billingInvoices.provider, input.providers),
        inArray(billingInvoices.status, [
          INVOICE_STATUS.created,
          INVOICE_STATUS.expired,
          INVOICE_STATUS.failed,
        ]),
        gte(billingInvoices.createdAt, input.since),
        lte(billingInvoices.createdAt, input.before),
      ),
    )
    .orderBy(asc(billingInvoices.id))
    .limit(input.limit);
}

// --- methods (the operator's `method` commands) ---

export function allMethods(db: Executor): Promise<PaymentMethodRow[]> {
  return db.select().from(paymentMethods).orderBy(asc(paymentMethods.currency), asc(paymentMethods.sort));
}

export async function findMethod(db: Executor, hash: string): Promise<PaymentMethodRow | undefined> {
  const [method] = await db.select().from(paymentMethods).where(eq(paymentMethods.hash, hash));
  return method;
}

/** Inserts a method; undefined when its hash is taken. */
export async function insertMethod(
  db: Executor,
  row: typeof paymentMethods.$inferInsert,
): Promise<PaymentMethodRow | undefined> {
  const [inserted] = await db.insert(paymentMethods).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function setMethodEnabled(db: Executor, hash: string, enabled: boolean): Promise<void> {
  await db.update(paymentMethods).set({ enabled }).where(eq(paymentMethods.hash, hash));
}
