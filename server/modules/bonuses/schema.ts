import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Currency } from '@/lib/constants/currencies';
import { billingInvoices } from '../billing/schema';
import { users } from '../users/schema';

/**
 * Per-currency terms of a promo code or welcome-pack stage, in minor units (JSON integers). A currency
 * that is absent is not covered: the offer does not apply to it.
 */
export type BonusLimits = Partial<Record<Currency, { min_deposit_minor: number; max_bonus_minor: number }>>;

/** Free-spin bet per currency, in minor units; an absent currency cannot receive the campaign. */
export type SpinBets = Partial<Record<Currency, number>>;

const currencyKnown = (column: AnyPgColumn) => sql`${column} IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')`;

/**
 * Registration-and-deposit offers (spec §3 "Bonus"). `code` is stored upper-case and looked up
 * case-insensitively; `percent` of the qualifying deposit is credited, at most the currency's max,
 * and turns into cash after `wager` × bonus of real-money bets. An activation waits `wait_days` for
 * its deposit. `region` null: every region.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru'),
    nameKz: text('name_kz'),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionRu: text('description_ru'),
    descriptionKz: text('description_kz'),
    percent: integer('percent').notNull(),
    wager: numeric('wager', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    limits: jsonb('limits').$type<BonusLimits>().notNull(),
    region: text('region'),
    waitDays: integer('wait_days').notNull().default(7),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_codes_code_unique').on(table.code),
    check('promo_codes_code_format', sql`${table.code} ~ '^[A-Z0-9_-]{1,64}$'`),
    check('promo_codes_percent_range', sql`${table.percent} BETWEEN 1 AND 1000`),
    check('promo_codes_wager_range', sql`${table.wager} >= 0 AND ${table.wager} <= 1000`),
    check('promo_codes_limits_object', sql`jsonb_typeof(${table.limits}) = 'object'`),
    check('promo_codes_region_known', sql`${table.region} IS NULL OR ${table.region} IN ('KZ', 'RU')`),
    check('promo_codes_wait_days_range', sql`${table.waitDays} BETWEEN 1 AND 365`),
    check(
      'promo_codes_dates_ordered',
      sql`${table.startsAt} IS NULL OR ${table.endsAt} IS NULL OR ${table.startsAt} < ${table.endsAt}`,
    ),
  ],
);

/**
 * Free-spin campaigns: `count` spins at a fixed bet per currency in one game (`game_id` is the game's
 * slug). Spins are granted per user in `user_free_spins`.
 */
