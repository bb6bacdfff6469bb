'use client';

import { useCallback } from 'react';
import { sportsEventTopic } from '@/lib/constants/sports';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { useRealtimeTopic } from '@/lib/realtime/use-topic';
import { useSlipStore, type SlipState } from './slip-store';

interface PatchMarket {
  status?: unknown;
  outcomes?: unknown;
}

/**
 * Applies one event's change (`sportsEventPatch` of lib/contracts/sports.ts, or a snapshot's whole event)
 * to the slip: each selected outcome takes its odds now, suspended while its market is not open; every
 * selection of a finished or cancelled event is suspended. Read without zod (only the few fields it
 * needs, each checked), so the contract's schemas do not load with the slip.
 */
export function applyEventPatch(eventId: string, value: unknown): void {
  if (!value || typeof value !== 'object') return;
  const patch = value as { id?: unknown; status?: unknown; markets?: unknown };
  if (patch.id !== eventId) return;
  const store: SlipState = useSlipStore.getState();
  const picked = new Map(
    store.selections.filter((s) => s.event_id === eventId).map((s) => [s.outcome_id, s]),
  );
  if (picked.size === 0) return;
  const over = patch.status === 'finished' || patch.status === 'cancelled';
  if (Array.isArray(patch.markets)) {
    for (const market of patch.markets as PatchMarket[]) {
      if (!market || !Array.isArray(market.outcomes)) continue;
      const closed = market.status !== 'open';
      for (const outcome of market.outcomes as { id?: unknown; odds?: unknown }[]) {
        if (typeof outcome?.id !== 'string' || !picked.has(outcome.id)) continue;
        const odds =
          typeof outcome.odds === 'number' && outcome.odds > 1 ? outcome.odds : picked.get(outcome.id)!.odds;
        store.updateOdds(outcome.id, odds, closed || over);
      }
    }
  }
  if (over) store.markSuspended([...picked.keys()]);
}

/** Follows one event's topic for the slip. */
function EventFeed({ eventId }: { eventId: string }) {
  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      if (event.type === 'event' || event.type === 'snapshot') applyEventPatch(eventId, event.event);
    },
    [eventId],
  );
  useRealtimeTopic('general', sportsEventTopic(eventId), onEvent);
  return null;
}

/** The slip's live odds: one subscription (`sports:<event id>`) per event it holds. */
export function SlipLive() {
  const events = useSlipStore((state) => [...new Set(state.selections.map((s) => s.event_id))].join('\n'));
  return (
    <>{events ? events.split('\n').map((eventId) => <EventFeed key={eventId} eventId={eventId} />) : null}</>
  );
}
