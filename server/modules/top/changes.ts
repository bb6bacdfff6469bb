import { TOP_TOPIC } from '@/lib/contracts/top';
import type { RealtimeBus } from '../../realtime/bus';
import type { ActivityConsumer } from '../activity/processor';

/** Pages refetch the top when told; at most this often. */
export const TOP_CHANGED_MS = 5_000;

/** Tells the `top` topic that new bets were counted (at most every TOP_CHANGED_MS). */
export function topChanges(bus: RealtimeBus, now: () => number = Date.now): ActivityConsumer {
  let last = 0;
  return {
    async apply(_tx, rows) {
      if (rows.length === 0 || now() - last < TOP_CHANGED_MS) return;
      return () => {
        last = now();
        bus.publish({ topic: TOP_TOPIC, type: 'changed' });
      };
    },
  };
}
