import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * Mirror domains (spec §3 "Mirror data"). `domain` is normalised (lower-case, no `www.`, no port;
 * lib/contracts/traffic.ts normalizeDomain). `new_link`: the origin its visitors are sent to (301), or
 * null. The two site links override the site-wide operator settings of the same name when set.
 */
export const mirrors = pgTable(
  'mirrors',
  {
    domain: text('domain').primaryKey(),
    newLink: text('new_link'),
    sso: text('sso'),
    verification: text('verification'),
    revshareServiceFrontendUrl: text('revshare_service_frontend_url'),
    telegramChannelUrl: text('telegram_channel_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'mirrors_domain_normalised',
      sql`${table.domain} = lower(${table.domain}) AND ${table.domain} !~ '^www\\.'`,
    ),
    check(
      'mirrors_new_link_origin',
      sql`${table.newLink} IS NULL OR ${table.newLink} ~ '^https?://[^/?#]+$'`,
    ),
  ],
);
export type MirrorRow = typeof mirrors.$inferSelect;

/**
 * Path redirect rules (spec §2: the request the guard makes before each navigation). `source_path` is
 * normalised (lib/contracts/traffic.ts normalizePath); `/` is the root redirect. `target` is an internal
 * path (`/bonuses?x=1`) or an absolute http(s) URL (external).
 */
export const redirectRules = pgTable(
  'redirect_rules',
  {
    sourcePath: text('source_path').primaryKey(),
    target: text('target').notNull(),
    status: smallint('status').notNull().default(302),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('redirect_rules_status_known', sql`${table.status} IN (301, 302)`),
    check(
      'redirect_rules_source_path',
      sql`${table.sourcePath} ~ '^/' AND ${table.sourcePath} = lower(${table.sourcePath})`,
    ),
    check('redirect_rules_target', sql`${table.target} ~ '^(/[^/]|/$|https?://)'`),
  ],
);
export type RedirectRuleRow = typeof redirectRules.$inferSelect;

/**
 * Visits reported by `POST /middleware/affiliate`: every query parameter as sent, plus the attribution
 * values extracted from them for counting.
 */
export const trafficVisits = pgTable(
  'traffic_visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    stag: text('stag'),
    partner: text('partner'),
    adplace: text('adplace'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    subH: text('sub_h'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('traffic_visits_stag_idx').on(table.stag, table.createdAt),
    index('traffic_visits_partner_idx').on(table.partner, table.createdAt),
    index('traffic_visits_utm_idx').on(table.utmSource, table.utmCampaign, table.createdAt),
  ],
);
export type TrafficVisitRow = typeof trafficVisits.$inferSelect;

/** `POST middleware/ip`: the page host and user agent a browser reported, with its IP and user (if any). */
export const clientReports = pgTable(
  'client_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    host: text('host').notNull(),
    userAgent: text('user_agent').notNull(),
    ip: text('ip').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_reports_user_idx').on(table.userId)],
);

/**
 * The attribution attached to a user by `POST attachSource`, first touch per field: a value once set is
 * never replaced; a field still null takes the first non-null value a later call brings.
 */
export const userAttribution = pgTable(
  'user_attribution',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    stag: text('stag'),
    promo: text('promo'),
    partnerId: text('partner_id'),
    advId: text('adv_id'),
    advertiseUid: text('advertise_uid'),
    advertiseSource: text('advertise_source'),
    cpaOneUid: text('cpa_one_uid'),
    prHash: text('pr_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('user_attribution_stag_idx').on(table.stag),
    index('user_attribution_partner_idx').on(table.partnerId),
    index('user_attribution_adv_idx').on(table.advId),
  ],
);
export type UserAttributionRow = typeof userAttribution.$inferSelect;

/** Promo value of an advertising campaign: a number (percent, spins) or a string (a promo code). */
export type UtmPromoValue = string | number;

/**
 * Advertising campaigns managed by the operator (`npm run admin -- utm-campaign ...`): a click whose
 * utm_source and utm_campaign match (case-insensitively; stored lower-case) answers this promo.
 */
export const utmCampaigns = pgTable(
  'utm_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    utmSource: text('utm_source').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    promoType: text('promo_type').notNull(),
    promoValue: jsonb('promo_value').$type<UtmPromoValue>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('utm_campaigns_source_campaign_unique').on(table.utmSource, table.utmCampaign),
    check(
      'utm_campaigns_lower_case',
      sql`${table.utmSource} = lower(${table.utmSource}) AND ${table.utmCampaign} = lower(${table.utmCampaign})`,
    ),
    check('utm_campaigns_value_type', sql`jsonb_typeof(${table.promoValue}) IN ('string', 'number')`),
  ],
);
export type UtmCampaignRow = typeof utmCampaigns.$inferSelect;

/**
 * Advertising clicks (`POST /middleware/utm`): one per visitor arriving with the four UTM parameters and
 * no advId cookie. `adv_id` is what the browser keeps and later attaches to the user. `dedupe_key`
 * (IP, user agent, parameters) lets a repeated call within minutes return the same click.
 */
export const adClicks = pgTable(
  'ad_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advId: text('adv_id').notNull(),
    utmSource: text('utm_source').notNull(),
    utmMedium: text('utm_medium').notNull(),
    utmCampaign: text('utm_campaign').notNull(),
    utmTerm: text('utm_term').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    campaignId: integer('campaign_id').references(() => utmCampaigns.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ad_clicks_adv_id_unique').on(table.advId),
    index('ad_clicks_dedupe_idx').on(table.dedupeKey, table.createdAt),
    index('ad_clicks_utm_idx').on(table.utmSource, table.utmCampaign),
  ],
);
export type AdClickRow = typeof adClicks.$inferSelect;

/** `POST middleware/registerPageOpenEvent`: an affiliate sub-id's landing with fingerprint and URL. */
export const pageOpenEvents = pgTable(
  'page_open_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subH: text('sub_h').notNull(),
    uuid: text('uuid'),
    clickUrl: text('click_url'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_open_events_sub_h_idx').on(table.subH, table.createdAt)],
);
