/**
 * Traffic (issue 6): mirror data per domain, path redirect rules, and attribution (visits, client
 * reports, sources attached to users, advertising clicks, page-open events) with the report that counts
 * visits, registrations and deposits per source.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import {
  normalizePath,
  parseHttpUrl,
  PATH_MAX,
  splitLocale,
  UTM_PROMO_TYPES,
  type AttachSourceBody,
  type MirrorReply,
  type QueryParameters,
  type RedirectReply,
  type UtmPromoType,
  type UtmReply,
} from '@/lib/contracts/traffic';
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
  type UtmPromoValue,
} from './schema';

// --- mirrors -----------------------------------------------------------------------------------------

/** Site-wide links (operator settings, seed step 0001) used when a mirror has none of its own. */
export const SITE_LINK_SETTINGS = {
  revshare: 'revshare_service_frontend_url',
  telegram: 'telegram_channel_url',
} as const;
export type SiteLink = keyof typeof SITE_LINK_SETTINGS;

const SITE_LINK_DESCRIPTIONS: Record<SiteLink, string> = {
  revshare: 'Affiliate (revenue share) site linked from the site (mirror data revshare_service_frontend_url)',
  telegram: 'Telegram channel linked from the site (mirror data telegram_channel_url)',
};

const stringOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The site-wide links; null when unset. */
export async function siteLinks(db: Executor): Promise<Record<SiteLink, string | null>> {
  const rows = await db
    .select({ key: operatorSettings.key, value: operatorSettings.value })
    .from(operatorSettings)
    .where(inArray(operatorSettings.key, Object.values(SITE_LINK_SETTINGS)));
  const value = (key: string) => stringOrNull(rows.find((row) => row.key === key)?.value);
  return { revshare: value(SITE_LINK_SETTINGS.revshare), telegram: value(SITE_LINK_SETTINGS.telegram) };
}

/** Sets (or, with null, clears) a site-wide link. */
export async function setSiteLink(
  db: Executor,
  link: SiteLink,
  value: string | null,
  now: Date,
): Promise<void> {
  await db
    .insert(operatorSettings)
    .values({
      key: SITE_LINK_SETTINGS[link],
      value,
      description: SITE_LINK_DESCRIPTIONS[link],
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: operatorSettings.key, set: { value, updatedAt: now } });
}

/** The host of an origin, normalised like mirror domains (`https://www.X.example:8443` → `x.example`). */
function originDomain(origin: string): string {
  const { hostname } = new URL(origin);
  return hostname.replace(/^www\./, '');
}

/**
 * Mirror data for a normalised domain (null: unknown). A domain without a record gets no new link, no
 * SSO and no verification value; the two site links come from the record, else the site-wide settings.
 * A new link pointing at the requesting domain itself is never answered (no redirect loop).
 */
export async function mirrorData(db: Executor, domain: string | null): Promise<MirrorReply> {
  const [row, links] = await Promise.all([
    domain === null ? Promise.resolve(undefined) : findMirror(db, domain),
    siteLinks(db),
  ]);
  const newLink = row?.newLink && originDomain(row.newLink) !== domain ? row.newLink : null;
  return {
    redirect: { newLink },
    sso: row?.sso ?? null,
    verification: row?.verification ?? null,
    revshare_service_frontend_url: row?.revshareServiceFrontendUrl ?? links.revshare,
    telegram_channel_url: row?.telegramChannelUrl ?? links.telegram,
  };
}

export async function findMirror(db: Executor, domain: string): Promise<MirrorRow | undefined> {
  const [row] = await db.select().from(mirrors).where(eq(mirrors.domain, domain));
  return row;
}

export function listMirrors(db: Executor): Promise<MirrorRow[]> {
  return db.select().from(mirrors).orderBy(asc(mirrors.domain));
}

/** What `mirror set` changes: a field left undefined keeps its stored value (null on a new record). */
export interface MirrorPatch {
  newLink?: string | null;
  sso?: string | null;
  verification?: string | null;
  revshareServiceFrontendUrl?: string | null;
  telegramChannelUrl?: string | null;
}

/** Longest chain of new links followed when looking for a cycle. */
const MIRROR_CHAIN_MAX = 20;

/**
 * The chain of domains visitors of `domain` would pass through if its new link were `newLink`, when
 * that chain comes back to `domain` (`['a.example', 'b.example', 'a.example']`); null when it ends.
 */
