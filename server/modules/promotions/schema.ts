import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/contracts/tournaments';

/**
 * The home page's banners (issue 19), managed by the operator (`npm run admin -- banner add|list|remove`):
 * shown between `starts_at` and `ends_at` (open-ended when null), lower `position` first.
 */
export const promoBanners = pgTable(
  'promo_banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    text: jsonb('text').$type<LocalizedText>().notNull(),
    href: text('href').notNull(),
    theme: text('theme').notNull().default('gold'),
    position: integer('position').notNull().default(100),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('promo_banners_theme_known', sql`${table.theme} IN ('gold', 'violet', 'emerald', 'crimson')`),
    check('promo_banners_href_internal', sql`${table.href} LIKE '/%' AND ${table.href} NOT LIKE '//%'`),
  ],
);
