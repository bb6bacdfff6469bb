import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerTransfers } from '../ledger/schema';
import { users } from '../users/schema';

/**
 * Game sessions handed to the aggregator (issue 17): one token per player, game and currency, made when a
 * game is launched (`createGameSession`). Only the token's SHA-256 is kept. A session takes bets until
 * `expires_at`; its wins and rollbacks are taken later too. `country` is the player's country when the
 * game was launched (a wallet call carries no address of the player: a bet is refused when that country
 * is blocked); `session_started_at` is when their log-in session started (their session limit counts
 * from it).
 */
export const aggregatorSessions = pgTable(
  'aggregator_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gameCode: text('game_code').notNull(),
    currency: text('currency').notNull(),
    country: char('country', { length: 2 }),
    sessionStartedAt: timestamp('session_started_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('aggregator_sessions_token_unique').on(table.tokenHash),
    index('aggregator_sessions_user_idx').on(table.userId, table.id),
    check(
      'aggregator_sessions_currency_known',
      sql`${table.currency} IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')`,
    ),
    check(
      'aggregator_sessions_country_format',
      sql`${table.country} IS NULL OR ${table.country} ~ '^[A-Z]{2}$'`,
    ),
    check('aggregator_sessions_expiry', sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/**
 * Every wallet transaction the aggregator sent and the wallet accepted, under its `transaction_uuid`
 * (unique: a repeat answers the first result, the same uuid with other data is a duplicate):
 * - `bet`: the stake from the player's cash to the house (`aggregator:<uuid>`, none for a free round's
 *   bet or a zero amount); `accepted`, or `rolled_back` once a rollback gave it back;
 * - `win`: a payout of an accepted bet (`reference_transaction_uuid`) from the house to the player's cash;
 * - `rollback` of the bet `reference_transaction_uuid`: `applied` (its stake given back by its own
 *   transfer), `repeated` (the bet was already rolled back) or `unmatched` (no such bet yet: recorded, so
 *   that the bet, should it still come, is refused).
 * Amounts: `amount_units` as the aggregator sent them, `amount_minor` the same in minor units.
 */
export const aggregatorTransactions = pgTable(
  'aggregator_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionUuid: text('transaction_uuid').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    sessionId: integer('session_id').references(() => aggregatorSessions.id, { onDelete: 'restrict' }),
    gameCode: text('game_code').notNull(),
    round: text('round').notNull(),
    currency: text('currency').notNull(),
    amountUnits: bigint('amount_units', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    amountMinor: bigint('amount_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    referenceTransactionUuid: text('reference_transaction_uuid'),
    isFree: boolean('is_free').notNull().default(false),
    /** A free round's bet: the reward (free_round_rewards.reward_uuid) it used. */
    rewardUuid: text('reward_uuid'),
    roundClosed: boolean('round_closed').notNull().default(false),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('aggregator_transactions_uuid_unique').on(table.transactionUuid),
    index('aggregator_transactions_reference_idx')
      .on(table.referenceTransactionUuid)
      .where(sql`${table.referenceTransactionUuid} IS NOT NULL`),
    index('aggregator_transactions_user_idx').on(table.userId, table.createdAt),
    check('aggregator_transactions_kind_known', sql`${table.kind} IN ('bet', 'win', 'rollback')`),
    check(
      'aggregator_transactions_status_known',
      sql`(${table.kind} = 'bet' AND ${table.status} IN ('accepted', 'rolled_back'))
        OR (${table.kind} = 'win' AND ${table.status} = 'accepted')
        OR (${table.kind} = 'rollback' AND ${table.status} IN ('applied', 'repeated', 'unmatched'))`,
    ),
    check(
      'aggregator_transactions_reference',
      sql`(${table.kind} = 'bet') = (${table.referenceTransactionUuid} IS NULL)`,
    ),
    check('aggregator_transactions_amounts', sql`${table.amountUnits} >= 0 AND ${table.amountMinor} >= 0`),
    check(
      'aggregator_transactions_currency_known',
      sql`${table.currency} IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')`,
    ),
  ],
);

export type AggregatorSessionRow = typeof aggregatorSessions.$inferSelect;
export type AggregatorTransactionRow = typeof aggregatorTransactions.$inferSelect;