export async function findMirrorCycle(
  db: Executor,
  domain: string,
  newLink: string,
): Promise<string[] | null> {
  const chain = [domain];
  let next: string | null = originDomain(newLink);
  while (next !== null && chain.length <= MIRROR_CHAIN_MAX) {
    chain.push(next);
    if (next === domain) return chain;
    const row = await findMirror(db, next);
    next = row?.newLink ? originDomain(row.newLink) : null;
  }
  return null;
}

/** Creates or updates a mirror record; returns it and whether it is new. Refuses a redirect cycle. */
export async function upsertMirror(
  db: Executor,
  domain: string,
  patch: MirrorPatch,
  now: Date,
): Promise<{ row: MirrorRow; created: boolean }> {
  const cycle = patch.newLink ? await findMirrorCycle(db, domain, patch.newLink) : null;
  if (cycle)
    throw new Error(`the new link of ${domain} would send visitors in a circle: ${cycle.join(' → ')}`);
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  const [inserted] = await db
    .insert(mirrors)
    .values({ domain, ...defined, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [row] = await db
    .update(mirrors)
    .set({ ...defined, updatedAt: now })
    .where(eq(mirrors.domain, domain))
    .returning();
  if (!row) throw new Error(`Mirror ${domain} vanished while being updated`);
  return { row, created: false };
}

export async function removeMirror(db: Executor, domain: string): Promise<boolean> {
  const deleted = await db.delete(mirrors).where(eq(mirrors.domain, domain)).returning();
  return deleted.length > 0;
}

// --- redirect rules ----------------------------------------------------------------------------------

export type RedirectStatus = 301 | 302;
export type RedirectAnswer = NonNullable<RedirectReply['redirect']>;

/**
 * A rule's target as an operator typed it: an internal path (`/bonuses`, `/games/dice?x=1`; not
 * `//host`) or an absolute http(s) URL (external). Null when it is neither.
 */
export function parseRedirectTarget(raw: string): { target: string; external: boolean } | null {
  const value = raw.trim();
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.length > PATH_MAX) return null;
    if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
    return { target: value, external: false };
  }
  const url = parseHttpUrl(value);
  return url ? { target: url.href, external: true } : null;
}

const isExternal = (target: string) => !target.startsWith('/');

/** `/bonuses?x=1` with locale `en` → `/en/bonuses?x=1`; a target already carrying a locale is kept. */
function localise(target: string, locale: string | null): string {
  if (!locale) return target;
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  const rest = end === -1 ? '' : target.slice(end);
  if (splitLocale(path.toLowerCase()).locale !== null) return target;
  return `${path === '/' ? `/${locale}` : `/${locale}${path}`}${rest}`;
}

/**
 * The redirect for a visited path. Matching: the normalised path (so a rule for `/en/old` applies to
 * English visitors only), then the path without its locale prefix (`/en/old` → `/old`, `/en` → `/`:
 * the root redirect). An internal target gets the visitor's locale prefix back. Disabled rules, and a
 * rule that would send the visitor to the path they are on, answer null.
 */
export async function findRedirect(db: Executor, rawPath: string): Promise<RedirectAnswer | null> {
  const path = normalizePath(rawPath);
  if (path === null) return null;
  const { locale, path: bare } = splitLocale(path);
  const candidates = locale ? [path, bare] : [path];
  const rows = await db
    .select()
    .from(redirectRules)
    .where(and(inArray(redirectRules.sourcePath, candidates), eq(redirectRules.enabled, true)));
  for (const candidate of candidates) {
    const rule = rows.find((row) => row.sourcePath === candidate);
    if (!rule) continue;
    const status = rule.status === 301 ? 301 : 302;
    if (isExternal(rule.target)) return { to: rule.target, external: true, status };
    const to = candidate === path ? rule.target : localise(rule.target, locale);
    if (normalizePath(to) === path) return null;
    return { to, external: false, status };
  }
  return null;
}

export function listRedirectRules(db: Executor): Promise<RedirectRuleRow[]> {
  return db.select().from(redirectRules).orderBy(asc(redirectRules.sourcePath));
}

