import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * A log-in session: every access token carries its family id (`fid`). Refreshing moves `current_jti` to
 * the new token, once; presenting an older token of the family again revokes the whole family. A family
 * can be refreshed until `refresh_until` (30 days after log-in).
 */
export const tokenFamilies = pgTable(
  'token_families',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentJti: uuid('current_jti').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    refreshUntil: timestamp('refresh_until', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('token_families_user').on(table.userId)],
);

export type TokenFamily = typeof tokenFamilies.$inferSelect;

/**
 * One-time codes (six digits) sent by e-mail or SMS: `login` (log-in by code), `verify` (the account's own
 * address), `reset` (password restore). Only the newest code per (purpose, address) counts; it is stored
 * as an HMAC, lives 10 minutes and dies after 5 wrong attempts.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    purpose: text('purpose').notNull(),
    channel: text('channel').notNull(),
    address: text('address').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('one_time_codes_lookup').on(table.purpose, table.address, table.id),
    check('one_time_codes_purpose_known', sql`${table.purpose} IN ('login', 'verify', 'reset')`),
    check('one_time_codes_channel_known', sql`${table.channel} IN ('email', 'sms')`),
  ],
);

export type OneTimeCode = typeof oneTimeCodes.$inferSelect;

/**
 * Password-restore tokens, stored as SHA-256: `link` tokens travel in the e-mailed link
 * (/reset-password/{token}), `reset` tokens are handed out after a code or a link token is confirmed.
 * Either one, unexpired and unconsumed, lets its user set a new password once.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    index('password_reset_tokens_user').on(table.userId),
    check('password_reset_tokens_kind_known', sql`${table.kind} IN ('link', 'reset')`),
    check('password_reset_tokens_channel_known', sql`${table.channel} IN ('email', 'sms')`),
  ],
);

/** Accounts at social providers (`provider`, the provider's user id `subject`) linked to users. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    name: text('name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.subject] }),
    index('social_identities_user').on(table.userId),
  ],
);

/**
 * A social log-in in progress at a real provider (social-oidc.ts): created by `PUT /auth/login`, started
 * once in the popup (which gets the binding cookie), consumed once by the callback. Keyed by the SHA-256
 * of its `state`; holds the PKCE verifier and the nonce the provider must echo, and what the sign-up
 * needs (`payload`, the SocialState).
 */
export const socialLoginFlows = pgTable(
  'social_login_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    payload: jsonb('payload').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('social_login_flows_expires').on(table.expiresAt)],
);
