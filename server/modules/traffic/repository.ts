/**
 * The SQL of traffic: site-wide links (operator settings), mirrors, redirect rules, attribution records
 * (visits, client reports, users' sources, page-open events, advertising clicks), UTM campaigns, the
 * report's counts and the retention purge. The rules are in the section files (mirrors.ts, redirects.ts,
 * attribution.ts, ad-clicks.ts, report.ts, retention.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import type { AttachSourceBody, QueryParameters } from '@/lib/contracts/traffic';
import type { Executor } from '../../db/client';
import { operatorSettings } from '../../db/schema';
import {
  adClicks,
  clientReports,
  mirrors,
  pageOpenEvents,
  redirectRules,
  trafficVisits,
  userAttribution,
  utmCampaigns,
  type MirrorRow,
  type RedirectRuleRow,
  type UserAttributionRow,
  type UtmCampaignRow,
} from './schema';

// --- operator settings ---------------------------------------------------------------------------------

export function settingValues(db: Executor, keys: string[]): Promise<{ key: string; value: unknown }[]> {
  return db
    .select({ key: operatorSettings.key, value: operatorSettings.value })
    .from(operatorSettings)
    .where(inArray(operatorSettings.key, keys));
}

export async function putSetting(
  db: Executor,
  setting: { key: string; value: unknown; description: string },
  now: Date,
): Promise<void> {
  await db
    .insert(operatorSettings)
    .values({ ...setting, updatedAt: now })
    .onConflictDoUpdate({ target: operatorSettings.key, set: { value: setting.value, updatedAt: now } });
}

// --- mirrors -------------------------------------------------------------------------------------------

export async function findMirror(db: Executor, domain: string): Promise<MirrorRow | undefined> {
  const [row] = await db.select().from(mirrors).where(eq(mirrors.domain, domain));
  return row;
}

export function listMirrors(db: Executor): Promise<MirrorRow[]> {
  return db.select().from(mirrors).orderBy(asc(mirrors.domain));
}

/** Inserts a mirror unless its domain exists; undefined when it does. */
export async function insertMirror(
  db: Executor,
  values: typeof mirrors.$inferInsert,
): Promise<MirrorRow | undefined> {
  const [inserted] = await db.insert(mirrors).values(values).onConflictDoNothing().returning();
  return inserted;
}

export async function updateMirror(
  db: Executor,
  domain: string,
  patch: Partial<typeof mirrors.$inferInsert>,
): Promise<MirrorRow | undefined> {
  const [row] = await db.update(mirrors).set(patch).where(eq(mirrors.domain, domain)).returning();
  return row;
}

export async function removeMirror(db: Executor, domain: string): Promise<boolean> {
  const deleted = await db.delete(mirrors).where(eq(mirrors.domain, domain)).returning();
  return deleted.length > 0;
}

// --- redirect rules ------------------------------------------------------------------------------------

export function enabledRulesFor(db: Executor, sourcePaths: string[]): Promise<RedirectRuleRow[]> {
  return db
    .select()
    .from(redirectRules)
    .where(and(inArray(redirectRules.sourcePath, sourcePaths), eq(redirectRules.enabled, true)));
}

export function listRedirectRules(db: Executor): Promise<RedirectRuleRow[]> {
  return db.select().from(redirectRules).orderBy(asc(redirectRules.sourcePath));
}

export async function findRedirectRule(
  db: Executor,
  sourcePath: string,
): Promise<RedirectRuleRow | undefined> {
  const [row] = await db.select().from(redirectRules).where(eq(redirectRules.sourcePath, sourcePath));
  return row;
}

export async function redirectRuleExists(db: Executor, sourcePath: string): Promise<boolean> {
  const existing = await db
    .select({ sourcePath: redirectRules.sourcePath })
    .from(redirectRules)
    .where(eq(redirectRules.sourcePath, sourcePath));
  return existing.length > 0;
}

export async function putRedirectRule(
  db: Executor,
  input: { sourcePath: string; target: string; status: number; enabled: boolean },
  now: Date,
): Promise<RedirectRuleRow> {
  const [row] = await db
    .insert(redirectRules)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: redirectRules.sourcePath,
      set: { target: input.target, status: input.status, enabled: input.enabled, updatedAt: now },
    })
    .returning();
  return row;
}

export async function removeRedirectRule(db: Executor, sourcePath: string): Promise<boolean> {
  const deleted = await db.delete(redirectRules).where(eq(redirectRules.sourcePath, sourcePath)).returning();
  return deleted.length > 0;
}

// --- attribution ---------------------------------------------------------------------------------------

