import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransfers } from '../ledger/schema';
import { users } from '../users/schema';

/**
 * The methods a player withdraws to, per currency. Limits in minor units (the currency's minimum payout
 * of spec section 9 applies beneath `min_minor` whatever it says); `fee_minor` is a fixed fee the player
 * pays out of the amount. Crypto methods are the `crypto-payouts` of `GET /api/v2/billing/data`.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hash: text('hash').notNull(),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru'),
    nameKz: text('name_kz'),
    currency: text('currency').notNull(),
    minMinor: bigint('min_minor', { mode: 'bigint' }),
    maxMinor: bigint('max_minor', { mode: 'bigint' }),
    feeMinor: bigint('fee_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** What the method's provider needs besides the amount (e.g. Cryptomus: `to_currency`, `network`). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    uniqueIndex('payout_methods_hash_unique').on(table.hash),
    check('payout_methods_type_known', sql`${table.type} IN ('card', 'phone', 'crypto')`),
    check('payout_methods_currency_known', sql`${table.currency} IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')`),
    check('payout_methods_fee_not_negative', sql`${table.feeMinor} >= 0`),
    check(
      'payout_methods_limits',
      sql`(${table.minMinor} IS NULL OR ${table.minMinor} > 0)
        AND (${table.minMinor} IS NULL OR ${table.maxMinor} IS NULL OR ${table.minMinor} <= ${table.maxMinor})`,
    ),
  ],
);

/**
 * A player's withdrawal. Its money moves through the ledger in at most two transfers:
 * `payout:<id>:hold` (the player's cash into the provider's pending-payouts account, when it is
 * requested), then either `payout:<id>:paid` (pending → the provider's clearing account, the fee to the
 * house) or `payout:<id>:return` (pending → the player's cash: rejected, failed, cancelled).
 *
 * status: `review` (waits for the operator), `approved` (to be sent), `sent` (the provider has it),
 * `paid`, `failed` (the provider gave up), `rejected` (by the operator), `cancelled` (by the player).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    methodId: integer('method_id')
      .notNull()
      .references(() => payoutMethods.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    type: text('type').notNull(),
    currency: text('currency').notNull(),
    /** What leaves the player's cash. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** Kept by the operator when it is paid; the provider sends `amount - fee`. */
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    /** Where the money goes (card number, phone, wallet address), as the player gave it. */
    destination: text('destination').notNull(),
    status: text('status').notNull(),
    /** Why the operator reviews it (comma-separated: first_payout, above_threshold, verification). */
    reviewReasons: text('review_reasons'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Who approved or rejected it (`npm run admin -- payout approve|reject --reviewer NAME`). */
    reviewer: text('reviewer'),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    settleTransferId: bigint('settle_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('payouts_user_key_unique').on(table.userId, table.idempotencyKey),
    uniqueIndex('payouts_provider_ref_unique').on(table.provider, table.providerRef),
    uniqueIndex('payouts_hold_unique').on(table.holdTransferId),
    uniqueIndex('payouts_settle_unique').on(table.settleTransferId),
    index('payouts_user_idx').on(table.userId, table.id),
    index('payouts_status_idx').on(table.status, table.id),
    check(
      'payouts_status_known',
      sql`${table.status} IN ('review', 'approved', 'sent', 'paid', 'failed', 'rejected', 'cancelled')`,
    ),
    check('payouts_amount_positive', sql`${table.amountMinor} > 0`),
    check(
      'payouts_fee_below_amount',
      sql`${table.feeMinor} >= 0 AND ${table.feeMinor} < ${table.amountMinor}`,
    ),
    check(
      'payouts_settled',
      sql`(${table.status} IN ('paid', 'failed', 'rejected', 'cancelled')) = (${table.settleTransferId} IS NOT NULL)`,
    ),
  ],
);
