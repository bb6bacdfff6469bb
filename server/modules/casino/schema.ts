import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * The aggregator's providers (issue 17): one row per `product` its game list names; `code` is the
 * product's slug.
 */
export const casinoProviders = pgTable(
  'casino_providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('casino_providers_code_unique').on(table.code)],
);

/**
 * The catalogue of the aggregator's games, synchronised from its game list (`games sync`): what the list
 * says (name, provider, category, `live`, images, RTP in percent, volatility, demo and free-round support,
 * platforms, blocked countries, release date, `enabled`) is overwritten by each sync; `listed` is false
 * once a sync no longer finds the game (it is then hidden, kept for the history and the favourites). The
 * operator's own fields survive syncs: `disabled_by_operator`, `position` (lower first), the tags.
 * A game is shown when enabled, listed and not disabled by the operator.
 */
export const casinoGames = pgTable(
  'casino_games',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => casinoProviders.id, { onDelete: 'restrict' }),
    category: text('category').notNull(),
    live: boolean('live').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    backgroundUrl: text('background_url'),
    rtp: numeric('rtp', { precision: 7, scale: 4, mode: 'number' }),
    volatility: text('volatility'),
    demo: boolean('demo').notNull().default(false),
    freebet: boolean('freebet').notNull().default(false),
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    blockedCountries: jsonb('blocked_countries').$type<string[]>().notNull().default([]),
    releaseDate: date('release_date', { mode: 'string' }),
    enabled: boolean('enabled').notNull().default(true),
    listed: boolean('listed').notNull().default(true),
    disabledByOperator: boolean('disabled_by_operator').notNull().default(false),
    position: integer('position').notNull().default(1000),
    tagNew: boolean('tag_new').notNull().default(false),
    tagPopular: boolean('tag_popular').notNull().default(false),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('casino_games_code_unique').on(table.code),
    index('casino_games_provider_idx').on(table.providerId),
    check('casino_games_code_format', sql`${table.code} ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$'`),
    check(
      'casino_games_volatility_known',
      sql`${table.volatility} IS NULL OR ${table.volatility} IN ('low', 'medium', 'high')`,
    ),
    check('casino_games_rtp_range', sql`${table.rtp} IS NULL OR (${table.rtp} > 0 AND ${table.rtp} <= 200)`),
    check('casino_games_platforms_array', sql`jsonb_typeof(${table.platforms}) = 'array'`),
    check('casino_games_blocked_array', sql`jsonb_typeof(${table.blockedCountries}) = 'array'`),
  ],
);

/** A player's favourite games. */
export const casinoFavourites = pgTable(
  'casino_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => casinoGames.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.gameId] })],
);

/**
 * What a player launched (real or demo), once per game with the latest launch and the number of
 * launches: the "recently played" row, and the last week's launches the `popular` sort counts.
 */
export const casinoRecentGames = pgTable(
  'casino_recent_games',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => casinoGames.id, { onDelete: 'cascade' }),
    lastLaunchedAt: timestamp('last_launched_at', { withTimezone: true }).notNull(),
    launches: integer('launches').notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.gameId] }),
    index('casino_recent_games_user_idx').on(table.userId, table.lastLaunchedAt),
    index('casino_recent_games_game_idx').on(table.gameId, table.lastLaunchedAt),
  ],
);

export type CasinoProviderRow = typeof casinoProviders.$inferSelect;
export type CasinoGameRow = typeof casinoGames.$inferSelect;