export async function insertVisit(db: Executor, values: typeof trafficVisits.$inferInsert): Promise<number> {
  const [row] = await db.insert(trafficVisits).values(values).returning({ id: trafficVisits.id });
  return row.id;
}

export async function insertClientReport(
  db: Executor,
  values: typeof clientReports.$inferInsert,
): Promise<void> {
  await db.insert(clientReports).values(values);
}

export async function insertPageOpen(
  db: Executor,
  values: typeof pageOpenEvents.$inferInsert,
): Promise<void> {
  await db.insert(pageOpenEvents).values(values);
}

/**
 * First touch per field, in one atomic upsert: a stored value is never replaced (not by a different
 * value, not by null); a field still null takes the value this call brings.
 */
export async function keepFirstSource(
  db: Executor,
  userId: number,
  source: AttachSourceBody,
  now: Date,
): Promise<UserAttributionRow> {
  const values = {
    stag: source.stag,
    promo: source.promo,
    partnerId: source.partnerId,
    advId: source.advId,
    advertiseUid: source.advertiseUid,
    advertiseSource: source.advertiseSource,
    cpaOneUid: source.cpaOneUid,
    prHash: source.prHash,
  };
  const keep = (column: keyof typeof values) => {
    const name = userAttribution[column].name;
    return sql`COALESCE(${userAttribution[column]}, excluded.${sql.identifier(name)})`;
  };
  const [row] = await db
    .insert(userAttribution)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userAttribution.userId,
      set: {
        stag: keep('stag'),
        promo: keep('promo'),
        partnerId: keep('partnerId'),
        advId: keep('advId'),
        advertiseUid: keep('advertiseUid'),
        advertiseSource: keep('advertiseSource'),
        cpaOneUid: keep('cpaOneUid'),
        prHash: keep('prHash'),
        updatedAt: now,
      },
    })
    .returning();
  return row;
}

export async function findUserAttribution(
  db: Executor,
  userId: number,
): Promise<UserAttributionRow | undefined> {
  const [row] = await db.select().from(userAttribution).where(eq(userAttribution.userId, userId));
  return row;
}

// --- advertising clicks and UTM campaigns ---------------------------------------------------------------

const AD_CLICK_LOCK_CLASS = 734_619_006;

