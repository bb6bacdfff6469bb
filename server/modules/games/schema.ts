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
import type { Currency } from '@/lib/constants/currencies';
import { fairSeedPairs } from '../fair/schema';
import { users } from '../users/schema';

/**
 * Bets of the provably fair games. Amounts in minor units; `multiplier_scaled` in 1/10 000ths (what the
 * bet paid as a multiple of its amount; for an open round, the current cash-out multiplier). `client_seed`
 * and `nonce` are the bet's own (the pair's client seed may change later). `params` is the player's input
 * (for cases, also the range table as it was at the opening), `state` the hidden progress of an open
 * round, `outcome` the public outcome of the contract (never mines or future cards of an open round).
 * `request_hash` tells a replay of the idempotency key from a conflicting reuse.
 */
export const gameBets = pgTable(
  'game_bets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    game: text('game').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    payoutMinor: bigint('payout_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    multiplierScaled: bigint('multiplier_scaled', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').$type<'open' | 'won' | 'lost' | 'cashed_out'>().notNull(),
    seedPairId: integer('seed_pair_id')
      .notNull()
      .references(() => fairSeedPairs.id, { onDelete: 'restrict' }),
    clientSeed: text('client_seed').notNull(),
    nonce: integer('nonce').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The cash balance after the bet was placed or the round's last move (answered again on a replay). */
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('game_bets_user_idempotency_unique').on(table.userId, table.idempotencyKey),
    uniqueIndex('game_bets_one_open_round')
      .on(table.userId, table.game)
      .where(sql`${table.status} = 'open'`),
    uniqueIndex('game_bets_seed_nonce_unique').on(table.seedPairId, table.nonce),
    index('game_bets_user_idx').on(table.userId, table.id),
    index('game_bets_user_game_idx').on(table.userId, table.game, table.id),
    check(
      'game_bets_game_known',
      sql`${table.game} IN ('dice', 'coinflip', 'keno', 'roulette', 'hilo', 'miner', 'cases')`,
    ),
    check('game_bets_status_known', sql`${table.status} IN ('open', 'won', 'lost', 'cashed_out')`),
    check('game_bets_amount_positive', sql`${table.amountMinor} > 0`),
    check('game_bets_payout_not_negative', sql`${table.payoutMinor} >= 0`),
    check('game_bets_currency_known', sql`${table.currency} IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')`),
  ],
);

/** Case prices per currency in minor units (every currency present). */
export type CasePrices = Record<Currency, number>;

/**
 * Cases (the `cases` game): a price per currency and items in `position` order; an item owns `rolls` of
 * the 100 000 rolls (its range follows from the order) and pays `multiplier_scaled` / 10 000 × price.
 * Editing a case never changes an old opening: each bet stores the table it was opened with.
 */
export const gameCases = pgTable(
  'game_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru').notNull(),
    nameKz: text('name_kz').notNull(),
    prices: jsonb('prices').$type<CasePrices>().notNull(),
    image: text('image'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_cases_slug_unique').on(table.slug),
    check('game_cases_slug_format', sql`${table.slug} ~ '^[a-z0-9][a-z0-9-]{0,62}$'`),
  ],
);

export const gameCaseItems = pgTable(
  'game_case_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => gameCases.id, { onDelete: 'cascade' }),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru').notNull(),
    nameKz: text('name_kz').notNull(),
    rolls: integer('rolls').notNull(),
    multiplierScaled: integer('multiplier_scaled').notNull(),
    rarity: text('rarity').$type<'common' | 'uncommon' | 'rare' | 'epic' | 'legendary'>().notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    uniqueIndex('game_case_items_position_unique').on(table.caseId, table.position),
    check('game_case_items_rolls', sql`${table.rolls} BETWEEN 1 AND 100000`),
    check('game_case_items_multiplier', sql`${table.multiplierScaled} >= 0`),
    check(
      'game_case_items_rarity_known',
      sql`${table.rarity} IN ('common', 'uncommon', 'rare', 'epic', 'legendary')`,
    ),
  ],
);
