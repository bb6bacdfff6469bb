/**
 * Mirror data per domain (the web middleware asks for it on each visit): a new link the domain's
 * visitors are sent to, SSO and verification values, and two site links (from the record, else the
 * site-wide operator settings). The operator edits records with `npm run admin -- mirror …`.
 */
import type { MirrorReply } from '@/lib/contracts/traffic';
import type { Executor } from '../../db/client';
import { findMirror, insertMirror, putSetting, settingValues, updateMirror } from './repository';
import type { MirrorRow } from './schema';

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
  const rows = await settingValues(db, Object.values(SITE_LINK_SETTINGS));
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
  await putSetting(
    db,
    { key: SITE_LINK_SETTINGS[link], value, description: SITE_LINK_DESCRIPTIONS[link] },
    now,
  );
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
  const inserted = await insertMirror(db, { domain, ...defined, createdAt: now, updatedAt: now });
  if (inserted) return { row: inserted, created: true };
  const row = await updateMirror(db, domain, { ...defined, updatedAt: now });
  if (!row) throw new Error(`Mirror ${domain} vanished while being updated`);
  return { row, created: false };
}
