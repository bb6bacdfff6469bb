import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * Ledger accounts (DESIGN.md "one ledger module, double entry"). A user account is one per
 * (user, currency, kind cash|bonus) and can never go below zero (CHECK). System accounts (house,
 * payment clearing per provider, bonus pool) carry a `system_code` and may go negative.
 * `balance_minor` is a cache of the sum of the account's entries, written only by ledger/service.ts.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `user:<id>:<currency>:<kind>` or `system:<code>:<currency>`. */
    key: text('key').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    systemCode: text('system_code'),
    currency: text('currency').notNull(),
    kind: text('kind').notNull(),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_key_unique').on(table.key),
    uniqueIndex('ledger_accounts_user_unique')
      .on(table.userId, table.currency, table.kind)
      .where(sql`${table.userId} IS NOT NULL`),
    check('ledger_accounts_kind_known', sql`${table.kind} IN ('cash', 'bonus', 'system')`),
    check('ledger_accounts_currency_known', sql`${table.currency} IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')`),
    check(
      'ledger_accounts_owner',
      sql`(${table.userId} IS NOT NULL AND ${table.systemCode} IS NULL AND ${table.kind} IN ('cash', 'bonus'))
        OR (${table.userId} IS NULL AND ${table.systemCode} IS NOT NULL AND ${table.kind} = 'system')`,
    ),
    check(
      'ledger_accounts_user_balance_not_negative',
      sql`${table.userId} IS NULL OR ${table.balanceMinor} >= 0`,
    ),
  ],
);

/** One balanced movement of money; `idempotency_key` is unique, `payload_hash` detects a reused key. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull(),
    payloadHash: text('payload_hash').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_idempotency_key_unique').on(table.idempotencyKey),
    index('ledger_transfers_reference_idx').on(table.reference),
    check(
      'ledger_transfers_kind_known',
      sql`${table.kind} IN ('deposit', 'bonus', 'bet', 'win', 'adjustment', 'withdrawal')`,
    ),
  ],
);

/** The legs of a transfer: a non-zero signed amount per account, and that account's balance after it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    uniqueIndex('ledger_entries_transfer_account_unique').on(table.transferId, table.accountId),
    check('ledger_entries_amount_not_zero', sql`${table.amountMinor} <> 0`),
  ],
);
