/** Retention of the raw traffic records (`npm run admin -- traffic prune`). */
import type { Executor } from '../../db/client';
import { deleteTrafficBefore } from './repository';

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
export function pruneTraffic(db: Executor, before: Date): Promise<PrunedTraffic> {
  return db.transaction((tx) => deleteTrafficBefore(tx, before));
}
