/** Retention of the raw traffic records (`npm run admin -- traffic prune`). */
import type { Executor } from '../../db/client';
import { recordAudit, type Actor } from '../audit/service';
import { pruneSightingsBefore } from '../devices/service';
import { deleteTrafficBefore } from './repository';

/** Rows `pruneTraffic` deleted, per table. */
export interface PrunedTraffic {
  visits: number;
  clientReports: number;
  pageOpenEvents: number;
  adClicks: number;
  deviceSightings: number;
}

/**
 * Deletes the raw traffic records (visits, IP reports, page-open events, advertising clicks, the device
 * sightings of sign-ups and log-ins) created
 * before `before`, in one transaction. An advertising click whose advId a user carries is kept: the
 * report maps that user to the click's campaign. Users' own attribution is never touched. With an
 * `actor` (the operator's `traffic prune`), the audit entry `traffic.prune` (what was deleted) is written
 * in that transaction.
 */
export function pruneTraffic(db: Executor, before: Date, actor?: Actor): Promise<PrunedTraffic> {
  return db.transaction(async (tx) => {
    const pruned = {
      ...(await deleteTrafficBefore(tx, before)),
      deviceSightings: await pruneSightingsBefore(tx, before),
    };
    if (actor) {
      const day = before.toISOString().slice(0, 10);
      await recordAudit(tx, {
        actor,
        action: 'traffic.prune',
        subjectType: 'traffic',
        subjectId: `before:${day}`,
        before: null,
        after: { before: day, deleted: pruned },
        at: new Date(),
      });
    }
    return pruned;
  });
}
