import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransfers } from '../ledger/schema';
import { users } from '../users/schema';

/**
 * Deposit methods offered per currency (and optionally region). Limits in minor units; null limits make
 * the web app fall back to 100 / 300000 / 100 (spec §5), and the server enforces the same fallbacks.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hash: text('hash').notNull(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru'),
    nameKz: text('name_kz'),
    currency: text('currency').notNull(),
    /** KZ or RU; null: every region. */
    region: text('region'),
    minMinor: bigint('min_minor', { mode: 'bigint' }),
    maxMinor: bigint('max_minor', { mode: 'bigint' }),
    defaultMinor: bigint('default_minor', { mode: 'bigint' }),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** What the method's provider needs besides the amount (e.g. Cryptomus: `to_currency`, `network`). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    uniqueIndex('payment_methods_hash_unique').on(table.hash),
    check('payment_methods_type_known', sql`${table.type} IN ('card', 'phone', 'crypto')`),
    check('payment_methods_currency_known', sql`${table.currency} IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')`),
    check('payment_methods_region_known', sql`${table.region} IS NULL OR ${table.region} IN ('KZ', 'RU')`),
    check(
      'payment_methods_limits',
      sql`(${table.minMinor} IS NULL OR ${table.minMinor} > 0)
        AND (${table.minMinor} IS NULL OR ${table.maxMinor} IS NULL OR ${table.minMinor} <= ${table.maxMinor})`,
    ),
  ],
);

/**
 * Deposit invoices. status: 1 created, 3 paid, 4 expired, 5 failed (lib/contracts/billing.ts). An
 * invoice is credited at most once: the credit is the ledger transfer `invoice:<id>:credit`, recorded in
 * `credit_transfer_id` (unique). `expires_at` ends the offer to the player, not the money: a payment the
 * provider confirms later is credited all the same (or, when it cannot be, put in front of the operator
 * as a payment review, below).
 */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hash: text('hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    methodId: integer('method_id')
      .notNull()
      .references(() => paymentMethods.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    commissionMinor: bigint('commission_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: smallint('status').notNull().default(1),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the creating request asked for (method and amount), to tell a replay from a reused key. */
    requestHash: text('request_hash').notNull(),
    providerRef: text('provider_ref'),
    payToCard: text('pay_to_card'),
    payToPhone: text('pay_to_phone'),
    /** The provider's hosted payment page, for providers that take the payment there (Cryptomus). */
    payUrl: text('pay_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    creditTransferId: bigint('credit_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_invoices_hash_unique').on(table.hash),
    uniqueIndex('billing_invoices_user_key_unique').on(table.userId, table.idempotencyKey),
    uniqueIndex('billing_invoices_credit_unique').on(table.creditTransferId),
    index('billing_invoices_user_idx').on(table.userId, table.id),
    check('billing_invoices_status_known', sql`${table.status} IN (1, 2, 3, 4, 5)`),
    check('billing_invoices_amount_positive', sql`${table.amountMinor} > 0`),
    check(
      'billing_invoices_paid_credited',
      sql`(${table.status} = 3) = (${table.creditTransferId} IS NOT NULL)`,
    ),
  ],
);

/** Provider webhook deliveries by event id: a repeated event is acknowledged and does nothing. */
export const billingWebhookEvents = pgTable(
  'billing_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    invoiceId: integer('invoice_id').references(() => billingInvoices.id),
    outcome: text('outcome').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * A payment the provider confirmed that could not be credited by itself: the amount it took differs from
 * the invoice (`amount_mismatch`), or it reports paid an invoice it had reported failed
 * (`paid_after_failed`). It stays `open` until the operator credits it (the ledger transfer
 * `invoice:<id>:credit`, recorded in `credit_transfer_id`) or refuses it (the money goes back through the
 * provider, outside this system): `npm run admin -- invoice list --status review`, `invoice credit`,
 * `invoice refuse`. One review per provider event.
 */
export const billingPaymentReviews = pgTable(
  'billing_payment_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => billingInvoices.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    reason: text('reason').notNull(),
    /** What the provider says it took, in the invoice's currency. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('open'),
    note: text('note'),
    creditTransferId: bigint('credit_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('billing_payment_reviews_event_unique').on(table.provider, table.eventId),
    index('billing_payment_reviews_invoice_idx').on(table.invoiceId),
    index('billing_payment_reviews_open_idx')
      .on(table.invoiceId)
      .where(sql`${table.status} = 'open'`),
    check(
      'billing_payment_reviews_reason_known',
      sql`${table.reason} IN ('amount_mismatch', 'paid_after_failed')`,
    ),
    check('billing_payment_reviews_status_known', sql`${table.status} IN ('open', 'credited', 'refused')`),
    check('billing_payment_reviews_amount_positive', sql`${table.amountMinor} > 0`),
    check(
      'billing_payment_reviews_credited',
      sql`(${table.status} = 'credited') = (${table.creditTransferId} IS NOT NULL)`,
    ),
    check(
      'billing_payment_reviews_resolved',
      sql`(${table.status} = 'open') = (${table.resolvedAt} IS NULL)`,
    ),
  ],
);
