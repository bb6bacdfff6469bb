import type { QueryClient } from '@tanstack/react-query';
import type { EventStatus } from '@/lib/constants/sports';
import { sportsKeys } from '../api/query-keys';
import type { SportEvent, SportEventsReply, SportsEventPatch } from '../api/replies';
import { useSlipStore } from '../slip/slip-store';
import type { EventListStatus } from '../view';

/**
 * One event's realtime change (`{ type: 'event', event }` on the `sports` and `sports:<id>` topics) applied
 * to what the page shows: the event's own query, every event list in the cache, and the bet slip's odds.
 */

/**
 * The event with the patch's fields: status, score and clock when the patch has them, and each changed
 * market in place of the one with its id. `addMarkets`: a market the event did not have is added (the
 * event page has every market; a list shows only its headline ones and leaves new ones out).
 */
export function patchEvent(event: SportEvent, patch: SportsEventPatch, addMarkets: boolean): SportEvent {
  const next: SportEvent = { ...event };
  if (patch.status !== undefined) next.status = patch.status;
  if (patch.score !== undefined) next.score = patch.score;
  if (patch.clock !== undefined) next.clock = patch.clock;
  if (patch.markets && patch.markets.length > 0) {
    const changed = new Map(patch.markets.map((market) => [market.id, market]));
    const markets = event.markets.map((market) => changed.get(market.id) ?? market);
    if (addMarkets) {
      const known = new Set(event.markets.map((market) => market.id));
      markets.push(...patch.markets.filter((market) => !known.has(market.id)));
      next.markets_count = Math.max(event.markets_count, markets.length);
    }
    next.markets = markets;
  }
  return next;
}

/** The event status each list holds: an event that leaves it (finished, or started) leaves the list. */
const LIST_HOLDS: Record<EventListStatus, EventStatus> = { live: 'live', upcoming: 'prematch' };

const byStart = (a: SportEvent, b: SportEvent) => a.starts_at.localeCompare(b.starts_at);

/** Applies the patch to the event's page query and to every event list of the cache. */
export function applyEventPatch(client: QueryClient, patch: SportsEventPatch): void {
  const detail = client.getQueryData<SportEvent>(sportsKeys.event(patch.id));
  if (detail) client.setQueryData<SportEvent>(sportsKeys.event(patch.id), patchEvent(detail, patch, true));

  const lists = client.getQueryCache().findAll({ queryKey: sportsKeys.eventLists });
  // The event as a list or its page knows it, for a list it enters (an upcoming match that started).
  let known: SportEvent | undefined = detail;
  for (const query of lists) {
    known ??= (query.state.data as SportEventsReply | undefined)?.items.find((item) => item.id === patch.id);
  }

  let entered = false;
  for (const query of lists) {
    const data = query.state.data as SportEventsReply | undefined;
    if (!data) continue;
    const [, , status, sport, league] = query.queryKey as ReturnType<typeof sportsKeys.events>;
    const holds = LIST_HOLDS[status];
    const index = data.items.findIndex((item) => item.id === patch.id);
    let items: SportEvent[] | null = null;
    if (index >= 0) {
      const patched = patchEvent(data.items[index], patch, false);
      items =
        patched.status === holds
          ? data.items.map((item, at) => (at === index ? patched : item))
          : data.items.filter((_, at) => at !== index);
    } else if (known && patch.status === holds) {
      const patched = patchEvent(known, patch, false);
      if ((sport === null || patched.sport === sport) && (league === null || patched.league.id === league)) {
        items = [...data.items, patched].sort(byStart);
        entered = true;
      }
    }
    if (items) client.setQueryData<SportEventsReply>(query.queryKey, { ...data, items });
  }

  if (patch.status !== undefined) {
    // The counts of the sports menu moved; a match that went live unseen by any list is asked for.
    void client.invalidateQueries({ queryKey: sportsKeys.menu });
    if (patch.status === 'live' && !known && !entered) {
      void client.invalidateQueries({ queryKey: sportsKeys.eventListsOf('live') });
    }
  }
}

/**
 * The slip follows the odds: each changed outcome takes its new odds, suspended unless its market is
 * open; every pick of an event that is over is suspended.
 */
export function applyPatchToSlip(patch: SportsEventPatch): void {
  const slip = useSlipStore.getState();
  for (const market of patch.markets ?? []) {
    for (const outcome of market.outcomes)
      slip.updateOdds(outcome.id, outcome.odds, market.status !== 'open');
  }
  if (patch.status === 'finished' || patch.status === 'cancelled') {
    for (const selection of slip.selections) {
      if (selection.event_id === patch.id) slip.updateOdds(selection.outcome_id, selection.odds, true);
    }
  }
}