/** Serialises the clicks of one dedupe key until the surrounding transaction ends. */
export async function lockAdClickKey(tx: Executor, dedupeKey: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${AD_CLICK_LOCK_CLASS}, hashtext(${dedupeKey}))`);
}

/** The advId of the newest click of a dedupe key made after `since`. */
export async function recentAdClick(
  db: Executor,
  dedupeKey: string,
  since: Date,
): Promise<string | undefined> {
  const [recent] = await db
    .select({ advId: adClicks.advId })
    .from(adClicks)
    .where(and(eq(adClicks.dedupeKey, dedupeKey), gt(adClicks.createdAt, since)))
    .orderBy(desc(adClicks.id))
    .limit(1);
  return recent?.advId;
}

export async function insertAdClick(
  db: Executor,
  values: typeof adClicks.$inferInsert & { params: QueryParameters },
): Promise<void> {
  await db.insert(adClicks).values(values);
}

/** The campaign of utm_source + utm_campaign as stored (trimmed, lower-case). */
export async function findUtmCampaignRow(
  db: Executor,
  utmSource: string,
  utmCampaign: string,
): Promise<UtmCampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(utmCampaigns)
    .where(and(eq(utmCampaigns.utmSource, utmSource), eq(utmCampaigns.utmCampaign, utmCampaign)));
  return row;
}

export function listUtmCampaigns(db: Executor): Promise<UtmCampaignRow[]> {
  return db.select().from(utmCampaigns).orderBy(asc(utmCampaigns.utmSource), asc(utmCampaigns.utmCampaign));
}

export async function putUtmCampaign(
  db: Executor,
  values: Omit<typeof utmCampaigns.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<UtmCampaignRow> {
  const [row] = await db
    .insert(utmCampaigns)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [utmCampaigns.utmSource, utmCampaigns.utmCampaign],
      set: { promoType: values.promoType, promoValue: values.promoValue, updatedAt: now },
    })
    .returning();
  return row;
}

export async function deleteUtmCampaign(
  db: Executor,
  utmSource: string,
  utmCampaign: string,
): Promise<boolean> {
  const deleted = await db
    .delete(utmCampaigns)
    .where(and(eq(utmCampaigns.utmSource, utmSource), eq(utmCampaigns.utmCampaign, utmCampaign)))
    .returning();
  return deleted.length > 0;
}

// --- the attribution report -----------------------------------------------------------------------------

export interface SourceCount {
  kind: string;
  source: string;
  count: number;
}

export interface SourceDeposits {
  kind: string;
  source: string;
  currency: string | null;
  depositors: number;
  sum_minor: string | null;
}

/** The report's three counts from `since` (see report.ts for what each counts). */
export async function attributionCounts(
  db: Executor,
  since: Date | null,
): Promise<{ visits: SourceCount[]; registrations: SourceCount[]; deposits: SourceDeposits[] }> {
  const from = since ? since.toISOString() : null;
  const after = (column: string) =>
    sql`(${from}::timestamptz IS NULL OR ${sql.raw(column)} >= ${from}::timestamptz)`;
  const userSources = sql`
    attributed AS (
      SELECT u.id AS user_id, u.created_at,
             COALESCE(NULLIF(u.stag, ''), ua.stag) AS stag,
             COALESCE(NULLIF(u.partner, ''), ua.partner_id) AS partner,
             ua.adv_id,
             lower(c.utm_source) || ' / ' || lower(c.utm_campaign) AS utm
      FROM users u
      LEFT JOIN user_attribution ua ON ua.user_id = u.id
      LEFT JOIN ad_clicks c ON c.adv_id = ua.adv_id
    ),
    user_sources AS (
      SELECT DISTINCT user_id, created_at, kind, source FROM (
        SELECT user_id, created_at, 'stag' AS kind, stag AS source FROM attributed WHERE stag IS NOT NULL
        UNION ALL
        SELECT user_id, created_at, 'partner', partner FROM attributed WHERE partner IS NOT NULL
        UNION ALL
        SELECT user_id, created_at, 'utm', utm FROM attributed WHERE utm IS NOT NULL
        UNION ALL
        SELECT user_id, created_at, 'advId', adv_id FROM attributed WHERE adv_id IS NOT NULL AND utm IS NULL
      ) s
    )`;

  const visits = await db.execute<{ kind: string; source: string; count: number }>(sql`
    SELECT kind, source, count(*)::int AS count FROM (
      SELECT 'stag' AS kind, stag AS source FROM traffic_visits WHERE stag IS NOT NULL AND ${after('created_at')}
      UNION ALL
      SELECT 'partner', partner FROM traffic_visits WHERE partner IS NOT NULL AND ${after('created_at')}
      UNION ALL
      SELECT 'utm', lower(utm_source) || ' / ' || lower(utm_campaign) FROM traffic_visits
        WHERE utm_source IS NOT NULL AND utm_campaign IS NOT NULL AND ${after('created_at')}
    ) v GROUP BY kind, source`);

  const registrations = await db.execute<{ kind: string; source: string; count: number }>(sql`
    WITH ${userSources}
    SELECT kind, source, count(*)::int AS count FROM user_sources WHERE ${after('created_at')}
    GROUP BY kind, source`);

  const deposits = await db.execute<{
    kind: string;
    source: string;
    currency: string | null;
    depositors: number;
    sum_minor: string | null;
  }>(sql`
    WITH ${userSources},
    paid AS (
      SELECT s.kind, s.source, s.user_id, i.currency, i.amount_minor
      FROM user_sources s
      JOIN billing_invoices i ON i.user_id = s.user_id AND i.status = 3 AND ${after('i.paid_at')}
    )
    SELECT kind, source, NULL AS currency, count(DISTINCT user_id)::int AS depositors, NULL AS sum_minor
      FROM paid GROUP BY kind, source
    UNION ALL
    SELECT kind, source, currency, 0, sum(amount_minor)::text FROM paid GROUP BY kind, source, currency`);

  return { visits: visits.rows, registrations: registrations.rows, deposits: deposits.rows };
}

// --- retention -----------------------------------------------------------------------------------------

/**
 * Deletes the raw traffic records created before `before` (run it in a transaction); an advertising
 * click whose advId a user carries is kept. Returns the rows deleted per table.
 */
export async function deleteTrafficBefore(tx: Executor, before: Date) {
  const visits = await tx.delete(trafficVisits).where(lt(trafficVisits.createdAt, before));
  const reports = await tx.delete(clientReports).where(lt(clientReports.createdAt, before));
  const opens = await tx.delete(pageOpenEvents).where(lt(pageOpenEvents.createdAt, before));
  const attached = tx
    .select({ advId: userAttribution.advId })
    .from(userAttribution)
    .where(isNotNull(userAttribution.advId));
  const clicks = await tx
    .delete(adClicks)
    .where(and(lt(adClicks.createdAt, before), notInArray(adClicks.advId, attached)));
  return {
    visits: visits.rowCount ?? 0,
    clientReports: reports.rowCount ?? 0,
    pageOpenEvents: opens.rowCount ?? 0,
    adClicks: clicks.rowCount ?? 0,
  };
}
