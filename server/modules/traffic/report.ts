/** The attribution report (`npm run admin -- report attribution`): visits, registrations and deposits per source. */
import type { Executor } from '../../db/client';
import { attributionCounts } from './repository';

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
  const { visits, registrations, deposits } = await attributionCounts(db, since);
  const rows = new Map<string, AttributionRow>();
  const rowOf = (kind: string, source: string) => {
    const key = `${kind}\u0000${source}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        kind: kind as SourceKind,
        source,
        visits: 0,
        registrations: 0,
        depositors: 0,
        depositsMinor: {},
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const v of visits) rowOf(v.kind, v.source).visits = Number(v.count);
  for (const r of registrations) rowOf(r.kind, r.source).registrations = Number(r.count);
  for (const d of deposits) {
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
