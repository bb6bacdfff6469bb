import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Players (spec §3, User). E-mail is stored lower-cased and unique case-insensitively; phone is E.164 and
 * unique. `password_hash` is argon2id, null for accounts that never set a password (social sign-ups).
 * Attribution (fpp, partner, adplace, stag, promo) is what the sign-up carried.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    currency: text('currency').notNull().default('RUB'),
    locale: text('locale'),
    timezone: text('timezone'),
    registerMethod: text('register_method').notNull(),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    isAvatarHidden: boolean('is_avatar_hidden').notNull().default(false),
    isStatisticsHidden: boolean('is_statistics_hidden').notNull().default(false),
    avatarUrl: text('avatar_url'),
    premiumStatus: boolean('premium_status').notNull().default(false),
    /** The VIP club level (issue 19), kept by the VIP module as the player's points grow. */
    vipLevel: integer('vip_level').notNull().default(0),
    verificationRequired: boolean('verification_required').notNull().default(false),
    /** KYC status as the spec names it (init, waiting, pending, success, failed, ...); null: never started. */
    verificationStatus: text('verification_status'),
    /**
     * Player protection (issue 15): `active`; `suspended` by the operator; `self_excluded` by the player
     * until `excluded_until` (null: for good); `closed`. Only an active player (or one whose exclusion has
     * ended) deposits, bets or gets bonuses; every player may log in, withdraw and see their history.
     */
    accountStatus: text('account_status').notNull().default('active'),
    excludedUntil: timestamp('excluded_until', { withTimezone: true }),
    /** Why the operator suspended or closed the account (`npm run admin -- account ...`). */
    statusReason: text('status_reason'),
    /**
     * Sign-up (issue 15): when the player confirmed being of age and accepted the terms. Null for accounts
     * made before both were asked.
     */
    ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** Opaque tag the web keeps in the super_bonus cookie and sends back as `whoAreYou`. */
    superBonusTag: text('super_bonus_tag').notNull(),
    fpp: text('fpp'),
    partner: text('partner'),
    adplace: text('adplace'),
    stag: text('stag'),
    promo: text('promo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    uniqueIndex('users_phone_unique').on(table.phone),
    uniqueIndex('users_super_bonus_tag_unique').on(table.superBonusTag),
    check('users_currency_known', sql`${table.currency} IN ('RUB', 'USD', 'KZT', 'INR', 'EUR')`),
    check(
      'users_account_status_known',
      sql`${table.accountStatus} IN ('active', 'suspended', 'self_excluded', 'closed')`,
    ),
    check(
      'users_excluded_until_self_excluded',
      sql`${table.excludedUntil} IS NULL OR ${table.accountStatus} = 'self_excluded'`,
    ),
    check('users_locale_known', sql`${table.locale} IS NULL OR ${table.locale} IN ('ru', 'en', 'kz')`),
    check('users_email_lower_case', sql`${table.email} IS NULL OR ${table.email} = lower(${table.email})`),
    check('users_phone_e164', sql`${table.phone} IS NULL OR ${table.phone} ~ '^\\+[1-9][0-9]{9,14}$'`),
    check(
      'users_register_method_known',
      sql`${table.registerMethod} IN ('email', 'phone', 'google', 'telegram', 'vk', 'yandex')`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * Devices linked to a user: every `whoAreYou` tag (another account's super_bonus cookie, or this one's)
 * seen on a profile call. Two accounts sharing a tag were used from one browser. One row per user and
 * tag; a user keeps at most the DEVICE_TAGS_PER_USER most recently seen tags (users/repository.ts), so a
 * client sending a new value on every call cannot grow the table without bound.
 */
export const userDeviceTags = pgTable(
  'user_device_tags',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.tag] }),
    index('user_device_tags_tag').on(table.tag),
  ],
);