export async function upsertRedirectRule(
  db: Executor,
  input: { sourcePath: string; target: string; status: RedirectStatus; enabled: boolean },
  now: Date,
): Promise<{ row: RedirectRuleRow; created: boolean }> {
  const existing = await db
    .select({ sourcePath: redirectRules.sourcePath })
    .from(redirectRules)
    .where(eq(redirectRules.sourcePath, input.sourcePath));
  const [row] = await db
    .insert(redirectRules)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: redirectRules.sourcePath,
      set: { target: input.target, status: input.status, enabled: input.enabled, updatedAt: now },
    })
    .returning();
  return { row, created: existing.length === 0 };
}

export async function removeRedirectRule(db: Executor, sourcePath: string): Promise<boolean> {
  const deleted = await db.delete(redirectRules).where(eq(redirectRules.sourcePath, sourcePath)).returning();
  return deleted.length > 0;
}

// --- attribution: visits, client reports, sources ----------------------------------------------------

/** First non-empty value among parameter names (affiliate links spell some of them differently). */
function param(params: QueryParameters, ...names: string[]): string | null {
  for (const name of names) {
    const value = params[name]?.trim();
    if (value) return value;
  }
  return null;
}

/** The attribution values a visit's query parameters carry. */
export function extractAttribution(params: QueryParameters) {
  return {
    stag: param(params, 'stag'),
    partner: param(params, 'partner', 'partnerId', 'partner_id'),
    adplace: param(params, 'adplace'),
    utmSource: param(params, 'utm_source'),
    utmMedium: param(params, 'utm_medium'),
    utmCampaign: param(params, 'utm_campaign'),
    utmTerm: param(params, 'utm_term'),
    subH: param(params, 'subH', 'sub_h'),
  };
}

export interface VisitorInfo {
  ip: string;
  userAgent: string | null;
  now: Date;
}

/** `POST /middleware/affiliate`: one visit row with every parameter and the extracted values. */
export async function recordVisit(
  db: Executor,
  params: QueryParameters,
  visitor: VisitorInfo,
): Promise<number> {
  const [row] = await db
    .insert(trafficVisits)
    .values({
      params,
      ...extractAttribution(params),
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      createdAt: visitor.now,
    })
    .returning({ id: trafficVisits.id });
  return row.id;
}

/** `POST middleware/ip`: the host and user agent the browser reported, its IP and user (if signed in). */
export async function recordClientReport(
  db: Executor,
  input: { host: string; userAgent: string; ip: string; userId: number | null; now: Date },
): Promise<void> {
  await db.insert(clientReports).values({
    host: input.host,
    userAgent: input.userAgent,
    ip: input.ip,
    userId: input.userId,
    createdAt: input.now,
  });
}

/**
 * `POST attachSource`, first touch per field: a stored value is never replaced (not by a different
 * value, not by null); a field still null takes the value this call brings. One atomic upsert.
 */
export async function attachSource(
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

/** `POST middleware/registerPageOpenEvent`. */
export async function recordPageOpen(
  db: Executor,
  input: { subH: string; uuid: string | null; clickUrl: string | null } & VisitorInfo,
): Promise<void> {
  await db.insert(pageOpenEvents).values({
    subH: input.subH,
    uuid: input.uuid,
    clickUrl: input.clickUrl,
    ip: input.ip,
    userAgent: input.userAgent,
    createdAt: input.now,
  });
}

// --- advertising clicks and campaigns ----------------------------------------------------------------

/** A repeated UTM call (same IP, user agent and parameters) within this window returns the same click. */
export const AD_CLICK_DEDUPE_MS = 10 * 60_000;
const AD_CLICK_LOCK_CLASS = 734_619_006;

export interface UtmParams {
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term: string;
}

/** The four UTM parameters (spec §4); the route validated them, so a missing one is a bug. */
function utmParams(params: QueryParameters): UtmParams {
  const pick = (name: keyof UtmParams) => {
    const value = params[name]?.trim();
    if (!value) throw new Error(`${name} is missing`);
    return value;
  };
  return {
    utm_source: pick('utm_source'),
    utm_medium: pick('utm_medium'),
    utm_campaign: pick('utm_campaign'),
    utm_term: pick('utm_term'),
  };
}

function promoOf(campaign: UtmCampaignRow | undefined): UtmReply['promo'] {
  return campaign ? { type: campaign.promoType, value: campaign.promoValue } : null;
}

export async function findUtmCampaign(
  db: Executor,
  utmSource: string,
  utmCampaign: string,
): Promise<UtmCampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(utmCampaigns)
    .where(
      and(
        eq(utmCampaigns.utmSource, utmSource.trim().toLowerCase()),
        eq(utmCampaigns.utmCampaign, utmCampaign.trim().toLowerCase()),
      ),
    );
  return row;
}

