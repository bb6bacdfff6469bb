/**
 * Attribution records: visits with their affiliate and UTM parameters, the host and user agent the
 * browser reports, the sources attached to a signed-in user (first touch per field) and page-open events.
 */
import type { AttachSourceBody, QueryParameters } from '@/lib/contracts/traffic';
import type { Executor } from '../../db/client';
import { insertClientReport, insertPageOpen, insertVisit, keepFirstSource } from './repository';
import type { UserAttributionRow } from './schema';

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
export function recordVisit(db: Executor, params: QueryParameters, visitor: VisitorInfo): Promise<number> {
  return insertVisit(db, {
    params,
    ...extractAttribution(params),
    ip: visitor.ip,
    userAgent: visitor.userAgent,
    createdAt: visitor.now,
  });
}

/** `POST middleware/ip`: the host and user agent the browser reported, its IP and user (if signed in). */
export async function recordClientReport(
  db: Executor,
  input: { host: string; userAgent: string; ip: string; userId: number | null; now: Date },
): Promise<void> {
  await insertClientReport(db, {
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
export function attachSource(
  db: Executor,
  userId: number,
  source: AttachSourceBody,
  now: Date,
): Promise<UserAttributionRow> {
  return keepFirstSource(db, userId, source, now);
}

/** `POST middleware/registerPageOpenEvent`. */
export async function recordPageOpen(
  db: Executor,
  input: { subH: string; uuid: string | null; clickUrl: string | null } & VisitorInfo,
): Promise<void> {
  await insertPageOpen(db, {
    subH: input.subH,
    uuid: input.uuid,
    clickUrl: input.clickUrl,
    ip: input.ip,
    userAgent: input.userAgent,
    createdAt: input.now,
  });
}
