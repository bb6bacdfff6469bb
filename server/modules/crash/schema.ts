import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from '../ledger/schema';
import { users } from '../users/schema';

/**
 * Crash hash chains (issue 16, lib/fair/crash.ts). A chain is made backwards from a random hash and played
 * forwards; its terminating hash is published before its first game, its salt is set by the operator after
 * that (`npm run admin -- crash chain create`, `crash salt set`) and only then may it be played. A newer
 * chain continues the history when the older one runs out.
 */
export const crashChains = pgTable(
  'crash_chains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    terminatingHash: text('terminating_hash').notNull(),
    length: integer('length').notNull(),
    salt: text('salt'),
    saltSetAt: timestamp('salt_set_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('crash_chains_terminating_unique').on(table.terminatingHash),
    check('crash_chains_length_positive', sql`${table.length} > 0`),
    check('crash_chains_salt_with_time', sql`(${table.salt} IS NULL) = (${table.saltSetAt} IS NULL)`),
  ],
);

/**
 * The games of the chains, one row per hash, numbered across chains in the order they are played (`id`).
 * `hash` never leaves the server before the game's bust (`busted_at`); `crash_point` (hundredths) is set
 * when the game starts, from the hash and the chain's salt.
 */
export const crashGames = pgTable(
  'crash_games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => crashChains.id, { onDelete: 'restrict' }),
    /** 1 for the chain's first game (the one right after its terminating hash). */
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    /** pending, running, busted. */
    status: text('status').notNull().default('pending'),
    crashPoint: integer('crash_point'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    bustedAt: timestamp('busted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('crash_games_chain_position_unique').on(table.chainId, table.position),
    uniqueIndex('crash_games_hash_unique').on(table.hash),
    index('crash_games_busted_idx')
      .on(table.id)
      .where(sql`${table.status} = 'busted'`),
    check('crash_games_status_known', sql`${table.status} IN ('pending', 'running', 'busted')`),
    check('crash_games_point', sql`${table.crashPoint} IS NULL OR ${table.crashPoint} >= 100`),
    check('crash_games_busted_has_time', sql`(${table.status} = 'busted') = (${table.bustedAt} IS NOT NULL)`),
  ],
);

/**
 * A player's bet in a crash game (one per player and game). Its money moves through the ledger: the stake
 * (`crash-bet:<user>:<key>`, cash → the house) when it is placed, the payout (`crash-win:<id>`, house →
 * cash) when it is cashed out, or the stake back (`crash-refund:<id>`) when its game was cut short.
 * status: active (in the game), cashed_out, lost (the game busted first), refunded.
 */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    gameId: integer('game_id')
      .notNull()
      .references(() => crashGames.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** Cash out by itself at this multiplier (hundredths, ≥ 101); null: by hand only. */
    autoCashout: integer('auto_cashout'),
    status: text('status').notNull().default('active'),
    /** The multiplier it was cashed out at (hundredths). */
    cashedOutAt: integer('cashed_out_at'),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    idempotencyKey: text('idempotency_key').notNull(),
    stakeTransferId: bigint('stake_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    settleTransferId: bigint('settle_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('crash_bets_game_user_unique').on(table.gameId, table.userId),
    uniqueIndex('crash_bets_user_key_unique').on(table.userId, table.idempotencyKey),
    index('crash_bets_user_idx').on(table.userId, table.id),
    check('crash_bets_status_known', sql`${table.status} IN ('active', 'cashed_out', 'lost', 'refunded')`),
    check('crash_bets_amount_positive', sql`${table.amountMinor} > 0`),
    check('crash_bets_auto_cashout', sql`${table.autoCashout} IS NULL OR ${table.autoCashout} >= 101`),
    check(
      'crash_bets_cashed_out',
      sql`(${table.status} = 'cashed_out') = (${table.cashedOutAt} IS NOT NULL AND ${table.settleTransferId} IS NOT NULL)`,
    ),
  ],
);

export type CrashChainRow = typeof crashChains.$inferSelect;
export type CrashBetRow = typeof crashBets.$inferSelect;
export type CrashGameRow = typeof crashGames.$inferSelect;
