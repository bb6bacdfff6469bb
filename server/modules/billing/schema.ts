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
 * `credit_transfer_id` (unique). Past `expires_at` an invoice can never be credited.
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