/**
 * `POST /middleware/utm`: records an advertising click and answers its `advId` with the promo of the
 * campaign matching utm_source + utm_campaign (case-insensitive), or null. The same visitor posting the
 * same parameters again within AD_CLICK_DEDUPE_MS gets the same click back (a double-fired effect or a
 * reload before the cookie is set does not count twice).
 */
export async function recordAdClick(
  db: Executor,
  params: QueryParameters,
  visitor: VisitorInfo,
): Promise<UtmReply> {
  const utm = utmParams(params);
  const canonical = JSON.stringify(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const dedupeKey = createHash('sha256')
    .update(`${visitor.ip}\u0000${visitor.userAgent ?? ''}\u0000${canonical}`)
    .digest('base64url');
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${AD_CLICK_LOCK_CLASS}, hashtext(${dedupeKey}))`);
    const campaign = await findUtmCampaign(tx, utm.utm_source, utm.utm_campaign);
    const [recent] = await tx
      .select({ advId: adClicks.advId })
      .from(adClicks)
      .where(
        and(
          eq(adClicks.dedupeKey, dedupeKey),
          gt(adClicks.createdAt, new Date(visitor.now.getTime() - AD_CLICK_DEDUPE_MS)),
        ),
      )
      .orderBy(desc(adClicks.id))
      .limit(1);
    if (recent) return { advId: recent.advId, promo: promoOf(campaign) };
    const advId = randomUUID();
    await tx.insert(adClicks).values({
      advId,
      utmSource: utm.utm_source,
      utmMedium: utm.utm_medium,
      utmCampaign: utm.utm_campaign,
      utmTerm: utm.utm_term,
      params,
      campaignId: campaign?.id ?? null,
      ip: visitor.ip,
      userAgent: visitor.userAgent,
      dedupeKey,
      createdAt: visitor.now,
    });
    return { advId, promo: promoOf(campaign) };
  });
}

/**
 * A campaign's promo value from operator input: `bonus_percent` a whole number 1 to 1000,
 * `free_spins` a whole number 1 to 10 000, `promo_code` a code (letters, digits, `-`, `_`). Throws a
 * message for anything else.
 */
export function parsePromoValue(type: UtmPromoType, raw: string): UtmPromoValue {
  const value = raw.trim();
  if (type === 'promo_code') {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(value))
      throw new Error('a promo code is 1 to 64 letters, digits, - or _');
    return value.toUpperCase();
  }
  const max = type === 'bonus_percent' ? 1000 : 10_000;
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new Error(`${type} takes a whole number from 1 to ${max}`);
  }
  return Number(value);
}

export const isPromoType = (value: string): value is UtmPromoType =>
  (UTM_PROMO_TYPES as readonly string[]).includes(value);

export function listUtmCampaigns(db: Executor): Promise<UtmCampaignRow[]> {
  return db.select().from(utmCampaigns).orderBy(asc(utmCampaigns.utmSource), asc(utmCampaigns.utmCampaign));
}

export async function upsertUtmCampaign(
  db: Executor,
  input: { utmSource: string; utmCampaign: string; promoType: UtmPromoType; promoValue: UtmPromoValue },
  now: Date,
): Promise<{ row: UtmCampaignRow; created: boolean }> {
  const utmSource = input.utmSource.trim().toLowerCase();
  const utmCampaign = input.utmCampaign.trim().toLowerCase();
  const existing = await findUtmCampaign(db, utmSource, utmCampaign);
  const [row] = await db
    .insert(utmCampaigns)
    .values({ ...input, utmSource, utmCampaign, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [utmCampaigns.utmSource, utmCampaigns.utmCampaign],
      set: { promoType: input.promoType, promoValue: input.promoValue, updatedAt: now },
    })
    .returning();
  return { row, created: !existing };
}

export async function removeUtmCampaign(
  db: Executor,
  utmSource: string,
  utmCampaign: string,
): Promise<boolean> {
  const deleted = await db
    .delete(utmCampaigns)
    .where(
      and(
        eq(utmCampaigns.utmSource, utmSource.trim().toLowerCase()),
        eq(utmCampaigns.utmCampaign, utmCampaign.trim().toLowerCase()),
      ),
    )
    .returning();
  return deleted.length > 0;
}

// --- the attribution report --------------------------------------------------------------------------

export const SOURCE_KINDS = ['stag', 'partner', 'utm', 'advId'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export interface AttributionRow {
  kind: SourceKind;
  /** The stag, partner id, `utm_source / utm_campaign` (lower-case), or an advId of no known click. */
  source: string;
  visits: number;
  registrations: number;
  depositors: number;
  /** Paid deposits (gross invoice amounts) per currency, in minor units. */
  depositsMinor: Record<string, bigint>;
}

/**
 * Visits, registrations and deposits per source, from `since` (inclusive; null: all time).
 *
 * - A user's sources: stag = the stag their sign-up carried, else the one attached later
 *   (`user_attribution`); partner likewise (sign-up `partner`, else attached `partnerId`); utm = the
 *   utm_source / utm_campaign of the advertising click whose advId was attached; an attached advId of
 *   no recorded click counts under kind advId. A user with several sources counts under each.
 * - visits: `POST /middleware/affiliate` visits created since, by their stag, partner, or
 *   utm_source + utm_campaign.
 * - registrations: users of the source created since.
 * - depositors / deposits: users of the source (registered at any time) with invoices paid since;
 *   sums are the invoices' gross amounts per currency.
 */
export async function attributionReport(db: Executor, since: Date | null): Promise<AttributionRow[]> {
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

  const visits = await db.execute<{ kind: SourceKind; source: string; count: number }>(sql`
    SELECT kind, source, count(*)::int AS count FROM (
      SELECT 'stag' AS kind, stag AS source FROM traffic_visits WHERE stag IS NOT NULL AND ${after('created_at')}
      UNION ALL
      SELECT 'partner', partner FROM traffic_visits WHERE partner IS NOT NULL AND ${after('created_at')}
      UNION ALL
      SELECT 'utm', lower(utm_source) || ' / ' || lower(utm_campaign) FROM traffic_visits
        WHERE utm_source IS NOT NULL AND utm_campaign IS NOT NULL AND ${after('created_at')}
    ) v GROUP BY kind, source`);

  const registrations = await db.execute<{ kind: SourceKind; source: string; count: number }>(sql`
    WITH ${userSources}
    SELECT kind, source, count(*)::int AS count FROM user_sources WHERE ${after('created_at')}
    GROUP BY kind, source`);

  const deposits = await db.execute<{
    kind: SourceKind;
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

  const rows = new Map<string, AttributionRow>();
  const rowOf = (kind: SourceKind, source: string) => {
    const key = `${kind}\u0000${source}`;
    let row = rows.get(key);
    if (!row) {
      row = { kind, source, visits: 0, registrations: 0, depositors: 0, depositsMinor: {} };
      rows.set(key, row);
    }
    return row;
  };
  for (const v of visits.rows) rowOf(v.kind, v.source).visits = Number(v.count);
  for (const r of registrations.rows) rowOf(r.kind, r.source).registrations = Number(r.count);
  for (const d of deposits.rows) {
    const row = rowOf(d.kind, d.source);
    if (d.currency === null) row.depositors = Number(d.depositors);
    else row.depositsMinor[d.currency] = BigInt(d.sum_minor ?? '0');
  }
  return [...rows.values()].sort(
    (a, b) =>
      SOURCE_KINDS.indexOf(a.kind) - SOURCE_KINDS.indexOf(b.kind) ||
      (a.source < b.source ? -1 : a.source > b.source ? 1 : 0),
  );
}

// --- retention ---------------------------------------------------------------------------------------

/** Rows `pruneTraffic` deleted, per table. */
export interface PrunedTraffic {
  visits: number;
  clientReports: number;
  pageOpenEvents: number;
  adClicks: number;
}

/**
 * Deletes the raw traffic records (visits, IP reports, page-open events, advertising clicks) created
 * before `before`, in one transaction. An advertising click whose advId a user carries is kept: the
 * report maps that user to the click's campaign. Users' own attribution is never touched.
 */
export async function pruneTraffic(db: Executor, before: Date): Promise<PrunedTraffic> {
  return db.transaction(async (tx) => {
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
  });
}
