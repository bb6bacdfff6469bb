import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * Seed pairs of the provably fair games (issue 5, DESIGN.md "Provably fair games"). A user has at most one
 * active pair (partial unique index): its server seed is shown only as `server_seed_hash` until the pair is
 * rotated (`active` false, `revealed_at` set). `nonce` is the next bet's; it is taken under a row lock in
 * the bet's transaction (server/modules/fair/service.ts), so a failed bet consumes none.
 */
export const fairSeedPairs = pgTable(
  'fair_seed_pairs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('fair_seed_pairs_active_unique')
      .on(table.userId)
      .where(sql`${table.active}`),
    index('fair_seed_pairs_user_idx').on(table.userId, table.id),
  ],
);
