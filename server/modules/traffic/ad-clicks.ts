/**
 * Advertising clicks (`POST /middleware/utm`) and the UTM campaigns that give a click a promo; the
 * operator edits campaigns with `npm run admin -- utm-campaign …`.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  UTM_PROMO_TYPES,
  type QueryParameters,
  type UtmPromoType,
  type UtmReply,
} from '@/lib/contracts/traffic';
import type { Executor } from '../../db/client';
import type { VisitorInfo } from './attribution';
import {
  deleteUtmCampaign,
  findUtmCampaignRow,
  insertAdClick,
  lockAdClickKey,
  putUtmCampaign,
  recentAdClick,
} from './repository';
import type { UtmCampaignRow, UtmPromoValue } from './schema';

/** A repeated UTM call (same IP, user agent and parameters) within this window returns the same click. */
export const AD_CLICK_DEDUPE_MS = 10 * 60_000;

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

/** How campaigns are keyed: utm_source and utm_campaign trimmed and lower-case. */
const utmKey = (value: string) => value.trim().toLowerCase();

export function findUtmCampaign(
  db: Executor,
  utmSource: string,
  utmCampaign: string,
): Promise<UtmCampaignRow | undefined> {
  return findUtmCampaignRow(db, utmKey(utmSource), utmKey(utmCampaign));
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
    await lockAdClickKey(tx, dedupeKey);
    const campaign = await findUtmCampaign(tx, utm.utm_source, utm.utm_campaign);
    const recent = await recentAdClick(tx, dedupeKey, new Date(visitor.now.getTime() - AD_CLICK_DEDUPE_MS));
    if (recent) return { advId: recent, promo: promoOf(campaign) };
    const advId = randomUUID();
    await insertAdClick(tx, {
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

export async function upsertUtmCampaign(
  db: Executor,
  input: { utmSource: string; utmCampaign: string; promoType: UtmPromoType; promoValue: UtmPromoValue },
  now: Date,
): Promise<{ row: UtmCampaignRow; created: boolean }> {
  const utmSource = utmKey(input.utmSource);
  const utmCampaign = utmKey(input.utmCampaign);
  const existing = await findUtmCampaign(db, utmSource, utmCampaign);
  const row = await putUtmCampaign(db, { ...input, utmSource, utmCampaign }, now);
  return { row, created: !existing };
}

export function removeUtmCampaign(db: Executor, utmSource: string, utmCampaign: string): Promise<boolean> {
  return deleteUtmCampaign(db, utmKey(utmSource), utmKey(utmCampaign));
}