export const freeSpinCampaigns = pgTable(
  'free_spin_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru'),
    nameKz: text('name_kz'),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionRu: text('description_ru'),
    descriptionKz: text('description_kz'),
    gameId: text('game_id').notNull(),
    gameName: text('game_name').notNull(),
    count: integer('count').notNull(),
    bet: jsonb('bet').$type<SpinBets>().notNull(),
    wager: numeric('wager', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('free_spin_campaigns_game_id_format', sql`${table.gameId} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('free_spin_campaigns_count_range', sql`${table.count} BETWEEN 1 AND 10000`),
    check('free_spin_campaigns_bet_object', sql`jsonb_typeof(${table.bet}) = 'object'`),
    check('free_spin_campaigns_wager_range', sql`${table.wager} >= 0 AND ${table.wager} <= 1000`),
  ],
);

/**
 * The welcome pack (spec §3 "Welcome pack"): stage N pays `percent` % of the user's
 * `deposit_number`-th deposit (at least the currency's min, at most its max) and grants the spins of
 * `free_spin_campaign_id`. The pack's public title is the operator setting `welcome_pack_title`.
 */
export const welcomePackStages = pgTable(
  'welcome_pack_stages',
  {
    stage: integer('stage').primaryKey(),
    depositNumber: integer('deposit_number').notNull(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru'),
    titleKz: text('title_kz'),
    percent: integer('percent').notNull(),
    wager: numeric('wager', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    limits: jsonb('limits').$type<BonusLimits>().notNull(),
    freeSpinCampaignId: integer('free_spin_campaign_id').references(() => freeSpinCampaigns.id, {
      onDelete: 'restrict',
    }),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('welcome_pack_stages_deposit_number_unique').on(table.depositNumber),
    check('welcome_pack_stages_stage_range', sql`${table.stage} BETWEEN 1 AND 100`),
    check('welcome_pack_stages_deposit_number_range', sql`${table.depositNumber} BETWEEN 1 AND 1000`),
    check('welcome_pack_stages_percent_range', sql`${table.percent} BETWEEN 1 AND 1000`),
    check('welcome_pack_stages_wager_range', sql`${table.wager} >= 0 AND ${table.wager} <= 1000`),
    check('welcome_pack_stages_limits_object', sql`jsonb_typeof(${table.limits}) = 'object'`),
  ],
);

/**
 * A bonus of a user (lib/contracts/bonuses.ts): `waiting` (promo only) for a qualifying deposit until
 * `expires_at`, `active` once credited (`amount_minor` on the bonus account) and being wagered,
 * `wagered` (released to cash), `cancelled` or `expired`. The terms (percent, wager, limits) are copied
 * from the promo or stage when the activation is made. At most one waiting promo per user, each welcome
 * stage once per user, and one bonus per deposit (unique `invoice_id`).
 */
export const bonusActivations = pgTable(
  'bonus_activations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    source: text('source').notNull(),
    promoId: integer('promo_id').references(() => promoCodes.id, { onDelete: 'restrict' }),
    stage: integer('stage').references(() => welcomePackStages.stage, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    percent: integer('percent').notNull(),
    wager: numeric('wager', { precision: 7, scale: 2, mode: 'number' }).notNull(),
    minDepositMinor: bigint('min_deposit_minor', { mode: 'bigint' }).notNull(),
    maxBonusMinor: bigint('max_bonus_minor', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wagerRequiredMinor: bigint('wager_required_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    wageredMinor: bigint('wagered_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    invoiceId: integer('invoice_id').references(() => billingInvoices.id, { onDelete: 'restrict' }),
    /** The free spins whose free-round wins this activation holds (`source = 'free_spins'`). */
    userFreeSpinId: integer('user_free_spin_id').references((): AnyPgColumn => userFreeSpins.id, {
      onDelete: 'restrict',
    }),
    /** What a `reward` activation is (a tournament prize, …), as its ledger movements say. */
    note: text('note'),
    /** Until when a waiting activation waits for its deposit. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bonus_activations_user_idx').on(table.userId, table.id),
    uniqueIndex('bonus_activations_one_waiting_promo')
      .on(table.userId)
      .where(sql`${table.source} = 'promo' AND ${table.status} = 'waiting'`),
    uniqueIndex('bonus_activations_stage_once')
      .on(table.userId, table.stage)
      .where(sql`${table.source} = 'welcome_pack'`),
    uniqueIndex('bonus_activations_invoice_unique').on(table.invoiceId),
    check(
      'bonus_activations_source_known',
      sql`${table.source} IN ('promo', 'welcome_pack', 'free_spins', 'reward')`,
    ),
    index('bonus_activations_free_spins_idx')
      .on(table.userFreeSpinId)
      .where(sql`${table.userFreeSpinId} IS NOT NULL`),
    check(
      'bonus_activations_status_known',
      sql`${table.status} IN ('waiting', 'active', 'wagered', 'cancelled', 'expired')`,
    ),
    check(
      'bonus_activations_origin',
      sql`(${table.source} = 'promo' AND ${table.promoId} IS NOT NULL AND ${table.stage} IS NULL
            AND ${table.userFreeSpinId} IS NULL)
        OR (${table.source} = 'welcome_pack' AND ${table.stage} IS NOT NULL AND ${table.promoId} IS NULL
            AND ${table.userFreeSpinId} IS NULL AND ${table.status} <> 'waiting')
        OR (${table.source} = 'free_spins' AND ${table.userFreeSpinId} IS NOT NULL AND ${table.promoId} IS NULL
            AND ${table.stage} IS NULL AND ${table.status} <> 'waiting')
        OR (${table.source} = 'reward' AND ${table.promoId} IS NULL AND ${table.stage} IS NULL
            AND ${table.userFreeSpinId} IS NULL AND ${table.status} <> 'waiting' AND ${table.note} IS NOT NULL)`,
    ),
    check('bonus_activations_currency_known', currencyKnown(table.currency)),
    check('bonus_activations_percent_range', sql`${table.percent} BETWEEN 1 AND 1000`),
    check('bonus_activations_wager_range', sql`${table.wager} >= 0 AND ${table.wager} <= 1000`),
    check(
      'bonus_activations_amounts',
      sql`${table.minDepositMinor} >= 0 AND ${table.maxBonusMinor} > 0 AND ${table.amountMinor} >= 0
        AND ${table.amountMinor} <= ${table.maxBonusMinor}
        AND ${table.wagerRequiredMinor} >= 0 AND ${table.wageredMinor} >= 0`,
    ),
    check(
      'bonus_activations_waiting_uncredited',
      sql`${table.status} <> 'waiting'
        OR (${table.amountMinor} = 0 AND ${table.invoiceId} IS NULL AND ${table.expiresAt} IS NOT NULL)`,
    ),
    check(
      'bonus_activations_credited',
      sql`${table.status} NOT IN ('active', 'wagered')
        OR (${table.amountMinor} > 0 AND ${table.creditedAt} IS NOT NULL
            AND (${table.invoiceId} IS NOT NULL OR ${table.source} IN ('free_spins', 'reward')))`,
    ),
  ],
);

/**
 * Free spins a user holds in a campaign: `count_left` spins at the campaign's bet in `currency`, usable
 * until `expiration_at` while `active`. One row per (user, campaign); a new grant re-activates it.
 */
export const userFreeSpins = pgTable(
  'user_free_spins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => freeSpinCampaigns.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    countLeft: integer('count_left').notNull(),
    status: text('status').notNull().default('active'),
    expirationAt: timestamp('expiration_at', { withTimezone: true }).notNull(),
    /** The welcome-pack activation that granted them; null for an operator grant. */
    activationId: integer('activation_id').references(() => bonusActivations.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('user_free_spins_user_campaign_unique').on(table.userId, table.campaignId),
    index('user_free_spins_user_idx').on(table.userId, table.status, table.expirationAt),
    check('user_free_spins_count_left_range', sql`${table.countLeft} BETWEEN 0 AND 10000`),
    check('user_free_spins_status_known', sql`${table.status} IN ('active', 'cancelled', 'used', 'expired')`),
    check('user_free_spins_currency_known', currencyKnown(table.currency)),
  ],
);

/**
 * Free spins as free rounds at the game aggregator (issue 17), an outbox: each grant of a `user_free_spins`
 * row makes a reward (`reward_uuid`, derived from the row and the grant's time, so a retried call is the
 * same reward to the aggregator) that the casino's job creates there (`pending` → `created`); a cancelled
 * or re-granted row's live reward is cancelled there (`cancel_pending` → `cancelled`). A call that fails
 * waits until `next_attempt_at` (growing back-off); `last_error` says why.
 */
export const freeRoundRewards = pgTable(
  'free_round_rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rewardUuid: text('reward_uuid').notNull(),
    userFreeSpinId: integer('user_free_spin_id')
      .notNull()
      .references(() => userFreeSpins.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('free_round_rewards_uuid_unique').on(table.rewardUuid),
    index('free_round_rewards_spins_idx').on(table.userFreeSpinId),
    index('free_round_rewards_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} IN ('pending', 'cancel_pending')`),
    check(
      'free_round_rewards_status_known',
      sql`${table.status} IN ('pending', 'created', 'cancel_pending', 'cancelled')`,
    ),
  ],
);

export type PromoRow = typeof promoCodes.$inferSelect;
export type StageRow = typeof welcomePackStages.$inferSelect;
export type ActivationRow = typeof bonusActivations.$inferSelect;
export type CampaignRow = typeof freeSpinCampaigns.$inferSelect;
export type UserFreeSpinRow = typeof userFreeSpins.$inferSelect;
export type FreeRoundRewardRow = typeof freeRoundRewards.$inferSelect;
