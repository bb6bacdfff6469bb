import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from '../ledger/schema';
import { users } from '../users/schema';

/**
 * The rounds of the rooms (issue 16, lib/fair/rooms.ts): one open round per room and currency (a partial
 * unique index), its seed drawn and its hash committed when it opens. `ends_at` is set when a second
 * player stakes; when it has passed, a settle job of any API process draws it (`FOR UPDATE SKIP LOCKED`),
 * pays the winner and opens the next round, in one transaction. `seed` never leaves the server before
 * `status = 'drawn'`.
 */
export const roomRounds = pgTable(
  'room_rounds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    room: text('room').notNull(),
    currency: text('currency').notNull(),
    /** open (takes stakes until ends_at), drawn. */
    status: text('status').notNull().default('open'),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    potMinor: bigint('pot_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Distinct players who staked. */
    players: integer('players').notNull().default(0),
    stakesCount: integer('stakes_count').notNull().default(0),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** The winning ticket, in [0, pot) (minor units). */
    ticket: bigint('ticket', { mode: 'bigint' }),
    /** The winning stake (room_stakes.id; no foreign key: the two tables point at each other). */
    winnerStakeId: integer('winner_stake_id'),
    winnerUserId: integer('winner_user_id').references(() => users.id, { onDelete: 'restrict' }),
    commissionMinor: bigint('commission_minor', { mode: 'bigint' }),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' }),
    payoutTransferId: bigint('payout_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
  },
  (table) => [
    uniqueIndex('room_rounds_open_unique')
      .on(table.room, table.currency)
      .where(sql`${table.status} = 'open'`),
    index('room_rounds_due_idx')
      .on(table.endsAt)
      .where(sql`${table.status} = 'open' AND ${table.endsAt} IS NOT NULL`),
    index('room_rounds_history_idx')
      .on(table.room, table.currency, table.id)
      .where(sql`${table.status} = 'drawn'`),
    check('room_rounds_room_known', sql`${table.room} IN ('red', 'yellow', 'purple')`),
    check('room_rounds_status_known', sql`${table.status} IN ('open', 'drawn')`),
    check('room_rounds_pot', sql`${table.potMinor} >= 0`),
    check(
      'room_rounds_drawn',
      sql`(${table.status} = 'drawn') = (${table.drawnAt} IS NOT NULL AND ${table.ticket} IS NOT NULL AND ${table.winnerStakeId} IS NOT NULL AND ${table.payoutTransferId} IS NOT NULL)`,
    ),
  ],
);

/**
 * A player's stake in a round. Its money moves through the ledger: the stake (`room-stake:<user>:<key>`,
 * cash → the house) when it is placed; the winner's payout (`room-win:<round>`, house → cash) at the draw.
 */
export const roomStakes = pgTable(
  'room_stakes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roundId: integer('round_id')
      .notNull()
      .references(() => roomRounds.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    stakeTransferId: bigint('stake_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('room_stakes_user_key_unique').on(table.userId, table.idempotencyKey),
    index('room_stakes_round_idx').on(table.roundId, table.id),
    check('room_stakes_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

export type RoomRoundRow = typeof roomRounds.$inferSelect;
export type RoomStakeRow = typeof roomStakes.$inferSelect;
