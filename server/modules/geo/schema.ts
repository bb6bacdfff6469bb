import { sql } from 'drizzle-orm';
import { char, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Countries the operator has blocked: GET /geo_ip answers 451 for visitors from them. */
export const blockedCountries = pgTable(
  'blocked_countries',
  {
    countryCode: char('country_code', { length: 2 }).primaryKey(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('blocked_countries_country_code_format', sql`${table.countryCode} ~ '^[A-Z]{2}$'`)],
);

export type BlockedCountry = typeof blockedCountries.$inferSelect;
